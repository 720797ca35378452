"""An independent brute force for Hochstapler, written from the rules alone.

Nothing here imports bluffmath. One colour is the fifteen physical cards of ``PILE_CARDS``;
every deal is listed card by card with :mod:`itertools` (``combinations`` for the sets of
cards the other hands hold, ``permutations`` for which seat holds which card), and every
probability is a count of those equally likely deals.

The results are cached by the multiset of unseen cards (a sorted tuple of values) and the
number of cards dealt, so the exhaustive tests stay fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations

# One colour's fifteen cards, straight from the rules: three 0s, two each of 1-5, one 6, one 7.
PILE_CARDS: tuple[int, ...] = (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7)
VALUES: tuple[int, ...] = tuple(sorted(set(PILE_CARDS)))
PLAYER_COUNTS = range(3, 8)


def unseen_cards(known: Iterable[int]) -> tuple[int, ...] | None:
    """The physical cards left when the ``known`` values are taken out of the pile, one card
    per value named; None when the pile does not hold them all."""
    cards = list(PILE_CARDS)
    for value in known:
        if value not in cards:
            return None
        cards.remove(value)
    return tuple(cards)


def fits(own: int | None, face_up: Sequence[int]) -> bool:
    """Whether my card and the face-up cards can all come out of one colour's pile."""
    return unseen_cards([*face_up, *([] if own is None else [own])]) is not None


@cache
def set_sums(unseen: tuple[int, ...], k: int) -> dict[int, int]:
    """For each sum, how many k-card sets of the physical ``unseen`` cards add up to it."""
    return dict(sorted(Counter(sum(hand) for hand in combinations(unseen, k)).items()))


def total_counts(players: int, own: int | None, face_up: Sequence[int] = ()) -> dict[int, int]:
    """The colour's total over all hands: total -> number of equally likely sets of the
    cards in the hands I cannot see (all ``players`` hands when ``own`` is None)."""
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    if unseen is None:
        raise ValueError("the pile cannot hold these cards")
    k = players if own is None else players - 1
    base = 0 if own is None else own
    return {base + s: n for s, n in set_sums(unseen, k).items()}


def exchange_counts(players: int, own: int, face_up: Sequence[int] = ()) -> dict[int, int]:
    """The total if I lay ``own`` face up and draw: every physical card I may draw from the
    cards I have not seen, times every set of the other hands' cards from the rest."""
    unseen = unseen_cards([*face_up, own])
    if unseen is None:
        raise ValueError("the pile cannot hold these cards")
    counts: Counter[int] = Counter()
    for i, drawn in enumerate(unseen):
        rest = unseen[:i] + unseen[i + 1:]
        for s, n in set_sums(rest, players - 1).items():
            counts[drawn + s] += n
    return dict(sorted(counts.items()))


def probability_at_least(counts: dict[int, int], call: int) -> Fraction:
    """P(total >= call) from a table of counts."""
    return Fraction(sum(n for t, n in counts.items() if t >= call), sum(counts.values()))


def normalised(counts: dict[int, int | Fraction]) -> dict[int, Fraction]:
    """Counts (or weights) as probabilities, outcomes of weight 0 left out."""
    total = sum(counts.values())
    return {t: Fraction(n) / total for t, n in sorted(counts.items()) if n}


def mean_of(counts: dict[int, int]) -> Fraction:
    """E[total] by its definition."""
    return Fraction(sum(t * n for t, n in counts.items()), sum(counts.values()))


def variance_of(counts: dict[int, int]) -> Fraction:
    """Var[total] by its definition, E[(T - E[T])^2]."""
    mu = mean_of(counts)
    return Fraction(sum((t - mu) ** 2 * n for t, n in counts.items()), sum(counts.values()))


@cache
def belief(players: int, card: int, call: int, face_up: tuple[int, ...]) -> Fraction:
    """A caller's chance that ``call`` is true, from their ``card`` and the ``face_up`` cards."""
    return probability_at_least(total_counts(players, card, face_up), call)


@cache
def ordered_deals(unseen: tuple[int, ...], seats: int) -> dict[tuple[int, ...], int]:
    """Every ordered deal of one physical unseen card to each of ``seats`` seats, grouped by
    the values dealt: value tuple -> number of physical deals."""
    return dict(Counter(permutations(unseen, seats)))


def bayes_table(players: int, own: int | None, face_up: Sequence[int],
                calls: Sequence[tuple[int, int, tuple[int, ...]]],
                threshold: Fraction, bluff: Fraction) -> dict[int, Fraction]:
    """The unnormalised posterior of the total given the calls ``(seat, total, face_up then)``.

    Every ordered deal of physical unseen cards to the unknown seats is weighted by the
    product, over the calls, of the caller's likelihood: 1 if the caller's belief (their own
    card, the cards face up at the time) is at least ``threshold``, else ``bluff``.
    """
    unseen = unseen_cards([*face_up, *([] if own is None else [own])])
    if unseen is None:
        raise ValueError("the pile cannot hold these cards")
    unknown = players if own is None else players - 1
    callers = list(dict.fromkeys(seat for seat, _, _ in calls))
    if len(callers) > unknown:
        raise ValueError("more callers than unknown hands")
    position = {seat: i for i, seat in enumerate(callers)}
    weights: dict[int, Fraction] = {}
    for values, n in ordered_deals(unseen, unknown).items():
        weight = Fraction(n)
        for seat, total, then in calls:
            card = values[position[seat]]
            weight *= 1 if belief(players, card, total, tuple(sorted(then))) >= threshold else bluff
        t = (0 if own is None else own) + sum(values)
        weights[t] = weights.get(t, Fraction(0)) + weight
    return weights


def face_up_multisets(most: int = 3) -> list[tuple[int, ...]]:
    """Every multiset of at most ``most`` card values (valid or not), as sorted tuples."""
    return [fu for r in range(most + 1) for fu in combinations_with_replacement(VALUES, r)]


def max_total(players: int) -> int:
    """The highest total a colour can reach: the ``players`` highest cards of the pile."""
    return sum(sorted(PILE_CARDS, reverse=True)[:players])


def play_random_deal(rng, players: int, colours: Sequence[str], turns: int) -> dict:
    """Deal real shuffled cards and play up to ``turns`` random legal turns of Hochstapler.

    Events are plain tuples: ``("call", seat, total, colour)``, ``("exchange", seat, colour,
    value)`` and ``("doubt", seat)``. Returns the events, every hand now, the face-up cards,
    the colours in play, the call to beat, and for each colour the calls that still speak
    about a card held: ``(seat, total, face-up cards when called)``, stale once the caller
    exchanges in that colour.
    """
    piles = {c: rng.sample(PILE_CARDS, len(PILE_CARDS)) for c in colours}
    hands = [{c: piles[c].pop() for c in colours} for _ in range(players)]
    face_up: dict[str, list[int]] = {c: [] for c in colours}
    in_play = list(colours)
    spoken: dict[str, list[tuple[int, int, tuple[int, ...]]]] = {c: [] for c in colours}
    events: list[tuple] = []
    call: tuple[int, int, str] | None = None
    seat = rng.randrange(players)
    while len(events) < turns and in_play:
        if call is not None and (call[1] >= max_total(players) or rng.random() < 0.2):
            events.append(("doubt", seat))
            gone = call[2]
            in_play.remove(gone)
            for hand in hands:
                del hand[gone]
            del piles[gone], face_up[gone], spoken[gone]
            call = None
            continue  # the doubter opens the next round
        if rng.random() < 0.4:
            colour = rng.choice(in_play)
            if piles[colour]:
                laid = hands[seat][colour]
                face_up[colour].append(laid)
                hands[seat][colour] = piles[colour].pop()
                spoken[colour] = [s for s in spoken[colour] if s[0] != seat]
                events.append(("exchange", seat, colour, laid))
        total = (0 if call is None else call[1] + 1) + rng.randrange(4)
        total = min(total, max_total(players))  # no call can go higher
        colour = rng.choice(in_play)
        call = (seat, total, colour)
        spoken[colour].append((seat, total, tuple(face_up[colour])))
        events.append(("call", seat, total, colour))
        seat = (seat + 1) % players
    return {
        "events": events, "hands": hands, "face_up": face_up, "in_play": in_play,
        "call": call, "spoken": spoken,
    }
