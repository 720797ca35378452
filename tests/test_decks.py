"""The print-and-cut decks (notebooks/lessons/decks.py), printed and read page by page.

Each deck is printed to PDF with headless Chromium (a missing Chromium fails these tests,
it never skips them) and every page's text is read with pypdf. Every card and chip
carries its index (its words, and its copy when there are several alike: "Thief · 1/2")
at its top and its foot, and every sheet its name at its top and its foot: a piece is
whole when all the occurrences of its index are on one page, and at least two (a card
cut by a page break has its top on one page and its foot on the next).

What a deck must hold is counted here from the core and the Hoax engine, never from
decks.py: the Hochstapler pile and colours, the Gauner grid, the Münchhausen values, and
for Hoax the role cards the engine deals (a deal holding one more copy is refused), the
roles an accusation can name, the castle's tokens at the start, the turn actions the
engine offers each role and what its takes give.
"""

from __future__ import annotations

import doctest
import math
import re
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser
from itertools import count
from pathlib import Path

import pytest
from pypdf import PdfReader

from bluffmath.errors import InvalidInputError
from bluffmath.gauner import GRID
from bluffmath.hoax.actions import Accuse, Act, Cover, Done, Pass, Take
from bluffmath.hoax.events import EDITION_WORDS
from bluffmath.hoax.game import Game, State
from bluffmath.hoax.roles import EDITIONS
from bluffmath.hoax.tokens import TOKENS, minus
from bluffmath.hochstapler.rules import COLOURS, PILE
from bluffmath.muenchhausen.rules import values
from scripts import script

DECKS_PY = Path(__file__).resolve().parents[1] / "notebooks" / "lessons" / "decks.py"
#: A4 in points (pypdf's unit), and what fits on it: cards of 63 x 88 mm in margins of 10 mm.
A4_POINTS = (595.3, 841.9)
CARDS_PER_PAGE = ((210 - 2 * 10) // 63) * ((297 - 2 * 10) // 88)
#: Elfer raus!'s four colours, the Münchhausen sets (muenchhausen.md).
ELFER = ("red", "yellow", "green", "blue")
#: Every role of either edition, as the core names them.
ROLES = tuple(dict.fromkeys(role for edition in EDITIONS.values() for role in edition.roles))
#: What each role may do on another's turn action (the rulings, "Hoax: the full game"), by the engine's move for it.
REACTIONS = {"King": "illegal", "Judge": "fine", "Vicar": "pardon", "Wizard": "immune"}
VOID = {"br", "meta", "img", "hr", "input", "link"}


decks = script("decks_under_test", DECKS_PY)


# --- printing and reading ----------------------------------------------------------------

def chromium() -> str:
    """The Chromium to print with; a test fails (not skips) without one."""
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    pytest.fail("the decks are checked on paper: install Chromium (apt-get install chromium)")


def print_pages(html: str, folder: Path, name: str) -> list[str]:
    """``html`` printed to PDF by Chromium; each page's text, its white space made single spaces."""
    page = folder / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    pdf = page.with_suffix(".pdf")
    subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    f"--print-to-pdf={pdf}", page.as_uri()], check=True, capture_output=True, timeout=120)
    reader = PdfReader(pdf)
    for sheet in reader.pages:
        size = (float(sheet.mediabox.width), float(sheet.mediabox.height))
        assert size == pytest.approx(A4_POINTS, abs=1), f"{name}: a page of {size} points is not A4"
    return [re.sub(r"\s+", " ", sheet.extract_text()) for sheet in reader.pages]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Every deck printed once: its pages' texts, by the deck's name."""
    folder = tmp_path_factory.mktemp("decks")
    return {name: print_pages(draw(), folder, name) for name, draw in decks.DECKS.items()}


def occurrences(mark: str, text: str) -> int:
    """How often ``mark`` is in ``text`` as a whole (not "gold · 1/20" in "gold · 11/20")."""
    return len(re.findall(rf"(?<![\w/]){re.escape(mark)}(?![\w/])", text))


def pages_of(mark: str, pages: list[str]) -> dict[int, int]:
    """On which pages (from 1) ``mark`` is, and how often on each."""
    return {number: n for number, text in enumerate(pages, 1) if (n := occurrences(mark, text))}


def whole(mark: str, pages: list[str]) -> str | None:
    """None if the piece ``mark`` is whole on one page, else what is wrong."""
    found = pages_of(mark, pages)
    if len(found) != 1:
        return f"{mark!r} is on pages {sorted(found)}"
    (number, n), = found.items()
    return None if n >= 2 else f"{mark!r} is on page {number} only once: one end of it is missing"


def mark(name: str, copy: int = 1, copies: int = 1) -> str:
    """A piece's index as the decks print it: its words, and its copy when there are several."""
    return name if copies == 1 else f"{name} · {copy}/{copies}"


# --- what each deck must hold, from the core -------------------------------------------------

def engine_copies(edition: str, role: str) -> int:
    """How many cards of ``role`` the engine deals at most (0: not in that edition's deck)."""
    ed = EDITIONS[edition]
    others = [r for r in ed.roles if r != role]
    most = 0
    for n in count(1):
        players = max(ed.players.start, n)
        if players >= ed.players.stop:
            return most
        try:
            Game(edition, players=players, deal=(role,) * n + tuple(others[:players - n]))
        except InvalidInputError:
            return most
        most = n
    raise AssertionError("unreachable")


def first_turn(edition: str, cover: str | None = None, **options: object) -> State:
    """Seat 0's first turn: everyone took a gold (German: covered a role, seat 0 ``cover``)."""
    state = Game(edition, players=4, deal=("Peasant", "King", "Judge", "Vicar"), **options).new_game()
    while state.phase != "turn":
        legal = state.legal_actions()
        wanted = Cover(cover) if cover and state.phase == "cover" and state.to_act == 0 else None
        state = state.apply(wanted if wanted in legal else next(a for a in legal if isinstance(a, (Take, Cover))))
    assert state.to_act == 0
    assert cover is None or state.covered[0] == {cover}
    return state


def turn_moves(edition: str) -> list[Act]:
    """Every turn action the engine offers seat 0 at its first turn (German: with any role uncovered)."""
    covers = ("King", "Merchant") if edition == "german" else (None,)
    return [a for cover in covers for a in first_turn(edition, cover).legal_actions() if isinstance(a, Act)]


def after_turn(state: State) -> State:
    """``state`` once the turn action just claimed is done and nobody reacts to it."""
    while state.phase != "turn" or state.to_act == 0:
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, (Pass, Done))))
    return state


def expected_marks(deck: str) -> list[str]:
    """The index of every piece ``deck`` must hold, built from the core."""
    if deck == "hochstapler":
        return [mark(f"{c} {v}", k, n) for c in COLOURS for v, n in PILE.items() for k in range(1, n + 1)]
    if deck == "gauner":
        return [mark(GRID.name(cell).replace("-", " ")) for cell in GRID.cells] + ["Gauner raus! table sheet"]
    if deck == "muenchhausen":
        return [mark(f"{c} {v}") for c in ELFER for v in values(4)]
    castle = Game("original").new_game().castle
    copies = {role: max(engine_copies(e, role) for e in EDITIONS) for role in ROLES}
    return ([mark(role, k, copies[role]) for role in ROLES for k in range(1, copies[role] + 1)]
            + [mark(f"Suspicion · {role}") for role in ROLES]
            + [mark(token, k, castle[t]) for t, token in enumerate(TOKENS) for k in range(1, castle[t] + 1)]
            + ["Hoax tokens"]
            + [f"Hoax player sheet ({EDITION_WORDS[e]}), one a player" for e in EDITIONS])


def expected_pages(deck: str) -> int:
    """The pages ``deck`` prints on: its cards nine to a page, and a page for each sheet."""
    def pages(cards: int) -> int:
        return math.ceil(cards / CARDS_PER_PAGE)
    if deck == "hochstapler":
        return pages(len(COLOURS) * sum(PILE.values()))
    if deck == "gauner":
        return pages(len(GRID.cells)) + 1                          # the table sheet
    if deck == "muenchhausen":
        return pages(len(ELFER) * len(values(4)))
    roles = sum(max(engine_copies(e, r) for e in EDITIONS) for r in ROLES)
    return pages(roles) + pages(len(ROLES)) + 1 + len(EDITIONS)   # the chips' page, a sheet per edition


class Elements(HTMLParser):
    """Every element of a page: its tag, its attributes and all the text it holds."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []
        self._open: list[dict[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            element = {"tag": tag, "text": "", **{key: value or "" for key, value in attrs}}
            self._open.append(element)
            self.found.append(element)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element in self._open:
            element["text"] += data

    def having(self, attribute: str) -> list[dict[str, str]]:
        return [e for e in self.found if attribute in e]


@pytest.fixture(scope="module")
def hoax_html() -> Elements:
    return Elements(decks.hoax())


# --- on paper ----------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("deck", ["hochstapler", "gauner", "muenchhausen", "hoax"])
def test_every_card_token_and_sheet_is_whole_on_one_page(printed: dict[str, list[str]], deck: str) -> None:
    """No page break cuts a piece: both ends of every card, chip and sheet are on one page."""
    wrong = [problem for m in expected_marks(deck) if (problem := whole(m, printed[deck]))]
    assert not wrong, f"deck-{deck}: " + "; ".join(wrong[:10])


@pytest.mark.slow
@pytest.mark.parametrize("deck", ["hochstapler", "gauner", "muenchhausen", "hoax"])
def test_a_deck_prints_on_as_many_a4_pages_as_its_cards_and_sheets_need(printed: dict[str, list[str]],
                                                                          deck: str) -> None:
    assert len(printed[deck]) == expected_pages(deck)
    assert all(text.strip() for text in printed[deck]), "a blank page"


def test_the_page_check_finds_a_card_that_a_page_break_cuts(tmp_path: Path) -> None:
    """The check above can fail: a card pushed across a page break (here by a block of 240 mm,
    with the card allowed to break) is reported with the two pages it is on."""
    card = decks.role_card("Thief", 1)
    html = (f'<html><head><style>{decks.STYLE} .card {{ break-inside: auto !important; }}</style></head>'
            f'<body><div style="height: 240mm"></div>{card}</body></html>')
    pages = print_pages(html, tmp_path, "cut")
    assert whole(mark("Thief", 1, 2), pages) == "'Thief · 1/2' is on pages [1, 2]"
    assert whole(mark("Thief", 2, 2), pages) == "'Thief · 2/2' is on pages []"


@pytest.mark.slow
def test_the_printed_hoax_deck_holds_the_cards_and_tokens_the_engine_deals(printed: dict[str, list[str]]) -> None:
    """Counted on paper: each role's cards as often as the engine deals the role (in its
    larger deck), one suspicion card per role, the castle's tokens of each type."""
    text = " ".join(printed["hoax"])
    names = "|".join(ROLES)
    cards = Counter(role for role, _ in set(re.findall(rf"(?<!Suspicion · )\b({names}) · (\d+)/\d+", text)))
    assert cards == {role: max(engine_copies(e, role) for e in EDITIONS) for role in ROLES}
    assert cards == {role: 2 for role in ROLES}                     # the rules: 2 each (hoax.md)
    suspicions = Counter(re.findall(rf"Suspicion · ({names})\b", text))
    assert set(suspicions) == set(ROLES)
    castle = Game("german", players=4).new_game().castle
    chips = Counter(token for token, _ in set(re.findall(rf"\b({'|'.join(TOKENS)}) · (\d+)/\d+", text)))
    assert chips == dict(zip(TOKENS, castle, strict=True))
    assert sum(chips.values()) == 60                                  # the rules: 20 of each of 3


# --- what the Hoax cards and sheets say, against the engine ----------------------------------

def test_each_role_card_says_which_editions_deal_it(hoax_html: Elements) -> None:
    cards = hoax_html.having("data-role")
    for card in cards:
        role, words = card["data-role"], card["text"]
        dealt = {e for e in EDITIONS if engine_copies(e, role)}
        assert f"Role card: {role}" in words                      # said in words, not by colour alone
        assert ("both editions" in words) == (dealt == set(EDITIONS))
        assert ("only in Die Erben von Hoax" in words) == (dealt == {"german"})
    assert Counter(c["data-role"] for c in cards) == {r: max(engine_copies(e, r) for e in EDITIONS) for r in ROLES}


def test_there_is_a_suspicion_card_for_every_role_an_accusation_can_name(hoax_html: Elements) -> None:
    """The roles an accusation may name, in each edition, are the engine's; each suspicion
    card looks different from a role card in words too, and says its editions."""
    named = {e: {a.role for a in first_turn(e, accuse_on_turn=e == "original").legal_actions()
                 if isinstance(a, Accuse)} for e in EDITIONS}
    cards = hoax_html.having("data-suspicion")
    assert sorted(c["data-suspicion"] for c in cards) == sorted(set().union(*named.values()))
    for card in cards:
        role, words = card["data-suspicion"], card["text"]
        assert f"Suspicion: {role}" in words
        assert "Role card" not in words
        assert "suspicion" in card["class"].split()
        assert ("both editions" in words) == all(role in named[e] for e in EDITIONS)
        assert ("only in Die Erben von Hoax" in words) == (role not in named["original"])


def test_every_token_chip_names_its_type(hoax_html: Elements) -> None:
    chips = hoax_html.having("data-token")
    assert Counter(c["data-token"] for c in chips) == dict(zip(TOKENS, Game().new_game().castle, strict=True))
    for chip in chips:
        assert chip["data-token"] in chip["text"].split()


def sheet_rows(elements: Elements, edition: str) -> dict[str, dict[str, str]]:
    """The rows of ``edition``'s player's sheet, by the role each is about ("Everyone" first)."""
    sheets = [e for e in elements.having("data-sheet") if e["data-sheet"] == edition]
    assert len(sheets) == 1, f"{len(sheets)} sheets of the {edition} edition"
    after = elements.found[elements.found.index(sheets[0]) + 1:]
    end = next((i for i, e in enumerate(after) if "data-sheet" in e), len(after))
    return {e["data-sheet-role"]: e for e in after[:end] if "data-sheet-role" in e}


def cells(elements: Elements, row: dict[str, str]) -> dict[str, str]:
    """The text of each cell (td) of ``row``, by its class."""
    out = {}
    for element in elements.found[elements.found.index(row) + 1:]:
        if element["tag"] == "tr":
            break
        if element["tag"] == "td":
            out[element["class"]] = element["text"]
    return out


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_a_players_sheet_has_a_row_for_each_role_with_the_engines_turn_actions(hoax_html: Elements,
                                                                               edition: str) -> None:
    """One sheet per edition: a row for everyone, then one per role the edition deals, each
    with a box to tick when it is covered; a role's turn actions are the kinds of move the
    engine offers that role (take, tax, tithe, spell, steal, trade), and its reaction the
    engine's move for it (illegal, fine, pardon, immune) or none."""
    rows = sheet_rows(hoax_html, edition)
    dealt = [r for r in ROLES if engine_copies(edition, r)]
    assert list(rows) == ["Everyone", *dealt]
    kinds: dict[str, set[str]] = {}
    for act in turn_moves(edition):
        kinds.setdefault(act.role, set()).add(act.kind)
    assert set(kinds) == set(dealt)
    every_kind = set().union(*kinds.values())
    for role in dealt:
        row = cells(hoax_html, rows[role])
        said = {k for k in every_kind if re.search(rf"\b{k}\b", row["turn"], re.I)}
        assert said == kinds[role], f"{edition} {role}: {row['turn']!r}"
        assert (REACTIONS[role] in row["reaction"].lower()) if role in REACTIONS else row["reaction"] == "none"
        assert "covered" in row["cover"]
        assert f"{role}" in rows[role]["text"]
    wizard = cells(hoax_html, rows["Wizard"])["reaction"]
    assert ("trade" in wizard) == ("trade" in every_kind)            # immune to a trade too (German)
    accuse = cells(hoax_html, rows["Everyone"])
    on_turn = "accuse" in accuse["turn"].lower()
    assert on_turn == first_turn(edition).game.accusation_on_turn     # else at a chance to react
    assert on_turn != ("accuse" in accuse["reaction"].lower())


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_the_sheets_takes_are_what_the_engine_gives(hoax_html: Elements, edition: str) -> None:
    """Every take the engine offers, played out: what it gives ("2 grain") is in that role's
    turn action on the sheet."""
    state = first_turn(edition, "Merchant" if edition == "german" else None)
    rows = sheet_rows(hoax_html, edition)
    takes = [a for a in state.legal_actions() if isinstance(a, Act) and a.kind == "take"]
    assert len(takes) >= 5
    for act in takes:
        gained = minus(after_turn(state.apply(act)).outside[0], state.outside[0])
        (token, n), = [(t, n) for t, n in enumerate(gained) if n]
        turn = cells(hoax_html, rows[act.role])["turn"]
        assert f"{n} {TOKENS[token]}" in turn, f"{act}: {turn!r}"


def test_the_decks_own_examples_hold() -> None:
    result = doctest.testmod(decks, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10
    assert result.failed == 0
