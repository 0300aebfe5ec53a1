"""Stage 1: a page (Markdown or percent-format notebook) becomes its executable items."""

from literate.parse.files import load_page, read_text
from literate.parse.page import Block, Inline, Item, Page, ParseError, split_lines

__all__ = ["Block", "Inline", "Item", "Page", "ParseError", "load_page", "read_text", "split_lines"]
