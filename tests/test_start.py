"""The starts of the README: ``make lab`` (a student's JupyterLab) and ``make teach`` (the
teacher's), run as scripts/lab.py, on this computer only, behind a fresh token.

Each test starts a real JupyterLab, reads the address the script prints, opens it as a
browser would (it must open the lab, not a login page), and lists the files through
Jupyter's contents API with that token: a student's start shows the student copies and
the demos and no solution, no lesson source, no class table; the teacher's shows them all.
The Lite site for students (``make lite``) holds the same notebooks as a student's start.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from lite import build as lite

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "scripts"))
import lab  # noqa: E402  (scripts/ is not a package)

ADDRESS = re.compile(r"^\s+(http://127\.0\.0\.1:\d+/lab\?token=\S+)$")


@pytest.fixture(scope="module", params=["student", "teacher"])
def started(request: pytest.FixtureRequest) -> Iterator[tuple[str, str]]:
    """(who, the address the script printed), JupyterLab running behind it."""
    pytest.importorskip("jupyterlab", reason="needs JupyterLab (pip install '.[jupyter]'); CI fails here")
    script = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "lab.py"), request.param, "--no-browser",
                               "--port", str(lab.free_port(9100))],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
    try:
        address = next((m.group(1) for line in script.stdout if (m := ADDRESS.match(line))), None)
        assert address is not None, f"scripts/lab.py {request.param} printed no address (status {script.poll()})"
        yield request.param, address
    finally:
        script.terminate()
        script.wait(timeout=30)


def _get(url: str, token: str | None = None) -> tuple[str, bytes]:
    headers = {"Authorization": f"token {token}"} if token else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        return response.url, response.read()


def _notebooks(base: str, token: str, path: str = "") -> set[Path]:
    """Every notebook the file browser lists, walking the folders it lists."""
    _, body = _get(f"{base}/api/contents/{path}", token)
    found: set[Path] = set()
    for item in json.loads(body)["content"]:
        if item["type"] == "directory":
            found |= _notebooks(base, token, item["path"])
        elif item["type"] == "notebook":
            found.add(Path(item["path"]))
    return found


def test_the_printed_address_opens_the_lab_not_a_login_page(started: tuple[str, str]) -> None:
    _, address = started
    url, body = _get(address)
    assert "/login" not in url
    assert b"JupyterLab" in body
    token = parse_qs(urlsplit(address).query)["token"][0]
    assert len(token) >= 32


def test_a_start_shows_what_its_user_should_see(started: tuple[str, str], tmp_path: Path) -> None:
    who, address = started
    parts = urlsplit(address)
    shown = _notebooks(f"{parts.scheme}://{parts.netloc}", parse_qs(parts.query)["token"][0])
    everything = {p.relative_to(NOTEBOOKS) for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
    solutions = {p for p in everything if p.is_relative_to(lite.SOLUTIONS)}
    assert solutions
    assert any(p.is_relative_to(Path("lessons", "student")) for p in shown)
    if who == "teacher":  # the lesson sources too: jupytext opens them as notebooks
        assert everything <= shown
        assert Path("lessons", "01-counting.py") in shown
    else:
        teachers = {p for p in everything if p.name == "class-table.ipynb"}  # in each language (scripts/lab.py)
        assert shown == everything - solutions - teachers
        staged = lite.stage_notebooks(NOTEBOOKS, tmp_path, lite.install_cell(["bluffmath"]))
        # make lite: the same notebooks, but those that need this computer's own Python
        assert shown - lite.SERVER_ONLY == {p.relative_to(tmp_path) for p in staged}


def test_make_lab_and_make_teach_run_the_script() -> None:
    def run(target: str) -> list[str]:
        done = subprocess.run(["make", "-n", "-o", ".venv/.installed-jupyter", target],
                              capture_output=True, text=True, cwd=ROOT, check=True)
        return [line for line in done.stdout.splitlines() if "scripts/lab.py" in line]
    assert [line.split()[-1] for line in run("lab")] == ["student"]
    assert [line.split()[-1] for line in run("teach")] == ["teacher"]
