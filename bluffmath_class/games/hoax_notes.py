"""What the class table keeps beside a Hoax game's log: each challenge ("Hoax!", once its
vote is counted) and each accusation, with the exact posterior the accuser faced.

The posterior is the core's (:func:`bluffmath.hoax.deduce` of the accuser's live sheet,
:func:`bluffmath.hoax.sheet`, under a stated bluffing model): from the accuser's seat at
that moment, the chance that the target holds the role (the claimed role for a challenge,
the named role for an accusation). It counts the accuser's own card and the looks the
accuser bought, so it is **not** public: a page shows it to the accuser alone, and the
teacher's picture only once the game is over. A challenge's vote adds no fact, so the
sheet at the counted vote is the sheet at the "Hoax!". A doubt in the German showdown
("you are not the King", kind "showdown") is noted like a challenge: the chance is that
the other holds the role, and the doubter is right when it does not.

>>> from bluffmath.hoax import Game
>>> from bluffmath.hoax.actions import Act, Hoax, Pass, Take, Vote
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> for action in [Take(0), Take(1), Take(2), Act("King", "tax"), Hoax()]:
...     state = state.apply(action)
>>> before, state = state, state.apply(Vote(True))
>>> note = challenge_note(before, Vote(True), state)
>>> note.kind, note.accuser, note.target, note.role, note.chance, note.carried, note.held
('challenge', 1, 0, 'King', Fraction(8, 17), True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bluffmath.hoax import BluffModel, State, deduce, sheet
from bluffmath.hoax.actions import Accuse, Doubt
from bluffmath.hoax.events import Accused, Challenged, Doubted, DuelDoubt

#: The bluffing model of every number at the class table: a holder always speaks, a
#: non-holder claims a role with probability 1/4 (the core's default, which no game
#: contradicts); silences are not counted.
MODEL = BluffModel()


@dataclass(frozen=True)
class ChallengeNote:
    """A challenge or an accusation: the moves played when it was settled (1 is the first
    move), ``kind`` ("challenge", "accusation" or "showdown"), the accuser and the target, the role
    (claimed, or named: a named role is seen by the two alone until the end), the exact
    chance from the accuser's sheet that the target holds it, whether a challenge's vote
    carried (an accusation always does), and ``held``: whether the target held the role
    (public when a challenge carried or an accusation was made, else only at the end)."""

    number: int
    kind: str
    accuser: int
    target: int
    role: str
    chance: Fraction
    carried: bool
    held: bool

    @property
    def right(self) -> bool:
        """Whether the accuser was right: a challenge that exposed a lie, an accusation
        that named the card."""
        return self.held if self.kind == "accusation" else self.carried and not self.held

    @property
    def public(self) -> bool:
        """Whether the truth of the role is public now (not only at the end)."""
        return self.kind != "challenge" or self.carried


def accuser_chance(state: State, seat: int, target: int, role: str) -> Fraction:
    """P(``target`` holds ``role``) from ``seat``'s sheet of ``state``, under :data:`MODEL`."""
    return deduce(sheet(state.view(seat), model=MODEL)).probability(target, role)


def challenge_note(before: State, action: object, after: State) -> ChallengeNote | None:
    """The note of a move that settles a challenge or makes an accusation (else None)."""
    new = after.log[len(before.log):]
    if isinstance(action, Accuse):
        accused = next(e for e in new if isinstance(e, Accused))
        seat = before.to_act
        chance = accuser_chance(before, seat, action.target, action.role)
        return ChallengeNote(len(after.actions), "accusation", seat, action.target, action.role, chance, True,
                             accused.right)
    if isinstance(action, Doubt):
        duel = next(e for e in new if isinstance(e, DuelDoubt))
        chance = accuser_chance(before, duel.seat, duel.other, duel.role)
        return ChallengeNote(len(after.actions), "showdown", duel.seat, duel.other, duel.role, chance, True,
                             duel.right)
    counted = next((e for e in new if isinstance(e, Challenged)), None)
    if counted is None:
        return None
    doubt = next(e for e in reversed(after.log) if isinstance(e, Doubted))
    chance = accuser_chance(before, doubt.seat, doubt.accused, doubt.role)
    return ChallengeNote(len(after.actions), "challenge", doubt.seat, doubt.accused, doubt.role, chance,
                         counted.carried, before.cards[doubt.accused] == doubt.role)


def replay_notes(state: State) -> list[ChallengeNote]:
    """Every note of ``state``'s game, made again move by move from its deal."""
    now, notes = state.game.new_game(), []
    for action in state.actions:
        before, now = now, now.apply(action)
        note = challenge_note(before, action, now)
        if note is not None:
            notes.append(note)
    return notes
