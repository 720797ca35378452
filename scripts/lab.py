"""Start JupyterLab on this computer only, behind a fresh random token, and print the address
to open, token included: ``make lab`` (a student's start) and ``make teach`` (the teacher's).

    python scripts/lab.py [--lang de] student [--port 8888] [--no-browser]
    python scripts/lab.py teacher [--port 8888] [--no-browser]

Jupyter prints a token in its address only when it made the token itself: given one, it
prints ``?token=...``, and that address opens a login page. So this script makes the token
(:func:`secrets.token_urlsafe`), hands it to Jupyter in the environment (``JUPYTER_TOKEN``:
not on the command line, where any user of the computer could read it with ``ps``), waits
until the server answers on 127.0.0.1, and prints the address with the token. Jupyter's own
log still reaches the terminal, but for its lines that show its address with the token masked
(``?token=...``, which opens a login page): the first address anyone sees is the one to open.

A student's start shows what a student works in: the student copies of the lessons
(``notebooks/lessons/student/``) and the demos of ``notebooks/``. It hides the lessons'
solution copies, the lesson sources (``notebooks/lessons/NN-subject.py`` open as notebooks,
answers and teacher's notes included) and every other ``.py`` file, and the class table's
notebook (it starts the teacher's server). Hidden means left out of the file browser
(Jupyter's ``ContentsManager.hide_globs``): the files are still on the disk of whoever
cloned the repository. The Lite site for students (``make lite``) holds the same notebooks
(tests/test_start.py checks both). The teacher's start shows all of ``notebooks/``.

``--lang de`` (``make lab LANG=de``) starts a student in the German student copies
(``notebooks/lessons/student/de/``, built from the same sources by ``build.py``) and says
what it shows in German; the teacher's start is the same in every language. Its kernels
speak German too (the checks' messages, the widgets): Jupyter gets ``BLUFFMATH_LANGUAGE=de``
in its environment, which every kernel it starts inherits and :mod:`bluffmath_widgets.lessons`
follows (as it follows a German copy's own metadata in any start, the teacher's included).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
FIRST_PORT = 8888
#: The environment variable that tells the lessons' kernels their language.
LANGUAGE_VARIABLE = "BLUFFMATH_LANGUAGE"
JUPYTER_HIDES = ("__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*.so", "*.dylib", "*~")
"""What Jupyter hides by default (``ContentsManager.hide_globs``): kept hidden in both starts."""


@dataclass(frozen=True)
class Start:
    """Who a start is for: the folder it opens, the names it hides, what it says."""

    folder: Path
    hidden: tuple[str, ...]
    says: str


STARTS = {
    "student": Start(
        ROOT / "notebooks",
        (*JUPYTER_HIDES, "solutions", "*.py", "*.toml", "class-table.ipynb"),
        "JupyterLab for students: the lessons' student copies (lessons/student/) and the demos.\n"
        "No solutions here; the teacher's start, with everything, is `make teach`."),
    "teacher": Start(
        ROOT / "notebooks",
        JUPYTER_HIDES,
        "JupyterLab for the teacher: all of notebooks/, with the lessons' solution copies\n"
        "(lessons/solutions/), their sources (lessons/NN-subject.py open as notebooks, answers and\n"
        "teacher's notes included) and the class table. Do not show this screen to the class;\n"
        "students start with `make lab`."),
}


#: The student's start in each language but English: only the lessons' copies in it.
TRANSLATED = {
    "de": Start(
        ROOT / "notebooks" / "lessons" / "student" / "de",
        STARTS["student"].hidden,
        "JupyterLab für Schülerinnen und Schüler: die Lektionen auf Deutsch (Schülerfassung).\n"
        "Ohne Lösungen; die Lehrkraft startet mit `make teach`."),
}


def start_for(who: str, lang: str = "en") -> Start:
    """The start for ``who`` in ``lang``: a student's in :data:`TRANSLATED`, else the English.

    >>> start_for("student", "de").folder.relative_to(ROOT).as_posix()
    'notebooks/lessons/student/de'
    >>> start_for("teacher", "de") == STARTS["teacher"]
    True
    """
    return TRANSLATED[lang] if who == "student" and lang in TRANSLATED else STARTS[who]


def environment(token: str, lang: str = "en") -> dict[str, str]:
    """Jupyter's environment: this one, the token, and the lessons' language when it is not
    English (``BLUFFMATH_LANGUAGE``, which the kernels inherit).

    >>> environment("t", "de")["BLUFFMATH_LANGUAGE"], "BLUFFMATH_LANGUAGE" in environment("t")
    ('de', False)
    """
    env = {name: value for name, value in os.environ.items() if name != LANGUAGE_VARIABLE}
    return {**env, "JUPYTER_TOKEN": token, **({LANGUAGE_VARIABLE: lang} if lang != "en" else {})}


def free_port(first: int = FIRST_PORT, tries: int = 50) -> int:
    """The first port from ``first`` that nothing listens on at 127.0.0.1."""
    for port in range(first, first + tries):
        with socket.socket() as probe:
            try:
                probe.bind((HOST, port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port from {first} to {first + tries - 1} on {HOST}: name one with --port")


def address(port: int, token: str) -> str:
    """The address to open: JupyterLab on this computer, the token in it."""
    return f"http://{HOST}:{port}/lab?token={token}"


def command(start: Start, port: int, browser: bool = True) -> list[str]:
    """The Jupyter command for ``start`` on ``port`` (its token comes in the environment)."""
    words = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={start.folder}",
             f"--ServerApp.ip={HOST}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
             *(f"--ContentsManager.hide_globs={name}" for name in start.hidden)]
    if not browser:
        words.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # a container or a fresh VM often is root
        words.append("--allow-root")
    return words


def answers(port: int, token: str) -> bool:
    """Whether Jupyter answers on ``port`` to this token."""
    request = urllib.request.Request(f"http://{HOST}:{port}/api/status",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=2) as response:
            return response.status == 200
    except (OSError, urllib.error.URLError):
        return False


MASKED = re.compile(r"[?&]token=\.\.\.|is running at:\s*$")
"""Jupyter's lines about its address when it did not make the token: the address with the
token masked, and the line that announces it (at start, and again when Ctrl+C asks)."""


def shown(line: str) -> bool:
    """Whether a line of Jupyter's log reaches the terminal: all but :data:`MASKED`.

    >>> shown("[I 12:00:00.000 ServerApp] http://127.0.0.1:8888/lab?token=...")
    False
    >>> shown("[I 12:00:00.000 ServerApp] Serving notebooks from local directory: /x")
    True
    """
    return MASKED.search(line) is None


def relay(log: IO[str], terminal: IO[str]) -> None:
    """Copy Jupyter's log to ``terminal`` line by line as it comes, but for its masked
    address (:func:`shown`)."""
    for line in log:
        if shown(line):
            terminal.write(line)
            terminal.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("who", choices=sorted(STARTS), help="whose start: what it shows")
    parser.add_argument("--lang", choices=["en", *TRANSLATED], default="en",
                        help="the lessons' language (a student's start; default: en)")
    parser.add_argument("--port", type=int, default=None, help=f"the port (default: the first free from {FIRST_PORT})")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--wait", type=float, default=120, help="seconds to wait for Jupyter to start")
    args = parser.parse_args(argv)
    start = start_for(args.who, args.lang)
    port = args.port or free_port()
    token = secrets.token_urlsafe(32)
    jupyter = subprocess.Popen(command(start, port, not args.no_browser), env=environment(token, args.lang),
                               stderr=subprocess.PIPE, text=True, errors="replace", bufsize=1)
    log = threading.Thread(target=relay, args=(jupyter.stderr, sys.stderr), daemon=True)
    log.start()
    signal.signal(signal.SIGTERM, _stop)  # stopped by another program: Jupyter stops too (finally)
    try:
        deadline = time.monotonic() + args.wait
        while not answers(port, token):
            if jupyter.poll() is not None:
                log.join(timeout=5)  # why it stopped, first
                print(f"Jupyter stopped (status {jupyter.returncode}) before it answered on port {port}",
                      file=sys.stderr)
                return jupyter.returncode or 1
            if time.monotonic() > deadline:
                print(f"Jupyter did not answer on port {port} within {args.wait:.0f} s", file=sys.stderr)
                return 1
            time.sleep(0.3)
        print(f"\n{start.says}\n\nOpen this address (on this computer only):\n\n    {address(port, token)}\n\n"
              "Stop with Ctrl+C (twice, or answer y).\n", flush=True)
        while True:
            try:
                return jupyter.wait()
            except KeyboardInterrupt:  # Jupyter has the Ctrl+C too: it asks, or stops
                continue
    finally:
        if jupyter.poll() is None:
            jupyter.terminate()
            try:
                jupyter.wait(timeout=15)
            except subprocess.TimeoutExpired:
                jupyter.kill()
        log.join(timeout=5)  # Jupyter's last lines ("Shutting down ...") reach the terminal


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    sys.exit(main())
