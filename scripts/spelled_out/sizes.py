"""How many bytes an object takes, as Python allocates it: measured over many, not asked of one.

`sys.getsizeof` leaves out what an object keeps beside it, and reading `vars(obj)` to add its
dict makes a dict CPython 3.11 and later would not otherwise have made (such an object keeps
its attributes in a values array until asked for them as a dict). Counting what the
allocator hands out while many are made counts what they really take."""

from __future__ import annotations

import sys
import tracemalloc


def bytes_each(make, count: int = 10_000) -> int:
    """The bytes one object made by make() takes: count of them made (and kept) while
    tracemalloc counts, less the list that keeps them, divided by count. What make() shares
    between the objects (one float given to each, say) is counted once, so barely at all."""
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = [make() for _ in range(count)]
        after = tracemalloc.get_traced_memory()[0]
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return round((after - before - sys.getsizeof(kept)) / count)
