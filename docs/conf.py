"""Sphinx configuration of the bluffmath documentation (MyST Markdown, Diátaxis split).

Build with ``make docs`` (warnings are errors); tests/test_docs.py builds it too.
"""

import json
import shutil
import sys
from pathlib import Path

# Document the working tree, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bluffmath

ROOT = Path(__file__).resolve().parent.parent

project = "bluffmath"
author = "The bluffmath developers"
copyright = "the bluffmath developers"
release = bluffmath.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_nb",  # MyST Markdown pages, and the lessons' notebooks executed at every build
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
]

source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]


DOCS = Path(__file__).resolve().parent
LESSONS = ROOT / "notebooks" / "lessons" / "student"
"""The lessons' student copies (generated from the lessons' sources): the public site shows
what a student gets; the solutions stay with the teacher."""


def _sources() -> dict[Path, Path]:
    """What Sphinx reads, by where it goes in the staged tree: docs/ (its build folders
    left out), the student copies as docs/lessons/notebooks/, and the same copies where the
    lessons page's download links find them (notebooks/lessons/student/). The translated
    student copies (notebooks/lessons/student/LANG/, such as docs/de/kurs.md's) are staged
    only where their download links find them: outside docs/, so that Sphinx neither reads
    them as pages nor runs them."""
    skip = {"_build", "__pycache__", ".ipynb_checkpoints"}
    found = {Path("docs") / p.relative_to(DOCS): p for p in DOCS.rglob("*")
             if p.is_file() and not skip & set(p.relative_to(DOCS).parts)
             and not p.is_relative_to(DOCS / "lessons" / "notebooks")}
    for lesson in LESSONS.glob("*.ipynb"):
        found[Path("docs", "lessons", "notebooks", lesson.name)] = lesson
        found[lesson.relative_to(ROOT)] = lesson
    for lesson in LESSONS.glob("*/*.ipynb"):
        if lesson.parent.name not in skip:
            found[lesson.relative_to(ROOT)] = lesson
    return found


def _stage(app, config) -> None:
    """Make Sphinx read a copy of its sources inside the build folder, so that a build
    writes nothing outside it (Sphinx reads only its source folder, and the lessons live in
    notebooks/). Files are copied with their times, and only when they changed, so that
    Sphinx rebuilds only what changed; files gone from the sources go from the copy."""
    stage = Path(app.doctreedir) / "sources"
    wanted = _sources()
    for old in [p for p in stage.rglob("*") if p.is_file()]:
        if old.relative_to(stage) not in wanted:
            old.unlink()
    for relative, source in wanted.items():
        target = stage / relative
        if not target.exists() or target.stat().st_mtime_ns != source.stat().st_mtime_ns \
                or target.read_bytes() != source.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    app.srcdir = type(app.srcdir)(stage / "docs")

# myst-nb: run every lesson at every build, and fail the build if a cell fails.
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 300
nb_execution_show_tb = True

# MyST: $...$ and $$...$$ for mathematics, ::: fences for directives, and anchors for
# headings down to level 3, so that pages can link to sections.
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3

# autodoc: members in the order of the source, signatures with their type hints.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# Offline: MathJax and the ipywidgets HTML manager (with RequireJS, which it needs) come
# from the npm packages package.json pins (`npm ci`), copied into the build's _static/ when
# the build finishes; no page asks a CDN for anything. Paths are relative to _static/.
NODE_MODULES = ROOT / "node_modules"
BUNDLED = {  # npm package: (what to copy, where under _static/)
    "mathjax": ("es5", "mathjax"),
    "requirejs": ("require.js", "requirejs/require.js"),
    "@jupyter-widgets/html-manager": ("dist", "html-manager"),
}
mathjax_path = "mathjax/tex-chtml.js"
HUB = "mathjax-hub.js"
HUB_JS = """// The ipywidgets HTML manager 1.0 typesets a widget's text with MathJax 2's
// MathJax.Hub.Queue(["Typeset", MathJax.Hub, element]); MathJax 3 offers typesetPromise.
document.addEventListener("DOMContentLoaded", () => {
  const mathjax = window.MathJax;
  if (!mathjax || mathjax.Hub || !mathjax.typesetPromise) return;
  mathjax.Hub = { Queue: (...jobs) => jobs.forEach((job) => mathjax.typesetPromise([job[2]])) };
});
"""
nb_ipywidgets_js = {HUB: {}, "requirejs/require.js": {}, "html-manager/embed-amd.js": {}}


def _bundle(app, exception) -> None:
    """Copy the pinned npm packages' files into the build's _static/ (and nowhere else)."""
    if exception is not None or app.builder.format != "html":
        return
    (Path(app.outdir) / "_static" / HUB).write_text(HUB_JS, encoding="utf-8")
    pins = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"]
    for package, (source, target) in BUNDLED.items():
        folder = NODE_MODULES / package
        try:
            found = json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
        except (OSError, ValueError, KeyError):
            found = None
        if found != pins[package]:
            raise RuntimeError(f"{folder} holds {package} {found}, package.json pins {pins[package]}: run `npm ci`")
        dest = Path(app.outdir) / "_static" / target
        if (folder / source).is_dir():
            shutil.copytree(folder / source, dest, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("*.map", "*.LICENSE.txt"))
        else:
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(folder / source, dest)


#: What every built page gets for WCAG 2.2 AA (issue 43): Sphinx writes the sidebar's
#: captions as headings with no level, and a code block that scrolls must take the focus
#: (so that a keyboard can scroll it).
ACCESSIBLE = (('<p class="caption" role="heading">', '<p class="caption" role="heading" aria-level="2">'),
              ('<div class="highlight"><pre>', '<div class="highlight"><pre tabindex="0">'))


def _accessible(app, exception) -> None:
    """Mend what the theme and Sphinx write (see :data:`ACCESSIBLE`) in every built page."""
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = original = page.read_text(encoding="utf-8")
        for old, new in ACCESSIBLE:
            text = text.replace(old, new)
        if text != original:
            page.write_text(text, encoding="utf-8")


def setup(app) -> None:
    app.connect("config-inited", _stage, priority=0)
    app.connect("build-finished", _bundle)
    app.connect("build-finished", _accessible)


html_theme = "alabaster"
# Every colour of the code's highlighting has at least 4.5:1 contrast on white (issue 43).
pygments_style = "xcode"
# Issue 34: no page scrolls sideways at 390 px; wide boxes scroll in themselves.
html_static_path = ["_static"]
html_css_files = ["narrow.css"]
html_js_files = ["scroll-focus.js"]  # a box that scrolls sideways takes the focus (issue 43)
html_title = f"bluffmath {release}"
html_theme_options = {
    "description": "Exact probabilities for bluffing and deduction card games",
    "fixed_sidebar": True,
    # Wide enough for a 99-column doctest line without a scroll bar.
    "page_width": "1180px",
    "sidebar_width": "240px",
}
