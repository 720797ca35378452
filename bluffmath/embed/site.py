"""The static site: a page per calculator (plain form controls, and the answer for its own
values computed now by the core), the scripts and style they share (the page's script, and
the worker that runs Pyodide off the page's thread), the core's wheel, optionally a copy of
Pyodide, and the snippet for a blog.

Without a local Pyodide the pages load it from the jsDelivr CDN, at the version the tests
pin (``package.json``); with ``pyodide=`` (the npm package's folder) it is copied next to
the pages, which then work offline and on an intranet.

**Languages.** A page is written in one of :data:`bluffmath.i18n.LANGUAGES`: every word
from the catalogs, its script's words carried in the page (``SCRIPT_WORDS``), and the
answers computed in that language (the worker passes it to the core). English pages are
``NAME.html``, the others ``NAME.<code>.html`` (``hochstapler-odds.de.html``), so one folder
holds every language; the index pages (``embed all``) link each other.

>>> snippet("hochstapler-odds", "https://example.org/odds/").split('" ')[:2]
['<iframe src="https://example.org/odds/hochstapler-odds.html', 'title="Hochstapler: is the call true?']
>>> snippet("hochstapler-odds", "https://example.org/odds/", "de").split('" ')[:2]
['<iframe src="https://example.org/odds/hochstapler-odds.de.html', 'title="Hochstapler: Stimmt die Ansage?']
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
from bluffmath.i18n import LANGUAGES, N_, NAMES, _, checked, speaking

PYODIDE_VERSION = "314.0.7"
"""The Pyodide the pages load from the CDN; tests check it is the one package.json pins."""
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYODIDE_FOLDER = "pyodide"
PYODIDE_NEEDS = ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PYODIDE_ALSO = ("pyodide.asm.mjs", "pyodide.asm.js", "pyodide.js", "package.json")
SHARED = ("bluffmath-embed.js", "bluffmath-embed-worker.js", "bluffmath-embed.css")
HEIGHT = 720
#: The words of the pages' scripts (``bluffmath-embed.js`` and its worker look each up with
#: ``t(...)``): carried in each page, in its language. A test checks that the scripts use no
#: other.
SCRIPT_WORDS = (
    N_("(about {decimal}, {percent})"), N_("unexpected error: {reason}"), N_("computing…"),
    N_("computing… (as soon as Python has started in your browser)"),
    N_("The calculator could not start, so it cannot answer new values: {reason}."),
    N_("The calculator could not start, so it cannot answer these values: {reason}."),
    N_("The answer written into this page when it was made differed from the one your browser has just "
       "computed; the page now shows the one computed now."),
    N_("loading Python (Pyodide, about 13 MB the first time)"), N_("loading the bluffmath wheel"),
    N_("starting Python"), N_("installing bluffmath"), N_("checking the first answer"),
    N_("{step}… (step {n} of {steps})"), N_("The calculator could not start."),
    N_("{reason}. Reload the page to try again; if it fails again, the site that serves it may lack a file "
       "or serve it with the wrong type (see the bluffmath embedding how-to)."),
    N_("the worker {script} did not start ({reason})"), N_("the worker {script} did not load or stopped ({reason})"),
    N_("no reason given"), N_("Python is starting in your browser: "),
    N_("Still loading after a minute: a slow network takes longer."),
    N_("Pyodide did not load from {url} ({reason})"), N_("{file}: HTTP {status}"), N_("{file} did not load ({reason})"),
)


def _static(name: str) -> str:
    return files("bluffmath.embed").joinpath("static", name).read_text(encoding="utf-8")


def page_name(name: str, language: str = "en") -> str:
    """The file of calculator (or index) ``name`` in ``language``.

    >>> page_name("hochstapler-odds"), page_name("index", "de")
    ('hochstapler-odds.html', 'index.de.html')
    """
    return f"{name}.html" if checked(language) == LANGUAGES[0] else f"{name}.{language}.html"


def _control(f: Field) -> str:
    attributes = (f'id="f-{f.name}" name="{f.name}" data-default="{escape(f.start())}"'
                  + (f' aria-describedby="h-{f.name}"' if f.hint else ""))
    if f.options:
        options = "".join(f'<option value="{escape(v)}"{" selected" if v == f.default else ""}>'
                          f"{escape(_(t))}</option>" for v, t in f.options)
        return f"<select {attributes}>{options}</select>"
    return f'<input {attributes} value="{escape(f.start())}" autocomplete="off" spellcheck="false">'


def _field(f: Field) -> str:
    hint = f'<small id="h-{f.name}">{escape(_(f.hint))}</small>' if f.hint else ""
    return (f'<div class="field"><label for="f-{f.name}">{escape(_(f.label))}</label>'
            f"{_control(f)}{hint}</div>")


def form_html(calc: Calculator) -> str:
    """The form: one labelled control per field, fields of a group in a fieldset, in the
    language in use."""
    parts, group = [], None
    for f in calc.fields:
        if f.group != group:
            if group:
                parts.append("</fieldset>")
            if f.group:
                needs = f' data-needs-players="{f.needs_players}"' if f.needs_players else ""
                parts.append(f"<fieldset{needs}><legend>{escape(_(f.group))}</legend>")
            group = f.group
        parts.append(_field(f))
    if group:
        parts.append("</fieldset>")
    body = "\n".join(parts)
    submit = escape(_("Calculate"))
    return f'<form class="bluffmath-form">\n{body}\n<button type="submit">{submit}</button>\n</form>'


def written_answer(calc: Calculator, language: str = "en") -> str:
    """The answer for the form's own values (every field at its default), computed now by
    the core in ``language``: exactly the JSON the page's worker returns for them, which the
    page shows before Python has started in the browser and then checks against it.

    >>> json.loads(written_answer(calculator("hochstapler-odds")))["answer"]["fraction"]
    '377/495'
    """
    return calculate_json(calc.name, json.dumps(calc.defaults()), language)


def _in_script(text: str) -> str:
    """JSON made safe inside a ``<script>`` element: ``<``, ``>`` and ``&`` as JSON escapes
    (``json.dumps`` writes them only inside strings, where ``\\u003c`` means the same)."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _languages(name: str, language: str, others: Sequence[str]) -> str:
    """Links to the page ``name`` in the ``others`` languages written with it."""
    return " ".join(f'<a href="{page_name(name, code)}" hreflang="{code}" lang="{code}">{NAMES[code]}</a>'
                    for code in others if code != language)


def page_html(calc: Calculator, pyodide_url: str, language: str = "en") -> str:
    """A calculator's page in ``language``; ``pyodide_url`` is the folder Pyodide loads from
    (ends with /). It carries :func:`written_answer` in a ``<script type="application/json">``,
    and the script's words in another. It links no other language: a blog embeds the page
    of its own language, and a page written alone is the same as one written with the others."""
    with speaking(language):
        footer = escape(_("Exact fractions by {bluffmath} {version}, computed in your browser; the answer to "
                          "the form's own values was computed when this page was written, and your browser "
                          "checks it.")).format(
            bluffmath='<a href="https://bluffmath.readthedocs.io" target="_blank" rel="noopener">bluffmath</a>',
            version=bluffmath.__version__)
        words = json.dumps({key: _(key) for key in SCRIPT_WORDS})
        return Template(_static("calculator.html")).substitute(
            language=language, title=escape(_(calc.title)), intro=escape(_(calc.intro)), name=calc.name,
            form=form_html(calc), pyodide=escape(pyodide_url), wheel=wheel_name(),
            starting=escape(_("Python is starting in your browser, to answer other values:")),
            loading=escape(_("loading… (a few seconds the first time)")), loading_bar=escape(_("loading")),
            computing=escape(_("computing…")), counting=escape(_("the counting behind it")),
            permalink=escape(_("link to this result")), footer=footer, words=_in_script(words),
            written=_in_script(written_answer(calc, language)), written_values=escape(json.dumps(calc.defaults())))


def index_html(calcs: Sequence[Calculator], language: str = "en", others: Sequence[str] = ()) -> str:
    """A page linking every calculator, in ``language``, and the index pages of the
    ``others`` languages written with it."""
    with speaking(language):
        items = "\n".join(f'<li><a href="{page_name(c.name, language)}">{escape(_(c.title))}</a> '
                          f"{escape(_(c.intro))}</li>" for c in calcs)
        return Template(_static("index.html")).substitute(
            language=language, title=escape(_("bluffmath calculators")),
            intro=escape(_("Exact odds for bluffing card games, computed in your browser.")), items=items,
            version=bluffmath.__version__, languages=_languages("index", language, others))


RESIZE = ('<script>window.bluffmathFrames||(window.bluffmathFrames=1,addEventListener("message",e=>{'
          'const d=e.data;if(!d||d.type!=="bluffmath-height"||!(d.height>0&&d.height<1e5))return;'
          'for(const f of document.querySelectorAll("iframe[data-bluffmath]"))'
          'if(f.contentWindow===e.source)f.style.height=Math.ceil(d.height)+"px"}))</script>')
"""The snippet's script: it sets the height of the calculator's iframe that sent a
``{type: "bluffmath-height", height}`` message (the page posts one whenever its height
changes). Pasted once per calculator, it listens once per page."""


def snippet(name: str, url: str, language: str = "en") -> str:
    """The iframe to paste into a blog, for the page in ``language`` at ``url`` (the
    folder's address), and on a second line the small script that sizes the iframe to the
    page's content (without it, the iframe keeps its ``height``).
    Add a query string (``?players=5&call=14``) to ``src`` to open it on other values."""
    calc = calculator(name)
    page = page_name(name, language)
    src = f"{url.rstrip('/')}/{page}" if url else page
    with speaking(language):
        title = _(calc.title)
    return (f'<iframe src="{escape(src)}" title="{escape(title)}" width="100%" height="{HEIGHT}" '
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


def planned(out: Path, choice: str, pyodide: bool, languages: Sequence[str] = ("en",)) -> list[Path]:
    """The files (and the Pyodide folder) :func:`write_site` writes for ``choice`` in
    ``languages``.

    >>> [p.name for p in planned(Path("site"), "hochstapler-odds", pyodide=False)][:4]
    ['hochstapler-odds.html', 'bluffmath-embed.js', 'bluffmath-embed-worker.js', 'bluffmath-embed.css']
    >>> [p.name for p in planned(Path("site"), "all", False, LANGUAGES)][4:6]
    ['index.html', 'hochstapler-odds.de.html']
    """
    names = names_for(choice)
    paths = []
    for language in _languages_of(languages):
        paths += [out / page_name(name, language) for name in names]
        if choice == "all":
            paths.append(out / page_name("index", language))
    paths += [out / name for name in SHARED]
    paths.append(out / wheel_name())
    if pyodide:
        paths.append(out / PYODIDE_FOLDER)
    return paths


def _languages_of(languages: Sequence[str]) -> tuple[str, ...]:
    """``languages`` checked, each once, in the order given; at least one."""
    if isinstance(languages, str) or not languages:
        raise InvalidInputError(f"languages must be a list of some of {', '.join(LANGUAGES)}, got {languages!r}")
    return tuple(dict.fromkeys(checked(code) for code in languages))


def write_site(out: Path, choice: str, pyodide: Path | None = None,
               force: bool = False, languages: Sequence[str] = ("en",)) -> tuple[list[Path], str]:
    """Write the pages of ``choice`` (a calculator or ``all``, which adds an index page) in
    each of ``languages`` into ``out``; return the files written (a Pyodide copy as its
    folder) and where Pyodide is.

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
    contents = site_files(out, choice, url, languages)
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


def site_files(out: Path, choice: str, pyodide_url: str, languages: Sequence[str] = ("en",)) -> dict[Path, bytes]:
    """What :func:`write_site` writes for ``choice`` into ``out``, file by file (the
    Pyodide copy aside), in the order of :func:`planned`."""
    names, codes = names_for(choice), _languages_of(languages)
    files = {}
    for language in codes:
        for name in names:
            files[out / page_name(name, language)] = page_html(CALCULATORS[name], pyodide_url, language).encode()
        if choice == "all":
            files[out / page_name("index", language)] = index_html([CALCULATORS[n] for n in names], language,
                                                                   codes).encode()
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
