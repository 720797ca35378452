"""How a player's distribution over hands changed in Münchhausen, step by step.

Each :class:`Step` is one change to one player's distribution: a card shown (a Bayes
table), a card that left unseen (the mixing of the hands it may have come from), or a card
that joined in plain view. :meth:`Knowledge.explain
<bluffmath.muenchhausen.knowledge.Knowledge.explain>` writes a seat's steps in words
(:func:`explained`).

>>> from bluffmath.muenchhausen.events import OpenCard
>>> step = card_moved({(2, 5): Fraction(1)}, OpenCard(1, 0, 4, 5), -5)
>>> step.kind, step.rows
('unseen', (((2, 5), Fraction(1, 1), 5, Fraction(1, 1), (2,)),))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bluffmath.muenchhausen.events import Doubted, Event
from bluffmath.muenchhausen.rules import Hand, without


@dataclass(frozen=True)
class Step:
    """One change to one player's distribution: ``rows`` are (hand before, prior,
    likelihood, unnormalised, posterior) for a shown card (a Bayes table), or (hand before,
    probability, card, its chance, hand after) for an unseen departure (the mixing)."""

    seat: int
    event: Event
    kind: Literal["bayes", "unseen", "gain"]
    rows: tuple[tuple[object, ...], ...]
    normaliser: Fraction = Fraction(1)


def card_moved(beliefs: Mapping[Hand, Fraction], event: Event, change: int, seat: int | None = None) -> Step:
    """A card of value ``abs(change)`` leaves (negative) or joins every possible hand."""
    card = abs(change)
    rows = tuple((h, p, card, Fraction(1), without(h, card) if change < 0 else tuple(sorted((*h, card))))
                 for h, p in beliefs.items())
    return Step(event.seat if seat is None else seat, event, "gain" if change > 0 else "unseen", rows)


def explained(steps: Sequence[Step], seat: int) -> str:
    """``seat``'s steps in words: each card that left unseen (the hands it may have come
    from, the card's chance, the hand after) and each card shown (a Bayes table: prior,
    likelihood, unnormalised, posterior)."""
    lines = []
    for step in steps:
        if step.seat != seat or step.kind == "gain":
            continue
        if step.kind == "unseen" and isinstance(step.event, Doubted):
            continue  # the shown card leaving for the start player's hand: no choice in it
        lines.append(str(step.event))
        if step.kind == "bayes":
            lines.append(f"  {'hand before':<16}  prior  likelihood  prior x likelihood  posterior")
            lines += [f"  {_cards(h):<16}  {p!s:>5}  {like!s:>10}  {u!s:>18}  {post!s:>9}"
                      for h, p, like, u, post in step.rows]
            lines.append(f"  normalising constant: {step.normaliser}")
        else:
            lines.append(f"  {'hand before':<16}  {'P':>2}  card  P(card | hand)  hand after")
            lines += [f"  {_cards(h):<16}  {p!s:>2}  {c:>4}  {q!s:>14}  {_cards(after)}"
                      for h, p, c, q, after in step.rows]
    return "\n".join(lines) or f"seat {seat}'s hand is what it was dealt: no card has left it unseen"


def _cards(hand: Hand) -> str:
    return " ".join(map(str, hand))
