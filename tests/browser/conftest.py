"""Real-browser fixtures: Debian's Chromium driven by Playwright, pages served by Voila
or by JupyterLab.

Without Chromium these tests skip with the reason on a developer's machine; in CI a skip
is a failure (see the root conftest.py), so they can never pass unnoticed.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("BLUFFMATH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer in {seconds} s")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the session."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium); CI fails here")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page; console errors are collected in ``page.errors``."""
    context = browser.new_context(viewport={"width": 1200, "height": 1600})  # type: ignore[attr-defined]
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    page.close(run_before_unload=True)  # as a person closes it: Voila ends the page's kernel
    context.close()


#: The widths every page is tried at: a laptop's and a phone's.
WIDTHS = (1280, 390)


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def sized(request: pytest.FixtureRequest, browser: object) -> Iterator[object]:
    """A page ``request.param`` px wide (a laptop, a phone), ``page.width`` its width;
    console errors in ``page.errors``."""
    context = browser.new_context(viewport={"width": request.param, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.width = request.param
    yield page
    page.close(run_before_unload=True)
    context.close()


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving notebooks/ on a free localhost port, from the repository root as the
    README says (so that ``voila.json`` there applies); yields the base URL."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--show_tracebacks=True", str(ROOT / "notebooks")],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(base, process)
            yield base
        except Exception as error:
            raise RuntimeError(f"{error}\n{log.read_text()}") from error
        finally:
            process.terminate()
            process.wait(timeout=30)


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """JupyterLab on a free localhost port, with a random token; yields (base URL, token).

    It serves a copy of notebooks/, so that running cells (and JupyterLab's autosave)
    never writes outputs into the notebooks kept in the repository; its settings and
    workspaces live in the temporary folder too, away from the user's own.
    """
    port, token = _free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("jupyterlab")
    root = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    settings = home / "settings" / "@jupyterlab" / "docmanager-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
    log = home / "jupyterlab.log"
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.token={token}",
               f"--ServerApp.root_dir={root}", f"--LabApp.user_settings_dir={home / 'settings'}",
               f"--LabApp.workspaces_dir={home / 'workspaces'}"]
    if os.geteuid() == 0:
        command.append("--allow-root")
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=root, stdout=out, stderr=subprocess.STDOUT, env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(f"{base}/api/status?token={token}", process)
            yield base, token
        except Exception as error:
            raise RuntimeError(f"{error}\n{log.read_text()}") from error
        finally:
            process.terminate()
            process.wait(timeout=30)


def screenshot(page: object, name: str) -> Path:
    """Keep a screenshot under test-artifacts/ (CI keeps the folder)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
