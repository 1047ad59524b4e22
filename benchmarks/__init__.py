"""Benchmarks: scripts that print numbers. Run each from the project's root as ``python -m benchmarks.<name>``
(``python -m benchmarks.engine``); they use the tests' helpers (``tests.support``: the fake Bot API, the harness, a
throwaway PostgreSQL), and no test imports them."""
