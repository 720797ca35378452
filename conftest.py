"""Collection rules for the whole repository (pytest runs doctests in every module).

In CI (``CI`` set), a skipped test is a failed one: a browser or notebook test that could
not run must not pass unnoticed.

``--full`` (``make test-full``) runs the long batteries whole; without it each runs a seeded
sample that still reaches every rule and every game (tests/conftest.py: the ``full`` marker
and fixture; benchmarks/TESTS.md: what each sample leaves out, and the times).
"""

import os
import tempfile

import pytest

# The class table's notebook and widget start a server: in the tests, on this computer
# only, on a free port, with a database of their own (see widgets/class_table.py).
os.environ.setdefault("BLUFFMATH_CLASS_HOST", "127.0.0.1")
os.environ.setdefault("BLUFFMATH_CLASS_PORT", "0")
os.environ.setdefault("BLUFFMATH_CLASS_DB", os.path.join(tempfile.mkdtemp(prefix="bluffmath-class-"), "class.sqlite3"))
os.environ.setdefault("BLUFFMATH_TRAIN_PROGRESS", os.path.join(tempfile.mkdtemp(prefix="bluffmath-train-"), "train.sqlite"))

collect_ignore = ["docs/conf.py", "docs/_build", "build", "notebooks"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", default=False,
                     help="run the long batteries whole (make test-full), not their seeded samples")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"
