"""The class's Hochstapler beside the exact mathematics, for the teacher's screen.

Two panels, over every game of the room:

- **Doubts.** Each doubt with the exact chance, from the doubter's seat (their card and
  the face-up cards), that the call was true; how many doubts were right (the call was
  false) against how many a player doubting at exactly those chances gets right on average
  (the sum of the chances that the call was false); and the doubts against the odds (the
  call was likelier true than false).
- **Calls over their odds.** Every call whose colour is on the table, binned by the
  caller's exact chance that it was true, with how many came true: a class that calls
  well sits on the diagonal. A call whose colour is still hidden is left out (its chance
  speaks of the caller's card).

>>> from bluffmath import hochstapler as hs
>>> from bluffmath_class.games import GAMES, Record, Seating
>>> rules = GAMES["hochstapler"]
>>> state = hs.Game(players=3).new_game(seed=4)
>>> notes = []
>>> for action in (hs.Raise(6, "red"), hs.DoubtCall()):
...     before, state = state, state.apply(action)
...     notes.append(rules.note(before, action, state))
>>> record = Record(Seating(("Ann", "Ben", "Cy")), state, notes, table=1, game=1)
>>> [(d.chance, d.call_was_true) for d in doubts([record])]      # Ben held the red 1
[(Fraction(62, 91), False)]
>>> [(c.chance, came) for c, came in settled_calls([record])]    # Ann held the red 0
[(Fraction(4, 7), False)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from bluffmath import hochstapler as hs
from bluffmath.display import decimal
from bluffmath.i18n import _, language, n_, number, p_, percent

from ..markup import chance, esc, rows, tag
from .base import Record, Seating, scroll_box
from .hochstapler_notes import CallNote, DoubtNote
from .hochstapler_page import call_html

#: The bins of the calls' chances: 0-10 %, ..., 90-100 % (a sure call in the last).
BINS = 10
HALF = Fraction(1, 2)


def doubts(records: Sequence[Record]) -> list[DoubtNote]:
    """Every doubt of the class, game by game."""
    return [n for r in records for n in _doubts(r.notes)]


def _doubts(notes: Sequence[object]) -> list[DoubtNote]:
    return [n for n in notes if isinstance(n, DoubtNote)]


def settled_calls(records: Sequence[Record]) -> Iterator[tuple[CallNote, bool]]:
    """Every call whose colour is on the table, with whether it came true."""
    for record in records:
        yield from _settled(record.notes, record.state.reveals)


def _settled(notes: Sequence[object], reveals: Sequence[hs.Reveal]) -> Iterator[tuple[CallNote, bool]]:
    shown = {(r.deal, r.call.colour): r.total for r in reveals}
    for note in notes:
        if isinstance(note, CallNote) and (note.deal, note.call.colour) in shown:
            yield note, shown[note.deal, note.call.colour] >= note.call.total


def bin_of(p: Fraction) -> int:
    """The bin of a chance: ``floor(10 p)``, a sure call in the last bin."""
    return min(BINS - 1, int(p * BINS))


def picture(records: Sequence[Record]) -> str:
    """Both panels (see the module docstring)."""
    parts = [_part(tuple(r.notes), r.state.reveals, r.seating, r.table, r.game, language()) for r in records]
    return _doubts_panel(parts) + _calls_panel(parts)


@dataclass(frozen=True)
class _Part:
    """One game's share of the picture: its doubts (how many, right, the expected number
    right, against the odds, and their rows, the latest first), and its settled calls by
    bin (each bin's calls, how many came true, the sum of their chances) and those likelier
    false than true (how many, how many came true)."""

    doubts: int
    right: int
    expected: Fraction
    against: int
    cells: tuple[tuple[str, ...], ...]
    bins: tuple[tuple[int, int, Fraction], ...]
    risky: int
    risky_came: int


@lru_cache(maxsize=1024)
def _part(notes: tuple[object, ...], reveals: tuple[hs.Reveal, ...], seating: Seating, table: int,
          game: int, speaks: str) -> _Part:
    """A game's :class:`_Part`, its rows in the language ``speaks`` (the one in use; kept:
    the picture is counted again over every game of the room about once a second, and a
    game that has ended never changes; the sums are exact, so adding the games' shares
    gives what adding every doubt and call gives)."""
    found = _doubts(notes)
    cells = tuple((_where((seating, table, game)), esc(seating.names[d.doubter]), call_html(d.call),
                   chance(d.chance), _doubt_words(d)) for d in reversed(found))
    bins = [(0, 0, Fraction(0))] * BINS
    risky = risky_came = 0
    for note, came in _settled(notes, reveals):
        i = bin_of(note.chance)
        count, true, total = bins[i]
        bins[i] = (count + 1, true + came, total + note.chance)
        if note.chance < HALF:
            risky, risky_came = risky + 1, risky_came + came
    return _Part(len(found), sum(not d.call_was_true for d in found),
                 sum((1 - d.chance for d in found), Fraction(0)), sum(d.chance > HALF for d in found), cells,
                 tuple(bins), risky, risky_came)


def _doubts_panel(parts: Sequence[_Part]) -> str:
    head = tag("h3", _("Doubts"))
    count = sum(p.doubts for p in parts)
    if not count:
        return head + tag("p", _("No doubt yet."))
    right = sum(p.right for p in parts)
    expected = sum((p.expected for p in parts), Fraction(0))
    against = sum(p.against for p in parts)
    cells = [list(row) for p in reversed(parts) for row in p.cells]
    said = n_("{count} doubts, {right} right (the call was false).",
              "{count} doubts, {right} right (the call was false).", count).format(
        count=f'<b data-doubts="{count}">{count}</b>', right=f'<b data-right="{right}">{right}</b>')
    average = _("Doubting at exactly these chances is right {expected} (about {about}) times on average, {share} "
                "of them; {against} doubted a call likelier true than false.").format(
        expected=f'<span class="expected" data-p="{expected.numerator}/{expected.denominator}"><b>{expected}</b>'
                 "</span>", about=number(expected), share=_share(expected, count),
        against=f'<b data-against="{against}">{against}</b>')
    header = [_("table, game"), p_("Hochstapler picture", "doubter"), p_("Hochstapler picture", "call"),
              _("P(true), their seat"), p_("Hochstapler picture", "doubt")]
    return (head + tag("p", said + " " + average, ' class="big"')
            + scroll_box(rows(cells, header, "doubts-table"), _("every doubt with the chance the doubter faced"),
                         tall=True))


def _calls_panel(parts: Sequence[_Part]) -> str:
    head = tag("h3", _("Calls over their odds"))
    bins = [(sum(p.bins[i][0] for p in parts), sum(p.bins[i][1] for p in parts),
             sum((p.bins[i][2] for p in parts), Fraction(0))) for i in range(BINS)]
    calls = sum(count for count, _came, _total in bins)
    if not calls:
        return head + tag("p", _("No call's colour is on the table yet."))
    cells = [_bin_row(i, *found) for i, found in enumerate(bins) if found[0]]
    risky = sum(p.risky for p in parts)
    said = n_("{calls} calls whose colour is on the table; {risky} were likelier false than true when made, and "
              "{came} of those came true.",
              "{calls} calls whose colour is on the table; {risky} were likelier false than true when made, and "
              "{came} of those came true.", calls).format(
        calls=f'<b data-calls="{calls}">{calls}</b>', risky=f'<b data-risky="{risky}">{risky}</b>',
        came=sum(p.risky_came for p in parts))
    rule = _("A class that calls by the odds has each row's share come true near its chance.")
    header = [_("P(true) when called"), p_("Hochstapler picture", "calls"), p_("Hochstapler picture", "came true"),
              p_("Hochstapler picture", "on average"), ""]
    return (head + tag("p", said + " " + rule, ' class="big"')
            + scroll_box(rows(cells, header, "calibration"),
                         _("the calls by their chance when made, and how many came true")))


def _bin_row(i: int, count: int, came: int, total: Fraction) -> list[str]:
    mean = total / count
    share = Fraction(came, count)
    title = esc(p_("Hochstapler picture", "came true"))  # the bar's widths: CSS, in every language
    bar = (f'<span class="bar" title="{title}"><span style="width: {decimal(100 * share, 1)}%">'
           f'</span><i style="left: {decimal(100 * mean, 1)}%"></i></span>')
    label = f"{i * 10}–{i * 10 + 10} %"
    return [label, str(count), f"{came} ({percent(share)})", chance(mean), bar]


def _doubt_words(doubt: DoubtNote) -> str:
    """Whether a doubt was right (the call was false), in the language in use."""
    return p_("Hochstapler doubt", "wrong") if doubt.call_was_true else p_("Hochstapler doubt", "right")


def _where(found: tuple[object, int, int]) -> str:
    _seating, table, game = found
    return f"T{table} G{game}"


def _share(count: Fraction, total: int) -> str:
    return percent(count / total) if total else "–"
