"""Collection rules for the whole repository (pytest runs doctests in every module).

In CI (``CI`` set), a skipped test is a failed one: a browser or notebook test that could
not run must not pass unnoticed.
"""

import os

import pytest

collect_ignore = ["docs/conf.py", "docs/_build", "build", "notebooks"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped in CI, which counts as a failure: {report.longrepr}"
