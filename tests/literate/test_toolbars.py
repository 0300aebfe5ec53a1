"""The blocks' toolbars as the build puts them in the page (literate/present/toolbars.py)."""

from __future__ import annotations

from literate.present.toolbars import PAGE_BAR, markers


def test_the_page_bar_comes_once_before_the_first_block_the_browser_runs() -> None:
    entries = [
        {"browser": False, "build_only": "it needs <torch> & numpy"},
        {"browser": True},
        {"browser": True},
    ]
    built = markers(entries, [0, 1, 2])
    assert list(built) == [0, 1, 2]
    assert PAGE_BAR not in built[0] and built[1].startswith(PAGE_BAR) and PAGE_BAR not in built[2]
    assert "Runs at build only: it needs &lt;torch&gt; &amp; numpy." in built[0]
    assert "lit-run-button" not in built[0]
    for index in (1, 2):
        marker = built[index].removeprefix(PAGE_BAR)
        assert marker.startswith(f'<div class="lit-run" data-lit-block="{index}">'), marker
        assert f'aria-describedby="lit-state-{index}"' in marker
        assert f'id="lit-state-{index}"' in marker and f'id="lit-hint-{index}"' in marker
        assert ">Run</button>" in marker and ">Reset</button>" in marker


def test_a_page_none_of_whose_blocks_runs_in_the_browser_has_no_page_bar() -> None:
    built = markers([{"browser": False, "build_only": "why"}] * 2, [0, 1])
    assert not any(PAGE_BAR in marker for marker in built.values())
