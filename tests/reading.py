"""What a reading bot should estimate, counted in the tests: a player's moves seen at each
information set plus 4 imaginary moves shared as the equilibrium plays there (shared alike
where the equilibrium never goes), written from the docs of
:class:`bluffmath.equilibrium.ReadingBot`, not from its code."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

PRIOR = 4


def estimate(cert: Any, player: int, seen: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, Fraction]]:
    """``player``'s estimated strategy from the moves ``seen`` (infoset -> action -> count)."""
    out = {}
    for key, infoset in cert.game.infosets.items():
        if infoset.player != player:
            continue
        mix = cert.strategy(player).get(key) or {a: Fraction(1, len(infoset.actions)) for a in infoset.actions}
        counts = seen.get(key, {})
        total = sum(counts.values()) + PRIOR
        weights = {a: (counts.get(a, 0) + PRIOR * Fraction(mix.get(a, 0))) / total for a in infoset.actions}
        out[key] = {a: p for a, p in weights.items() if p}
    return out
