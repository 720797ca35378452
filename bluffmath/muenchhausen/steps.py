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

from bluffmath.i18n import _, p_
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
            lines += _table((p_("explain column", "hand before"), p_("explain column", "prior"),
                             p_("explain column", "likelihood"), p_("explain column", "prior x likelihood"),
                             p_("explain column", "posterior")),
                            [(_cards(h), p, like, u, post) for h, p, like, u, post in step.rows])
            lines.append("  " + _("normalising constant: {value}").format(value=step.normaliser))
        else:
            lines += _table((p_("explain column", "hand before"), "P", p_("explain column", "card"),
                             p_("explain column", "P(card | hand)"), p_("explain column", "hand after")),
                            [(_cards(h), p, c, q, _cards(after)) for h, p, c, q, after in step.rows], last_left=True)
    return "\n".join(lines) or _("seat {seat}'s hand is what it was dealt: no card has left it unseen").format(
        seat=seat)


def _table(head: tuple[str, ...], rows: list[tuple[object, ...]], last_left: bool = False) -> list[str]:
    """A table's lines under its headings: the first column (a hand) left-aligned in 16
    characters, the others right-aligned, each as wide as its heading (at least 2); with
    ``last_left`` the last one (a hand) left-aligned and not padded."""
    widths = [max(2, len(title)) for title in head]

    def line(cells: tuple[object, ...]) -> str:
        first, *middle, last = map(str, cells)
        parts = [first.ljust(16), *(cell.rjust(width) for cell, width in zip(middle, widths[1:-1], strict=True)),
                 last if last_left else last.rjust(widths[-1])]
        return "  " + "  ".join(parts)

    return [line(head), *map(line, rows)]


def _cards(hand: Hand) -> str:
    return " ".join(map(str, hand))
