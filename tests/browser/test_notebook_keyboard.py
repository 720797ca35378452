"""Each notebook game table is played from start to end with the keyboard alone, in Chromium
on the Voila page (WCAG 2.1.1 Keyboard, 2.1.2 No keyboard trap, 2.4.7 Focus visible).

Only key presses drive a game: Tab and Shift+Tab, Enter and Space, the arrow keys in a move
list, and typing. The test reads the page to decide which key to press next, nothing more:
no click, no fill, no select_option, no script that clicks or sets a value.

On each of my turns the focus is taken back to the top of the page: the focus is blurred and
Tab pressed until it passes the page's end (Chromium goes on from where the blurred element
was, so a blur alone does not start again at the top); from there Tab walks to a control
that makes a move (a move button, a Gauner raus! card, or the move list and then its play
button), and Enter or Space plays it. Every control a walk meets must take the focus in
turn (Tab never stays on one element), and the control that makes the move shows a focus
ring (an outline of at least 2 px) when the keyboard reaches it. A full cycle is tabbed
forwards and then backwards at the start and at the end of each game: the same controls
both ways, each once, and out past the page's end (no trap).

Whether the focus stays on a control after a move, or falls back to the page (an
ipywidgets redraw), is counted and printed with ``-s``: the walk from the top works either way.

A table's titles that open a part of it (the rules card, Hochstapler's setup, the save box)
are toggle buttons the keyboard reaches and presses (:mod:`bluffmath_widgets.disclosure`),
and Enter right after typing in Hochstapler's call box calls the total typed.
"""

from __future__ import annotations

import json
import time
from fractions import Fraction

import pytest

from .test_play_hoax import choose

pytestmark = pytest.mark.slow

WAIT = 60_000
#: More Tabs than a full cycle of any of these pages takes: past them, the focus is trapped.
TABS = 400
#: My moves after which a game still going is left (each of these games ends before).
MOVES = 60

# The focused element (null: the page itself, the focus past the page's end), how it is
# drawn, ``key``, its place in the document, to tell two elements apart, and ``id``, a stamp
# the element keeps: a widget redrawn under the focus puts a new element at the same place.
FOCUSED = r"""() => {
    const e = document.activeElement;
    if (!e || e === document.body || e === document.documentElement) return null;
    const s = getComputedStyle(e);
    const owner = e.closest('[class*="bm-"]');
    if (!e.__bmId) e.__bmId = (window.__bmIds = (window.__bmIds || 0) + 1);
    return {key: Array.prototype.indexOf.call(document.getElementsByTagName('*'), e), id: e.__bmId,
            tag: e.tagName, disabled: !!e.disabled,
            name: (e.tagName === 'SELECT' ? (e.getAttribute('aria-label') || 'select')
                   : (e.innerText || e.value || '')).replace(/\s+/g, ' ').trim().slice(0, 40),
            where: owner ? [...owner.classList].filter(c => c.startsWith('bm-')).join(' ') : '',
            cell: e.dataset ? e.dataset.cell || null : null,
            ring: e.matches(':focus-visible'), outline: s.outlineStyle,
            width: parseFloat(s.outlineWidth) || 0, shadow: s.boxShadow};
}"""
# Whether the focused element is the one wanted: it matches a CSS selector (and shows the
# text given, if one is).
IS = r"""([selector, text]) => {
    const e = document.activeElement;
    return !!e && e !== document.body && e.matches(selector)
        && (text === null || e.innerText.replace(/\s+/g, ' ').trim() === text);
}"""
BLUR = "() => { if (document.activeElement) document.activeElement.blur(); }"


# --- the keyboard ------------------------------------------------------------------------
class Keys:
    """The keyboard on one page: walks, moves made, and where the focus was after each move."""

    def __init__(self, page) -> None:
        self.page = page
        self.tabs = 0
        self.moves: list[str] = []
        self.after: list[str] = []  # after each move, once the page is ready again: what has the focus

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        if key in ("Tab", "Shift+Tab"):
            self.tabs += 1

    def focused(self) -> dict | None:
        return self.page.evaluate(FOCUSED)

    def _step(self, key: str, last: dict | None) -> dict | None:
        """One Tab (or Shift+Tab): the focus must move on. It stays only if the same element
        keeps it; a redraw that puts a new element in the old one's place (the bots' moves
        still being drawn) moved it on."""
        self.press(key)
        now = self.focused()
        if now is not None and last is not None:
            assert (now["key"], now["id"]) != (last["key"], last["id"]), f"keyboard trap: {key} stays on {describe(now)}"
        return now

    def to_top(self) -> dict | None:
        """Blur the focus, then Tab until it passes the page's end, where Chromium either takes
        the focus out of the page (None: the next Tab is the page's first control) or wraps
        straight round to the first control (returned, focused)."""
        self.page.evaluate(BLUR)
        last = None
        for _ in range(TABS):
            now = self._step("Tab", last)
            if wrapped(last, now):
                return now
            last = now
        raise AssertionError(f"keyboard trap: {TABS} Tabs never left the page's last control")

    def tab_to(self, selector: str, text: str | None = None) -> dict:
        """From the top of the page, Tab to the control ``selector`` (showing ``text``);
        it must show a focus ring there. Returns the focused element."""
        now = self.to_top()
        for _ in range(TABS):
            if now is not None and self.page.evaluate(IS, [selector, text]):
                assert_ring(now)
                return now
            last, now = now, self._step("Tab", now)
            if wrapped(last, now):
                break
        raise AssertionError(f"Tab from the top never reached {selector} {text or ''}".strip())

    def next_is(self, selector: str, text: str | None = None) -> dict:
        """One Tab on: the focus is on ``selector`` (a move list's play button), with a ring."""
        self.press("Tab")
        now = self.focused()
        assert now is not None, f"Tab went to the page, not to {selector}"
        assert self.page.evaluate(IS, [selector, text]), f"Tab went to {describe(now)}, not to {selector}"
        assert_ring(now)
        return now

    def choose(self, index: int) -> None:
        """In the focused move list, the arrow keys to option ``index``."""
        now = self.page.evaluate("() => document.activeElement.selectedIndex")
        for _ in range(abs(index - now)):
            self.press("ArrowDown" if index > now else "ArrowUp")
        assert self.page.evaluate("() => document.activeElement.selectedIndex") == index

    def played(self, kind: str) -> None:
        """A move was made; the page is ready for my next one (or the game is over)."""
        self.moves.append(kind)
        now = self.focused()
        self.after.append("the page (focus lost)" if now is None else f"kept: {describe(now)}")

    def full_cycle(self) -> list[dict]:
        """Tab through the whole page from the top and past its end, then Shift+Tab back
        through it: the same controls both ways, each once, every one with a focus ring."""
        now = self.to_top()
        forward = [] if now is None else [now]
        for _ in range(TABS):
            last, now = now, self._step("Tab", now)
            if wrapped(last, now):
                break
            forward.append(now)
        else:
            raise AssertionError(f"keyboard trap: {TABS} Tabs never left the page's last control")
        assert forward, "no control on the page takes the focus"
        keys = [f["key"] for f in forward]
        assert now is None or now["key"] == keys[0], f"past the last control Tab went to {describe(now)}"
        for f in forward:
            assert_ring(f)
        for _ in range(2):  # round the page's top (out of the page, or straight) to its last control
            last, now = now, self._step("Shift+Tab", now)
            if now is not None and now["key"] == keys[-1]:
                break
        else:
            raise AssertionError(f"Shift+Tab from the page's top went to {describe(now)}, not to its last control")
        backward = [now]
        for _ in range(TABS):
            last, now = now, self._step("Shift+Tab", now)
            if wrapped(last, now, backwards=True):
                break
            backward.append(now)
        assert [b["key"] for b in backward] == keys[::-1], "Shift+Tab does not go back the way Tab came"
        return forward

    def summary(self, game: str, ended: bool, seconds: float) -> str:
        lost = sum(a.startswith("the page") for a in self.after)
        line = (f"{game}: {'played to its end' if ended else 'left unfinished'}, "
                f"{len(self.moves)} moves by keys ({', '.join(sorted(set(self.moves)))}), "
                f"{self.tabs} Tabs, {seconds:.1f} s; focus after a move: lost to the page {lost}, "
                f"kept {len(self.after) - lost} ({sorted(set(a for a in self.after if a.startswith('kept')))})")
        print(line)
        return line


def wrapped(last: dict | None, now: dict | None, backwards: bool = False) -> bool:
    """Whether a Tab (Shift+Tab) from ``last`` to ``now`` went past the page's end (its top):
    out of the page, or round to the other end (the order of these pages is the document's)."""
    if now is None:
        return True
    return last is not None and (now["key"] > last["key"] if backwards else now["key"] < last["key"])


def describe(focused: dict | None) -> str:
    if focused is None:
        return "the page (no control)"
    return f"<{focused['tag'].lower()}> {focused['name']!r} ({focused['where'] or 'no bm- class'})"


def assert_ring(focused: dict) -> None:
    """The keyboard's focus is seen: :focus-visible, and drawn as an outline of 2 px or more
    (or Chromium's own focus ring, outline-style ``auto``)."""
    assert focused["ring"], f"{describe(focused)} has the focus but not :focus-visible"
    assert (focused["outline"] != "none" and focused["width"] > 0) or focused["shadow"] != "none", \
        f"{describe(focused)}: no focus indicator (no outline, no box-shadow)"
    ring = f"{describe(focused)}: the focus ring is {focused['outline']} {focused['width']} px"
    assert focused["outline"] != "none", ring
    assert focused["outline"] == "auto" or focused["width"] >= 2, ring  # auto: Chromium's own ring


def open_page(browser, url: str, ready: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url, timeout=120_000)
    page.locator(ready).first.wait_for(timeout=120_000)
    return context, page, errors


def options(page, select: str) -> list[str]:
    """A move list's options as the page shows them (ipywidgets draws spaces as no-break spaces)."""
    return page.locator(select).evaluate(
        r"s => [...s.options].map(o => o.textContent.replace(/\u00a0/g, ' ').trim())")


# --- Hochstapler ----------------------------------------------------------------------------
HOCHSTAPLER = "/voila/render/02-play-hochstapler.ipynb"
# My turn (or the end), all drawn: the widget writes its status, which holds my view, last.
HS_MY_TURN = """previous => {
    const status = document.querySelector('.bm-status');
    if (!status || status.dataset.view === previous) return false;
    return status.innerText.includes('Your turn') || status.innerText.includes('game is over');
}"""
HS_ENABLED = """name => [...document.querySelectorAll('button.jupyter-button')]
    .some(b => b.innerText.trim() === name && !b.disabled)"""
HS_BUTTON = "button.jupyter-button"
HS_CALL_BOX = ".bm-call-total input"
HS_RAISE_COLOUR = ".widget-hbox:has(> .bm-call-total) select"
# Each colour's chances are drawn for the total in the call box.
HS_TOTAL_SHOWN = "total => { const t = document.querySelector('.bm-colours'); return !!t && Number(t.dataset.total) === total; }"


def type_a_call(keys: Keys) -> int:
    """Tab from the top to the call box and type a total one above the one offered; returns it."""
    keys.tab_to(HS_CALL_BOX)
    total = int(keys.page.locator(HS_CALL_BOX).input_value()) + 1
    keys.press("Control+a")
    keys.page.keyboard.type(str(total))
    return total


def my_first_call(page) -> int | None:
    """The total of my (seat 0's) first call in this deal, from the view the page shows."""
    history = json.loads(page.locator(".bm-status").get_attribute("data-view"))["history"]
    return next((e["total"] for e in history if e["event"] == "call" and e["seat"] == 0), None)


def test_hochstapler_by_keyboard(browser, voila):
    """The setup is inside an accordion whose header the keyboard cannot reach (ipywidgets
    draws it as a <div>), so the notebook's own setup plays: 4 players, a random deal."""
    started = time.monotonic()
    context, page, errors = open_page(browser, voila + HOCHSTAPLER, ".bm-board")
    try:
        keys = Keys(page)
        page.wait_for_function(HS_MY_TURN, arg=None, timeout=WAIT)
        view = page.locator(".bm-status").get_attribute("data-view")
        cycle = keys.full_cycle()
        assert {"exchange", "raise"} <= {f["name"] for f in cycle}
        typed = coloured = False
        while "game is over" not in page.locator(".bm-status").inner_text():
            if len(keys.moves) >= MOVES:
                break
            status = page.locator(".bm-status").inner_text()
            enabled = {name: page.evaluate(HS_ENABLED, name) for name in ("exchange", "raise", "doubt")}
            if not keys.moves and enabled["exchange"]:  # my first move: an exchange, with Space
                keys.tab_to(HS_BUTTON, "exchange")
                keys.press(" ")
                kind = "exchange"
            elif not typed and "now raise" in status:  # a call typed in the call box, Enter calls it
                total = type_a_call(keys)
                keys.press("Tab")  # leaving the box sends the total (Enter alone does not: see below)
                page.wait_for_function(HS_TOTAL_SHOWN, arg=total, timeout=WAIT)  # the odds follow it
                keys.press("Shift+Tab")
                assert page.evaluate(IS, [HS_CALL_BOX, None]), "Shift+Tab did not go back to the call box"
                keys.press("Enter")
                typed, kind = True, "call typed + Enter"
            elif enabled["doubt"]:
                keys.tab_to(HS_BUTTON, "doubt")
                keys.press("Enter")
                kind = "doubt"
            elif not coloured:  # another colour: arrow key in the colour list, Tab to raise, Space
                keys.tab_to(HS_RAISE_COLOUR)
                before, count = page.evaluate("() => [document.activeElement.selectedIndex, "
                                              "document.activeElement.options.length]")
                assert count > 1, "one colour left: no other to raise in"
                keys.choose(before + 1 if before + 1 < count else before - 1)
                keys.next_is(HS_BUTTON, "raise")
                keys.press(" ")
                coloured, kind = True, "raise in another colour"
            else:
                assert enabled["raise"], f"no move of mine is enabled: {status}"
                keys.tab_to(HS_BUTTON, "raise")
                keys.press("Enter")
                kind = "raise"
            page.wait_for_function(HS_MY_TURN, arg=view, timeout=WAIT)
            if kind == "call typed + Enter":
                assert my_first_call(page) == total, "Enter in the call box did not call the total typed"
            view = page.locator(".bm-status").get_attribute("data-view")
            assert not page.locator(".bluffmath-error").count(), page.locator(".bluffmath-error").inner_text()
            keys.played(kind)
        assert "game is over" in page.locator(".bm-status").inner_text(), \
            f"the game did not end in {MOVES} of my moves"
        assert {"exchange", "call typed + Enter", "doubt"} <= set(keys.moves)
        assert "Game over" in page.locator(".bm-result").inner_text()
        keys.full_cycle()
        keys.summary("Hochstapler", True, time.monotonic() - started)
    finally:
        context.close()
    assert errors == []


def test_hochstapler_enter_right_after_typing_calls_the_total_typed(browser, voila):
    context, page, errors = open_page(browser, voila + HOCHSTAPLER, ".bm-board")
    try:
        keys = Keys(page)
        page.wait_for_function(HS_MY_TURN, arg=None, timeout=WAIT)
        view = page.locator(".bm-status").get_attribute("data-view")
        total = type_a_call(keys)
        keys.press("Enter")
        page.wait_for_function(HS_MY_TURN, arg=view, timeout=WAIT)
        assert errors == []
        assert my_first_call(page) == total, "Enter right after typing called the total the box held before"
    finally:
        context.close()


def test_the_setup_and_the_rules_open_and_close_by_the_keyboard(browser, voila):
    context, page, errors = open_page(browser, voila + HOCHSTAPLER, ".bm-board")
    try:
        keys = Keys(page)
        for title, inside in (("Setup: players, names, bots, seed", ".bm-seed input"),
                              ("Rules of Hochstapler", ".bluffmath-rules li")):
            shown = page.locator(inside).first
            assert not shown.is_visible()
            keys.tab_to(".bm-disclosure > button", f"▸ {title}")
            keys.press("Enter")
            shown.wait_for(state="visible", timeout=WAIT)
            assert page.evaluate("document.activeElement.title") == "shown: press to hide"  # said after its name
            keys.press("Space")  # pressed again: closed
            shown.wait_for(state="hidden", timeout=WAIT)
        assert errors == []
    finally:
        context.close()


# --- Gauner raus! ---------------------------------------------------------------------------
GAUNER = "/voila/render/04-play-gauner-raus.ipynb"
GAUNER_SEED = "3"
# The page after my move, ready for the next: my move and what followed are in the log, the
# cell asked (if one) is drawn closed, and it is my turn with cells to ask, or the end.
GAUNER_READY = r"""([seat, cell, before]) => {
    const status = document.querySelector('.bm-gstatus');
    if (!status || document.querySelectorAll('.bm-log li').length <= before) return false;
    if (status.innerText.includes('Game over')) return !!document.querySelector('.bm-end');
    if (!status.innerText.includes('Your turn')) return false;
    if (seat !== null) {
        const asked = document.querySelector(`.bm-opponent-${seat} button[data-cell='${cell}']`);
        if (!asked || !asked.disabled) return false;
    }
    return document.querySelectorAll('button.bm-gcell:not([disabled])').length > 0;
}"""
GAUNER_CELLS = r"""() => [...document.querySelectorAll('[class*=bm-opponent-] button.bm-gcell:not([disabled])')]
    .map(b => [Number([...b.closest('[class*=bm-opponent-]').classList].find(c => c.startsWith('bm-opponent-'))
                      .slice('bm-opponent-'.length)), b.dataset.cell, b.dataset.p])"""
LOG_LINES = "() => document.querySelectorAll('.bm-log li').length"


def test_gauner_raus_by_keyboard(browser, voila):
    """Setup by keys (a seed typed, then New game), 2 players (the notebook's); I ask for my
    likeliest card each time, with Enter or Space, and stop a hit streak when the next
    guess is worse than even (Tab to Stop)."""
    started = time.monotonic()
    context, page, errors = open_page(browser, voila + GAUNER, ".bm-opponent-1 button.bm-gcell")
    try:
        keys = Keys(page)
        page.wait_for_function(GAUNER_READY, arg=[None, None, 0], timeout=WAIT)
        keys.tab_to(".bm-seed input")
        keys.press("Control+a")
        page.keyboard.type(GAUNER_SEED)
        keys.next_is(".bm-new-game")
        keys.press("Enter")
        page.locator(".bm-log", has_text=f"New game, seed {GAUNER_SEED}.").wait_for(timeout=WAIT)
        page.wait_for_function(GAUNER_READY, arg=[None, None, 0], timeout=WAIT)
        cycle = keys.full_cycle()
        assert sum(f["tag"] == "BUTTON" and f["cell"] is not None for f in cycle) > 0, "no card takes the focus"
        streak = 0
        while "Game over" not in page.locator(".bm-gstatus").inner_text():
            if len(keys.moves) >= MOVES:
                break
            cells = page.evaluate(GAUNER_CELLS)
            seat, cell, p = max(cells, key=lambda c: Fraction(c[2]))
            before = page.evaluate(LOG_LINES)
            if streak and Fraction(p) < Fraction(1, 2) and page.locator(".bm-stop").is_enabled():
                keys.tab_to(".bm-stop")
                keys.press("Enter")
                page.wait_for_function(GAUNER_READY, arg=[None, None, before], timeout=WAIT)
                streak = 0
                keys.played("stop")
                continue
            focused = keys.tab_to(f".bm-opponent-{seat} button.bm-gcell[data-cell='{cell}']")
            assert focused["cell"] == cell
            keys.press("Enter" if len(keys.moves) % 2 else " ")
            page.wait_for_function(GAUNER_READY, arg=[seat, cell, before], timeout=WAIT)
            hit = page.locator(f".bm-opponent-{seat} button[data-cell='{cell}']").inner_text()
            streak = streak + 1 if "laid" in hit else 0
            keys.played("ask")
        if "Game over" not in page.locator(".bm-gstatus").inner_text():
            assert len(keys.moves) >= MOVES  # a long game, left after MOVES of my moves
        else:
            page.locator(".bm-end").wait_for(timeout=WAIT)
            assert "revealed" in page.locator(".bm-end").inner_text()
        assert keys.moves.count("ask") >= 5
        assert not page.locator(".bluffmath-error").count(), page.locator(".bluffmath-error").inner_text()
        keys.full_cycle()
        keys.summary("Gauner raus!", page.locator(".bm-end").count() > 0, time.monotonic() - started)
    finally:
        context.close()
    assert errors == []


# --- Münchhausen and Hoax: a move list and its play button ------------------------------------
MUENCHHAUSEN = "/voila/render/06-play-muenchhausen.ipynb"
MH_MOVES = ".bm-mh-table .bm-mh-moves select"
MH_STATE = ".bm-mh-table .bm-mh-state"
MOVES_MADE = "([where, n]) => { const e = document.querySelector(where); return !!e && Number(e.dataset.moves) > n; }"


def play_from_list(keys: Keys, select: str, play: str, state: str, label: str) -> None:
    """Tab from the top to the move list, the arrow keys to ``label``, Tab to play, Enter;
    returns once the page shows the move made."""
    page = keys.page
    index = options(page, select).index(label)
    before = int(page.locator(state).get_attribute("data-moves"))
    keys.tab_to(select)
    keys.choose(index)
    keys.next_is(play)
    keys.press("Enter")
    page.wait_for_function(MOVES_MADE, arg=[state, before], timeout=WAIT)
    keys.played(label.split()[0])


def test_muenchhausen_by_keyboard(browser, voila):
    """The notebook's table (3 players, a random deal); my moves: name a low value, pass, or
    take the first offer, and on a card on my pile the page's own recommendation."""
    started = time.monotonic()
    context, page, errors = open_page(browser, voila + MUENCHHAUSEN, MH_MOVES)
    try:
        keys = Keys(page)
        cycle = keys.full_cycle()
        assert any("bm-mh-play" in f["where"] for f in cycle)
        while "The game is over" not in page.locator(".bm-mh-table .bm-mh-status").inner_text():
            if len(keys.moves) >= MOVES:
                break
            labels = options(page, MH_MOVES)
            assert labels, "my turn, and no move in the list"
            if "believe" in labels:  # the page's advice, unless a shown card contradicted the card model
                advice = page.locator(".bm-mh-table .bm-mh-choice")
                label = advice.get_attribute("data-choice") if advice.count() else "believe"
            else:
                label = next((wanted for wanted in ("name 2", "pass") if wanted in labels), labels[0])
            play_from_list(keys, MH_MOVES, ".bm-mh-table button.bm-mh-play", MH_STATE, label)
            assert not page.locator(".bm-mh-table .bluffmath-error").count()
        if "The game is over" in page.locator(".bm-mh-table .bm-mh-status").inner_text():
            assert page.locator(".bm-mh-table button.bm-end-review").is_visible()
        else:
            assert len(keys.moves) >= MOVES
        assert len(keys.moves) >= 5
        keys.full_cycle()
        keys.summary("Münchhausen", "The game is over" in page.locator(".bm-mh-table .bm-mh-status").inner_text(),
                     time.monotonic() - started)
    finally:
        context.close()
    assert errors == []


HOAX = "/voila/render/07-play-hoax.ipynb"
HOAX_MOVES = ".bm-hoax-table .bm-hoax-moves select"
HOAX_STATE = ".bm-hoax-table .bm-hoax-state"
HOAX_SEED = "6"
# The new game of 3 players is drawn: my sheet has a row for 3 players, no move made yet.
HOAX_THREE = """() => { const cells = [...document.querySelectorAll('.bm-hoax-table td.bm-hoax-odds')];
    const state = document.querySelector('.bm-hoax-table .bm-hoax-state');
    return cells.length > 0 && Math.max(...cells.map(c => Number(c.dataset.player))) === 2
        && !!state && state.dataset.moves === '0'; }"""


def test_hoax_by_keyboard(browser, voila):
    """Setup by keys: 3 players (arrow up in the players list), a seed typed, new game; then
    every move picked in the move list with the arrow keys and played with Tab, Enter."""
    started = time.monotonic()
    context, page, errors = open_page(browser, voila + HOAX, HOAX_MOVES)
    try:
        keys = Keys(page)
        keys.tab_to(".bm-hoax-players select")
        keys.choose(options(page, ".bm-hoax-players select").index("3"))
        keys.next_is(".bm-hoax-bots select")
        keys.next_is(".bm-hoax-seed input")
        keys.press("Control+a")
        page.keyboard.type(HOAX_SEED)
        keys.next_is("button.bm-hoax-new")
        keys.press("Enter")
        page.wait_for_function(HOAX_THREE, timeout=WAIT)
        cycle = keys.full_cycle()
        assert any("bm-hoax-play" in f["where"] for f in cycle)
        while labels := options(page, HOAX_MOVES):
            if len(keys.moves) >= MOVES:
                break
            play_from_list(keys, HOAX_MOVES, ".bm-hoax-table button.bm-hoax-play", HOAX_STATE,
                           choose(labels, len(keys.moves)))
            assert not page.locator(".bm-hoax-table .bluffmath-error").count()
        if options(page, HOAX_MOVES):
            assert len(keys.moves) >= MOVES
        else:
            page.locator(".bm-hoax-table .bm-hoax-end").wait_for(timeout=WAIT)
            assert "Every card" in page.locator(".bm-hoax-table .bm-hoax-end").inner_text()
        assert len(keys.moves) >= 5
        keys.full_cycle()
        keys.summary("Hoax", not options(page, HOAX_MOVES), time.monotonic() - started)
    finally:
        context.close()
    assert errors == []
