"""The class's Münchhausen beside the exact mathematics, for the teacher's screen:
believes and doubts against the exact chance that the card was honest; and a table's
public summary (:func:`table_page`).

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
from bluffmath.display import fraction_json, written
from bluffmath.i18n import _, language, n_, number, p_, percent
from bluffmath.muenchhausen.events import Believed, Doubted

from ..markup import chance, esc, rows, tag
from .base import Record, Seating, Words, cap, scroll_box, won_by
from .muenchhausen_notes import DecisionNote, card, decision_words, seat_view
from .muenchhausen_page import MODEL_WORDS, board, to_do

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
    head = tag("h3", _("Believe or doubt, against the exact chance the card was honest"))
    stated = tag("p", _("The chance is the decider's, at that moment, under the card model {model}: {rule}. A doubted "
                        "card is turned over; a believed card stays face down, so whether it was honest is not "
                        "shown.").format(model=esc(model.words), rule=_(MODEL_WORDS[model.lay])), ' class="small"')
    parts = [_part(tuple(r.notes), r.seating, r.table, r.game, language()) for r in records]
    f = reduce(_plus, (p.figures for p in parts), figures(()))
    if not f.valued + f.unvalued:
        return head + tag("p", _("No card laid face down has been believed or doubted yet.")) + stated
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
def _part(notes: tuple[object, ...], seating: Seating, table: int, game: int, spoken: str) -> _Part:
    """A game's :class:`_Part`, its rows in the language ``spoken`` (kept: the picture is
    counted again over every game of the room about once a second, and a game that has
    ended never changes; the sums are exact, so adding the games' shares gives what adding
    every decision gives)."""
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
    unvalued = (" " + n_("{n} more has no number: a card turned over earlier in its round contradicts the model.",
                         "{n} more have no number: a card turned over earlier in their round contradicts the model.",
                         f.unvalued).format(n=f'<b data-unvalued="{f.unvalued}">{f.unvalued}</b>')
                if f.unvalued else "")
    counted = (n_("{n} card believed or doubted:", "{n} cards believed or doubted:", f.valued).format(
        n=f'<b data-valued="{f.valued}">{f.valued}</b>') + " " + _("{believed} believed, {doubted} doubted.").format(
        believed=f'<b data-believed="{f.believed}">{f.believed}</b>',
        doubted=f'<b data-doubted="{f.doubted}">{f.doubted}</b>'))
    right = n_("{n} doubt was right (the card was a lie).", "{n} doubts were right (the card was a lie).",
               f.right).format(n=f'<b data-right="{f.right}">{f.right}</b>')
    expected = (_("Doubting at exactly these chances finds a lie {n} times on average.").format(
        n=_exact("expected", f.expected_right)) + " "
        + _("Among the believed cards the model expects {n} lies, unseen.").format(
        n=_exact("expected-lies", f.expected_lies_believed)))
    against = (_("{n} doubted a card likelier honest than not;").format(
        n=f'<b data-doubted-honest="{f.doubted_likely_honest}">{f.doubted_likely_honest}</b>') + " "
        + _("{n} believed a card likelier a lie.").format(
        n=f'<b data-believed-lie="{f.believed_likely_lie}">{f.believed_likely_lie}</b>'))
    return tag("p", counted + unvalued, ' class="big"') + tag("p", f"{right} {expected} {against}", ' class="big"')


def _exact(kind: str, x: Fraction) -> str:
    return (f'<span class="{kind}" data-p="{fraction_json(x)}"><b>{written(x)}</b> '
            + _("(about {x})").format(x=number(x)) + "</span>")


def _bins(parts: Sequence[_Part]) -> str:
    bins = [reduce(lambda a, b: (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]), (p.bins[i] for p in parts),
                   (0, 0, 0, Fraction(0))) for i in range(BINS)]
    cells = [_bin_row(i, *found) for i, found in enumerate(bins) if found[0] + found[1]]
    header = [_("P(honest)"), p_("Münchhausen picture", "believed"), p_("Münchhausen picture", "doubted"),
              _("right doubts"), p_("Münchhausen picture", "expected")]
    return scroll_box(rows(cells, header, "mh-bins"), _("the believes and doubts by the chance the card was honest"))


def _bin_row(i: int, believed: int, doubted: int, right: int, expected: Fraction) -> list[str]:
    share = f" ({percent(Fraction(right, doubted))})" if doubted else ""
    return [f"{i * 10}–{i * 10 + 10} %", str(believed), str(doubted), f"{right}{share}",
            _exact("bin-expected", expected)]


def _cells(record: Record) -> list[tuple[str, ...]]:
    """The rows of a game's believes and doubts, in the order played."""
    names = record.seating.names
    cells = []
    for d in (n for n in record.notes if isinstance(n, DecisionNote)):
        verdict = (p_("Münchhausen picture", "believed") if not d.doubted else
                   _("doubted: {card} a lie, right") if d.lie else _("doubted: {card} honest, wrong")).format(
            card=card(d.card))
        cells.append((f"T{record.table} G{record.game} R{d.round + 1}", esc(names[d.decider]),
                      _("{name}: at least {offer}").format(name=esc(names[d.offerer]), offer=d.offer),
                      _("no number") if d.chance is None else chance(d.chance), verdict))
    return cells


def _list(parts: Sequence[_Part]) -> str:
    cells = [row for p in reversed(parts) for row in reversed(p.cells)]
    header = [_("table, game, round"), p_("Münchhausen picture", "decider"), p_("Münchhausen picture", "claim"),
              _("P(honest)"), p_("Münchhausen picture", "decision")]
    return scroll_box(rows(cells, header, "doubts-table mh-decisions-table"),
                      _("every believe and doubt with its chance"), tall=True)


def table_page(state: mh.State, seating: Seating, notes: Sequence[object], over: bool = False) -> str:
    """The teacher's view of a table: the round, whose move, the points, the turn as it
    stands, and the latest believes and doubts with the chance the decider faced; a game
    that is over (``over``, or finished) names nobody to play. Public facts only: the
    screen is projected."""
    view = seat_view(state, None)
    words = Words(seating, None)
    if state.is_terminal:
        turn = won_by(state.scores, words)
    elif over:
        turn = _("The teacher ended the game before its end (the round under way is not scored)")
    else:
        turn = to_do(view, words, state.to_act)
    scores = ", ".join(f"{words.who(s)} {p}" for s, p in enumerate(state.scores))
    sizes = ", ".join(_("{name} {hand} in hand, {pile} on the pile").format(name=words.who(s), hand=h, pile=p)
                      for s, (h, p) in enumerate(zip(view.hand_sizes, view.pile_sizes, strict=True)))
    found = [n for n in notes if isinstance(n, DecisionNote)]
    decisions_ = [e for e in state.log if isinstance(e, Believed | Doubted)]
    recent = "".join(f"<li>{cap(decision_words(e, words, n))}</li>"
                     for e, n in list(zip(decisions_, found, strict=False))[-6:][::-1])
    return (f"<p><b>{turn}</b></p>" + (board(view, words) if not (state.is_terminal or over) else "")
            + tag("p", _("Points: {scores}").format(scores=scores)) + tag("p", sizes, ' class="small"')
            + (f'<ol class="doubts mh-decisions">{recent}</ol>' if recent else ""))
