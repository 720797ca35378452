"""Print-and-cut decks of the four games, for a class without the boxed games.

Each deck is an A4 page (or several) of cards 63 x 88 mm, nine to a page, with dashed
lines to cut along; every card is made from the core's own definition of the game, so a
printed deck holds exactly the cards the engines deal:

- **Hochstapler** (:data:`bluffmath.hochstapler.rules.PILE`, ``COLOURS``, ``SYMBOLS``):
  seven colours of 15 cards (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7); one deck serves
  seven groups in lesson 1;
- **Gauner raus!** (:data:`bluffmath.gauner.GRID`): the 36 cards, each with its colour,
  its letter and its place in the 6 x 6 grid, and a table sheet per player to write the
  numbers in; lesson 5 gives each pair a deck;
- **Münchhausen** (:func:`bluffmath.muenchhausen.rules.values`): four sets of the cards 1
  to 8, in Elfer raus!'s four colours (a set is one player's hand, or one pair's in
  lesson 7);
- **Hoax** (:data:`bluffmath.hoax.roles.ALL_ROLES`, ``COPIES``, :mod:`bluffmath.hoax.tokens`):
  two cards of each role of both editions (the Merchants only for the German one), and
  the 20 tokens of each type as round chips.

Colours are the games' (the widgets' palette) as a frame, and every card also says its
colour in words, so a deck printed in black and white plays the same.
``handouts.py`` writes them with the worksheets (``deck-hochstapler.html``, ...).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from bluffmath.gauner import GRID
from bluffmath.hoax.roles import ALL_ROLES, COPIES, GERMAN, ORIGINAL
from bluffmath.hoax.tokens import START, TOKENS
from bluffmath.hochstapler.rules import COLOURS, PILE, SYMBOLS
from bluffmath.muenchhausen.rules import values

#: The frame colour of each colour's cards (the widgets' palette), and Elfer raus!'s four.
FRAMES = {"red": "#c62828", "orange": "#b45309", "yellow": "#fbc02d", "green": "#2e7d32",
          "blue": "#1565c0", "purple": "#6a1b9a", "black": "#212121"}
ELFER_COLOURS = ("red", "yellow", "green", "blue")
TOKEN_FRAMES = {"gold": "#b8860b", "grain": "#8d6e63", "wine": "#6a1b9a"}
PER_PAGE = 9

STYLE = """
@page { size: A4; margin: 10mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; margin: 0; }
.sheet { display: grid; grid-template-columns: repeat(3, 63mm); gap: 0; break-after: page;
  justify-content: center; }
.card { width: 63mm; height: 88mm; box-sizing: border-box; border: 1px dashed #888; padding: 3mm;
  break-inside: avoid; }
.face { height: 100%; box-sizing: border-box; border: 2.5mm solid var(--frame); border-radius: 3mm;
  display: flex; flex-direction: column; align-items: center; justify-content: space-between;
  padding: 3mm; text-align: center; }
.big { font-size: 40pt; font-weight: bold; line-height: 1; }
.word { font-size: 12pt; } .small { font-size: 9pt; color: #333; }
.mini { border-collapse: collapse; } .mini td { width: 5.5mm; height: 4mm; border: .3mm solid #555;
  font-size: 7pt; line-height: 1; } .mini td.here { background: var(--frame); color: #fff; }
.chips { display: grid; grid-template-columns: repeat(6, 30mm); justify-content: center; }
.chip { width: 30mm; height: 30mm; box-sizing: border-box; border: 1px dashed #888; padding: 1.5mm; }
.chip .face { border-radius: 50%; border-width: 2mm; padding: 1mm; justify-content: center; }
.table td, .table th { border: .3mm solid #333; width: 22mm; height: 14mm; text-align: center; }
.table { border-collapse: collapse; margin: 6mm auto; } h1 { font-size: 14pt; text-align: center; }
@media screen { body { padding: 1em; } }
"""


def _card(frame: str, big: str, word: str, small: str = "", extra: str = "", kind: str = "card",
          data: str = "") -> str:
    return (f'<div class="{kind}" {data}><div class="face" style="--frame: {frame}">'
            f'<div class="big">{escape(big)}</div>{extra}<div class="word">{escape(word)}</div>'
            f'<div class="small">{escape(small)}</div></div></div>')


def _sheets(cards: list[str], per_page: int = PER_PAGE, kind: str = "sheet") -> str:
    return "".join(f'<div class="{kind}">{"".join(cards[i:i + per_page])}</div>'
                   for i in range(0, len(cards), per_page))


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>\n{body}</body></html>\n")


def hochstapler() -> str:
    """The 105 cards: for each colour, the pile's values, each as many times as the pile holds it.

    >>> hochstapler().count('class="card"')
    105
    """
    cards = [_card(FRAMES[colour], str(value), f"{colour} · {SYMBOLS[colour]}", "Hochstapler",
                   data=f'data-colour="{colour}" data-value="{value}"')
             for colour in COLOURS for value, copies in PILE.items() for _ in range(copies)]
    return _page("Hochstapler: a deck to print and cut", _sheets(cards))


def _mini_grid(cell: int) -> str:
    rows = "".join("<tr>" + "".join('<td class="here">●</td>' if GRID.index(f"{colour}-{letter}") == cell
                                    else "<td></td>" for letter in GRID.letters) + "</tr>"
                   for colour in GRID.colours)
    return f'<table class="mini" aria-hidden="true">{rows}</table>'


def gauner() -> str:
    """The 36 cards, then a table sheet (the 6 x 6 grid a player writes the numbers in).

    >>> page = gauner()
    >>> page.count('class="card"'), page.count('class="table"')
    (36, 1)
    """
    cards = []
    for cell in GRID.cells:
        colour, letter = GRID.name(cell).split("-")
        cards.append(_card(FRAMES[colour], letter, f"{colour} {letter}", "Gauner raus!", _mini_grid(cell),
                           data=f'data-cell="{GRID.name(cell)}"'))
    head = "".join(f"<th>{letter}</th>" for letter in GRID.letters)
    rows = "".join(f"<tr><th>{colour}</th>" + "<td></td>" * len(GRID.letters) + "</tr>" for colour in GRID.colours)
    table = (f'<h1>Gauner raus!: a player\'s table (write your numbers in; one sheet a player)</h1>'
             f'<table class="table"><tr><th></th>{head}</tr>{rows}</table>')
    return _page("Gauner raus!: a deck to print and cut", _sheets(cards) + table)


def muenchhausen(sets: Iterable[str] = ELFER_COLOURS) -> str:
    """Four sets of the values a player holds (1 to 8), one per Elfer raus! colour.

    >>> muenchhausen().count('class="card"')
    32
    """
    cards = [_card(FRAMES[colour], str(value), colour, "Münchhausen", data=f'data-set="{colour}" data-value="{value}"')
             for colour in sets for value in values(4)]
    return _page("Münchhausen: a deck to print and cut", _sheets(cards))


def hoax() -> str:
    """Two cards of every role (the Merchants marked for the German edition), and the
    castle's 20 tokens of each type.

    >>> page = hoax()
    >>> page.count('class="card"'), page.count('class="chip"')
    (14, 60)
    """
    def edition(role: str) -> str:
        return "both editions" if role in ORIGINAL.roles else f"{GERMAN.name} edition only"

    cards = [_card("#37474f", role[0], role, f"Hoax · {edition(role)}", data=f'data-role="{role}"')
             for role in ALL_ROLES for _ in range(COPIES)]
    chips = [_card(TOKEN_FRAMES[token], "", token, "", kind="chip", data=f'data-token="{token}"')
             for token in TOKENS for _ in range(START)]
    return _page("Hoax: role cards and tokens to print and cut",
                 _sheets(cards) + _sheets(chips, per_page=48, kind="chips"))


#: Every deck by the name of its page, ``deck-NAME.html``.
DECKS = {"hochstapler": hochstapler, "gauner": gauner, "muenchhausen": muenchhausen, "hoax": hoax}
