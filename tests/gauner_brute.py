"""Two independent counts of the Gauner raus! deals that fit a position, from the rules alone.

Nothing here imports bluffmath's counting (``diagram``, ``joint``, ``solve``): only the
grid's constants (which cell number is which colour and letter) and the raw data of a
:class:`~bluffmath.gauner.position.Position` (my hand, and each seat's numbers, laid cards
and "not mine" marks). Every number is checked literally as the rules state it: the seat's
cards, hidden or laid, that have the number cell's colour or its letter, a card with both
counted once.

``brute_counts`` deals the unknown cells with :func:`itertools.combinations`, nested seat
by seat: every hand of the first opponent, then every hand of the next one from the cells
left, and so on; what nobody took is the surplus. A seat's table is checked as soon as its
hand is chosen, so an assignment that breaks it is dropped with all its completions at
once (each of them breaks that same table).

``joined_counts`` is a second method for larger positions: a pruned recursive search lists
each opponent's hands that fit its own table alone, and the lists are joined by
disjointness, each joined tuple times exactly one surplus (the cells left over).

>>> from bluffmath.gauner.position import Position
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{}, {"numbers": {"green-A": 9}, "laid": ["green-A", "green-B", "green-C",
...         "green-D", "green-E", "green-F", "blue-A", "purple-A", "orange-A"], "not_mine": ["blue-C"]}]})
>>> brute = brute_counts(p)
>>> brute.deals, brute.held[1][cell("blue-B")], brute.held[1][cell("blue-C")]
(364, 78, 0)
>>> joined_counts(p) == brute
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from math import comb, prod

from bluffmath.gauner.grid import COLOURS, HAND_SIZE, LETTERS

WIDTH = len(LETTERS)
CELLS = range(len(COLOURS) * len(LETTERS))
SURPLUS = "surplus"


def cell(name: str) -> int:
    """The cell number of ``"colour-letter"``: colour by colour, letters in order."""
    colour, letter = name.split("-")
    return COLOURS.index(colour) * WIDTH + LETTERS.index(letter)


def colour_of(c: int) -> int:
    return c // WIDTH


def letter_of(c: int) -> int:
    return c % WIDTH


def number_for(cards: Iterable[int], at: int) -> int:
    """The rules' number at cell ``at`` for these dealt cards: same colour or same letter."""
    colour, letter = colour_of(at), letter_of(at)
    return sum(1 for c in cards if c // WIDTH == colour or c % WIDTH == letter)


def unknown_cells(position) -> tuple[int, ...]:
    """Every cell that is neither in my hand nor laid face up by anyone."""
    known = set(position.hand)
    for table in position.tables:
        known |= table.laid
    return tuple(c for c in CELLS if c not in known)


def hidden_count(position, seat: int) -> int:
    return HAND_SIZE[position.players] - len(position.tables[seat].laid)


def opponents(position) -> tuple[int, ...]:
    return tuple(s for s in range(position.players) if s != position.me)


def fits_table(table, hidden: Sequence[int]) -> bool:
    """Whether a seat holding ``hidden`` (besides its laid cards) wrote exactly this table."""
    if not table.not_mine.isdisjoint(hidden):
        return False
    dealt = (*hidden, *table.laid)
    return all(number_for(dealt, at) == n for at, n in table.numbers.items())


@dataclass(frozen=True)
class BruteCounts:
    """``deals`` fit; ``held[holder][cell]`` of them put the unknown ``cell`` with ``holder``."""

    deals: int
    held: dict[int | str, dict[int, int]]


def _empty(position) -> dict[int | str, dict[int, int]]:
    unknown = unknown_cells(position)
    return {h: dict.fromkeys(unknown, 0) for h in (*opponents(position), SURPLUS)}


def assignments(position) -> int:
    """How many assignments of the unknown cells ``brute_counts`` could visit (without pruning)."""
    left = len(unknown_cells(position))
    sizes = []
    for seat in opponents(position):
        sizes.append(comb(left, hidden_count(position, seat)))
        left -= hidden_count(position, seat)
    return prod(sizes)


def brute_deals(position, order: Sequence[int] | None = None
                ) -> Iterator[tuple[tuple[frozenset[int], ...], frozenset[int]]]:
    """Every deal that fits: (hidden cards of each opponent in seat order, the surplus).

    ``order`` is the order in which the opponents' hands are chosen (default: seat order);
    it changes how many assignments are visited, never which deals are found.
    """
    seats = opponents(position)
    order = seats if order is None else tuple(order)
    assert sorted(order) == sorted(seats)

    def deal(i: int, left: tuple[int, ...], hands: dict[int, frozenset[int]]):
        if i == len(order):
            yield tuple(hands[s] for s in seats), frozenset(left)
            return
        table = position.tables[order[i]]
        for hand in combinations(left, hidden_count(position, order[i])):
            if fits_table(table, hand):
                chosen = frozenset(hand)
                yield from deal(i + 1, tuple(c for c in left if c not in chosen), {**hands, order[i]: chosen})

    yield from deal(0, unknown_cells(position), {})


def brute_counts(position, order: Sequence[int] | None = None) -> BruteCounts:
    """Count every deal of ``brute_deals`` and where each unknown cell lies in it."""
    seats = opponents(position)
    held = _empty(position)
    deals = 0
    for hands, surplus in brute_deals(position, order):
        deals += 1
        for seat, hand in zip(seats, hands, strict=True):
            for c in hand:
                held[seat][c] += 1
        for c in surplus:
            held[SURPLUS][c] += 1
    return BruteCounts(deals, held)


def brute_plan(position, most: int, fitting: Mapping[int, int] | None = None
               ) -> tuple[int, tuple[int, ...]] | None:
    """A bound on the assignments ``brute_deals`` visits, and the opponents' order that
    makes it smallest; None if that is above ``most``.

    Choosing the hands of seats ``s1, s2, ...`` in turn visits at most ``C(u, h1)`` hands
    of ``s1``, then ``C(u - h1, h2)`` for each of the ``n1`` hands that fit ``s1``'s table,
    and so on. ``fitting`` gives each seat's ``n`` (found by :func:`seat_hands` if not).
    """
    u = len(unknown_cells(position))
    seats = opponents(position)
    if min(comb(u, hidden_count(position, s)) for s in seats) > most:
        return None
    if fitting is None:
        try:
            fitting = {s: len(seat_hands(position, s, limit=2 * most)) for s in seats}
        except TooMany:
            return None
    best: tuple[int, tuple[int, ...]] | None = None
    for order in permutations(seats):
        left, ways, visits = u, 1, 0
        for s in order:
            visits += ways * comb(left, hidden_count(position, s))
            ways *= fitting[s]
            left -= hidden_count(position, s)
        if best is None or visits < best[0]:
            best = (visits, order)
    assert best is not None
    return best if best[0] <= most else None


def alone_brute(position, seat: int) -> BruteCounts:
    """One opponent's table alone, by ``combinations``: ``"surplus"`` means anyone else."""
    unknown = unknown_cells(position)
    held = {seat: dict.fromkeys(unknown, 0), SURPLUS: dict.fromkeys(unknown, 0)}
    deals = 0
    for hand in combinations(unknown, hidden_count(position, seat)):
        if fits_table(position.tables[seat], hand):
            deals += 1
            for c in unknown:
                held[seat if c in hand else SURPLUS][c] += 1
    return BruteCounts(deals, held)


class TooMany(Exception):
    """The search for one seat's hands went past its limit."""


def seat_hands(position, seat: int, limit: int | None = None) -> list[int]:
    """Every hand (a bit mask of cells) that fits ``seat``'s own table, by a pruned search.

    The search walks the cells the seat may hold in order, in or out; it stops a branch as
    soon as a number (less the seat's laid cards in its cross) or the hand size can no
    longer be met with the cells still ahead. Each hand found is checked again literally.
    ``limit`` bounds the branches visited: past it, :class:`TooMany` is raised.
    """
    table = position.tables[seat]
    cells = [c for c in unknown_cells(position) if c not in table.not_mine]
    needs = [n - number_for(table.laid, at) for at, n in sorted(table.numbers.items())]
    crosses = [[colour_of(c) == colour_of(at) or letter_of(c) == letter_of(at) for c in cells]
               for at in sorted(table.numbers)]
    # room[i][k]: cells from i on in number k's cross (k = -1: all cells from i on).
    room = [[sum(cross[i:]) for cross in crosses] + [len(cells) - i] for i in range(len(cells) + 1)]
    hands: list[int] = []
    visited = 0

    def search(i: int, need: list[int], left: int, mask: int) -> None:
        nonlocal visited
        visited += 1
        if limit is not None and visited > limit:
            raise TooMany
        if any(n < 0 or n > r for n, r in zip(need, room[i], strict=False)) or not 0 <= left <= room[i][-1]:
            return
        if i == len(cells):
            hands.append(mask)
            return
        search(i + 1, need, left, mask)
        if left:
            search(i + 1, [n - crosses[k][i] for k, n in enumerate(need)], left - 1, mask | 1 << cells[i])

    search(0, needs, hidden_count(position, seat), 0)
    assert all(fits_table(table, cells_of(h)) for h in hands)
    return hands


def cells_of(mask: int) -> list[int]:
    return [c for c in CELLS if mask >> c & 1]


def joined_counts(position, hands: Sequence[list[int]] | None = None) -> BruteCounts:
    """The second method: each opponent's own hands, joined where no two share a cell.

    ``hands`` may pass the lists of :func:`seat_hands`, one per opponent in seat order.
    """
    seats = opponents(position)
    lists = [seat_hands(position, s) for s in seats] if hands is None else list(hands)
    everything = sum(1 << c for c in unknown_cells(position))
    weights: list[dict[int, int]] = [dict.fromkeys(h, 0) for h in lists]
    surplus: dict[int, int] = {}

    def join(i: int, used: int, chosen: list[int]) -> None:
        if i == len(lists):
            for w, h in zip(weights, chosen, strict=True):
                w[h] += 1
            rest = everything & ~used
            surplus[rest] = surplus.get(rest, 0) + 1
            return
        for h in lists[i]:
            if not h & used:
                chosen.append(h)
                join(i + 1, used | h, chosen)
                chosen.pop()

    join(0, 0, [])
    held = _empty(position)
    for holder, w in (*zip(seats, weights, strict=True), (SURPLUS, surplus)):
        for mask, n in w.items():
            for c in cells_of(mask):
                held[holder][c] += n
    return BruteCounts(sum(surplus.values()), held)


def join_work(lists: Sequence[list[int]]) -> int:
    """An upper bound on the loop steps of :func:`joined_counts` for these hand lists."""
    return sum(prod(len(h) for h in lists[:i + 1]) for i in range(len(lists)))
