"""Brute-force baselines: enumerate the physical cards, count, divide.

Every function here answers the same question as its bluffmath counterpart by listing
deals of distinct physical cards with :mod:`itertools`, and shares no code with
bluffmath's counting: the pile is written out again below, results are plain
``{total: Fraction}`` dicts, and the callers' beliefs are counted by enumeration too.
Only the inputs (a :class:`~bluffmath.hochstapler.Position`'s face-up cards and spoken
calls, an :class:`~bluffmath.hochstapler.OpponentModel`'s two numbers) come from bluffmath.

>>> max(total(3, own=7, face_up=()))          # my 7, and at best the 6 and a 5
18
>>> call_odds(3, own=7, call=0, face_up=())
Fraction(1, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations, permutations
from math import lcm, prod
from typing import Any

# One colour's fifteen cards, written out card by card (docs/reference/rulings.md).
PILE_CARDS: tuple[int, ...] = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)
VALUES = range(8)
CARDS_PER_COLOUR = len(PILE_CARDS)

Exact = dict[int, Fraction]  # total -> probability, outcomes of probability 0 left out


def unseen_cards(own: int | None, face_up: Iterable[int]) -> list[int]:
    """The values of the physical cards I have not seen, one entry per card."""
    cards = list(PILE_CARDS)
    for value in [*([] if own is None else [own]), *face_up]:
        cards.remove(value)
    return cards


def _normalised(counts: Counter[int] | dict[int, int]) -> Exact:
    whole = sum(counts.values())
    return {t: Fraction(n, whole) for t, n in sorted(counts.items()) if n}


def total(players: int, own: int | None, face_up: Sequence[int]) -> Exact:
    """A colour's total over all hands: every set of the other hands' cards, equally likely."""
    others = players if own is None else players - 1
    base = own or 0
    counts = Counter(base + sum(hands) for hands in combinations(unseen_cards(own, face_up), others))
    return _normalised(counts)


def call_odds(players: int, own: int | None, call: int, face_up: Sequence[int]) -> Fraction:
    """P(total >= call): the sets of the other hands' cards that make the call true, over all."""
    others = players if own is None else players - 1
    need = call - (own or 0)
    good = every = 0
    for hands in combinations(unseen_cards(own, face_up), others):
        every += 1
        good += sum(hands) >= need
    return Fraction(good, every)


def exchange(players: int, own: int, face_up: Sequence[int]) -> Exact:
    """The total if I exchange ``own``: it goes face up, I draw the top card of the pile.

    Enumerates the card I draw, then every set of the other hands' cards from the rest.
    """
    cards = unseen_cards(None, (*face_up, own))
    counts: Counter[int] = Counter()
    for i, drawn in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        for hands in combinations(rest, players - 1):
            counts[drawn + sum(hands)] += 1
    return _normalised(counts)


def caller_likelihood(players: int, calls: Sequence[Any], model: Any) -> list[Fraction]:
    """For each value a caller may hold, the likelihood of all their ``calls`` under ``model``.

    A caller believes a call when their own card counting (by enumeration, from their
    card and what lay face up then) gives it at least ``model.threshold``; a call they do
    not believe weighs ``model.bluff``.
    """
    weights = []
    for value in VALUES:
        weight = Fraction(1)
        for call in calls:
            if value not in unseen_cards(None, call.face_up):
                weight = Fraction(0)  # the caller cannot hold a card that lay face up then
                break
            belief = call_odds(players, value, call.total, call.face_up)
            weight *= 1 if belief >= model.threshold else model.bluff
        weights.append(weight)
    return weights


def read_bids(players: int, own: int | None, calls: Sequence[Any], face_up: Sequence[int],
              model: Any) -> Exact:
    """The total given the spoken calls: every ordered deal of the unseen cards to the other
    seats (``itertools.permutations``), weighted by each caller's likelihood of their calls.

    ``calls`` are :class:`~bluffmath.hochstapler.SpokenCall` s. Seats are dealt in order,
    the callers first; the likelihoods are scaled to whole numbers by one common factor.
    """
    seats = players if own is None else players - 1
    by_seat: dict[int, list[Any]] = {}
    for call in calls:
        by_seat.setdefault(call.seat, []).append(call)
    tables = [caller_likelihood(players, seat_calls, model) for seat_calls in by_seat.values()]
    scale = lcm(*(w.denominator for table in tables for w in table))
    whole = [[int(w * scale) for w in table] for table in tables]
    callers = range(len(whole))
    base = own or 0
    counts: Counter[int] = Counter()
    for deal in permutations(unseen_cards(own, face_up), seats):
        weight = prod(whole[i][deal[i]] for i in callers)
        if weight:
            counts[base + sum(deal)] += weight
    return _normalised(counts)


def odds_table(position: Any, model: Any) -> dict[str, tuple[Exact, Exact, Exact | None]]:
    """Each colour's (counting, reading, exchange) distributions, as bluffmath's odds table.

    Reading the bids enumerates deals only in colours with spoken calls; with none, the
    reading is by definition the counting, so the baseline reuses that enumeration (this
    favours the baseline).
    """
    players = position.players
    rows = {}
    for colour in position.colours:
        own, face_up = position.hand[colour], position.face_up(colour)
        spoken = position.spoken_calls(colour)
        counting = total(players, own, face_up)
        reading = read_bids(players, own, spoken, face_up, model) if spoken else counting
        can_exchange = len(face_up) < CARDS_PER_COLOUR - players
        swap = exchange(players, own, face_up) if can_exchange else None
        rows[colour] = (counting, reading, swap)
    return rows
