"""The colour total as a sympy.stats model, the baseline for ``total_distribution``.

sympy 1.14's ``sympy.stats`` has no multivariate hypergeometric distribution, and its
finite random variables are independent, so draws without replacement are not directly
expressible. The textbook identity used instead: put each unseen card in the other hands
independently with probability 1/2; given that exactly ``k`` cards were chosen, every
``k``-card set is equally likely. Grouping the cards by value, the number of chosen cards
of value ``v`` is ``Binomial(m_v, 1/2)`` (``m_v`` unseen cards of that value), and

    total = own + sum_v v * X_v        conditioned on        sum_v X_v = k,

which ``sympy.stats.density(total, Eq(count, k))`` computes exactly, as Rationals, over
the product space of the ``X_v``. (A Bernoulli per physical card is the same model with a
far larger space: 2**14 outcomes instead of at most 4 * 3**5 * 2 * 2 = 3888.)

>>> density(3, own=7, face_up=(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5))   # others: 0 and 6
{13: 1}
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import sympy
import sympy.stats
from sympy.core.cache import clear_cache

from benchmarks.brute import VALUES, unseen_cards


def model(players: int, own: int | None, face_up: Sequence[int]) -> tuple[sympy.Expr, sympy.Expr, int]:
    """The sympy.stats random expressions (total, number of cards chosen) and the ``k`` to
    condition the count on."""
    cards = unseen_cards(own, face_up)
    chosen = {v: sympy.stats.Binomial(f"X{v}", cards.count(v), sympy.S.Half)
              for v in VALUES if cards.count(v)}
    total = sympy.Integer(own or 0) + sympy.Add(*(v * x for v, x in chosen.items()))
    count = sympy.Add(*chosen.values())
    return total, count, players if own is None else players - 1


def density(players: int, own: int | None, face_up: Sequence[int]) -> dict[int, sympy.Rational]:
    """sympy.stats' exact distribution of the colour total, as ``{total: Rational}``."""
    total, count, k = model(players, own, face_up)
    return {int(t): p for t, p in sympy.stats.density(total, sympy.Eq(count, k)).items() if p}


def as_fractions(d: dict[int, sympy.Rational]) -> dict[int, Fraction]:
    """The same distribution with :class:`fractions.Fraction` probabilities, to compare."""
    return {t: Fraction(int(p.p), int(p.q)) for t, p in sorted(d.items())}


def cold() -> None:
    """Empty sympy's global cache, so that every timed query starts from nothing."""
    clear_cache()
