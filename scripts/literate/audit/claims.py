"""The claims audit: every prose sentence that states a number, a count, a comparison or a
property of code must be held by the build, or be allowed by name with a reason. The prose is
a Markdown page's, or the Markdown cells of a percent-format notebook (which have no inline
values: a `# claim:` in a code cell or an allow entry holds their claims).

A sentence is a claim when, outside code spans, inline values, maths and link targets, it has
a digit, a number word, a comparison, or a code span followed by a verb stating what the code
does (`backward()` returns ..., `x.grad` is ...). A claim is backed when

- it holds an inline value (`{python} expr`) and no typed digit: the build computed what it
  says;
- a block of its page carries `# claim: <quote>`, the quote a verbatim piece of the sentence
  (4+ words, or the whole sentence; compared without backticks, emphasis and link targets),
  above the asserts that check it;
- claims.toml allows it: `[[allow]]` with `page`, `quote` and a non-empty `reason`.

Not claims, by rule: a number naming a place ("chapter 3", "step 2", "line 57": a reference,
not a statement); a number inside a code span, an inline value, maths or a link target (the
code states it, or it is an address). Everything else a reader may take as a fact is a claim.

Errors, each located: an unbacked claim; a `# claim:` quote that matches no sentence of its
page, or several; an allow entry without a reason, matching no sentence or several, matching
a sentence that is not a claim, or one that is backed already (stale entries are errors).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from literate.audit.prose import CODE, INLINE, Sentence, plain, sentences
from literate.parse import Page, ParseError, load_page

ALLOW_FILE = "claims.toml"
# "one" alone is left out: on these pages it is the pronoun or an article ("one node at a
# time", "this one") far more often than a count; "only one", "exactly one" are counts.
_NUMBER_WORDS = (
    "(only|just|exactly) one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    "|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty"
    "|seventy|eighty|ninety|hundreds?|thousands?|millions?|twice|half|double|triple|dozens?"
)
# Not claims: a number that names a place ("chapter 3", "step 2", "chapters 1 to 6", "line 57"),
# and digits fused to a name (w1, x2, L2, float64, step4_backward.py): a reference, not a fact.
_NOT_A_NUMBER = re.compile(
    r"(?i)\b(chapters?|sections?|steps?|parts?|figures?|pages?|lines?)\s+(\d+[a-z]?|one|two|three)"
    r"(\s*(to|and|-|\u2013)\s*\d+[a-z]?)?\b|(?<=[a-z_])\d+"
)
_CODE_VERBS = (
    "returns|return|raises|raise|gives|give|prints|print|holds|hold|equals|equal|is|are|becomes"
    "|become|fails|fail|passes|pass|matches|match|agrees|agree|stays|stay|has|have|was|were"
)
RULES: dict[str, re.Pattern[str]] = {
    "digit": re.compile(r"\d"),
    "number word": re.compile(rf"(?i)\b({_NUMBER_WORDS})\b"),
    "comparison": re.compile(
        r"(?i)\b(than|faster|slower|larger|smaller|bigger|greater|fewer|more|less|grows|grow"
        r"|shrinks|shrink|equal|equals|same as|exactly|at least|at most|within)\b"
    ),
    # A code span as the subject of a verb (one adverb may stand between: `a.grad` now is).
    "code": re.compile(rf"{CODE}+[\s,]+(\w+ )?({_CODE_VERBS})\b"),
}
_CLAIM_COMMENT = re.compile(r"^\s*#\s*claim:\s*(.*?)\s*$")


@dataclass
class Claim:
    page: str
    sentence: Sentence
    rules: tuple[str, ...]
    backing: str = ""  # "inline", "check at page:line" or "allowed: reason"; "" unbacked

    def location(self) -> str:
        return f"{self.page}:{self.sentence.line}"


@dataclass
class Audit:
    claims: list[Claim] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # every failure as "path:line: message"

    @property
    def unbacked(self) -> list[Claim]:
        return [claim for claim in self.claims if not claim.backing]

    def by_rule(self, claims: list[Claim] | None = None) -> dict[str, int]:
        """How many of the claims (default: all) each rule flags, in the order of RULES."""
        chosen = self.claims if claims is None else claims
        counts = Counter(rule for claim in chosen for rule in claim.rules)
        return {rule: counts[rule] for rule in RULES if counts[rule]}


def claim_rules(sentence: Sentence) -> tuple[str, ...]:
    """The rules that make a sentence a claim (empty: it is not one)."""
    if sentence.text.endswith("?"):
        return ()  # a question states nothing
    text = _NOT_A_NUMBER.sub(lambda match: " " * len(match[0]), sentence.masked)
    return tuple(name for name, rule in RULES.items() if rule.search(text))


def audit_files(paths: list[Path], root: Path) -> Audit:
    """These Markdown pages and percent-format notebooks, against root/claims.toml's entries."""
    pages, errors = [], []
    for path in paths:
        if Path(path).suffix not in (".md", ".py"):
            errors.append(f"{path}: only Markdown pages and percent-format notebooks are audited")
            continue
        try:
            pages.append(load_page(path, root))
        except ParseError as error:
            errors.append(str(error))
    result = audit_pages(pages, root / ALLOW_FILE, root)
    result.errors[:0] = errors
    return result


def audit_pages(pages: list[Page], allow_file: Path, root: Path) -> Audit:
    result = Audit()
    claims_of: dict[str, list[Claim]] = {}
    for page in pages:
        claims_of[page.path] = _page_claims(page, result.errors)
    _apply_allow_list(allow_file, root, claims_of, result.errors)
    for claims in claims_of.values():
        result.claims.extend(claims)
        for claim in claims:
            if not claim.backing:
                result.errors.append(f"{claim.location()}: {claim.sentence.text}")
    result.errors.sort(key=_error_order)
    return result


def _error_order(error: str) -> tuple[str, int]:
    path, _, rest = error.partition(":")
    line = rest.partition(":")[0]
    return path, int(line) if line.isdigit() else 0


def _page_claims(page: Page, errors: list[str]) -> list[Claim]:
    """The page's claims, backed by inline values and by its blocks' `# claim:` quotes."""
    found = sentences(page)
    claims = {index: Claim(page.path, s, claim_rules(s)) for index, s in enumerate(found)}
    for claim in claims.values():
        # an inline value holds its sentence unless a number is typed beside it (a notebook's
        # Markdown cells are shown as written: `{python} ...` there is no value)
        inline = INLINE in claim.sentence.masked and page.kind != "notebook"
        if inline and "digit" not in claim.rules:
            claim.backing = "inline"
    for line, quote in _claim_comments(page):
        where = f"{page.path}:{line}"
        hits = _matches(quote, found, "sentence", where, errors)
        for index in hits if len(hits) == 1 else ():
            claim = claims[index]
            if claim.rules and claim.backing != "inline":
                claim.backing = claim.backing or f"check at {where}"
    return [claim for claim in claims.values() if claim.rules]


def _claim_comments(page: Page) -> list[tuple[int, str]]:
    """(file line, quote) of every `# claim:` comment in the page's blocks."""
    return [
        (block.code_line + offset, match[1])
        for block in page.blocks
        for offset, line in enumerate(block.code.split("\n"))
        if (match := _CLAIM_COMMENT.match(line))
    ]


def _matches(
    quote: str, found: list[Sentence], noun: str, where: str, errors: list[str]
) -> list[int]:
    """Indexes of the sentences holding quote; an error unless exactly one does."""
    wanted = plain(quote.strip().strip("\"'"))
    texts = [plain(sentence.text) for sentence in found]
    hits = [index for index, text in enumerate(texts) if wanted and wanted in text]
    short = len(wanted.split()) < 4 and not any(wanted == texts[index] for index in hits)
    if short:
        errors.append(f"{where}: quote {quote!r} is too short: 4 words or the whole sentence")
    elif not hits:
        errors.append(f"{where}: quote {quote!r} matches no {noun} of the page")
    elif len(hits) > 1:
        lines = ", ".join(str(found[index].line) for index in hits)
        errors.append(f"{where}: quote {quote!r} matches {len(hits)} {noun}s (lines {lines})")
    return [] if short else hits


def _apply_allow_list(
    allow_file: Path, root: Path, claims_of: dict[str, list[Claim]], errors: list[str]
) -> None:
    """Back the claims the allow list names; every entry must name exactly one unbacked claim."""
    for line, entry in _allow_entries(allow_file, errors):
        values = {key: str(entry.get(key, "")).strip() for key in ("page", "quote", "reason")}
        page, quote, reason = values.values()
        where = f"{allow_file.name}:{line}: allow entry for {page or '?'}"
        unknown = sorted(set(entry) - set(values))
        if unknown or not all(values.values()):
            missing = ", ".join(key for key, value in values.items() if not value)
            errors.append(
                f"{where}: " + (f"unknown keys {unknown}" if unknown else f"no {missing}")
            )
            continue
        if page not in claims_of:
            if not (root / page).is_file():
                errors.append(f"{where}: no such page")
            continue
        claims = claims_of[page]
        hits = _matches(quote, [claim.sentence for claim in claims], "claim", where, errors)
        if len(hits) != 1:
            continue
        claim = claims[hits[0]]
        if claim.backing:
            errors.append(f"{where}: stale: {claim.location()} is backed already ({claim.backing})")
        else:
            claim.backing = f"allowed: {reason}"


def _allow_entries(allow_file: Path, errors: list[str]) -> list[tuple[int, dict]]:
    """(line of its [[allow]], entry) for each entry of the allow list (none if no file)."""
    if not allow_file.is_file():
        return []
    import tomllib  # Python 3.11+

    text = allow_file.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        errors.append(f"{allow_file.name}: {error}")
        return []
    if set(data) - {"allow"} or not isinstance(data.get("allow", []), list):
        errors.append(f"{allow_file.name}: only [[allow]] tables belong here")
        return []
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.strip() == "[[allow]]"]
    return list(zip(lines, data.get("allow", [])))
