"""Stage 2: run pages in fresh worker processes (pool, watchdog, worker, capture, display)."""
