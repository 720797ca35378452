"""The JupyterLite site (lite/build.py) in Chromium, served from 127.0.0.1 with no network:
the app loads and its file browser lists the notebooks and the lessons' folders.

Running a notebook there would need Pyodide, which the site's kernel loads from its CDN
(documented in docs/how-to/lessons-in-the-browser.md); this test stops short of a kernel.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version

import pytest

from .conftest import ROOT, _free_port, _wait_for, screenshot

NOTEBOOKS = ROOT / "notebooks"
_spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite)


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built into a temporary folder and served by Python's http.server."""
    if not all(any(lite.CACHE.glob(f"{n}-{version(n)}-*.whl")) for n in lite.PINNED):
        pytest.skip(f"needs the pinned wheels in {lite.CACHE} (python lite/build.py fetch)")
    site = lite.build(tmp_path_factory.mktemp("lite") / "site")
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               str(port), "--directory", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(f"http://127.0.0.1:{port}/index.html", server)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _listed(page: object) -> set[str]:
    """The names the file browser shows now."""
    items = page.locator(".jp-DirListing-itemText")
    items.first.wait_for(timeout=60_000)
    return {text.strip() for text in items.all_inner_texts()}


@pytest.mark.slow
def test_the_app_loads_and_lists_the_lessons(page, lite_site: str) -> None:
    page.goto(f"{lite_site}/tree/index.html", timeout=120_000)
    top = {p.name for p in NOTEBOOKS.iterdir() if p.suffix == ".ipynb" or p.is_dir()}
    top = {name for name in top if any((NOTEBOOKS / name).rglob("*.ipynb")) or name.endswith(".ipynb")}
    shown = _listed(page)
    screenshot(page, "lite-tree")
    assert top <= shown, sorted(top - shown)
    student = NOTEBOOKS / "lessons" / "student"
    if student.is_dir():
        for folder in ("lessons", "student"):
            page.locator(".jp-DirListing-itemText", has_text=folder).dblclick()
            page.locator(".jp-BreadCrumbs", has_text=folder).wait_for(timeout=60_000)
        first = sorted(student.glob("*.ipynb"))[0].name
        page.locator(".jp-DirListing-itemText", has_text=first).wait_for(timeout=60_000)
        screenshot(page, "lite-tree-student")
        assert {p.name for p in student.glob("*.ipynb")} <= _listed(page)
