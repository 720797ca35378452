"""Voila's kernels end with their pages: closed pages shut theirs down, lost ones are culled.

Voila starts one kernel per page. A page that closes sends Voila's shutdown beacon (on
``beforeunload``), but the beacon carries no ``_xsrf`` cookie (voila-dashboards/voila#1458)
and the repository keeps Tornado's XSRF check on, so the server refuses it (403) as it
refuses any page of another site posting there. A closed page, like one that goes away
without a word (a crashed tab, a phone that drops the connection, Playwright's
``context.close()``), leaves its kernel with no connection, and the culler configured in
the repository's ``voila.json`` ends it after a short idle limit (60 s). A page still open
keeps its kernel however long its player thinks.

The kernels are counted as the Voila server's child processes (Voila does not list its
kernels over HTTP). The culling test runs Voila as the README does, from the repository
root, with the idle limit shortened on the command line so that it takes seconds.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest
from voila.app import Voila

from .conftest import ROOT, _free_port, _wait_for

PAGE = "/voila/render/hochstapler-calculator.ipynb"
LIMIT = 6  # seconds of idleness, without a connection, before a kernel is culled here
WAIT = 60_000


def test_the_repository_configures_culling() -> None:
    """``voila.json`` at the root, where the README's command runs, turns the culler on and
    lets a closing page's shutdown beacon through."""
    app = Voila()
    assert app.config_file_paths[0] == str(Path.cwd())  # Voila reads voila.json from the cwd
    app.load_config_file("voila", path=[str(ROOT)])
    culler = app.config.MappingKernelManager
    assert 0 < culler.cull_idle_timeout <= 120  # a closed page's kernel ends within minutes
    assert 0 < culler.cull_interval <= culler.cull_idle_timeout
    assert culler.cull_connected is False  # an open page keeps its kernel
    assert culler.cull_busy is False  # a long computation is not cut short
    assert "disable_check_xsrf" not in app.config.Voila.tornado_settings  # the check stays on


def test_a_post_without_the_xsrf_cookie_is_refused(server: tuple[str, psutil.Process, Path]) -> None:
    """What another site's page (or Voila's own beacon) posts to end a kernel is refused."""
    import urllib.error
    import urllib.request

    base, _, _ = server
    request = urllib.request.Request(base + "/voila/api/shutdown/any-kernel", data=b"", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 403


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, psutil.Process, Path]]:
    """Voila started from the root as the README starts it (so it reads ``voila.json``),
    with a short idle limit; yields (URL, server process, log)."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila-culling") / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             f"--MappingKernelManager.cull_idle_timeout={LIMIT}",
             "--MappingKernelManager.cull_interval=1", "notebooks"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(base, process)
            yield base, psutil.Process(process.pid), log
        finally:
            process.terminate()
            process.wait(timeout=30)


def kernels(server: psutil.Process) -> int:
    """How many kernels the Voila server runs now."""
    return sum(1 for child in server.children(recursive=True)
               if child.is_running() and child.status() != psutil.STATUS_ZOMBIE
               and "ipykernel_launcher" in " ".join(child.cmdline()))


def settles(count: Callable[[], int], expected: int, seconds: float) -> int:
    """``count()`` once it equals ``expected``, or its last value after ``seconds``."""
    deadline = time.monotonic() + seconds
    while (now := count()) != expected and time.monotonic() < deadline:
        time.sleep(0.25)
    return now


def culled(log: Path) -> int:
    """How many kernels the culler has ended, by Voila's log (jupyter_server's message)."""
    return log.read_text().count("seconds of inactivity")


def open_page(browser: object, base: str) -> tuple[object, object]:
    """A new context and a Voila page in it with its widgets drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(base + PAGE, timeout=WAIT)
    page.wait_for_selector(".widget-button", timeout=WAIT)
    return context, page


def test_kernels_end_with_their_pages(browser: object, server: tuple[str, psutil.Process, Path]) -> None:
    base, process, log = server
    before = kernels(process)
    opened = [open_page(browser, base) for _ in range(3)]
    open_since = time.monotonic()  # the first page, kept open to the end, is idle from here
    assert settles(lambda: kernels(process), before + 3, 10) == before + 3

    # Closed as a person closes a tab, just after a click: the beacon is refused (no XSRF
    # cookie) and the culler ends the kernel once it is idle with no connection.
    context, page = opened.pop()
    page.click(".widget-button")  # type: ignore[attr-defined]
    page.close(run_before_unload=True)  # type: ignore[attr-defined]
    context.close()  # type: ignore[attr-defined]
    assert settles(lambda: kernels(process), before + 2, LIMIT + 15) == before + 2
    assert culled(log) == 1

    # Gone without a word: the same.
    context, _ = opened.pop()
    context.close()  # type: ignore[attr-defined]
    assert settles(lambda: kernels(process), before + 1, LIMIT + 15) == before + 1
    assert culled(log) == 2

    # The page still open keeps its kernel, well past the idle limit (its kernel has been
    # idle since the pages opened, through both cullings above: wait only for what is left).
    time.sleep(max(0.0, open_since + LIMIT + 2 - time.monotonic()))
    assert kernels(process) == before + 1
    context, page = opened.pop()
    page.close(run_before_unload=True)  # type: ignore[attr-defined]
    context.close()  # type: ignore[attr-defined]
    assert settles(lambda: kernels(process), before, LIMIT + 15) == before
    assert culled(log) == 3
