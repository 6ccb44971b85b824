"""The benchmark suite (``python -m benchmarks``) and the per-game scripts beside it."""
