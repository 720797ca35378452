"""When no deal fits a position: find a small set of facts that conflict, and say them.

Facts are the opponents' numbers and "not mine" marks; hand sizes, my own cards and the
laid cards always stay. A fact is dropped whenever the rest still admits no deal, so what
remains is minimal: take any one of its facts away and some deal fits again.

>>> from bluffmath.gauner.position import Position
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{}, {"numbers": {"green-A": 0, "purple-F": 8, "blue-B": 3}}]})
>>> from bluffmath.gauner.solve import solve
>>> solve(p)  # no green or A cards leave seat 1 only 7 purple or F cells
Traceback (most recent call last):
...
bluffmath.gauner.conflicts.ConflictError: no deal fits these facts together: seat 1 wrote 0 at green-A; seat 1 wrote 8 at purple-F
"""

from __future__ import annotations

from bluffmath.errors import InconsistentEvidenceError
from bluffmath.gauner.diagram import build
from bluffmath.gauner.joint import count_deals
from bluffmath.gauner.position import Fact, Position, cell_words
from bluffmath.i18n import _


class ConflictError(InconsistentEvidenceError):
    """No deal fits the position; ``facts`` is a minimal set of facts that conflict."""

    def __init__(self, message: str, facts: tuple[Fact, ...]) -> None:
        super().__init__(message)
        self.facts = facts


def conflict_error(position: Position) -> ConflictError:
    """The error to raise for a position that no deal fits."""
    facts = minimal_conflict(position)
    seats = sorted({f.seat for f in facts}) or list(position.opponents)
    laid = [_("seat {seat} has laid {cells}").format(
                seat=s, cells=", ".join(cell_words(c) for c in sorted(position.tables[s].laid)))
            for s in seats if position.tables[s].laid]
    said = "; ".join(map(str, facts)) if facts else _("the hand sizes and the cards laid face up")
    if laid:
        message = _("no deal fits these facts together: {facts} (given that {laid})").format(
            facts=said, laid="; ".join(laid))
    else:
        message = _("no deal fits these facts together: {facts}").format(facts=said)
    return ConflictError(message, facts)


def minimal_conflict(position: Position) -> tuple[Fact, ...]:
    """A minimal set of the opponents' facts that no deal satisfies (with everything else)."""
    facts = list(position.facts())
    alone = next((s for s in position.opponents if not _fits_alone(position, s)), None)
    if alone is not None:  # one table contradicts itself: look no further than it
        facts = [f for f in facts if f.seat == alone]
    kept = list(facts)
    for fact in facts:
        trial = [f for f in kept if f != fact]
        if not _fits(position.keeping(trial)):
            kept = trial
    return tuple(kept)


def _fits_alone(position: Position, seat: int) -> bool:
    return build(position.seat_facts(seat), position.unknown).fits


def _fits(position: Position) -> bool:
    if not all(_fits_alone(position, s) for s in position.opponents):
        return False
    seats = [position.seat_facts(s) for s in position.opponents]
    return count_deals(seats, position.unknown).total > 0
