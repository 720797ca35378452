"""Hoax's tokens: three types, 20 of each, in the castle, outside or in a vault as trios.

A holding of tokens outside a vault is a triple ``(gold, grain, wine)``; a vault holds
whole trios, one token of each type. These helpers are pure and never go below zero.

>>> add((1, 0, 2), GRAIN, 3)
(1, 3, 2)
>>> trios((2, 1, 3)), total((2, 1, 3))
(1, 6)
>>> describe((1, 0, 2))
'1 gold, 2 wine'
"""

from __future__ import annotations

TOKENS = ("gold", "grain", "wine")
GOLD, GRAIN, WINE = range(3)
START = 20
"""The castle's stock of each type at the start, and the total of each type at every moment."""

Holding = tuple[int, int, int]
NONE: Holding = (0, 0, 0)
TRIO: Holding = (1, 1, 1)


def add(holding: Holding, token: int, n: int) -> Holding:
    """``holding`` with ``n`` (negative: minus) tokens of ``token``."""
    out = list(holding)
    out[token] += n
    return (out[0], out[1], out[2])


def plus(a: Holding, b: Holding) -> Holding:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def minus(a: Holding, b: Holding) -> Holding:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def trios(holding: Holding) -> int:
    """How many whole trios (one of each type) ``holding`` makes."""
    return min(holding)


def total(holding: Holding) -> int:
    return holding[0] + holding[1] + holding[2]


def describe(holding: Holding) -> str:
    """``holding`` in words ("nothing" when empty)."""
    parts = [f"{n} {TOKENS[t]}" for t, n in enumerate(holding) if n]
    return ", ".join(parts) or "nothing"
