"""The JupyterLite site (lite/build.py) in Chromium, served from 127.0.0.1 with every other
address blocked: the app loads and its file browser lists the notebooks and the lessons'
folders; a lesson opens, its kernel (Pyodide from the site) starts, and all its cells run
with no error and with the lesson's checks right.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib.metadata import version

import pytest

from benchmarks.embed import offline

from .axe import assert_accessible
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
    if not lite.PYODIDE.is_dir():
        pytest.skip("needs node_modules/pyodide (`npm ci`, as make test runs); CI fails here")
    site = lite.build(tmp_path_factory.mktemp("lite") / "site", solutions=True)  # LESSON is a solution copy
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
def test_the_landing_page_lists_every_notebook_and_opens_one_by_the_keyboard(page, lite_site: str) -> None:
    blocked = offline(page.context, f"{lite_site}/")
    page.goto(f"{lite_site}/", timeout=120_000)
    assert page.title() == "bluffmath in the browser"
    assert_accessible(page, "the JupyterLite site's first page")
    links = page.locator("main li a")
    listed = {href.removeprefix("lab/index.html?path=") for href in
              links.evaluate_all("as => as.map(a => a.getAttribute('href'))")}
    shown = {p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb")
             if ".ipynb_checkpoints" not in p.parts and p.relative_to(NOTEBOOKS) not in lite.SERVER_ONLY}
    assert listed == shown  # the site was built with the solutions
    assert all(text.strip() and not text.endswith(".ipynb") for text in links.all_inner_texts())  # titles
    for _ in range(3):  # the first notebook's link, by the keyboard
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('main li a')"):
            break
    first = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/{first}", timeout=120_000)
    page.locator(".jp-Notebook").first.wait_for(timeout=120_000)
    page.locator(IDLE).first.wait_for(timeout=KERNEL)
    assert_accessible(page, "a notebook in JupyterLite's JupyterLab")
    assert blocked == []


@pytest.mark.slow
def test_the_app_loads_and_lists_the_lessons(page, lite_site: str) -> None:
    page.goto(f"{lite_site}/tree/index.html", timeout=120_000)
    top = {p.name for p in NOTEBOOKS.iterdir() if p.suffix == ".ipynb" or p.is_dir()}
    top = {name for name in top if any((NOTEBOOKS / name).rglob("*.ipynb")) or name.endswith(".ipynb")}
    server_only = {p.name for p in lite.SERVER_ONLY}
    shown = _listed(page)
    screenshot(page, "lite-tree")
    assert_accessible(page, "JupyterLite's file browser")
    assert top - server_only <= shown, sorted(top - server_only - shown)
    assert not server_only & shown, "a notebook that starts a server is in the browser's site"
    student = NOTEBOOKS / "lessons" / "student"
    if student.is_dir():
        for folder in ("lessons", "student"):
            page.locator(".jp-DirListing-itemText", has_text=folder).dblclick()
            page.locator(".jp-BreadCrumbs", has_text=folder).wait_for(timeout=60_000)
        first = sorted(student.glob("*.ipynb"))[0].name
        page.locator(".jp-DirListing-itemText", has_text=first).wait_for(timeout=60_000)
        screenshot(page, "lite-tree-student")
        assert {p.name for p in student.glob("*.ipynb")} <= _listed(page)


LESSON = "lessons/solutions/05-gauner-deduction.ipynb"
"""A lesson whose checks print verdicts, and whose Gauner raus! solver takes the core's
pure-Python path (numpy has no wheel for Pyodide)."""
KERNEL = 300_000  # ms: the goal is 30 s; a busy machine takes longer, and the figure is printed
IDLE = ".jp-StatusBar-TextItem:has-text('| Idle')"
BUSY_PROMPT = "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].some(p => p.textContent.includes('*'))"


@pytest.mark.slow
def test_a_lesson_runs_offline(page, lite_site: str) -> None:
    blocked = offline(page.context, f"{lite_site}/")
    start = time.monotonic()
    page.goto(f"{lite_site}/lab/index.html?path={LESSON}", timeout=120_000)
    page.locator(IDLE).first.wait_for(timeout=KERNEL)
    idle = time.monotonic() - start
    print(f"\nfrom opening {LESSON} to the kernel idle: {idle:.1f} s")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    page.wait_for_function(BUSY_PROMPT, timeout=60_000)
    page.wait_for_function(f"() => !({BUSY_PROMPT})()", timeout=KERNEL)
    page.locator(IDLE).first.wait_for(timeout=KERNEL)
    screenshot(page, "lite-lesson-05")
    # text contents, not inner texts: cells off screen are not laid out (content-visibility)
    prompts = page.locator(".jp-CodeCell .jp-InputArea-prompt").all_text_contents()
    assert prompts, "no code cell"
    assert all(p.strip().startswith("[") and p.strip()[1:-2].isdigit() for p in prompts), prompts
    outputs = page.locator(".jp-OutputArea-output")
    texts = outputs.all_text_contents()
    assert not [t for t in texts if "Traceback" in t or "Error" in t], [t for t in texts if "Error" in t]
    html = page.locator(".jp-Notebook").inner_html()
    assert html.count('data-verdict="right"') >= 3
    assert 'data-verdict="wrong"' not in html
    assert blocked == [], f"the site asked for addresses outside localhost: {blocked[:5]}"


DEMO = "01-hochstapler-odds.ipynb"
"""A notebook outside lessons/, written by Jupyter with the kernel ``python3``."""


@pytest.mark.slow
def test_a_notebook_outside_the_lessons_starts_the_sites_kernel_without_asking(page, lite_site: str) -> None:
    blocked = offline(page.context, f"{lite_site}/")
    page.goto(f"{lite_site}/lab/index.html?path={DEMO}", timeout=120_000)
    page.locator(IDLE).first.wait_for(timeout=KERNEL)
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").all_inner_texts()
    assert "Python (Pyodide)" in page.locator(".jp-KernelName, .jp-Toolbar-kernelName").first.inner_text()
    assert blocked == []
