"""Shared test settings, and the class table server as a real process (``live``)."""

import os

import pytest
from hypothesis import HealthCheck, settings

# CI runs the same examples every time; a developer's run explores new ones.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def live(tmp_path):
    """The class table server as a real process on a free port (tests/class_live.py)."""
    from tests.class_live import Live, free_port

    server = Live(tmp_path / "class.sqlite3", free_port())
    server.start()
    yield server
    server.stop()
