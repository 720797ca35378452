"""The embedded calculators in Chromium, offline: the site written by ``bluffmath embed all
--pyodide node_modules/pyodide``, served from 127.0.0.1, every other address blocked.
Each page's exact fraction must be the core's, called here directly. Each calculator is
also embedded in a blog post by its snippet and read on a phone (320 and 390 px wide) and
a desktop (1280 px): no horizontal overflow, and the iframe as tall as its content.

The answer for the form's own values is on the screen before Python has started (the
worker's Pyodide held back), at 1280 and 390 px; a changed input shows "computing…" and then
the core's answer; a refused one takes the old answer off the screen; the page's thread
never stalls while Python starts in its worker; the CDN mode works with the worker too."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from urllib.parse import parse_qs, urlsplit

import pytest

from benchmarks.embed import BASELINE, PROBE, inputs, load, offline, serve, write_baselines
from bluffmath import gauner, hoax
from bluffmath import hochstapler as hs
from bluffmath.cli import main
from bluffmath.embed.calculators import CALCULATORS
from bluffmath.embed.site import PYODIDE_VERSION, snippet
from tests.test_embed import DEFAULT_ANSWERS

from .axe import assert_accessible
from .conftest import ROOT, screenshot

PYODIDE = ROOT / "node_modules" / "pyodide"
READY = 180_000  # ms: Pyodide starts in a few seconds, slower on a busy machine
POST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A blog post</title></head>
<body style="margin: 0 8px"><p>Before the calculator.</p>
{snippet}
<p id="after">After the calculator.</p></body></html>
"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory):
    """The site, written by the command with a bundled Pyodide, served on localhost."""
    if not PYODIDE.is_dir():
        pytest.skip("needs node_modules/pyodide (`npm ci`, as make test runs); CI fails here")
    folder = tmp_path_factory.mktemp("site")
    assert main(["embed", "all", "-o", str(folder), "--pyodide", str(PYODIDE)]) == 0
    for name in CALCULATORS:
        (folder / f"post-{name}.html").write_text(POST.format(snippet=snippet(name, "")), encoding="utf-8")
    page = (folder / "hochstapler-odds.html").read_text(encoding="utf-8")
    (folder / "broken.html").write_text(page.replace('data-pyodide="pyodide/"', 'data-pyodide="nowhere/"'),
                                        encoding="utf-8")
    assert '"fraction": "377/495"' in page
    (folder / "tampered.html").write_text(page.replace('"fraction": "377/495"', '"fraction": "1/2"'),
                                          encoding="utf-8")
    write_baselines(folder)
    with serve(folder) as url:
        yield url


@pytest.fixture
def calculator(page, base):
    """Open a calculator page offline; returns a function(name, query) -> the page, ready."""
    blocked = offline(page.context, base)

    def open_page(name: str, query: str = "") -> object:
        page.goto(f"{base}{name}.html{query}")
        page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=READY)
        assert page.evaluate("document.body.dataset.state") == "ready", page.inner_text(".status")
        assert_accessible(page, f"the calculator {name}")
        return page

    yield open_page
    assert blocked == [], f"the page asked for addresses outside localhost: {blocked}"
    assert page.errors == []


def shown(page) -> Fraction:
    """The exact fraction the page shows (it fails with the page's error message if there is one)."""
    error = page.locator(".error")
    assert error.is_hidden(), error.inner_text()
    numerator, denominator = page.inner_text(".result .fraction").split("/")
    return Fraction(int(numerator), int(denominator))


def fill(page, values: dict[str, str]) -> None:
    """Type into the form (selects chosen, text typed) and press Calculate."""
    for name, value in values.items():
        control = page.locator(f"#f-{name}")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(value)
        else:
            control.fill(value)
    page.click("button[type=submit]")


def wait_for(page, p: Fraction) -> Fraction:
    page.wait_for_function(
        "want => { const e = document.querySelector('.error'); "
        "return !e.hidden || document.querySelector('.result .fraction').textContent === want }",
        arg=f"{p.numerator}/{p.denominator}", timeout=60_000)
    return shown(page)


def test_hochstapler_odds(calculator):
    page = calculator("hochstapler-odds")
    assert shown(page) == hs.call_odds(5, 3, 12, (0, 7))  # the defaults
    fill(page, {"players": "6", "own": "2", "face_up": "0,7,5", "call": "14"})
    expected = hs.call_odds(6, 2, 14, (0, 7, 5))
    assert wait_for(page, expected) == expected
    query = parse_qs(urlsplit(page.url).query)
    assert query == {"players": ["6"], "own": ["2"], "face_up": ["0,7,5"], "call": ["14"]}
    assert page.get_attribute(".permalink", "href") == page.url
    screenshot(page, "embed-hochstapler-odds")


def test_gauner_grid(calculator):
    position = list(gauner.random_positions(3, seed=2))[6][0]
    cell = gauner.GRID.name(position.unknown[0])
    data = position.to_json()
    values = {"players": "3", "hand": " ".join(data["hand"]), "seat": "2", "cell": cell}
    for s, table in enumerate(data["tables"]):
        values[f"numbers{s}"] = " ".join(f"{c}={n}" for c, n in table["numbers"].items())
        values[f"laid{s}"] = " ".join(table["laid"])
        values[f"notmine{s}"] = " ".join(table["not_mine"])
    page = calculator("gauner-grid")
    assert page.locator("#f-numbers2").is_hidden()  # 2 players: seat 2 is not at the table
    page.select_option("#f-players", "3")
    fill(page, values)
    expected = gauner.solve(position).probability(2, cell)
    assert wait_for(page, expected) == expected
    assert page.locator("#f-numbers3").is_hidden()
    screenshot(page, "embed-gauner-grid")


def test_hoax_identities(calculator):
    page = calculator("hoax-identities")
    fill(page, {"players": "5", "mine": "Judge", "claims": "1:King, 2:King, 3:Thief", "not": "4:Thief",
                "honest": "9/10", "bluff": "1/5", "player": "3", "role": "Thief"})
    case = hoax.Case("original", 5, (hoax.Holds(0, "Judge", "own card"), hoax.IsNot(4, "Thief", "bought"),
                                     hoax.Claim(1, "King"), hoax.Claim(2, "King"), hoax.Claim(3, "Thief")),
                     hoax.BluffModel(Fraction(9, 10), Fraction(1, 5)))
    expected = hoax.deduce(case).probability(3, "Thief")
    assert wait_for(page, expected) == expected


def test_muenchhausen_card(calculator):
    from bluffmath import muenchhausen as mh

    page = calculator("muenchhausen-card")
    fill(page, {"players": "4", "model": "random-enough", "offer": "7", "before": "b5"})
    s = mh.Game(players=4).new_game().name(5).offer(5).pass_().pass_().pass_().lay(6).believe()
    s = s.name(3).offer(3).pass_().pass_().pass_().lay(4).believe()
    s = s.name(7).pass_().pass_().offer(7).pass_().pass_().pass_().lay(8)  # seat 1 lays again
    expected = mh.honest_chance(mh.Knowledge.from_log(s.log, mh.RANDOM_ENOUGH))
    assert wait_for(page, expected) == expected


def test_an_address_fills_the_form_and_shows_its_result(calculator):
    page = calculator("hochstapler-odds", "?players=4&own=&face_up=1%2C2&call=9")
    assert page.input_value("#f-players") == "4"
    assert page.input_value("#f-own") == ""
    assert page.input_value("#f-face_up") == "1,2"
    assert page.input_value("#f-call") == "9"
    assert shown(page) == hs.call_odds(4, None, 9, (1, 2))


def test_a_value_the_address_gives_but_a_menu_lacks_is_named_not_dropped(calculator):
    page = calculator("hochstapler-odds", "?players=9&own=3")
    error = page.locator(".error")
    error.wait_for(state="visible", timeout=30_000)
    assert "players must be a whole number from 3 to 7, got 9" in error.inner_text()
    fill(page, {"players": "5"})
    assert wait_for(page, hs.call_odds(5, 3, 12, (0, 7))) == hs.call_odds(5, 3, 12, (0, 7))


def test_a_misspelt_name_in_the_address_is_named_not_ignored(calculator):
    page = calculator("hochstapler-odds", "?player=4&call=9")
    error = page.locator(".error")
    error.wait_for(state="visible", timeout=30_000)
    assert 'unknown key "player" (did you mean "players"?)' in error.inner_text()
    fill(page, {"players": "4"})  # the next calculation takes the form alone
    assert wait_for(page, hs.call_odds(4, 3, 9, (0, 7))) == hs.call_odds(4, 3, 9, (0, 7))


def test_bad_input_shows_a_message_and_the_page_recovers(calculator):
    page = calculator("hochstapler-odds")
    fill(page, {"face_up": "0,0,0,0"})
    error = page.locator(".error")
    error.wait_for(state="visible", timeout=30_000)
    assert "only 3 card(s) of value 0" in error.inner_text()
    assert page.locator(".result").is_hidden()
    fill(page, {"face_up": "0"})
    expected = hs.call_odds(5, 3, 12, (0,))
    assert wait_for(page, expected) == expected
    assert error.is_hidden()


@pytest.mark.slow
def test_the_benchmark_measures_both_pages(browser, base):
    import random

    changes = [inputs("hoax-identities", random.Random(seed)) for seed in (1, 2)]
    page = load(browser, f"{base}hoax-identities.html", "hoax-identities", changes, timeout=READY)
    baseline = load(browser, f"{base}hoax-identities{BASELINE}.html", "hoax-identities", changes, timeout=READY)
    assert 0 < page.first < page.ready
    assert page.first < baseline.first  # the baseline answers only once Pyodide has loaded
    assert baseline.first <= baseline.ready + 50
    assert page.gap < baseline.gap  # its thread starts Python; this page's does not
    assert page.task < baseline.task
    assert len(page.changes) == len(baseline.changes) == 2


# --- embedded in a blog post, on a phone and on a desktop ---------------------------

def _muenchhausen_expected() -> Fraction:
    from bluffmath import muenchhausen as mh

    s = mh.Game(players=4).new_game().name(5).offer(5).pass_().pass_().pass_().lay(6).believe()
    s = s.name(3).offer(3).pass_().pass_().pass_().lay(4).believe()
    s = s.name(7).pass_().pass_().offer(7).pass_().pass_().pass_().lay(8)
    return mh.honest_chance(mh.Knowledge.from_log(s.log, mh.RANDOM_ENOUGH))


def _hoax_expected() -> Fraction:
    case = hoax.Case("original", 5, (hoax.Holds(0, "Judge", "own card"), hoax.IsNot(4, "Thief", "bought"),
                                     hoax.Claim(1, "King"), hoax.Claim(2, "King"), hoax.Claim(3, "Thief")),
                     hoax.BluffModel(Fraction(9, 10), Fraction(1, 5)))
    return hoax.deduce(case).probability(3, "Thief")


def _gauner_case() -> tuple[dict[str, str], Fraction]:
    position = list(gauner.random_positions(3, seed=2))[6][0]
    cell = gauner.GRID.name(position.unknown[0])
    data = position.to_json()
    values = {"players": "3", "hand": " ".join(data["hand"]), "seat": "2", "cell": cell}
    for s, table in enumerate(data["tables"]):
        values[f"numbers{s}"] = " ".join(f"{c}={n}" for c, n in table["numbers"].items())
        values[f"laid{s}"] = " ".join(table["laid"])
        values[f"notmine{s}"] = " ".join(table["not_mine"])
    return values, gauner.solve(position).probability(2, cell)


CASES = {  # a question for each calculator, and the core's answer
    "hochstapler-odds": lambda: ({"players": "6", "own": "2", "face_up": "0,7,5", "call": "14"},
                                 hs.call_odds(6, 2, 14, (0, 7, 5))),
    "gauner-grid": _gauner_case,
    "hoax-identities": lambda: ({"players": "5", "mine": "Judge", "claims": "1:King, 2:King, 3:Thief",
                                 "not": "4:Thief", "honest": "9/10", "bluff": "1/5", "player": "3",
                                 "role": "Thief"}, _hoax_expected()),
    "muenchhausen-card": lambda: ({"players": "4", "model": "random-enough", "offer": "7", "before": "b5"},
                                  _muenchhausen_expected()),
}
FITS = """() => {
  const frame = document.querySelector("iframe[data-bluffmath]");
  const inner = frame.contentDocument;
  return Math.abs(frame.getBoundingClientRect().height - inner.body.getBoundingClientRect().height) <= 1;
}"""


def _fits(page, frame) -> float:
    """Wait until the iframe is as tall as its content; check nothing overflows sideways
    (neither the post nor the calculator) and the calculator has no scroll bar; its height."""
    page.wait_for_function(FITS, timeout=10_000)
    inner = frame.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                           " document.documentElement.scrollHeight, document.documentElement.clientHeight]")
    assert inner[0] <= inner[1], f"the calculator is {inner[0]} px wide in a {inner[1]} px iframe"
    assert inner[2] <= inner[3] + 1, f"the calculator is {inner[2]} px tall in a {inner[3]} px iframe"
    outer = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert outer[0] <= outer[1], f"the post is {outer[0]} px wide on a {outer[1]} px screen"
    return page.evaluate("() => document.querySelector('iframe[data-bluffmath]').getBoundingClientRect().height")


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_embedded_on_a_phone_the_iframe_fits_its_content(browser, base, name):
    context = browser.new_context(viewport={"width": 390, "height": 800})
    blocked = offline(context, base)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base}post-{name}.html")
        frame = page.wait_for_selector("iframe[data-bluffmath]").content_frame()
        # the frame's own page, not the blank one an iframe holds until it loads
        frame.wait_for_function("document.body && (document.body.dataset.state || 'loading') !== 'loading'",
                                timeout=READY)
        assert frame.evaluate("document.body.dataset.state") == "ready", frame.inner_text(".status")
        values, expected = CASES[name]()
        fill(frame, values)
        assert wait_for(frame, expected) == expected
        tall = _fits(page, frame)
        assert tall > 300  # the answer is in it, not a 150 px default iframe
        screenshot(page, f"embed-post-{name}-390")
        page.set_viewport_size({"width": 320, "height": 800})
        narrow = _fits(page, frame)
        assert narrow >= tall
        page.set_viewport_size({"width": 1280, "height": 800})
        wide = _fits(page, frame)
        assert wide < tall  # wider, so the fields stand beside their labels: the iframe shrinks
        assert page.is_visible("#after")
        assert errors == []
    finally:
        context.close()
    assert blocked == [], f"the post asked for addresses outside localhost: {blocked}"


def test_a_page_that_cannot_start_says_so(page, base):
    blocked = offline(page.context, base)
    page.goto(f"{base}broken.html")
    page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=READY)
    assert page.evaluate("document.body.dataset.state") == "failed"
    status = page.inner_text(".status")
    assert "The calculator could not start." in status
    assert f"Pyodide did not load from {base}nowhere/" in status
    assert page.locator(".status progress").is_hidden()
    assert blocked == []


# --- the answer at once, the worker, "computing…" ----------------------------------------

def hold_pyodide(page) -> list:
    """Hold back the worker's request for Pyodide (``pyodide.mjs``): Python cannot start
    until the returned routes are continued."""
    held: list = []
    page.context.route("**/pyodide/pyodide.mjs", lambda route: held.append(route))  # tried first: the newest
    return held


def _until(page, condition, message: str, seconds: float = 30) -> None:
    """Let the page run (and Playwright handle its requests) until ``condition()`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, message
        page.wait_for_timeout(50)


def _no_overflow(page) -> None:
    wide, width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"


# Each table scrolled to its far end: the rows' first cells that leave their box, and the
# cells that write a whole number as a fraction (1/1, 0/1).
TABLES_READ = r"""() => {
    const lost = [], fractions = [];
    for (const box of document.querySelectorAll('.tables')) {
        box.scrollLeft = box.scrollWidth;
        const edge = box.getBoundingClientRect();
        for (const first of box.querySelectorAll('tr > :first-child')) {
            const r = first.getBoundingClientRect();
            if (r.left < edge.left - 0.5 || r.right > edge.right + 0.5) lost.push(first.innerText);
        }
        box.scrollLeft = 0;
        fractions.push(...[...box.querySelectorAll('td')].map(c => c.innerText.trim()).filter(s => /^-?\d+\/1$/.test(s)));
    }
    return {lost, fractions};
}"""


def _tables_read(page) -> None:
    """A wide table scrolls in its box with each row's name in view; whole numbers read 1 and 0."""
    found = page.evaluate(TABLES_READ)
    assert found == {"lost": [], "fractions": []}, found


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_the_answer_is_on_the_screen_before_python_has_started(sized, base, name):
    page = sized
    blocked = offline(page.context, base)
    held = hold_pyodide(page)
    page.goto(f"{base}{name}.html")
    page.wait_for_selector(".result .fraction", state="visible", timeout=10_000)
    assert page.evaluate("[document.body.dataset.state, document.body.dataset.answer]") == ["loading", "written"]
    assert shown(page) == DEFAULT_ANSWERS[name]()
    _until(page, lambda: held, "the worker did not ask for Pyodide")
    assert page.evaluate("document.body.dataset.state") == "loading"  # and has not got it
    assert "Python is starting in your browser" in page.inner_text(".status")
    assert page.locator(".computing").is_hidden()
    _no_overflow(page)
    _tables_read(page)
    if name == "gauner-grid":
        screenshot(page, f"embed-written-{name}-{page.width}")
    assert blocked == []
    assert page.errors == []


def _log_answer_states(page) -> None:
    """Record every value of ``data-answer`` and whether "computing…" was on the screen then."""
    page.evaluate("""() => {
      window.answerStates = [];
      new MutationObserver(() => window.answerStates.push([document.body.dataset.answer,
          !document.querySelector('.computing').hidden])).observe(document.body,
          { attributes: true, attributeFilter: ['data-answer'] });
    }""")


def test_a_change_says_computing_then_shows_the_cores_answer_and_a_refusal_removes_it(sized, base):
    page = sized
    blocked = offline(page.context, base)
    held = hold_pyodide(page)
    page.goto(f"{base}hochstapler-odds.html")
    page.wait_for_selector(".result .fraction", state="visible", timeout=10_000)
    _until(page, lambda: held, "the worker did not ask for Pyodide")
    # a change before Python is ready: "computing…" until it is, then the core's answer
    fill(page, {"call": "14"})
    assert page.is_visible(".computing")
    assert "computing…" in page.inner_text(".computing")
    assert page.get_attribute(".result", "aria-busy") == "true"  # the old answer is not the new one's
    assert page.evaluate("document.body.dataset.answer") == "computing"
    for route in held:
        route.continue_()
    expected = hs.call_odds(5, 3, 14, (0, 7))
    assert wait_for(page, expected) == expected
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=READY)
    assert page.evaluate("document.body.dataset.check") == "same"  # the written answer, checked
    assert page.locator(".computing").is_hidden()
    assert page.get_attribute(".result", "aria-busy") == "false"
    # a change once Python is ready: "computing…", then the new exact answer
    _log_answer_states(page)
    fill(page, {"players": "6", "own": "2", "face_up": "0,7,5", "call": "14"})
    expected = hs.call_odds(6, 2, 14, (0, 7, 5))
    page.wait_for_function("document.body.dataset.answer === 'shown'", timeout=30_000)
    assert shown(page) == expected
    states = page.evaluate("window.answerStates")
    assert states[0] == ["computing", True], states  # "computing…" on the screen
    assert states[-1] == ["shown", False], states
    # a refused input: the old answer leaves the screen, the core's message takes its place
    fill(page, {"face_up": "0,0,0,0"})
    page.wait_for_function("document.body.dataset.answer === 'refused'", timeout=30_000)
    assert page.locator(".result").is_hidden()
    old = page.get_by_text(f"{expected.numerator}/{expected.denominator}", exact=True)
    assert old.count() >= 1  # still in the page's hidden section, and nowhere on the screen
    assert old.filter(visible=True).count() == 0
    message = page.inner_text(".error")
    assert message.startswith("a colour has only 3 card(s) of value 0"), message
    assert page.locator(".computing").is_hidden()
    _no_overflow(page)
    screenshot(page, f"embed-refused-{page.width}")
    fill(page, {"face_up": "0"})  # and the form keeps working
    expected = hs.call_odds(6, 2, 14, (0,))
    assert wait_for(page, expected) == expected
    assert page.locator(".error").is_hidden()
    assert blocked == []
    assert page.errors == []


def test_the_page_never_stalls_while_python_starts(sized, base):
    """Pyodide starts in the worker: the page's own thread never fetches it, runs no long task
    (the baseline page, Pyodide on its own thread, runs one of seconds: see the benchmark), keeps
    drawing frames, and a key typed meanwhile lands at once. The limits leave room for a busy
    machine, far below the seconds Python's start takes."""
    page = sized
    blocked = offline(page.context, base)
    page.context.add_init_script(script=PROBE % json.dumps("377/495"))
    page.goto(f"{base}hochstapler-odds.html")
    page.wait_for_function("window.bluffmathProbe.first !== null", timeout=10_000)
    page.focus("#f-face_up")
    page.keyboard.press("End")
    slowest, typed = 0.0, ""
    while page.evaluate("document.body.dataset.state") == "loading":
        start = time.monotonic()
        page.keyboard.type(",")
        slowest = max(slowest, time.monotonic() - start)
        typed += ","
        time.sleep(0.1)
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert len(typed) >= 5, "Python started too soon to type during the start"
    assert page.input_value("#f-face_up") == "0,7" + typed
    ready, probe, fetched = page.evaluate("""[window.bluffmathReady, window.bluffmathProbe,
        performance.getEntriesByType('resource').map((r) => r.name)]""")
    assert not [url for url in fetched if "/pyodide/" in url], "the page's thread loaded Pyodide"
    task = max((d for start, d in probe["tasks"] if start < ready), default=0)
    print(f"longest task {task:.0f} ms, frame gap {probe['maxGap']:.0f} ms, key {slowest * 1000:.0f} ms")
    assert task < 500, f"the page's thread ran a task of {task:.0f} ms while Python started"
    assert probe["maxGap"] < 1500, f"the page drew no frame for {probe['maxGap']:.0f} ms while Python started"
    assert slowest < 1, f"a key press took {slowest:.2f} s while Python started"
    assert blocked == []
    assert page.errors == []


def test_a_written_answer_the_live_core_disagrees_with_is_replaced_and_said(page, base):
    blocked = offline(page.context, base)
    warnings = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto(f"{base}tampered.html")
    page.wait_for_selector(".result .fraction", state="visible", timeout=10_000)
    assert page.inner_text(".result .fraction") == "1/2"  # what the page was written with
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=READY)
    assert page.evaluate("document.body.dataset.check") == "differed"
    assert shown(page) == hs.call_odds(5, 3, 12, (0, 7))
    assert "differed from the one your browser has just computed" in page.inner_text(".notice")
    assert any("differs from the one computed in this browser" in w for w in warnings), warnings
    assert blocked == []
    assert page.errors == []


def test_the_cdn_mode_runs_the_worker_too(page, tmp_path):
    """A page written without --pyodide loads Pyodide from jsDelivr into its worker: here the
    CDN's addresses are answered from node_modules/pyodide (with the CDN's CORS header), and
    every other address outside the site is blocked."""
    if not PYODIDE.is_dir():
        pytest.skip("needs node_modules/pyodide (`npm ci`, as make test runs); CI fails here")
    assert main(["embed", "hochstapler-odds", "-o", str(tmp_path)]) == 0
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    types = {".mjs": "text/javascript", ".wasm": "application/wasm", ".zip": "application/zip",
             ".json": "application/json", ".js": "text/javascript"}
    served = []

    def from_cdn(route) -> None:
        path = PYODIDE / route.request.url[len(cdn):].split("?")[0]
        served.append(path.name)
        route.fulfill(status=200, body=path.read_bytes(), content_type=types.get(path.suffix, "text/plain"),
                      headers={"Access-Control-Allow-Origin": "*"})

    with serve(tmp_path) as url:
        blocked = offline(page.context, url)
        page.context.route(f"{cdn}**", from_cdn)
        page.goto(f"{url}hochstapler-odds.html")
        assert shown(page) == hs.call_odds(5, 3, 12, (0, 7))  # before Pyodide is there
        page.wait_for_function("document.body.dataset.state !== 'loading'", timeout=READY)
        assert page.evaluate("[document.body.dataset.state, document.body.dataset.check]") == ["ready", "same"]
        fill(page, {"call": "14"})
        assert wait_for(page, hs.call_odds(5, 3, 14, (0, 7))) == hs.call_odds(5, 3, 14, (0, 7))
    assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= set(served)
    assert blocked == []
    assert page.errors == []


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_a_german_page_answers_in_german_with_the_same_fractions(calculator, name):
    """The German page (``NAME.de.html``): German words, the written answer checked by the
    live core in German (so the worker computed in German), and the same exact fraction."""
    page = calculator(f"{name}.de")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("document.body.dataset.check") == "same"  # the live German answer equals the written one
    assert shown(page) == DEFAULT_ANSWERS[name]()
    assert page.inner_text("button[type=submit]") == "Berechnen"
    assert "etwa" in page.inner_text(".answer .approx")


def test_a_german_page_refuses_in_german_and_recovers(calculator):
    page = calculator("hochstapler-odds.de")
    fill(page, {"face_up": "0,0,0,0"})
    error = page.locator(".error")
    error.wait_for(state="visible", timeout=30_000)
    assert "nur 3 Karte(n) mit dem Wert 0" in error.inner_text()
    fill(page, {"face_up": "0"})
    expected = hs.call_odds(5, 3, 12, (0,))
    assert wait_for(page, expected) == expected
    approx = page.inner_text(".answer .approx")
    assert "%" in approx
    assert "," in approx
