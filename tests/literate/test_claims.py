"""The claims audit: which prose sentences are claims, what backs them, and what fails."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from literate.audit.claims import audit_files, claim_rules
from literate.audit.prose import sentences
from literate.frontends.cli import main
from literate.frontends.project import load_settings, site_pages
from literate.parse.markdown import parse_page

HIDDEN = '```python exec="1" hide_code="1" hide_output="1"'


def audit(tmp_path: Path, markdown: str, allow: str = ""):
    page = tmp_path / "docs" / "p.md"
    page.parent.mkdir(exist_ok=True)
    page.write_text(textwrap.dedent(markdown), encoding="utf-8")
    if allow:
        (tmp_path / "claims.toml").write_text(textwrap.dedent(allow), encoding="utf-8")
    return audit_files([page], tmp_path)


def rules_of(markdown: str) -> list[tuple[int, tuple[str, ...]]]:
    page = parse_page(textwrap.dedent(markdown), "docs/p.md")
    return [(s.line, claim_rules(s)) for s in sentences(page) if claim_rules(s)]


def test_a_typed_number_fails_at_its_page_and_line(tmp_path):
    result = audit(tmp_path, "# Title\n\nThe engine is fine.\nThe gradient is 6 here.\n")
    assert result.errors == ["docs/p.md:4: The gradient is 6 here."]
    assert [claim.rules for claim in result.unbacked] == [("digit",)]


def test_an_inline_value_backs_the_sentence(tmp_path):
    result = audit(tmp_path, "The gradient is `{python} 2 * 3`, twice as much.\n")
    assert result.errors == []
    assert [claim.backing for claim in result.claims] == ["inline"]


def test_a_number_typed_beside_an_inline_value_is_not_backed_by_it(tmp_path):
    result = audit(tmp_path, "The gradient is `{python} 2 * 3`, with a step of 0.01.\n")
    assert result.errors == ["docs/p.md:1: The gradient is `{python} 2 * 3`, with a step of 0.01."]


def test_a_claim_comment_in_a_hidden_check_backs_the_sentence(tmp_path):
    markdown = f"""\
    The gradient doubles when the input is used twice.

    {HIDDEN}
    # claim: doubles when the input is used
    assert 2 * 3 == 6
    ```
    """
    result = audit(tmp_path, markdown)
    assert result.errors == []
    assert [claim.backing for claim in result.claims] == ["check at docs/p.md:4"]


def test_a_claim_comment_in_an_exercise_check_backs_the_sentence(tmp_path):
    markdown = """\
    ### Double

    Your function must return twice its input.

    ```python exec="1" exercise="t-double"
    # %% starter
    def double(x):
        return x
    # %% solution
    def double(x):
        return 2 * x
    # %% check
    # claim: must return twice its input
    assert double(3) == 6, "double(3) should be 6"
    # %% hint
    Multiply.
    # %% success
    Done.
    ```
    """
    assert audit(tmp_path, markdown).errors == []


def test_quotes_compare_without_markdown_and_across_lines(tmp_path):
    markdown = f"""\
    Here `a.grad` is **exactly** the value of [the
    other input](other.md).

    {HIDDEN}
    # claim: a.grad is exactly the value of the other input
    ```
    """
    assert audit(tmp_path, markdown).errors == []


@pytest.mark.parametrize(
    ("quote", "message"),
    [
        ("the gradient halves when used", "matches no sentence of the page"),
        ("the gradient doubles", "is too short: 4 words or the whole sentence"),
        ("gradient doubles when the input", "matches 2 sentences (lines 1, 2)"),
    ],
)
def test_a_claim_comment_must_quote_exactly_one_sentence(tmp_path, quote, message):
    markdown = f"""\
    The gradient doubles when the input is used twice.
    Really, the gradient doubles when the input is reused.

    {HIDDEN}
    # claim: {quote}
    ```
    """
    errors = audit(tmp_path, markdown).errors
    assert f"docs/p.md:5: quote {quote!r} {message}" in errors


def test_an_allow_entry_with_a_reason_backs_the_sentence(tmp_path):
    allow = """\
    [[allow]]
    page = "docs/p.md"
    quote = "takes about 16 digits"
    reason = "a property of IEEE doubles, not of this code"
    """
    result = audit(tmp_path, "A float takes about 16 digits.\n", allow)
    assert result.errors == []
    assert result.claims[0].backing == "allowed: a property of IEEE doubles, not of this code"


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('quote = "takes about 16 digits"\nreason = " "', "claims.toml:2: allow entry for "),
        ('quote = "takes about 17 digits"\nreason = "r"', "matches no claim of the page"),
        ('quote = "The sky is blue."\nreason = "r"', "matches no claim of the page"),
        ('quote = "takes about 16 digits"\nreason = "r"\nwhy = "?"', "unknown keys ['why']"),
    ],
)
def test_a_bad_or_stale_allow_entry_fails(tmp_path, entry, message):
    allow = f'# allowed claims\n[[allow]]\npage = "docs/p.md"\n{entry}\n'
    errors = audit(tmp_path, "A float takes about 16 digits. The sky is blue.\n", allow).errors
    assert any(message in error for error in errors), errors
    assert "docs/p.md:1: A float takes about 16 digits." in errors  # still unbacked


def test_an_allow_entry_for_a_backed_sentence_or_a_missing_page_is_stale(tmp_path):
    allow = """\
    [[allow]]
    page = "docs/p.md"
    quote = "gradient is twice here, computed"
    reason = "r"

    [[allow]]
    page = "docs/gone.md"
    quote = "anything at all here"
    reason = "r"
    """
    errors = audit(tmp_path, "The gradient is twice here, computed: `{python} 6`.\n", allow).errors
    assert errors == [
        "claims.toml:1: allow entry for docs/p.md: stale: docs/p.md:1 is backed already (inline)",
        "claims.toml:6: allow entry for docs/gone.md: no such page",
    ]


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("It took 40 steps.", "digit"),
        ("The graph has two paths.", "number word"),
        ("A sum is cheaper than a product.", "comparison"),
        ("Then `backward()` returns nothing.", "code"),
        ("Here `a.grad` now is the other input.", "code"),
    ],
)
def test_each_rule_flags_its_kind_of_sentence(sentence, rule):
    assert rules_of(sentence + "\n") == [(1, (rule,))]


@pytest.mark.parametrize(
    "sentence",
    [
        "Run `x = 2 + 3` to see it.",
        "The slope $3x^2 + 1$ holds, but not here: $$x^2$$.",
        "The slope \\(3x\\) says so.",
        "See [chapter 3](chain-rule.md#step-2) and section 4b, steps 1 to 3.",
        "Read <https://example.org/v2> or https://example.org/3.",
        "The weights w1 and x2 of step4_backward.py and float64.",
        "How many parameters does MLP(2, [16, 1]) have?",
        "This is one node at a time; the rule is in `x2`.",
        "A footnote reference.[^1]",
    ],
)
def test_numbers_in_code_maths_links_names_and_questions_are_not_claims(sentence):
    assert rules_of(sentence + "\n") == []


def test_only_prose_is_read_and_lines_are_those_of_the_file():
    markdown = """\
    ---
    title: 3 things
    ---
    # Chapter 2: 3 rules

    <!-- 5 hidden
    lines -->
    ```python
    x = 12
    ```

        indented code 7

    The first sentence has no claim. The second has 2
    units; the third

    - A list item with 3 things.

    !!! note "Title with 4 words"

        The box says 5.

    | name | 6 |
    |------|---|

    > A quote that
    > wraps over 8 lines.

    $$
    7 = 7
    $$
    """
    assert rules_of(markdown) == [
        (14, ("digit",)),
        (17, ("digit",)),
        (19, ("digit",)),
        (21, ("digit",)),
        (23, ("digit",)),
        (26, ("digit",)),
    ]


def test_what_a_fence_says_in_words_is_prose_at_its_lines():
    """A block's title, varies and build-only notes are shown on the page (read at its opening
    line); an exercise's hints, success message and refusals are shown when it is tried."""
    markdown = """\
    Nothing here.

    ```python exec="1" title="Adds 2 numbers" build_only="it takes 3 minutes"
    x = 12
    ```

    ### Double

    ```python exec="1" exercise="t-double"
    # %% starter
    def double(x):
        return x
    # %% solution
    def double(x):
        return 2 * x
    # %% check
    assert double(3) == 6
    # %% hint
    Multiply by 2.
    # %% success
    Your function returns 6 for 3.
    # %% refuse
    int.__mul__: This one is by hand: add x to itself, 1 time.
    ```
    """
    found = [
        (s.line, s.text) for s in sentences(parse_page(textwrap.dedent(markdown), "docs/p.md"))
    ]
    assert found == [
        (1, "Nothing here."),
        (3, "Adds 2 numbers"),
        (3, "it takes 3 minutes"),
        (19, "Multiply by 2."),
        (21, "Your function returns 6 for 3."),
        (23, "This one is by hand: add x to itself, 1 time."),
    ]


def test_a_notebooks_markdown_cells_are_read_at_their_file_lines(tmp_path):
    notebook = """\
    # %% [markdown]
    # # A title with 2 words
    #
    # The loss falls below 1 here.
    # The sum is `{python} 1 + 1`, not more: a notebook shows it as written.

    # %%
    x = 12  # code is not prose

    # %%
    # claim: The loss falls below 1 here
    assert 0.5 < 1
    """
    path = tmp_path / "docs" / "nb.py"
    path.parent.mkdir()
    path.write_text(textwrap.dedent(notebook), encoding="utf-8")
    result = audit_files([path, tmp_path / "docs" / "notes.txt"], tmp_path)
    assert [(claim.location(), claim.backing) for claim in result.claims] == [
        ("docs/nb.py:4", "check at docs/nb.py:11"),
        ("docs/nb.py:5", ""),
    ]
    assert result.errors == [
        f"{tmp_path / 'docs' / 'notes.txt'}: only Markdown pages and percent-format notebooks"
        " are audited",
        "docs/nb.py:5: The sum is `{python} 1 + 1`, not more: a notebook shows it as written.",
    ]


def test_the_command_lists_unbacked_claims_and_with_all_every_claim(tmp_path, monkeypatch, capsys):
    markdown = "A float takes about 16 digits. The sum is `{python} 1 + 1`, not more.\n"
    page = tmp_path / "docs" / "p.md"
    page.parent.mkdir()
    page.write_text(markdown, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["claims"]) == 1
    out = capsys.readouterr().out
    assert "docs/p.md:1: A float takes about 16 digits.\n" in out
    assert "2 claim(s) (by rule: digit 1, comparison 1): 1 inline, 0 checked, 0 allowed" in out
    assert main(["claims", "--all", "docs/p.md"]) == 1
    out = capsys.readouterr().out
    assert "docs/p.md:1: [comparison] The sum is `{python} 1 + 1`, not more.\n    <- inline" in out
    page.write_text("The sum is `{python} 1 + 1`.\n", encoding="utf-8")
    assert main(["claims"]) == 0


def test_every_claim_of_the_site_is_held_by_the_build():
    """The whole site: every sentence of docs/ that states a number, a count, a comparison or
    a property of code holds an inline value, is quoted by a `# claim:` check of its page, or
    is allowed in claims.toml with its reason; no quote or entry is stale."""
    root = Path(__file__).resolve().parents[2]
    audit = audit_files(site_pages(load_settings(root)), root)
    assert len(audit.claims) > 300, "the audit should find the site's claims"
    notebooks = {"docs/notebooks/moons.py", "docs/notebooks/tracing.py"}
    assert notebooks <= {claim.page for claim in audit.claims}, "the notebooks' prose is read"
    assert audit.errors == []
