"""Shared test settings, the long batteries' samples (``full``), the workers' garbage
collector, and the class table server as a real process (``live``)."""

import gc
import os

import pytest
from hypothesis import HealthCheck, settings

# CI runs the same examples every time; a developer's run explores new ones.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# --- the long batteries: a seeded sample in make test, the whole in make test-full ----------
# A case marked ``full`` runs only under ``--full`` (the root conftest.py's option, which
# ``make test-full`` passes); without it the case is deselected, not skipped, so CI's rule
# that a skip fails holds. A test whose sample is a smaller size asks for the ``full``
# fixture. Under Pyodide (tests/test_pyodide.py) there is no such option: the samples run.

def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "full: a case of a long battery beyond its seeded sample; only --full runs it")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("full", default=False):
        return
    left = [item for item in items if item.get_closest_marker("full")]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = [item for item in items if not item.get_closest_marker("full")]


@pytest.fixture(scope="session")
def full(pytestconfig: pytest.Config) -> bool:
    """True under ``--full`` (``make test-full``): a battery runs whole, not its sample."""
    return bool(pytestconfig.getoption("full", default=False))


# --- the garbage collector of a long-lived worker -------------------------------------------
# A worker runs thousands of tests in one process; what stays alive (imported modules, the
# engines' caches) grows to millions of objects, and every full collection walks them all:
# the benchmarks' gc.collect() before each timed series took a minute instead of a second
# late in a run. At each new test module, what is alive is collected once and then frozen
# (gc.freeze): later collections walk only what was made since.
_last_module: list[object] = [None]


def pytest_runtest_setup(item: pytest.Item) -> None:
    module = item.nodeid.split("::")[0]
    if module != _last_module[0]:
        _last_module[0] = module
        gc.collect()
        gc.freeze()


@pytest.fixture
def live(tmp_path):
    """The class table server as a real process on a free port (tests/class_live.py); its
    log is printed at the end (pytest shows it with a failing test)."""
    from tests.class_live import Live, free_port

    server = Live(tmp_path / "class.sqlite3", free_port())
    server.start()
    yield server
    server.stop()
    print("".join(server.log[-200:]))
