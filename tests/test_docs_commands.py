"""The commands of the README and the how-tos run as printed on a fresh clone, and every file
they and the lessons cite is in the repository (issue 45).

**Which commands.** Every command of the README and the how-to guides (``docs/how-to/*.md``):
each ``$ `` line of a ``console`` block; each line of a ``bash``, ``sh`` or ``shell`` block (comments
left out, a line ending in a backslash joined with the next); and each command in the
running text, a code span that starts with a program a teacher runs on a clone: ``make``,
``.venv/bin/...``, ``python``, ``python3``, ``nbgrader``, ``jupyter``, ``voila`` or ``pip``,
with at least one word after it. (A ``bluffmath`` code span in the text is a synopsis for a
reader who installed the package, often with placeholders such as ``D1 D2 SIDES``; the
blocks hold its examples, which tests/test_docs.py runs.)

**What a fresh clone has.** The files git would clone (tracked, and new files not ignored,
as tests/test_teacher_install.py copies them) and, after the README's set-up, the virtual
environment ``.venv`` that the Makefile's targets make, with the extras they install.
Nothing is put on the PATH.

**What is checked, for every command.**

- Its program exists there. ``make TARGET``: the Makefile has the target, and every
  ``NAME=value`` on the line is a variable the Makefile reads (make ignores a misspelt one
  without a word). ``.venv/bin/NAME``: ``python``, the project's own command or the command
  of a package the project's extras install (with what that package needs). ``python -m
  MODULE`` or ``python SCRIPT``: the module or the script is in the repository or the
  environment. ``bluffmath``: the command the package installs. ``pip install``: every
  extra it names is one of pyproject.toml's. A bare ``python`` or ``python3`` may run only
  what needs no clone (the standard library, the installed ``bluffmath``): a script or a
  module of the repository run so takes whatever Python comes first on the PATH, not the
  project's environment, and must be ``make TARGET`` or ``.venv/bin/python``. A program
  only ``.venv`` holds (``nbgrader``, ``jupyter``, ...) must be written with its
  ``.venv/bin/`` path. ``npm`` (Node, which the pages that use it say they need), ``cat``
  and ``echo`` are the system's; any other program is refused.
- Every path it names that lies in the repository (its first folder is one of the clone's,
  and not one a build writes: ``build/``, ``.venv/``, ``.cache/``, ``node_modules/``,
  ``docs/_build/``) is in the clone.

**What runs: the decision.** No command does its work here. Building the course, printing
PDFs, the JupyterLite site, the benchmarks and the servers take minutes, the network or a
port, and each is run for real by a test of its own: tests/test_teacher_install.py runs
``make handouts``, ``make course`` and ``make grade`` from a fresh clone, tests/test_lite.py
builds the site, tests/test_start.py starts ``make lab``'s script (and this module checks
what it prints first), tests/test_docs.py runs the ``bluffmath`` lines of the pages'
``console`` and ``sh`` blocks with their output. Here every command runs as far as it can
without doing its work, in the default suite and in ``make test-full`` alike (a few seconds
in all):

- ``make ...`` as a dry run as on a fresh clone, ``make -n -B ...`` (every target out of
  date, so the set-up's recipes are printed too): it must succeed, and every repository
  path its recipes name (the scripts they run) must be in the clone;
- any other program of the project or its environment with ``--help`` after the words that
  choose what it does (``bluffmath class --help``, ``lite/build.py build --help``): it must
  start and exit 0, and its help must name every ``--option`` the command uses. A
  ``bluffmath`` line that tests/test_docs.py runs is not run again;
- ``make lab``'s script alone is started for real (a few seconds), to read the first
  address it shows.

**Citations.** Every file or page the README, the how-tos and the lessons (their student and
solution copies' text, as handed out) cite is in the clone: the targets of relative
Markdown links (and, in the README, which Sphinx does not build, its
``#anchor`` links to its own headings); code spans that are repository paths
(``notebooks/lessons/handouts.py``, ``benchmarks/TESTS.md``; a glob such as
``tests/test_fuzz_*.py`` must match a file, and ``NN-subject`` stands for a lesson); and a
bare document name (``RULINGS.md``), which must be at the top of the repository.

**Beside them**, two promises of the docs that were wrong: lesson 00's time is the same
wherever it is stated, and what ``notebooks/lessons/timing.py`` counts; ``make lab``'s
first address is the one to open, with its token, not Jupyter's masked one.

Every check is first shown failing on a made-up example (the tests named ``..._catches_...``).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import io
import json
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatch
from functools import cache
from itertools import pairwise
from pathlib import Path, PurePosixPath
from types import ModuleType

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from scripts import outside_make
from tests.test_docs import shell_lines

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
HOW_TOS = sorted(str(p.relative_to(ROOT)) for p in (DOCS / "how-to").glob("*.md"))
CITING = ["README.md", *HOW_TOS]
MAKEFILE = ROOT / "Makefile"
BUILT = ("build", ".venv", ".cache", "node_modules", "docs/_build", "dist")
"""Folders a build or the set-up writes: not in a fresh clone, and not expected there."""
SHELLS = {"bash", "sh", "shell"}
TEXT_PROGRAMS = {"make", "python", "python3", "nbgrader", "jupyter", "voila", "pip"}
"""The programs whose code spans in the running text are commands (and ``.venv/bin/...``)."""
SYSTEM = {"npm", "cat", "echo"}
"""The system's programs a page may use (``cd`` too, which moves the steps after it)."""
PLACEHOLDERS = {"NN-subject": "[0-9][0-9]-*"}
"""Words of a cited path that stand for any lesson, as a glob."""


# --- the commands -------------------------------------------------------------------------

@dataclass(frozen=True)
class Command:
    """A command as a page prints it: where it is, its text, and the kind of block (or
    ``text`` for a code span in the running text)."""

    page: str
    line: int
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: `{self.text}`"


FENCE = re.compile(r"^( *)(`{3,}|~{3,})\s*([\w+-]*)")
SPAN = re.compile(r"(?<!`)`([^`]+)`(?!`)")


def blocks(text: str) -> Iterator[tuple[str, int, list[str]]]:
    """Every fenced block of a Markdown text, in a list item too: (its language, the number
    of its first line of content, its lines without the fence's indent)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opened = FENCE.match(lines[i])
        if opened:
            indent, fence, language = opened.groups()
            end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(fence)), len(lines))
            yield language, i + 2, [line.removeprefix(indent) for line in lines[i + 1:end]]
            i = end
        i += 1


def prose(text: str) -> str:
    """The text with every fenced block's lines emptied, the lines kept in place."""
    lines = text.splitlines()
    for _, first, content in blocks(text):
        for number in range(first - 1, first + len(content) + 1):
            if number - 1 < len(lines):
                lines[number - 1] = ""
    return "\n".join(lines)


def shell_block_commands(page: str, first: int, lines: list[str], language: str) -> list[Command]:
    """The commands of a ``sh``-like block: a line each, a trailing backslash joining lines."""
    found: list[Command] = []
    start, held = first, ""
    for number, line in enumerate(lines, first):
        start = start if held else number
        text = f"{held} {line.strip()}".strip()
        if text.endswith("\\"):
            held = text[:-1].rstrip()
            continue
        held = ""
        if text and not text.startswith("#"):
            found.append(Command(page, start, text, language))
    return found


def block_commands(page: str, text: str) -> list[Command]:
    """The commands of a page's ``console``, ``bash``, ``sh`` and ``shell`` blocks."""
    found: list[Command] = []
    for language, first, lines in blocks(text):
        if language == "console":
            found += [Command(page, number, line[2:].strip(), "console")
                      for number, line in enumerate(lines, first) if line.startswith("$ ")]
        elif language in SHELLS:
            found += shell_block_commands(page, first, lines, language)
    return found


def spans(text: str) -> Iterator[tuple[int, str]]:
    """Every code span of the running text: (its line, its words joined by single spaces)."""
    outside = prose(text)
    for span in SPAN.finditer(outside):
        if "\n\n" not in span[1]:
            yield outside.count("\n", 0, span.start()) + 1, " ".join(span[1].split())


def text_commands(page: str, text: str) -> list[Command]:
    """The code spans of the running text that are commands (see the module's docstring)."""
    return [Command(page, line, span, "text") for line, span in spans(text)
            if len(words := span.split()) > 1
            and (words[0] in TEXT_PROGRAMS or words[0].startswith(".venv/bin/"))]


def page_commands(page: str, text: str) -> list[Command]:
    """Every command a page prints, in the order of its lines."""
    return sorted([*block_commands(page, text), *text_commands(page, text)], key=lambda c: c.line)


def documented_commands() -> list[Command]:
    """Every command of the README and of every how-to guide."""
    return [command for page in CITING
            for command in page_commands(page, (ROOT / page).read_text(encoding="utf-8"))]


# --- a command line's steps -------------------------------------------------------------------

OPERATORS = {"&&", "||", ";", "|", "&"}
REDIRECTIONS = {"<", ">", ">>", ">&", "<&"}


def words(line: str) -> list[str]:
    """A command line's words and operators, as the shell splits them (comments left out)."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    return list(lexer)


def from_top(word: str, folder: str) -> str:
    """A word of a step run in ``folder``, a relative path in it made relative to the
    repository's top."""
    if folder == "." or "/" not in word or word.startswith(("/", "~", "-")) or re.match(r"^\w+:", word):
        return word
    return os.path.normpath(os.path.join(folder, word))


def steps(line: str) -> list[list[str]]:
    """The simple commands of a command line, in order (``(cd build/course && ...)``: a
    ``cd`` step, then the rest with its paths from the repository's top); brackets, operators
    and redirections (with their files) left out."""
    parts: list[list[str]] = [[]]
    for word in words(line):
        if word in OPERATORS:
            parts.append([])
        elif word not in ("(", ")"):
            parts[-1].append(word)
    found, folder = [], "."
    for part in filter(None, parts):
        argv = [w for i, w in enumerate(part) if w not in REDIRECTIONS and (i == 0 or part[i - 1] not in REDIRECTIONS)]
        found.append([from_top(word, folder) for word in argv])
        if argv[0] == "cd" and len(argv) > 1:
            folder = found[-1][1]
    return found


# --- what a fresh clone holds ---------------------------------------------------------------

@cache
def clone() -> frozenset[str]:
    """The files a clone of the working tree holds: tracked, and new files not ignored."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout.decode()
    return frozenset(name for name in listed.split("\0") if name and (ROOT / name).exists())


def built(path: str) -> bool:
    """Whether ``path`` lies in a folder that a build or the set-up writes."""
    return any(path == folder or path.startswith(f"{folder}/") for folder in BUILT)


@cache
def tops(files: frozenset[str]) -> frozenset[str]:
    """The names at the top of the repository: its folders and files."""
    return frozenset(f.split("/")[0] for f in files)


def in_repository(path: str, files: frozenset[str]) -> bool:
    """Whether ``path`` names a place in the repository: its first folder (or the file itself,
    at the top) is the clone's, and no build writes it."""
    path = path.removeprefix("./")
    return not built(path) and not re.match(r"^\w+:", path) and path.split("/")[0] in tops(files)


def exists(path: str, files: frozenset[str]) -> bool:
    """Whether the clone holds ``path`` (a file, a folder, or a glob that matches a file)."""
    path = path.removeprefix("./").rstrip("/")
    for word, pattern in PLACEHOLDERS.items():
        path = path.replace(word, pattern)
    if any(mark in path for mark in "*?["):
        return any(fnmatch(f, path) for f in files)
    return path in files or any(f.startswith(f"{path}/") for f in files)


def missing_paths(words: list[str], files: frozenset[str]) -> list[str]:
    """The words (or the values of ``NAME=value`` words) that name a repository path the
    clone lacks."""
    values = [word.split("=", 1)[-1] for word in words]
    return [value for value in values if "/" in value and in_repository(value, files) and not exists(value, files)]


# --- the Makefile ------------------------------------------------------------------------------

RULE = re.compile(r"^([^\s:#=$][^:=]*?)\s*::?(?!=)")


def makefile_targets(makefile: Path) -> dict[str, str]:
    """Every target of a Makefile with its recipe's text."""
    targets: dict[str, str] = {}
    current: list[str] = []
    for line in makefile.read_text(encoding="utf-8").splitlines():
        if line.startswith("\t"):
            for name in current:
                targets[name] += line + "\n"
        elif rule := RULE.match(line):
            current = rule[1].split()
            targets.update({name: targets.get(name, "") for name in current})
        elif line.strip() and not line.startswith("#"):
            current = []
    return targets


def targets_running(script: str, makefile: Path = MAKEFILE) -> list[str]:
    """The Makefile's targets whose recipe runs ``script``."""
    return [name for name, recipe in makefile_targets(makefile).items() if script in recipe]


def make_problems(argv: list[str], makefile: Path = MAKEFILE) -> list[str]:
    """A ``make`` command's target and variables, against the Makefile."""
    words = argv[1:]
    targets = [w for w in words if not w.startswith("-") and "=" not in w]
    variables = [w.split("=", 1)[0] for w in words if "=" in w and not w.startswith("-")]
    known, text = makefile_targets(makefile), makefile.read_text(encoding="utf-8")
    problems = [] if targets else ["names no target (the first in the Makefile would run)"]
    problems += [f"the Makefile has no target `{t}`" for t in targets if t not in known]
    problems += [f"the Makefile reads no variable `{v}` (make ignores it)" for v in variables
                 if not re.search(rf"\$[({{]{re.escape(v)}[)}}]", text)]
    return problems


@cache
def dry_run(words: tuple[str, ...], makefile: Path = MAKEFILE) -> tuple[int, str]:
    """``make -n -B WORDS``: the exit status, and what it printed (its recipes, or its error)."""
    env = outside_make()
    done = subprocess.run(["make", "-f", str(makefile), "-n", "-B", *words], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    return done.returncode, done.stdout + done.stderr


def recipe_words(printed: str) -> list[str]:
    """The words of the recipes a dry run printed."""
    words: list[str] = []
    for line in printed.splitlines():
        try:
            words += shlex.split(line)
        except ValueError:
            words += line.split()
    return words


def dry_run_problems(argv: list[str], makefile: Path = MAKEFILE) -> list[str]:
    """A ``make`` command run dry, as on a fresh clone: it succeeds, and what its recipes
    run is in the clone."""
    status, printed = dry_run(tuple(argv[1:]), makefile)
    if status != 0:
        return [f"`make -n -B {shlex.join(argv[1:])}` exited {status}: {printed.strip()[-300:]}"]
    words, files = recipe_words(printed), clone()
    modules = [m for flag, m in pairwise(words) if flag == "-m"
               and in_repository(m.replace(".", "/"), files) and not module_exists(m, files)]
    return ([f"its recipe runs `{path}`, which is not in the repository" for path in missing_paths(words, files)]
            + [f"its recipe runs the module `{m}`, which is not in the repository" for m in modules])


# --- the environment ------------------------------------------------------------------------

@cache
def pyproject() -> dict:
    """The project's pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def project_requirements() -> list[Requirement]:
    """What the package and every extra of it require (itself left out)."""
    project = pyproject()["project"]
    texts = [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]
    return [r for r in map(Requirement, texts) if canonicalize_name(r.name) != "bluffmath"]


def requirements_of(name: str) -> list[Requirement]:
    """What the installed distribution ``name`` requires without extras (none if not installed)."""
    try:
        texts = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    return [r for r in map(Requirement, texts) if r.marker is None or r.marker.evaluate({"extra": ""})]


@cache
def installed_by_the_project() -> frozenset[str]:
    """The distributions the project's extras install, with everything they require."""
    seen: set[str] = set()
    todo = [r.name for r in project_requirements()]
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in seen:
            seen.add(name)
            todo += [r.name for r in requirements_of(name)]
    return frozenset(seen)


@cache
def venv_commands() -> frozenset[str]:
    """The commands in ``.venv/bin`` after the set-up: Python, the project's own, and those
    of the packages its extras install."""
    ours = set(pyproject()["project"].get("scripts", {}))
    theirs = {ep.name for ep in importlib.metadata.entry_points(group="console_scripts")
              if ep.dist is not None and canonicalize_name(ep.dist.name) in installed_by_the_project()}
    return frozenset({"python", "python3", *ours, *theirs})


def python_target(args: list[str]) -> tuple[str, str] | None:
    """What a ``python`` command runs: ``("module", name)``, ``("script", path)``, or None
    (an interpreter, or ``-c``)."""
    for i, word in enumerate(args):
        if word == "-m":
            return ("module", args[i + 1]) if i + 1 < len(args) else None
        if word.startswith("-m"):
            return "module", word[2:]
        if word == "-c":
            return None
        if not word.startswith("-"):
            return "script", word
    return None


def needs_no_clone(module: str) -> bool:
    """Whether ``python -m module`` runs wherever bluffmath is installed: the standard
    library's modules, and bluffmath's own command."""
    top = module.split(".")[0]
    return top == "bluffmath" or top in sys.stdlib_module_names


def module_exists(module: str, files: frozenset[str]) -> bool:
    """Whether ``python -m module`` finds it: in the repository, or in the environment."""
    path = module.replace(".", "/")
    if in_repository(path, files):
        return exists(f"{path}.py", files) or exists(f"{path}/__main__.py", files)
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def python_problems(argv: list[str], files: frozenset[str]) -> list[str]:
    """What a Python command runs must be there; a bare ``python`` may run only what needs no
    clone."""
    target = python_target(argv[1:])
    if target is None:
        return []
    kind, name = target
    problems = []
    if kind == "module" and not module_exists(name, files):
        problems.append(f"no module `{name}` in the repository or the environment")
    if kind == "script" and not exists(name, files):
        problems.append(f"no script `{name}` in the repository")
    if argv[0] in ("python", "python3") and not (kind == "module" and needs_no_clone(name)):
        instead = " or ".join(f"`make {t}`" for t in targets_running(name)) or "`make TARGET`"
        problems.append(f"a bare `{argv[0]}` runs the {kind} `{name}` with whatever Python comes first "
                        f"on the PATH, not the project's environment: write {instead} or `.venv/bin/python`")
    return problems


def pip_problems(argv: list[str]) -> list[str]:
    """Every extra a ``pip install`` names (``bluffmath[x]`` or ``.[x]``) is pyproject.toml's."""
    extras = set(pyproject()["project"]["optional-dependencies"])
    named = [e.strip() for word in argv for group in re.findall(r"(?:^|bluffmath|\.)\[([^\]]+)\]", word)
             for e in group.split(",")]
    return [f"pyproject.toml has no extra `{e}`" for e in named if e not in extras]


def program_problems(argv: list[str], files: frozenset[str], makefile: Path = MAKEFILE) -> list[str]:
    """Whether a command's program is there on a fresh clone after the README's set-up (the
    rules are in the module's docstring)."""
    program = argv[0]
    if program == "make":
        return make_problems(argv, makefile)
    if program.startswith(".venv/bin/"):
        name = program.removeprefix(".venv/bin/")
        if name not in venv_commands():
            return [f"no package the project installs gives a command `{name}`"]
        return python_problems(argv, files) if name.startswith("python") else []
    if program in ("python", "python3"):
        return python_problems(argv, files)
    if program in pyproject()["project"].get("scripts", {}) or program in SYSTEM or program == "cd":
        return []
    if program == "pip":
        return pip_problems(argv)
    if program in venv_commands():
        return [f"`{program}` is in .venv only (the set-up puts nothing on the PATH): "
                f"write `.venv/bin/{program}`"]
    return [f"`{program}` is neither the project's nor installed by its set-up"]


# --- running what is cheap -------------------------------------------------------------------

def executable(program: str) -> str:
    """The file that runs ``program``: the repository's ``.venv/bin/...`` as printed (or, if
    this run has no ``.venv``, the same command of the environment running the tests)."""
    name = program.removeprefix(".venv/bin/")
    if name in ("python", "python3"):
        return sys.executable
    printed = ROOT / ".venv" / "bin" / name
    return str(printed) if printed.exists() else str(Path(sysconfig.get_path("scripts")) / name)


def help_argv(argv: list[str]) -> list[str]:
    """The command cut before its first option, ``--help`` after it: the program and the
    words that choose what it does, asked what it knows."""
    head = 1
    if argv[0].removeprefix(".venv/bin/") in ("python", "python3"):
        kind, _ = python_target(argv[1:]) or ("", "")
        head = argv.index("-m") + 2 if kind == "module" and "-m" in argv else 2
    rest = argv[head:]
    chosen = rest[:next((i for i, w in enumerate(rest) if w.startswith("-")), len(rest))]
    return [executable(argv[0]), *argv[1:head], *chosen, "--help"]


@cache
def ask_for_help(argv: tuple[str, ...]) -> tuple[int, str]:
    """Run ``argv`` (a ``--help`` command) from the repository: its status and output."""
    done = subprocess.run(list(argv), cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    return done.returncode, done.stdout + done.stderr


def help_problems(argv: list[str]) -> list[str]:
    """The command's program starts and exits 0 when asked for help, and names every
    ``--option`` the command uses."""
    asked = help_argv(argv)
    status, printed = ask_for_help(tuple(asked))
    shown = shlex.join([argv[0], *asked[1:]])
    if status != 0:
        return [f"`{shown}` exited {status}: {printed.strip()[-300:]}"]
    options = sorted({w.split("=", 1)[0] for w in argv if re.match(r"--\w", w)})
    return [f"`{shown}` does not know {option}" for option in options
            if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", printed)]


RUN_BY_TEST_DOCS = {(f"docs/{page}", line) for page, line, _ in shell_lines()}
"""The ``sh`` lines tests/test_docs.py runs (it runs every ``console`` line too)."""


def run_problems(command: Command, argv: list[str]) -> list[str]:
    """Run what is cheap (see the module's docstring): ``make`` dry, the rest with ``--help``."""
    program = argv[0]
    if program == "make":
        return dry_run_problems(argv)
    if command.where == "console" or (command.page, command.line) in RUN_BY_TEST_DOCS:
        return []
    runnable = (program.startswith(".venv/bin/") or program == "bluffmath"
                or (program in ("python", "python3") and python_target(argv[1:]) is not None))
    return help_problems(argv) if runnable else []


def command_problems(command: Command, files: frozenset[str] | None = None) -> list[str]:
    """Everything that stops ``command`` from running as printed on a fresh clone: each of
    its steps' program and paths, then (if they are there) what runs of each."""
    files = clone() if files is None else files
    try:
        argvs = steps(command.text)
    except ValueError as error:
        return [f"the shell cannot read it: {error}"]
    problems = [problem for argv in argvs for problem in
                program_problems(argv, files) + [f"`{p}` is not in the repository" for p in missing_paths(argv[1:], files)]]
    return problems or [problem for argv in argvs for problem in run_problems(command, argv)]


# --- what the pages cite ---------------------------------------------------------------------

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a Markdown text's headings."""
    return {slug(line.lstrip("#")) for line in prose(text).splitlines() if re.match(r"#{1,6} ", line)}


def links(text: str) -> Iterator[tuple[int, str, str]]:
    """Every link of the running text to a place of the repository: (its line, the path,
    the anchor); a link to another site is left out."""
    outside = prose(text)
    for link in LINK.finditer(outside):
        path, _, anchor = link[1].partition("#")
        if not re.match(r"^[a-z][\w+.-]*:", path):
            yield outside.count("\n", 0, link.start()) + 1, path, anchor


def link_problems(page: str, text: str, files: frozenset[str], own_anchors: bool, folder: str = "") -> list[str]:
    """Every relative link's target (from ``folder``, by default the page's) is in the clone
    (and, if ``own_anchors``, every ``#anchor`` of the page is one of its headings)."""
    problems, headings = [], anchors(text)
    for line, path, anchor in links(text):
        if path and not exists(os.path.normpath(PurePosixPath(folder or PurePosixPath(page).parent) / path), files):
            problems.append(f"{page}:{line}: the link to {path} leads to no file of the repository")
        elif not path and own_anchors and anchor not in headings:
            problems.append(f"{page}:{line}: the link to #{anchor} leads to no heading of the page")
    return problems


def span_problems(page: str, text: str, files: frozenset[str]) -> list[str]:
    """Every code span that is a repository path (or a bare document name) is in the clone."""
    problems = []
    for line, span in spans(text):
        if " " in span:
            continue
        if re.fullmatch(r"[\w.-]+\.md", span) and span not in files:
            problems.append(f"{page}:{line}: `{span}` is not a document at the top of the repository")
        elif "/" in span and in_repository(span, files) and not exists(span, files):
            problems.append(f"{page}:{line}: `{span}` is not in the repository")
    return problems


def citation_problems(page: str, text: str, files: frozenset[str], folder: str = "") -> list[str]:
    """Every file or page ``page`` cites that the clone lacks (its links from ``folder``, by
    default the page's)."""
    return (link_problems(page, text, files, own_anchors=page == "README.md", folder=folder)
            + span_problems(page, text, files))


LESSON_COPIES = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "notebooks" / "lessons").glob("*/[0-9][0-9]-*.ipynb"))
"""The lessons as they are handed out: the student and the solution copies."""


def lesson_problems(copy: str, files: frozenset[str]) -> list[str]:
    """Every file a lesson's copy cites in its text that the clone lacks, by cell."""
    cells = json.loads((ROOT / copy).read_text(encoding="utf-8"))["cells"]
    return [problem for number, cell in enumerate(cells, 1) if cell["cell_type"] == "markdown"
            for problem in citation_problems(f"{copy} cell {number}", "".join(cell["source"]), files,
                                             folder=str(PurePosixPath(copy).parent))]


# --- lesson 00's time --------------------------------------------------------------------------

NUMBERS = {word: n for n, word in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"))}
MINUTES = re.compile(rf"\b(\d+|{'|'.join(NUMBERS)})\s+minutes\b", re.I)
BASICS = "00-notebook-basics"
STATED = {"README.md": BASICS, "docs/how-to/teach-the-course.md": BASICS, "docs/lessons/index.md": BASICS,
          f"notebooks/lessons/{BASICS}.py": ""}
"""Where lesson 00's time is stated, and what names the lesson just before it ("" for the
lesson itself: its first statement of minutes)."""


def minutes_stated(text: str, after: str) -> list[int]:
    """The minutes a text states for what ``after`` names: the first number of minutes
    within a sentence or so after each mention of it (the whole text when ``after`` is "")."""
    if not after:
        found = MINUTES.search(text)
        return [] if found is None else [_number(found[1])]
    stated = []
    for mention in re.finditer(re.escape(after), text):
        found = MINUTES.search(text[mention.end():mention.end() + 120].split("\n\n")[0])
        if found:
            stated.append(_number(found[1]))
    return stated


def _number(word: str) -> int:
    """A number written in digits or in words."""
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


def load(path: Path) -> ModuleType:
    """A script of the repository as a module (its folder is no package)."""
    name = f"_docs_commands_{path.stem}"  # registered, as dataclasses look their module up
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


# --- make lab's first address ----------------------------------------------------------------

ADDRESS = re.compile(r"https?://\S+")
JUPYTER_START = """\
[I 2026-12-06 01:18:16.831 ServerApp] Serving notebooks from local directory: /work/main/notebooks
[I 2026-12-06 01:18:16.831 ServerApp] Jupyter Server 2.21.1 is running at:
[I 2026-12-06 01:18:16.831 ServerApp] http://127.0.0.1:9371/lab?token=...
[I 2026-12-06 01:18:16.831 ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).
"""
"""Jupyter's log at start when it is given its token (jupyter_server 2.21), as the terminal
showed it before ``make lab`` kept the masked address off."""


def first_address(lines: list[str]) -> str | None:
    """The first web address in ``lines``, as a reader meets it."""
    return next((found[0] for line in lines if (found := ADDRESS.search(line))), None)


def opens_the_lab(address: str | None) -> bool:
    """Whether ``address`` opens the lab: it carries a real token, not Jupyter's ``...``."""
    return address is not None and re.search(r"[?&]token=[\w-]{32,}", address) is not None


@cache
def counted_minutes() -> tuple[int, ...]:
    """Lesson 00's minutes as ``notebooks/lessons/timing.py`` counts them."""
    timing = load(ROOT / "notebooks" / "lessons" / "timing.py")
    return timing.count(ROOT / "notebooks" / "lessons" / f"{BASICS}.py").minutes


LAB = load(ROOT / "scripts" / "lab.py")

# === the tests ==================================================================================

COMMANDS = documented_commands()


def test_the_collector_catches_every_kind_of_command() -> None:
    page = """Run `make lite` and `.venv/bin/python
lite/build.py build --solutions`, then:

```console
$ bluffmath hochstapler odds --players 4
output, not a command
```

```sh
make class   # a comment
# a comment line
.venv/bin/python -m http.server \\
    --directory build/lite
```

```text
make not-a-command
```

`make` alone, and `bluffmath x --y` in the text, are no commands; `pip install ".[teach]"` is.
"""
    found = [(c.where, c.line, c.text) for c in page_commands("made-up.md", page)]
    assert found == [("text", 1, "make lite"), ("text", 1, ".venv/bin/python lite/build.py build --solutions"),
                     ("console", 5, "bluffmath hochstapler odds --players 4"),
                     ("sh", 10, "make class   # a comment"),
                     ("sh", 12, ".venv/bin/python -m http.server --directory build/lite"),
                     ("text", 20, 'pip install ".[teach]"')]


def test_the_steps_of_a_command_line_are_read_as_the_shell_reads_them() -> None:
    assert steps("(cd build/course && ../../.venv/bin/nbgrader collect 05-x --course=bluffmath)") == [
        ["cd", "build/course"], [".venv/bin/nbgrader", "collect", "05-x", "--course=bluffmath"]]
    assert steps("cat position.json | bluffmath gauner solve - --json   # a comment") == [
        ["cat", "position.json"], ["bluffmath", "gauner", "solve", "-", "--json"]]
    assert steps("bluffmath gauner solve - < position.json") == [["bluffmath", "gauner", "solve", "-"]]
    assert steps("make lite LITE_SOLUTIONS=1") == [["make", "lite", "LITE_SOLUTIONS=1"]]
    listed = "- a step:\n\n  ```sh\n  make course\n  ```\n"
    assert [(c.where, c.line, c.text) for c in page_commands("made-up.md", listed)] == [("sh", 4, "make course")]


def test_the_how_tos_have_commands_of_every_kind() -> None:
    kinds = {(c.page, c.where) for c in COMMANDS}
    assert {("docs/how-to/lessons-in-the-browser.md", "sh"), ("docs/how-to/command-line.md", "console"),
            ("docs/how-to/embed-calculator.md", "bash"), ("README.md", "text")} <= kinds
    assert "docs/how-to/teach-the-course.md" in {page for page, _ in kinds}
    assert any(c.text.startswith("make grade LESSON=") for c in COMMANDS)


BROKEN = [
    ("python notebooks/lessons/handouts.py --pdf", "write `make handouts` or `.venv/bin/python`"),
    ("python -m benchmarks.lite --write", "`.venv/bin/python`"),
    ("nbgrader release_assignment 05-gauner-deduction", "write `.venv/bin/nbgrader`"),
    ("make handout", "no target `handout`"),
    ("make lite LITE_SOLUTION=1", "no variable `LITE_SOLUTION`"),
    ("make", "names no target"),
    (".venv/bin/notaprogram --x", "no package the project installs gives a command `notaprogram`"),
    (".venv/bin/python lite/biuld.py build", "no script `lite/biuld.py`"),
    (".venv/bin/python -m benchmarks.nosuch", "no module `benchmarks.nosuch`"),
    (".venv/bin/voila notebooks/no-such.ipynb", "`notebooks/no-such.ipynb` is not in the repository"),
    ("pip install 'bluffmath[solver]'", "no extra `solver`"),
    ("frobnicate --all", "`frobnicate` is neither the project's nor installed by its set-up"),
    ("make 'lite", "the shell cannot read it"),
    ("(cd build/course && nbgrader collect 05-gauner-deduction)", "write `.venv/bin/nbgrader`"),
    ("(cd notebooks && ../.venv/bin/python lessons/no-such.py)", "no script `notebooks/lessons/no-such.py`"),
]


@pytest.mark.parametrize(("text", "said"), BROKEN, ids=[text for text, _ in BROKEN])
def test_the_program_and_path_checks_catch_a_command_a_fresh_clone_cannot_run(text: str, said: str) -> None:
    problems = command_problems(Command("made-up.md", 1, text, "sh"))
    assert any(said in problem for problem in problems), problems


FINE = ["make lite LITE_SOLUTIONS=1", "make class CLASS_HOST=127.0.0.1",
        ".venv/bin/nbgrader release_assignment 05-gauner-deduction",
        "python -m http.server --bind 127.0.0.1 8000", "python -m bluffmath --help",
        "pip install 'bluffmath[solve]'", "npm install pyodide@314.0.7", ".venv/bin/python -m benchmarks.lite --write",
        "(cd build/course && ../../.venv/bin/nbgrader generate_feedback 05-gauner-deduction)"]


@pytest.mark.parametrize("text", FINE)
def test_the_checks_pass_a_command_that_runs(text: str) -> None:
    assert command_problems(Command("made-up.md", 1, text, "sh")) == []


def test_the_dry_run_catches_a_target_whose_recipe_runs_a_missing_script(tmp_path: Path) -> None:
    makefile = tmp_path / "Makefile"
    makefile.write_text(".PHONY: good bad\ngood:\n\tpython3 scripts/lab.py student\n\tpython3 -m benchmarks.lite\n"
                        "bad: good\n\tpython3 scripts/no-such.py\n\tpython3 -m benchmarks.no_such\n",
                        encoding="utf-8")
    assert dry_run_problems(["make", "good"], makefile) == []
    assert dry_run_problems(["make", "bad"], makefile) == [
        "its recipe runs `scripts/no-such.py`, which is not in the repository",
        "its recipe runs the module `benchmarks.no_such`, which is not in the repository"]
    (failed,) = dry_run_problems(["make", "missing"], makefile)
    assert "exited 2" in failed
    assert "No rule to make target" in failed


def test_the_help_run_catches_an_option_or_a_choice_the_program_does_not_know() -> None:
    assert help_problems([".venv/bin/python", "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                          "build/lite", "8000"]) == []
    (unknown,) = help_problems([".venv/bin/python", "-m", "http.server", "--bnid", "127.0.0.1"])
    assert unknown.endswith("does not know --bnid")
    (wrong,) = help_problems([".venv/bin/python", "lite/build.py", "biuld", "--solutions"])
    assert wrong.startswith("`.venv/bin/python lite/build.py biuld --help` exited 2")


@pytest.mark.parametrize("command", COMMANDS, ids=[f"{c.page.removeprefix('docs/')}:{c.line}:{c.text[:50]}"
                                                   for c in COMMANDS])
def test_a_how_to_command_runs_as_printed_on_a_fresh_clone(command: Command) -> None:
    problems = command_problems(command)
    assert problems == [], f"{command}\n" + "\n".join(f"  - {p}" for p in problems)


CITING_BROKEN = """See `RULINGS.md`, `benchmarks/NOPE.md` and [the limits](docs/reference/nope.md), or
[speed](#sped); `notebooks/lessons/NN-subject.py`, `tests/test_fuzz_*.py`, `build/lite`,
`lessons/solutions/x.ipynb`, [limits](docs/reference/limits.md), [a heading](#a-heading) and
[a site](https://example.org/nope.md) are fine.

```sh
cat `RULINGS.md`
```

## A heading
"""


def test_the_citation_check_catches_a_file_or_a_heading_that_is_not_there() -> None:
    assert citation_problems("README.md", CITING_BROKEN, clone()) == [
        "README.md:1: the link to docs/reference/nope.md leads to no file of the repository",
        "README.md:2: the link to #sped leads to no heading of the page",
        "README.md:1: `RULINGS.md` is not a document at the top of the repository",
        "README.md:1: `benchmarks/NOPE.md` is not in the repository"]
    relative = "[the review](../explanation/review.md), [no page](../explanation/nope.md)"
    assert citation_problems("docs/how-to/x.md", relative, clone()) == [
        "docs/how-to/x.md:1: the link to ../explanation/nope.md leads to no file of the repository"]


@pytest.mark.parametrize("page", CITING)
def test_every_file_a_page_cites_is_in_the_repository(page: str) -> None:
    problems = citation_problems(page, (ROOT / page).read_text(encoding="utf-8"), clone())
    assert problems == [], "\n".join(problems)


def test_the_lesson_check_catches_a_file_a_lesson_cites_that_is_not_there() -> None:
    cell = "As in [lesson 1](01-counting.ipynb) and [lesson 9](09-none.ipynb), by `RULINGS.md`."
    assert citation_problems("a lesson cell 3", cell, clone(), folder="notebooks/lessons/student") == [
        "a lesson cell 3:1: the link to 09-none.ipynb leads to no file of the repository",
        "a lesson cell 3:1: `RULINGS.md` is not a document at the top of the repository"]


@pytest.mark.parametrize("copy", LESSON_COPIES)
def test_every_file_a_lesson_cites_is_in_the_repository(copy: str) -> None:
    problems = lesson_problems(copy, clone())
    assert problems == [], "\n".join(problems)


def test_the_readme_cites_the_rulings_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/reference/rulings.md)" in readme
    assert (DOCS / "reference" / "rulings.md").read_text(encoding="utf-8").startswith("# Rulings\n")


def test_the_minutes_check_catches_a_time_that_is_not_the_count() -> None:
    assert minutes_stated("lesson 1 takes 40 minutes; `00-notebook-basics.ipynb` (about ten minutes: "
                          "running a cell)", BASICS) == [10]
    assert minutes_stated("*About ten minutes, before lesson 1.* Then 40 minutes.", "") == [10]
    assert minutes_stated("`00-notebook-basics.ipynb`, not timed.\n\nA lesson: 40 minutes.", BASICS) == []


@pytest.mark.parametrize("source", sorted(STATED))
def test_lesson_00s_time_is_what_timing_py_counts(source: str) -> None:
    counted = counted_minutes()
    stated = minutes_stated((ROOT / source).read_text(encoding="utf-8"), STATED[source])
    assert stated, f"{source} no longer states lesson 00's time: update STATED"
    assert set(stated) == {counted[0]}, f"{source} says {stated} minutes; timing.py counts {counted[0]}"


def test_make_labs_filter_catches_jupyters_masked_address() -> None:
    log = JUPYTER_START.splitlines(keepends=True)
    ours = ["\n", "Open this address (on this computer only):\n", "\n",
            "    http://127.0.0.1:9371/lab?token=ptO7_50veec-q2J2VFTaoGLYh-xl3pVtp-rZsbxymZ4\n"]
    assert not opens_the_lab(first_address(log + ours))  # Jupyter's masked address came first
    relayed = io.StringIO()
    LAB.relay(io.StringIO(JUPYTER_START), relayed)
    assert opens_the_lab(first_address(relayed.getvalue().splitlines() + ours))
    assert "Serving notebooks" in relayed.getvalue()  # the rest of Jupyter's log is kept
    assert "Use Control-C" in relayed.getvalue()


@pytest.mark.slow
def test_make_lab_shows_the_address_to_open_first() -> None:
    """scripts/lab.py (``make lab``) started for real: the first address in all it and
    Jupyter print, before and with its banner, carries the token."""
    pytest.importorskip("jupyterlab", reason="needs JupyterLab (pip install '.[jupyter]'); CI fails here")
    script = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "lab.py"), "student", "--no-browser",
                               "--port", str(LAB.free_port(9400))],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT)
    try:
        seen = []
        for line in script.stdout:
            seen.append(line)
            if "Stop with Ctrl+C" in line:
                break
        assert opens_the_lab(first_address(seen)), "".join(seen)
    finally:
        script.terminate()
        script.wait(timeout=30)
