"""What the class table keeps beside a Hochstapler game's log: each call's and each doubt's
exact chance, from the seat that made it (by card counting).

A call's chance speaks of its caller's card, so nothing shows it before that colour's
cards are on the table; a doubt's is public at once, since the doubt shows the colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bluffmath import hochstapler as hs


@dataclass(frozen=True)
class CallNote:
    """A call with the caller's exact chance that it is true (by card counting: the
    caller's own card and the face-up cards). It speaks of the caller's card, so it is
    shown only once that colour's cards are on the table."""

    number: int
    deal: int
    call: hs.Call
    chance: Fraction


@dataclass(frozen=True)
class DoubtNote:
    """A doubt with the exact chance, from the doubter's seat, that the call was true (by
    card counting: the doubter's own card and the face-up cards), and what the cards said.
    Public once the doubt has shown the colour's cards."""

    number: int  # the move's number in the game (1 is the first)
    deal: int
    call: hs.Call
    doubter: int
    chance: Fraction
    total: int
    taker: int

    @property
    def call_was_true(self) -> bool:
        """True when the total reached the call (the doubter was wrong)."""
        return self.total >= self.call.total
