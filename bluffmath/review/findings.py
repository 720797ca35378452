"""Two findings over many games that are not costs: when a player doubts, and how
often they bluff.

When the chance of a doubt is read against its break-even (:class:`DoubtSpot`, every
Hochstapler decision where a doubt was possible: the chance that the call was false, the
best alternative's value, and whether the player doubted; :func:`doubt_timing` in words);
and, in the Duel, how often the player bluffs against how often the equilibrium would in
the same spots (:class:`Tendency`), with the exact chance that a player following the
equilibrium bluffs that rarely (or that often). :mod:`bluffmath.review.habits` reports
both with the patterns.

>>> count_chances([Fraction(1, 2), Fraction(1, 2)])
[Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import _, n_
from bluffmath.limits import MAX_ACTIONS, MAX_REVIEWED_GAMES, bounded
from bluffmath.review.decision import Review, fraction_text
from bluffmath.review.patterns import Seen, mean
from bluffmath.review.words import advice, decimal, option_words, pattern_words
from bluffmath.validate import shown

#: A tendency is reported when a player following the equilibrium would bluff this rarely
#: (or this often) with at most this chance.
SURPRISE = Fraction(1, 20)


@dataclass(frozen=True)
class DoubtSpot:
    """A Hochstapler decision where the player could doubt: the chance that the call was
    false, its break-even (the best other option's chance of no penalty point), and
    whether the player doubted."""

    game: int
    number: int
    chance: Fraction
    break_even: Fraction
    doubted: bool


@dataclass(frozen=True)
class Tendency:
    """How often the player bluffed in the Duel against the equilibrium, in the same spots:
    ``spots`` moves where either might bluff, ``bluffs`` the player's, ``expected`` the
    equilibrium's mean count, and ``chance`` the exact chance that a player following the
    equilibrium bluffs at most (``name`` "bluffs too rarely") or at least ("bluffs too
    often") as many times."""

    name: str
    spots: int
    bluffs: int
    expected: Fraction
    chance: Fraction
    example: Seen

    def text(self) -> str:
        """The tendency in words, in the language in use."""
        e = self.example
        said = (_("{name}: {advice}: {bluffs} bluffs in {spots} spots where the equilibrium bluffs {expected} "
                  "times on average; it bluffs at most {bluffs} times with chance {chance}. For example game "
                  "{game}, #{number}: {position}; you chose {choice}.") if self.name == "bluffs too rarely" else
                _("{name}: {advice}: {bluffs} bluffs in {spots} spots where the equilibrium bluffs {expected} "
                  "times on average; it bluffs at least {bluffs} times with chance {chance}. For example game "
                  "{game}, #{number}: {position}; you chose {choice}."))
        return said.format(name=pattern_words(self.name), advice=advice(self.name), bluffs=self.bluffs,
                           spots=self.spots, expected=decimal(self.expected, 2), chance=decimal(self.chance, 4),
                           game=e.game + 1, number=e.decision.number, position=e.decision.position,
                           choice=option_words(e.decision.choice))

    def to_json(self) -> dict[str, Any]:
        """The tendency as JSON data, every Fraction as ``"p/q"`` (a decimal, without
        the slash, when too long: :func:`~bluffmath.review.decision.fraction_text`)."""
        return {"name": self.name, "advice": advice(self.name), "spots": self.spots, "bluffs": self.bluffs,
                "expected": fraction_text(self.expected), "chance": fraction_text(self.chance),
                "example": {"game": self.example.game, **self.example.decision.to_json()}}


def doubt_timing(spots: Sequence[DoubtSpot]) -> str:
    """When the player doubted, in words: the mean chance that the call was false at the
    doubts, and at the calls let stand where doubting was better, against the break-even.

    >>> print(doubt_timing([DoubtSpot(0, 2, Fraction(1, 2), Fraction(1, 4), True),
    ...                     DoubtSpot(0, 5, Fraction(3, 5), Fraction(2, 5), False)]))
    You doubted 1 of 2 times you could: at a mean chance of 0.500 that the call was false
    (break-even 0.250). You let 1 call stand where the doubt was better: false with mean
    chance 0.600 (break-even 0.400).
    """
    found = () if isinstance(spots, Mapping) else bounded("spots", spots, MAX_ACTIONS * MAX_REVIEWED_GAMES)
    if isinstance(spots, Mapping) or not all(isinstance(s, DoubtSpot) for s in found):
        raise InvalidInputError(f"spots must be a list of DoubtSpot (Habits.doubts), got {shown(spots)}")
    spots = found
    doubted = [s for s in spots if s.doubted]
    late = [s for s in spots if not s.doubted and s.chance > s.break_even]
    words = (_("You doubted {doubted} of {spots} times you could: at a mean chance of {chance} that the call was "
               "false (break-even {break_even}).") if doubted else
             _("You doubted {doubted} of {spots} times you could.")).format(
        doubted=len(doubted), spots=len(spots), chance=decimal(mean([s.chance for s in doubted]), 3) if doubted
        else "", break_even=decimal(mean([s.break_even for s in doubted]), 3) if doubted else "")
    if late:
        words += " " + n_("You let {n} call stand where the doubt was better: false with mean chance {chance} "
                          "(break-even {break_even}).",
                          "You let {n} calls stand where the doubt was better: false with mean chance {chance} "
                          "(break-even {break_even}).", len(late)).format(
            n=len(late), chance=decimal(mean([s.chance for s in late]), 3),
            break_even=decimal(mean([s.break_even for s in late]), 3))
    return words


def doubt_spots(reviews: Sequence[tuple[int, Review]], found: list[Seen]) -> tuple[DoubtSpot, ...]:
    """Every Hochstapler decision in ``found`` where a doubt was possible (see :class:`DoubtSpot`)."""
    games = dict(reviews)
    spots = []
    for seen in found:
        d = seen.decision
        if games[seen.game].game == "hochstapler" and "doubt" in d.values:
            others = max((v for o, v in d.values.items() if o != "doubt"), default=Fraction(0))
            spots.append(DoubtSpot(seen.game, d.number, d.values["doubt"], others, d.choice == "doubt"))
    return tuple(spots)


def tendencies(reviews: Sequence[tuple[int, Review]], states: Sequence[tuple[int, Any, int]]
                ) -> tuple[Tendency, ...]:
    """How often the player bluffed in the Duel's games (``states``: number, State, seat),
    when a player following the equilibrium would bluff so rarely, or so often, with at
    most :data:`SURPRISE` chance."""
    from bluffmath.duel import bluff_spots
    duels = {g for g, r in reviews if r.game == "hochstapler-duel"}
    decisions = {(g, d.number): d for g, r in reviews for d in r.decisions}
    spots = []
    for index, state, seat in states:
        if index in duels:
            spots += [(Seen(index, decisions[index, n]), bluffed, share) for n, bluffed, share in bluff_spots(state, seat)
                      if (index, n) in decisions]  # the player's own: a bot's for them is left out
    if not spots:
        return ()
    bluffs = sum(bluffed for _seen, bluffed, _share in spots)
    expected = sum((share for _seen, _bluffed, share in spots), Fraction(0))
    counts = count_chances([share for _seen, _bluffed, share in spots])
    rarely = sum(counts[:bluffs + 1], Fraction(0))
    often = sum(counts[bluffs:], Fraction(0))
    found = []
    if bluffs < expected and rarely <= SURPRISE:
        example = next(s for s, bluffed, share in sorted(spots, key=lambda x: -x[2]) if not bluffed)
        found.append(Tendency("bluffs too rarely", len(spots), bluffs, expected, rarely, example))
    if bluffs > expected and often <= SURPRISE:
        example = next(s for s, bluffed, share in sorted(spots, key=lambda x: x[2]) if bluffed)
        found.append(Tendency("bluffs too often", len(spots), bluffs, expected, often, example))
    return tuple(found)


def count_chances(shares: list[Fraction]) -> list[Fraction]:
    """``result[k]``: the exact chance of exactly ``k`` bluffs when each spot bluffs with
    its own share, independently.

    >>> count_chances([Fraction(1, 2), Fraction(1, 3)])
    [Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)]
    """
    counts = [Fraction(1)]
    for p in shares:
        counts = [(counts[k] if k < len(counts) else 0) * (1 - p) + (counts[k - 1] * p if k else 0)
                  for k in range(len(counts) + 1)]
    return counts
