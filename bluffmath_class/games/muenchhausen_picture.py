"""The class's Münchhausen beside the exact mathematics, for the teacher's screen:
believes and doubts against the exact chance that the card was honest.

Every card laid face down on an offer is believed or doubted by the start player. Each
such decision is shown with the exact chance, from the decider's seat at that moment,
that the card was honest, under a stated card model (the one the students' odds and
their reviews use). A doubt turns the card over, so whether the doubter was right is
public: the picture counts the right doubts (the card was a lie) against how many a
player doubting at exactly those chances finds on average (the sum of the chances of a
lie). A believed card stays face down: whether it was honest is never shown (the piles
are counted face up only at a round's end, not card by card), so a believe has its
chance and no verdict, and the picture gives the lies the model expects among them.

>>> from bluffmath import muenchhausen as mh
>>> from bluffmath_class.games import GAMES, Record, Seating
>>> rules = GAMES["muenchhausen"]
>>> state, notes = mh.Game(players=3).new_game(), []
>>> for action in [mh.game.Name(4), mh.game.Offer(5), mh.game.Offer(6), mh.game.Pass(), mh.game.Pass(),
...                mh.game.Lay(2), mh.game.Doubt()]:
...     before, state = state, state.apply(action)
...     notes.append(rules.note(before, action, state))
>>> record = Record(Seating(("Ann", "Ben", "Cy")), state, [n for n in notes if n], table=1, game=1)
>>> [(d.chance, d.lie) for d in decisions([record])]   # Cy's 2 on an offer of 6: 3 of 8 cards reach it
[(Fraction(3, 8), True)]
>>> figures([record]).expected_right
Fraction(5, 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass
from fractions import Fraction
from functools import lru_cache, reduce

from bluffmath import muenchhausen as mh
from bluffmath.display import decimal, fraction_json, percent, written

from ..markup import chance, esc, rows
from .base import Record, Seating, scroll_box
from .muenchhausen_notes import DecisionNote
from .muenchhausen_page import MODEL_WORDS, card

#: The bins of the chances: 0-10 %, ..., 90-100 % (a sure card in the last).
BINS = 10
HALF = Fraction(1, 2)


def decisions(records: Sequence[Record]) -> list[DecisionNote]:
    """Every believe and doubt of the class, game by game."""
    return [n for r in records for n in r.notes if isinstance(n, DecisionNote)]


@dataclass(frozen=True)
class Figures:
    """The picture's numbers: decisions with a chance (``valued``) and without (a card
    shown earlier in their round contradicts the model), believes and doubts, right doubts
    and the expected number, the lies the model expects among the believed cards, and the
    decisions against the odds."""

    valued: int
    unvalued: int
    believed: int
    doubted: int
    right: int
    expected_right: Fraction
    expected_lies_believed: Fraction
    doubted_likely_honest: int
    believed_likely_lie: int


def figures(records: Sequence[Record]) -> Figures:
    """The picture's numbers over every game of ``records``."""
    found = [d for d in decisions(records) if d.chance is not None]
    doubts = [d for d in found if d.doubted]
    believes = [d for d in found if not d.doubted]
    return Figures(len(found), len(decisions(records)) - len(found), len(believes), len(doubts),
                   sum(d.lie for d in doubts), sum((1 - d.chance for d in doubts), Fraction(0)),
                   sum((1 - d.chance for d in believes), Fraction(0)),
                   sum(d.chance > HALF for d in doubts), sum(d.chance < HALF for d in believes))


def bin_of(p: Fraction) -> int:
    """The bin of a chance: ``floor(10 p)``, a sure card in the last bin."""
    return min(BINS - 1, int(p * BINS))


def picture(records: Sequence[Record], model: mh.CardModel) -> str:
    """The panel (see the module docstring)."""
    head = "<h3>Believe or doubt, against the exact chance the card was honest</h3>"
    stated = (f'<p class="small">The chance is the decider\'s, at that moment, under the card model '
              f"{esc(model.name)}: {MODEL_WORDS[model.lay]}. A doubted card is turned over; a believed card "
              "stays face down, so whether it was honest is not shown.</p>")
    parts = [_part(tuple(r.notes), r.seating, r.table, r.game) for r in records]
    f = reduce(_plus, (p.figures for p in parts), figures(()))
    if not f.valued + f.unvalued:
        return head + "<p>No card laid face down has been believed or doubted yet.</p>" + stated
    return head + _summary(f) + stated + _bins(parts) + _list(parts)


@dataclass(frozen=True)
class _Part:
    """One game's share of the picture: its :class:`Figures`, its valued decisions by bin
    (each bin's believes, doubts, right doubts and the expected number right) and the rows
    of its decisions in the order played."""

    figures: Figures
    bins: tuple[tuple[int, int, int, Fraction], ...]
    cells: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=1024)
def _part(notes: tuple[object, ...], seating: Seating, table: int, game: int) -> _Part:
    """A game's :class:`_Part` (kept: the picture is counted again over every game of the
    room about once a second, and a game that has ended never changes; the sums are exact,
    so adding the games' shares gives what adding every decision gives)."""
    record = Record(seating, None, notes, table=table, game=game)
    bins = [(0, 0, 0, Fraction(0))] * BINS
    for d in decisions([record]):
        if d.chance is not None:
            i = bin_of(d.chance)
            believed, doubted, right, expected = bins[i]
            bins[i] = ((believed + 1, doubted, right, expected) if not d.doubted else
                       (believed, doubted + 1, right + d.lie, expected + (1 - d.chance)))
    return _Part(figures([record]), tuple(bins), tuple(_cells(record)))


def _plus(a: Figures, b: Figures) -> Figures:
    """Two games' figures together."""
    return Figures(*(x + y for x, y in zip(astuple(a), astuple(b), strict=True)))


def _summary(f: Figures) -> str:
    unvalued = (f' <b data-unvalued="{f.unvalued}">{f.unvalued}</b> more have no number: a card turned over '
                "earlier in their round contradicts the model." if f.unvalued else "")
    return (f'<p class="big"><b data-valued="{f.valued}">{f.valued}</b> {"card" if f.valued == 1 else "cards"} '
            "believed or doubted: "
            f'<b data-believed="{f.believed}">{f.believed}</b> believed, <b data-doubted="{f.doubted}">'
            f"{f.doubted}</b> doubted.{unvalued}</p>"
            f'<p class="big"><b data-right="{f.right}">{f.right}</b> {_were(f.right, "doubt")} right (the card was a lie). '
            f"Doubting at exactly these chances finds a lie {_exact('expected', f.expected_right)} times on "
            f"average. Among the believed cards the model expects {_exact('expected-lies', f.expected_lies_believed)}"
            f' lies, unseen. <b data-doubted-honest="{f.doubted_likely_honest}">{f.doubted_likely_honest}</b> '
            f'doubted a card likelier honest than not; <b data-believed-lie="{f.believed_likely_lie}">'
            f"{f.believed_likely_lie}</b> believed a card likelier a lie.</p>")


def _were(n: int, noun: str) -> str:
    return f"{noun} was" if n == 1 else f"{noun}s were"


def _exact(kind: str, x: Fraction) -> str:
    return (f'<span class="{kind}" data-p="{fraction_json(x)}"><b>{written(x)}</b> '
            f"(about {decimal(x)})</span>")


def _bins(parts: Sequence[_Part]) -> str:
    bins = [reduce(lambda a, b: (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]), (p.bins[i] for p in parts),
                   (0, 0, 0, Fraction(0))) for i in range(BINS)]
    cells = [_bin_row(i, *found) for i, found in enumerate(bins) if found[0] + found[1]]
    return scroll_box(rows(cells, ["P(honest)", "believed", "doubted", "right doubts", "expected"], "mh-bins"),
                      "the believes and doubts by the chance the card was honest")


def _bin_row(i: int, believed: int, doubted: int, right: int, expected: Fraction) -> list[str]:
    share = f" ({percent(Fraction(right, doubted))})" if doubted else ""
    return [f"{i * 10}–{i * 10 + 10} %", str(believed), str(doubted), f"{right}{share}",
            _exact("bin-expected", expected)]


def _cells(record: Record) -> list[tuple[str, ...]]:
    """The rows of a game's believes and doubts, in the order played."""
    names = record.seating.names
    cells = []
    for d in (n for n in record.notes if isinstance(n, DecisionNote)):
        verdict = ("believed" if not d.doubted else
                   f"doubted: {card(d.card)} {'a lie, right' if d.lie else 'honest, wrong'}")
        cells.append((f"T{record.table} G{record.game} R{d.round + 1}", esc(names[d.decider]),
                      f"{esc(names[d.offerer])}: at least {d.offer}",
                      "no number" if d.chance is None else chance(d.chance), verdict))
    return cells


def _list(parts: Sequence[_Part]) -> str:
    cells = [row for p in reversed(parts) for row in reversed(p.cells)]
    return scroll_box(rows(cells, ["table, game, round", "decider", "claim", "P(honest)", "decision"],
                           "doubts-table mh-decisions-table"), "every believe and doubt with its chance",
                      tall=True)
