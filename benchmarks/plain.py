"""The baseline a competent user would write instead of bluffmath: plain itertools.

Each function lists the physical cards nobody has shown me and enumerates, with
:mod:`itertools`, the hands that matter; it shares no code with bluffmath. A colour's
total counts every set of the other hands' cards; reading the bids enumerates only the
callers' cards (in order: each caller is a seat) and, for each such deal, the sets of
the silent hands' cards. The answers are numbers of ways (a :class:`~collections.Counter`
of totals), as bluffmath's distributions keep them; the benchmarks turn both into
Fractions, untimed, to check that they are equal. This is the whole code::

    PILE_CARDS = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)


    def unseen_cards(own: int | None, face_up: Iterable[int]) -> list[int]:
        cards = list(PILE_CARDS)
        for card in ([] if own is None else [own]) + list(face_up):
            cards.remove(card)
        return cards


    def total(players: int, own: int | None, face_up: Iterable[int]) -> Counter[int]:
        hands = players if own is None else players - 1
        base = own or 0
        return Counter(base + sum(cards)
                       for cards in combinations(unseen_cards(own, face_up), hands))


    def exchange(players: int, own: int, face_up: Iterable[int]) -> Counter[int]:
        cards = unseen_cards(None, [*face_up, own])
        counts: Counter[int] = Counter()
        for i, drawn in enumerate(cards):
            rest = cards[:i] + cards[i + 1:]
            counts.update(drawn + sum(hands) for hands in combinations(rest, players - 1))
        return counts


    def believes(players: int, card: int, call: int, face_up: Iterable[int],
                 threshold: Fraction) -> bool:
        ways = total(players, card, face_up)
        true = sum(n for t, n in ways.items() if t >= call)
        return Fraction(true, sum(ways.values())) >= threshold


    def read_bids(players: int, own: int | None, calls: Sequence[Any], face_up: Iterable[int],
                  threshold: Fraction, bluff: Fraction) -> Counter[int]:
        seats = sorted({call.seat for call in calls})
        likelihood = {}
        for seat in seats:
            said = [call for call in calls if call.seat == seat]
            for card in set(unseen_cards(own, face_up)):
                doubted = sum(not believes(players, card, call.total, call.face_up, threshold)
                              for call in said)
                likelihood[seat, card] = bluff ** doubted
        scale = lcm(*(w.denominator for w in likelihood.values()))
        whole = {key: int(w * scale) for key, w in likelihood.items()}
        cards = unseen_cards(own, face_up)
        silent = (players if own is None else players - 1) - len(seats)
        counts: Counter[int] = Counter()
        for dealt in permutations(range(len(cards)), len(seats)):
            weight = prod(whole[seat, cards[i]] for seat, i in zip(seats, dealt, strict=True))
            if weight:
                rest = [card for i, card in enumerate(cards) if i not in dealt]
                base = (own or 0) + sum(cards[i] for i in dealt)
                for hands in combinations(rest, silent):
                    counts[base + sum(hands)] += weight
        return counts

(``tests/test_benchmarks.py`` checks that this listing is the code below.) The likelihood
of a call follows bluffmath's stated model (:class:`~bluffmath.hochstapler.OpponentModel`):
1 if the caller, counting from their card and what lay face up then, gives the call at
least ``threshold``, else ``bluff``; the likelihoods are scaled to whole numbers by one
factor (which speeds the baseline up).

>>> total(3, own=7, face_up=())[18]    # my 7 with the 6 and one of the two 5s
2
>>> sum(exchange(3, own=0, face_up=()).values()) == 14 * 78   # the card drawn, then 2 of 13
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations, permutations
from math import lcm, prod
from typing import Any

PILE_CARDS = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)


def unseen_cards(own: int | None, face_up: Iterable[int]) -> list[int]:
    cards = list(PILE_CARDS)
    for card in ([] if own is None else [own]) + list(face_up):
        cards.remove(card)
    return cards


def total(players: int, own: int | None, face_up: Iterable[int]) -> Counter[int]:
    hands = players if own is None else players - 1
    base = own or 0
    return Counter(base + sum(cards)
                   for cards in combinations(unseen_cards(own, face_up), hands))


def exchange(players: int, own: int, face_up: Iterable[int]) -> Counter[int]:
    cards = unseen_cards(None, [*face_up, own])
    counts: Counter[int] = Counter()
    for i, drawn in enumerate(cards):
        rest = cards[:i] + cards[i + 1:]
        counts.update(drawn + sum(hands) for hands in combinations(rest, players - 1))
    return counts


def believes(players: int, card: int, call: int, face_up: Iterable[int],
             threshold: Fraction) -> bool:
    ways = total(players, card, face_up)
    true = sum(n for t, n in ways.items() if t >= call)
    return Fraction(true, sum(ways.values())) >= threshold


def read_bids(players: int, own: int | None, calls: Sequence[Any], face_up: Iterable[int],
              threshold: Fraction, bluff: Fraction) -> Counter[int]:
    seats = sorted({call.seat for call in calls})
    likelihood = {}
    for seat in seats:
        said = [call for call in calls if call.seat == seat]
        for card in set(unseen_cards(own, face_up)):
            doubted = sum(not believes(players, card, call.total, call.face_up, threshold)
                          for call in said)
            likelihood[seat, card] = bluff ** doubted
    scale = lcm(*(w.denominator for w in likelihood.values()))
    whole = {key: int(w * scale) for key, w in likelihood.items()}
    cards = unseen_cards(own, face_up)
    silent = (players if own is None else players - 1) - len(seats)
    counts: Counter[int] = Counter()
    for dealt in permutations(range(len(cards)), len(seats)):
        weight = prod(whole[seat, cards[i]] for seat, i in zip(seats, dealt, strict=True))
        if weight:
            rest = [card for i, card in enumerate(cards) if i not in dealt]
            base = (own or 0) + sum(cards[i] for i in dealt)
            for hands in combinations(rest, silent):
                counts[base + sum(hands)] += weight
    return counts
