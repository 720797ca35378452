"""The German Voila page of the Hochstapler calculator (issue 44), as a German class opens it:
served as its first cell says (``voila --VoilaExporter.language_code=de``, from the
repository's folder, so that ``voila.json`` applies), in Chromium at a laptop's and a phone's
width, with nothing outside the laptop answering.

The page says it is German (``<html lang="de">``), keeps no sentence of the English page
(names and numbers aside: both are read from the pages, not written here), shows the same
exact numbers, and passes axe-core.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.german import sentences, texts_of

from .axe import assert_accessible
from .conftest import ROOT, WIDTHS, _free_port, _wait_for, screenshot

NOTEBOOK = "hochstapler-calculator.ipynb"
#: The command the German page's first cell gives, but the port and the browser.
COMMAND = ["-m", "voila", "--VoilaExporter.language_code=de", "notebooks/de"]
#: Words the same in both pages: the game's and the library's names, the notebook's file
#: name (the page's title), the players' names and the colour orange.
NAMES = {"Hochstapler", "Reiner Knizia", "bluffmath", "Voilà", "Voila", NOTEBOOK, NOTEBOOK.removesuffix(".ipynb"),
         "Ada", "Bruno", "Clara", "Dieter", "Eva", "Franz", "Greta", "orange"}
#: ipywidgets 8 writes ``title="null"`` on a label with no tooltip, in every language.
NOT_WORDS = {"null"}
#: The calculator's first answer, which every page draws (a fraction with ≥ before it).
DRAWN = "() => !!document.body && /≥ 12\\) = \\d+\\/\\d+/.test(document.body.innerText)"
FRACTION = re.compile(r"(?<![\d/])\d+/\d+(?![\d/])")


@pytest.fixture(scope="module")
def voila_de(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving notebooks/de/ as a German page says it is; yields the base URL."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila-de") / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, *COMMAND, "--no-browser", f"--port={port}",
                                    "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
                                   cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_for(base, process)
            yield base
        except Exception as error:
            raise RuntimeError(f"{error}\n{log.read_text()}") from error
        finally:
            process.terminate()
            process.wait(timeout=30)


def _open(browser: object, url: str, width: int) -> tuple[object, object, list[str]]:
    """A page ``width`` px wide showing ``url`` drawn, every address but the server's
    unanswered (as on a school network that drops them); (context, page, addresses asked)."""
    context = browser.new_context(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    base = url.split("/voila/")[0]
    outside: list[str] = []

    def network(route: object) -> None:
        request = route.request.url  # type: ignore[attr-defined]
        if request.startswith(base):
            route.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(request)

    page.route("**/*", network)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(url, timeout=120_000)
    page.wait_for_function(DRAWN, timeout=120_000)
    return context, page, outside


def _read(page: object) -> tuple[set[str], list[str]]:
    """The page's pieces with words (what a reader sees and hears) and its exact fractions."""
    texts = texts_of(page.content())  # type: ignore[attr-defined]
    return sentences(texts, NAMES) - NOT_WORDS, sorted(FRACTION.findall(" ".join(texts)))


@pytest.fixture(scope="module")
def english(browser: object, voila: str) -> tuple[set[str], list[str]]:
    """The English page's pieces with words and its fractions."""
    context, page, _ = _open(browser, f"{voila}/voila/render/{NOTEBOOK}", 1280)
    try:
        return _read(page)
    finally:
        context.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_german_calculator_page_is_german_and_accessible(browser: object, voila_de: str, english, width: int) -> None:
    context, page, outside = _open(browser, f"{voila_de}/voila/render/{NOTEBOOK}", width)
    try:
        assert page.evaluate("document.documentElement.lang") == "de"  # type: ignore[attr-defined]
        said, fractions = _read(page)
        words, english_fractions = english
        assert said & words == set(), "English left on the German page"
        assert fractions == english_fractions, "the exact numbers differ"
        text = page.inner_text("body")  # type: ignore[attr-defined]
        for german in ("Wie wahrscheinlich stimmt eine Ansage", "Rechnung zeigen", "Regeln von Hochstapler"):
            assert german in text
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")  # type: ignore[attr-defined]
        assert outside == [], f"the page asked {outside}"  # before axe, which fetches every stylesheet
        assert page.errors == []  # type: ignore[attr-defined]
        screenshot(page, f"hochstapler-calculator-de-{width}")
        assert_accessible(page, f"the German calculator at {width} px")
    finally:
        context.close()  # type: ignore[attr-defined]
