"""Stage 3: results stored under a content hash of everything they depend on."""

from literate.cache.keys import environment_key, page_key
from literate.cache.store import Cache

__all__ = ["Cache", "environment_key", "page_key"]
