"""The parser types each block once: its kind, what its options mean, an exercise's parts."""

from __future__ import annotations

from literate.execute.watchdog import _item_job

from .helpers import page_of

PAGE = """\
# A page

```python exec="1"
a = 1
```

```python exec="1" hide_code="1" raises="ValueError"
int("x")
```

```python exec="1" answer="1"
a + 1
```

## Double it

```python exec="1" exercise="double-it"
# %% starter
def double(x):
    return x
# %% solution
def double(x):
    return 2 * x
# %% check
assert double(2) == 4, f"double(2) should be 4, got {double(2)}"
# %% hint
Multiply.
# %% success
Doubled.
```
"""


def test_each_block_has_its_kind_and_typed_options():
    blocks = page_of(PAGE).blocks
    assert [block.kind for block in blocks] == ["code", "setup", "answer", "exercise"]
    assert blocks[1].raises == "ValueError" and not blocks[1].quiet
    assert blocks[0].raises is None and blocks[0].exercise is None


def test_an_exercise_is_split_once_with_the_page_lines_of_its_parts():
    exercise = page_of(PAGE).blocks[3].exercise
    assert exercise.slug == "double-it" and exercise.title == "Double it"
    assert exercise.starter.line == 19 and exercise.starter.text.startswith("def double(x):")
    assert exercise.solution.line == 22 and "2 * x" in exercise.solution.text
    assert exercise.check.line == 25 and exercise.hint.text == "Multiply.\n"
    assert exercise.success.text == "Doubled.\n"


def test_the_worker_receives_the_typed_description_not_the_options():
    jobs = [_item_job(block) for block in page_of(PAGE).blocks]
    assert [job["kind"] for job in jobs] == ["code", "setup", "answer", "exercise"]
    assert all("options" not in job for job in jobs)
    assert jobs[3]["exercise"]["check"]["line"] == 25
