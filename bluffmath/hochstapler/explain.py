"""Explanations of Hochstapler's numbers: the counting in words, the formula by sympy.

>>> print(explain_call(5, own=3, call=12).text)  # doctest: +NORMALIZE_WHITESPACE
You hold 3 in this colour. The other 4 hands hold 4 of the 14 cards you have not seen
(values 0,0,0,1,1,2,2,3,4,4,5,5,6,7). All 1001 sets of 4 are equally likely, and in 759
of them the other hands add up to at least 9, so that the total reaches 12:
P = 759/1001 = 69/91 (75.8 %).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from bluffmath.display import decimal, percent
from bluffmath.explain import Explanation
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import (
    Pool,
    chance_at_least,
    exchange_distribution,
    total_distribution,
    unseen_pool,
)
from bluffmath.hochstapler.position import SpokenCall
from bluffmath.hochstapler.rules import VALUES, check_known_cards, check_players
from bluffmath.validate import whole_number


def explain_call(players: int, own: int | None, call: int,
                 face_up: Iterable[int] = ()) -> Explanation:
    """Why a call of ``call`` has the chance it has, by card counting."""
    players = check_players(players)
    face_up = check_known_cards(players, own, face_up)
    call = whole_number("call", call, 0)
    d = total_distribution(players, own, face_up)
    pool = unseen_pool(own, face_up)
    k = players if own is None else players - 1
    n, need = sum(pool), call - (own or 0)
    hits, ways = d.weight_of(lambda t: t >= call), d.total_weight
    who = f"The other {k} hands hold" if own is not None else f"You leave your own card out. All {k} hands hold"
    text = (
        f"{_you(own, face_up)}{who} {k} of the {n} cards you have not seen "
        f"({_describe(pool)}). All {ways} sets of {k} are equally likely, and in {hits} of them "
        f"{'the other hands add' if own is not None else 'they add'} up to at least {max(need, 0)}, "
        f"so that the total reaches {call}: P = {_ratio(hits, ways)} ({percent(Fraction(hits, ways))})."
    )
    return Explanation(f"P(total ≥ {call})", text, _counting_latex(pool, k, need, hits, ways))


def explain_exchange(players: int, own: int, call: int, face_up: Iterable[int] = ()) -> Explanation:
    """Keeping my card against exchanging it, for a call of ``call``."""
    swap = exchange_distribution(players, own, face_up)  # checks the cards
    keep = total_distribution(players, own, face_up)
    call = whole_number("call", call, 0)
    text = (
        f"If you keep your {own}, the total averages {_mixed(keep.mean())} and reaches {call} "
        f"with P = {keep.at_least(call)} ({percent(keep.at_least(call))}). If you lay it face up "
        f"and draw, your new card is as likely to be any card you have not seen: the total "
        f"averages {_mixed(swap.mean())} and reaches {call} with P = {swap.at_least(call)} "
        f"({percent(swap.at_least(call))})."
    )
    return Explanation(f"Keep or exchange your {own}", text)


def explain_reading(players: int, own: int | None, calls: Sequence[SpokenCall], call: int,
                    face_up: Iterable[int] = (), model: OpponentModel | None = None) -> Explanation:
    """Why the calls move the chance of ``call``, under the opponent model."""
    reading = read_bids(players, own, calls, face_up, model)  # checks every argument but call
    call = whole_number("call", call, 0)
    model = OpponentModel() if model is None else model
    face_up = check_known_cards(check_players(players), own, face_up)
    counting = total_distribution(players, own, face_up)
    pool = unseen_pool(own, face_up)
    lines = []
    for seat in dict.fromkeys(c.seat for c in calls):
        said = [c for c in calls if c.seat == seat]
        believed = [
            str(v) for v, available in zip(VALUES, pool, strict=True) if available and all(
                chance_at_least(unseen_pool(v, c.face_up), players - 1, c.total - v)
                >= model.threshold for c in said)
        ]
        lines.append(
            f"Seat {seat} called {', '.join(str(c.total) for c in said)}; by card counting they "
            f"would believe that (chance at least {model.threshold}) holding "
            f"{', '.join(believed) or 'no card at all'}, so those cards weigh 1 and the others "
            f"{model.bluff} per unbelieved call."
        )
    p, q = reading.at_least(call), counting.at_least(call)
    text = " ".join([*lines, (
        f"Weighing every way to deal the unknown cards by these likelihoods and normalising "
        f"(Bayes' rule), P(total ≥ {call} | calls) = {p} ({percent(p)}), against {q} "
        f"({percent(q)}) by card counting alone."
    )])
    latex = (
        r"P(T \ge %d \mid \text{calls}) = \frac{\sum_{\text{deals},\,T \ge %d} \prod_j L_j(x_j)}"
        r"{\sum_{\text{deals}} \prod_j L_j(x_j)} = %s" % (call, call, _latex(p))
    )
    return Explanation(f"P(total ≥ {call}) reading the bids", text, latex)


def _you(own: int | None, face_up: tuple[int, ...]) -> str:
    mine = "" if own is None else f"You hold {own} in this colour. "
    shown = f"Face up lie {', '.join(map(str, face_up))}. " if face_up else ""
    return mine + shown


def _describe(pool: Pool) -> str:
    return "values " + ",".join(str(v) for v, n in zip(VALUES, pool, strict=True) for _ in range(n))


def _ratio(hits: int, ways: int) -> str:
    reduced = Fraction(hits, ways)
    same = (reduced.numerator, reduced.denominator) == (hits, ways)
    return f"{hits}/{ways}" if same else f"{hits}/{ways} = {reduced}"


def _mixed(x: Fraction) -> str:
    return f"{x} (about {decimal(x)})" if x.denominator != 1 else str(x)


def _latex(p: Fraction) -> str:
    import sympy

    return sympy.latex(sympy.Rational(p.numerator, p.denominator))


def _counting_latex(pool: Pool, k: int, need: int, hits: int, ways: int) -> str:
    """The generating-function formula with this position's numbers, rendered by sympy."""
    import sympy

    x, y = sympy.symbols("x y")
    product = sympy.Mul(*[(1 + x * y**v) ** m for v, m in zip(VALUES, pool, strict=True) if m],
                        evaluate=False)
    coefficient = r"\left[x^{%d} y^{s}\right] %s" % (k, sympy.latex(product))
    n = sympy.binomial(sympy.Integer(sum(pool)), sympy.Integer(k), evaluate=False)
    reduced = Fraction(hits, ways)
    tail = "" if reduced.denominator == ways else f" = {_latex(reduced)}"
    return (
        r"P = \frac{\sum_{s \ge %d} %s}{%s} = \frac{%d}{%d}%s"
        % (max(need, 0), coefficient, sympy.latex(n), hits, ways, tail)
    )
