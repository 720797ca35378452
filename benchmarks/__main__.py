"""``python -m benchmarks [--quick]``: see :mod:`benchmarks`."""

from benchmarks import main

if __name__ == "__main__":
    raise SystemExit(main())
