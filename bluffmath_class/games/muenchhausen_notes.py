"""What the class table keeps beside a Münchhausen game's log: each believe or doubt with
the exact chance, from the deciding seat at that moment, that the face-down card was
honest, under a stated card model.

Everything in a note is public. The chance counts every hand the card's owner may hold
after what the whole table has seen; the decider's own hand changes nothing in it (every
hand is followed on its own, :mod:`bluffmath.muenchhausen.knowledge`), so it is the same
from every seat. A doubted card is turned over and kept; a believed card stays face down,
and its note holds no value.

>>> from bluffmath import muenchhausen as mh
>>> before = mh.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
>>> note = decision_note(before, mh.game.Doubt(), before.doubt(), mh.UNIFORM)
>>> note.decider, note.offerer, note.offer, note.chance, note.card, note.lie
(0, 2, 6, Fraction(3, 8), 7, False)
>>> decision_note(before, mh.game.Believe(), before.believe(), mh.UNIFORM).card is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bluffmath import muenchhausen as mh
from bluffmath.errors import InconsistentEvidenceError
from bluffmath.muenchhausen.events import Doubted
from bluffmath.muenchhausen.game import Believe, Doubt


@dataclass(frozen=True)
class DecisionNote:
    """A believe or a doubt: the move's number in the game (1 is the first), the round, the
    deciding seat (the start player), the seat whose card lay face down and its offer, the
    exact chance that the card was honest from the decider's seat (None when a card shown
    earlier in the round contradicts the card model), and the card if it was doubted (a
    believed card is never shown: None)."""

    number: int
    round: int
    decider: int
    offerer: int
    offer: int
    chance: Fraction | None
    card: int | None

    @property
    def doubted(self) -> bool:
        """True for a doubt (the card was turned over)."""
        return self.card is not None

    @property
    def lie(self) -> bool:
        """True when a doubt turned over a lie (the doubter was right); False otherwise,
        and always for a believe (its card is not shown)."""
        return self.card is not None and self.card < self.offer


def honest_chance(state: mh.State, seat: int, model: mh.CardModel) -> Fraction | None:
    """The exact chance, from ``seat`` (its own hand and the log), that the card lying face
    down in ``state`` is honest under ``model``; None when the round so far contradicts
    the model."""
    hand, log = state.view(seat)
    try:
        return mh.honest_chance(mh.Knowledge.from_log(log, model, me=seat, my_hand=hand))
    except InconsistentEvidenceError:
        return None


def decision_note(before: mh.State, action: object, after: mh.State,
                  model: mh.CardModel) -> DecisionNote | None:
    """The note of a believe or a doubt (None for any other move)."""
    if not isinstance(action, Believe | Doubt):
        return None
    shown = after.log[len(before.log)]
    card = shown.card if isinstance(shown, Doubted) else None
    return DecisionNote(len(after.actions), before.round, before.start, before.offerer,
                        before.offer_value, honest_chance(before, before.start, model), card)
