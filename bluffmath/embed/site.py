"""The static site: a page per calculator (plain form controls, and the answer for its own
values computed now by the core), the scripts and style they share (the page's script, and
the worker that runs Pyodide off the page's thread), the core's wheel, optionally a copy of
Pyodide, and the snippet for a blog.

Without a local Pyodide the pages load it from the jsDelivr CDN, at the version the tests
pin (``package.json``); with ``pyodide=`` (the npm package's folder) it is copied next to
the pages, which then work offline and on an intranet.

>>> snippet("hochstapler-odds", "https://example.org/odds/").split('" ')[:2]
['<iframe src="https://example.org/odds/hochstapler-odds.html', 'title="Hochstapler: is the call true?']
>>> 'name="players"' in form_html(calculator("hochstapler-odds"))
True
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from html import escape
from importlib.resources import files
from pathlib import Path
from string import Template

import bluffmath
from bluffmath.embed.calculators import CALCULATORS, calculate_json, calculator
from bluffmath.embed.forms import Calculator, Field
from bluffmath.embed.wheel import wheel_bytes, wheel_name
from bluffmath.errors import InvalidInputError

PYODIDE_VERSION = "314.0.7"
"""The Pyodide the pages load from the CDN; tests check it is the one package.json pins."""
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYODIDE_FOLDER = "pyodide"
PYODIDE_NEEDS = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_ALSO = ("pyodide.asm.mjs", "pyodide.asm.js", "pyodide.js", "package.json")
SHARED = ("bluffmath-embed.js", "bluffmath-embed-worker.js", "bluffmath-embed.css")
HEIGHT = 720


def _static(name: str) -> str:
    return files("bluffmath.embed").joinpath("static", name).read_text(encoding="utf-8")


def _control(f: Field) -> str:
    attributes = (f'id="f-{f.name}" name="{f.name}" data-default="{escape(f.default)}"'
                  + (f' aria-describedby="h-{f.name}"' if f.hint else ""))
    if f.options:
        options = "".join(f'<option value="{escape(v)}"{" selected" if v == f.default else ""}>'
                          f"{escape(t)}</option>" for v, t in f.options)
        return f"<select {attributes}>{options}</select>"
    return f'<input {attributes} value="{escape(f.default)}" autocomplete="off" spellcheck="false">'


def _field(f: Field) -> str:
    hint = f'<small id="h-{f.name}">{escape(f.hint)}</small>' if f.hint else ""
    return (f'<div class="field"><label for="f-{f.name}">{escape(f.label)}</label>'
            f"{_control(f)}{hint}</div>")


def form_html(calc: Calculator) -> str:
    """The form: one labelled control per field, fields of a group in a fieldset."""
    parts, group = [], None
    for f in calc.fields:
        if f.group != group:
            if group:
                parts.append("</fieldset>")
            if f.group:
                needs = f' data-needs-players="{f.needs_players}"' if f.needs_players else ""
                parts.append(f"<fieldset{needs}><legend>{escape(f.group)}</legend>")
            group = f.group
        parts.append(_field(f))
    if group:
        parts.append("</fieldset>")
    body = "\n".join(parts)
    return f'<form class="bluffmath-form">\n{body}\n<button type="submit">Calculate</button>\n</form>'


def written_answer(calc: Calculator) -> str:
    """The answer for the form's own values (every field at its default), computed now by
    the core: exactly the JSON the page's worker returns for them, which the page shows
    before Python has started in the browser and then checks against it.

    >>> json.loads(written_answer(calculator("hochstapler-odds")))["answer"]["fraction"]
    '377/495'
    """
    return calculate_json(calc.name, json.dumps(calc.defaults()))


def _in_script(text: str) -> str:
    """JSON made safe inside a ``<script>`` element: ``<``, ``>`` and ``&`` as JSON escapes
    (``json.dumps`` writes them only inside strings, where ``\\u003c`` means the same)."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(calc: Calculator, pyodide_url: str) -> str:
    """A calculator's page; ``pyodide_url`` is the folder Pyodide loads from (ends with /).
    It carries :func:`written_answer` in a ``<script type="application/json">``."""
    return Template(_static("calculator.html")).substitute(
        title=escape(calc.title), intro=escape(calc.intro), name=calc.name, form=form_html(calc),
        pyodide=escape(pyodide_url), wheel=wheel_name(), version=bluffmath.__version__,
        written=_in_script(written_answer(calc)), written_values=escape(json.dumps(calc.defaults())))


def index_html(calcs: Sequence[Calculator]) -> str:
    """A page linking every calculator."""
    items = "\n".join(f'<li><a href="{c.name}.html">{escape(c.title)}</a> {escape(c.intro)}</li>'
                      for c in calcs)
    return Template(_static("index.html")).substitute(items=items, version=bluffmath.__version__)


RESIZE = ('<script>window.bluffmathFrames||(window.bluffmathFrames=1,addEventListener("message",e=>{'
          'const d=e.data;if(!d||d.type!=="bluffmath-height"||!(d.height>0&&d.height<1e5))return;'
          'for(const f of document.querySelectorAll("iframe[data-bluffmath]"))'
          'if(f.contentWindow===e.source)f.style.height=Math.ceil(d.height)+"px"}))</script>')
"""The snippet's script: it sets the height of the calculator's iframe that sent a
``{type: "bluffmath-height", height}`` message (the page posts one whenever its height
changes). Pasted once per calculator, it listens once per page."""


def snippet(name: str, url: str) -> str:
    """The iframe to paste into a blog, for the page at ``url`` (the folder's address), and
    on a second line the small script that sizes the iframe to the page's content (without
    it, the iframe keeps its ``height``).
    Add a query string (``?players=5&call=14``) to ``src`` to open it on other values."""
    calc = calculator(name)
    src = f"{url.rstrip('/')}/{name}.html" if url else f"{name}.html"
    return (f'<iframe src="{escape(src)}" title="{escape(calc.title)}" width="100%" height="{HEIGHT}" '
            f'style="border: 0" loading="lazy" data-bluffmath></iframe>\n{RESIZE}')


def copy_pyodide(source: Path, out: Path) -> str:
    """Copy a Pyodide distribution (such as node_modules/pyodide) to ``out``; its version."""
    source = Path(source)
    missing = [name for name in PYODIDE_NEEDS if not (source / name).is_file()]
    if missing:
        raise InvalidInputError(
            f"{source} is not a Pyodide distribution: it lacks {', '.join(missing)} (use the npm "
            f"package's folder, such as node_modules/pyodide, after `npm install pyodide`)")
    out.mkdir(parents=True, exist_ok=True)
    for name in (*PYODIDE_NEEDS, *PYODIDE_ALSO):
        if (source / name).is_file():
            shutil.copyfile(source / name, out / name)
    try:
        return str(json.loads((source / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return "of unknown version"


def names_for(choice: str) -> list[str]:
    """The calculators ``choice`` stands for: one name, or ``all``."""
    if choice == "all":
        return list(CALCULATORS)
    return [calculator(choice).name]


def planned(out: Path, choice: str, pyodide: bool) -> list[Path]:
    """The files (and the Pyodide folder) :func:`write_site` writes for ``choice``.

    >>> [p.name for p in planned(Path("site"), "hochstapler-odds", pyodide=False)][:4]
    ['hochstapler-odds.html', 'bluffmath-embed.js', 'bluffmath-embed-worker.js', 'bluffmath-embed.css']
    """
    names = names_for(choice)
    paths = [out / f"{name}.html" for name in names]
    if choice == "all":
        paths.append(out / "index.html")
    paths += [out / name for name in SHARED]
    paths.append(out / wheel_name())
    if pyodide:
        paths.append(out / PYODIDE_FOLDER)
    return paths


def write_site(out: Path, choice: str, pyodide: Path | None = None,
               force: bool = False) -> tuple[list[Path], str]:
    """Write the pages of ``choice`` (a calculator or ``all``, which adds an index page) into
    ``out``; return the files written (a Pyodide copy as its folder) and where Pyodide is.

    Files that exist already with other contents are not replaced unless ``force``: the
    error names them, and nothing is written. A file that holds exactly what would be
    written is no conflict (``embed hochstapler-odds`` then ``embed all`` into one folder
    share the script, the style and the wheel), nor is a Pyodide copy of the same files.
    """
    out = Path(out)
    if pyodide is not None:
        url, where = f"{PYODIDE_FOLDER}/", None
    else:
        url, where = PYODIDE_CDN, f"Pyodide {PYODIDE_VERSION} from the jsDelivr CDN, {PYODIDE_CDN}"
    contents = site_files(out, choice, url)
    there = [path for path, data in contents.items() if path.exists() and not _holds(path, data)]
    if pyodide is not None and (out / PYODIDE_FOLDER).exists() and not _same_pyodide(Path(pyodide), out / PYODIDE_FOLDER):
        there.append(out / PYODIDE_FOLDER)
    if there and not force:
        shown = ", ".join(str(p) for p in there[:3]) + (f" and {len(there) - 3} more" if len(there) > 3 else "")
        raise InvalidInputError(f"{shown} already {'exists' if len(there) == 1 else 'exist'} with other "
                                f"contents; bluffmath embed does not overwrite files (--force replaces them)")
    if pyodide is not None:  # first: a wrong folder is reported before anything is written
        version = copy_pyodide(pyodide, out / PYODIDE_FOLDER)
        where = f"Pyodide {version}, copied into {out / PYODIDE_FOLDER}"
    out.mkdir(parents=True, exist_ok=True)
    for path, data in contents.items():
        path.write_bytes(data)
    written = list(contents)
    if pyodide is not None:
        written.append(out / PYODIDE_FOLDER)
    return written, where


def site_files(out: Path, choice: str, pyodide_url: str) -> dict[Path, bytes]:
    """What :func:`write_site` writes for ``choice`` into ``out``, file by file (the
    Pyodide copy aside), in the order of :func:`planned`."""
    names = names_for(choice)
    files = {out / f"{name}.html": page_html(CALCULATORS[name], pyodide_url).encode() for name in names}
    if choice == "all":
        files[out / "index.html"] = index_html([CALCULATORS[n] for n in names]).encode()
    files |= {out / name: _static(name).encode() for name in SHARED}
    files[out / wheel_name()] = wheel_bytes()
    return files


def _holds(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a file holding exactly ``data``."""
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def _same_pyodide(source: Path, copy: Path) -> bool:
    """Whether ``copy`` holds the files :func:`copy_pyodide` would copy from ``source``, unchanged."""
    names = [n for n in (*PYODIDE_NEEDS, *PYODIDE_ALSO) if (source / n).is_file()]
    return bool(names) and all(_holds(copy / n, (source / n).read_bytes()) for n in names)
