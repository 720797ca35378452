"""icepool, the dice and deck probability library, on a colour's total: the baseline "the
best library" for the card counting.

A colour's unseen cards are an icepool ``Deck`` (one entry per card value, with its
number of cards); the other hands' cards are ``deck.deal(hands)``, and their total is
``.sum()``, a ``Die`` whose quantities are numbers of sets of cards, as bluffmath's
weights are. icepool is in the ``bench`` extra (``pip install -e '.[bench]'``); where it
is not installed (a quick run, the test suite) :func:`total` falls back to
:func:`benchmarks.plain.total`, which gives the same numbers, and :data:`AVAILABLE` says
so, for the report.

>>> total(3, own=7, face_up=())[18]    # my 7 with the 6 and one of the two 5s
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from benchmarks import plain

try:
    import icepool
except ImportError:  # not in the dev extra: the quick run goes without it
    icepool = None

AVAILABLE = icepool is not None
VERSION = getattr(icepool, "__version__", "not installed")


def total(players: int, own: int | None, face_up: Iterable[int]) -> Counter[int]:
    """The numbers of ways for each total of the colour, by icepool's deal-and-sum."""
    if icepool is None:
        return plain.total(players, own, face_up)
    deck = icepool.Deck(Counter(plain.unseen_cards(own, face_up)))
    hands = players if own is None else players - 1
    base = own or 0
    return Counter({base + t: n for t, n in deck.deal(hands).sum().items()})
