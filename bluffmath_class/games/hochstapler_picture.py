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
from fractions import Fraction

from bluffmath.display import decimal, percent

from ..markup import chance, esc, rows
from .base import Record, scroll_box
from .hochstapler_notes import CallNote, DoubtNote
from .hochstapler_page import call_html

#: The bins of the calls' chances: 0-10 %, ..., 90-100 % (a sure call in the last).
BINS = 10
HALF = Fraction(1, 2)


def doubts(records: Sequence[Record]) -> list[DoubtNote]:
    """Every doubt of the class, game by game."""
    return [n for r in records for n in r.notes if isinstance(n, DoubtNote)]


def settled_calls(records: Sequence[Record]) -> Iterator[tuple[CallNote, bool]]:
    """Every call whose colour is on the table, with whether it came true."""
    for record in records:
        shown = {(r.deal, r.call.colour): r.total for r in record.state.reveals}
        for note in record.notes:
            if isinstance(note, CallNote) and (note.deal, note.call.colour) in shown:
                yield note, shown[note.deal, note.call.colour] >= note.call.total


def bin_of(p: Fraction) -> int:
    """The bin of a chance: ``floor(10 p)``, a sure call in the last bin."""
    return min(BINS - 1, int(p * BINS))


def picture(records: Sequence[Record]) -> str:
    """Both panels (see the module docstring)."""
    return _doubts_panel(records) + _calls_panel(records)


def _doubts_panel(records: Sequence[Record]) -> str:
    found = doubts(records)
    if not found:
        return "<h3>Doubts</h3><p>No doubt yet.</p>"
    right = sum(not d.call_was_true for d in found)
    expected = sum((1 - d.chance for d in found), Fraction(0))
    against = sum(d.chance > HALF for d in found)
    names = {id(n): (r.seating, r.table, r.game) for r in records for n in r.notes}
    cells = [[_where(names[id(d)]), esc(names[id(d)][0].names[d.doubter]), call_html(d.call),
              chance(d.chance), "right" if not d.call_was_true else "wrong"] for d in reversed(found)]
    return ('<h3>Doubts</h3><p class="big">'
            f'<b data-doubts="{len(found)}">{len(found)}</b> doubts, <b data-right="{right}">{right}</b> '
            f"right (the call was false). Doubting at exactly these chances is right "
            f'<span class="expected" data-p="{expected.numerator}/{expected.denominator}">'
            f"<b>{expected}</b></span> (about {decimal(expected)}) times on average, "
            f"{_share(expected, len(found))} of them; "
            f'<b data-against="{against}">{against}</b> doubted a call likelier true than false.</p>'
            + scroll_box(rows(cells, ["table, game", "doubter", "call", "P(true), their seat", "doubt"],
                              "doubts-table"), "every doubt with the chance the doubter faced", tall=True))


def _calls_panel(records: Sequence[Record]) -> str:
    calls = list(settled_calls(records))
    if not calls:
        return "<h3>Calls over their odds</h3><p>No call's colour is on the table yet.</p>"
    bins: list[list[tuple[CallNote, bool]]] = [[] for _ in range(BINS)]
    for note, came in calls:
        bins[bin_of(note.chance)].append((note, came))
    cells = [_bin_row(i, found) for i, found in enumerate(bins) if found]
    risky = [(n, came) for n, came in calls if n.chance < HALF]
    return ("<h3>Calls over their odds</h3>"
            f'<p class="big"><b data-calls="{len(calls)}">{len(calls)}</b> calls whose colour is on the table; '
            f'<b data-risky="{len(risky)}">{len(risky)}</b> were likelier false than true when made, and '
            f"{sum(came for _, came in risky)} of those came true. A class that calls by the odds "
            "has each row's share come true near its chance.</p>"
            + scroll_box(rows(cells, ["P(true) when called", "calls", "came true", "on average", ""], "calibration"),
                         "the calls by their chance when made, and how many came true"))


def _bin_row(i: int, found: list[tuple[CallNote, bool]]) -> list[str]:
    came = sum(c for _, c in found)
    mean = sum((n.chance for n, _ in found), Fraction(0)) / len(found)
    share = Fraction(came, len(found))
    bar = (f'<span class="bar" title="came true"><span style="width: {percent(share).split()[0]}%">'
           f'</span><i style="left: {percent(mean).split()[0]}%"></i></span>')
    label = f"{i * 10}–{i * 10 + 10} %"
    return [label, str(len(found)), f"{came} ({percent(share)})", chance(mean), bar]


def _where(found: tuple[object, int, int]) -> str:
    _, table, game = found
    return f"T{table} G{game}"


def _share(count: Fraction, total: int) -> str:
    return percent(count / total) if total else "–"
