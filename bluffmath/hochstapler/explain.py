"""Explanations of Hochstapler's numbers: the counting in words, the formula by sympy.

>>> print(explain_call(5, own=3, call=12).text)  # doctest: +NORMALIZE_WHITESPACE
You hold 3 in this colour. The other 4 hands hold 4 of the 14 cards you have not seen
(values 0,0,0,1,1,2,2,3,4,4,5,5,6,7). All 1001 sets of 4 are equally likely, and in 759
of them the other hands add up to at least 9, so that the total reaches 12:
P = 759/1001 = 69/91 (75.8 %).
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(explain_call(5, own=3, call=12).title)
P(Summe ≥ 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

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
from bluffmath.i18n import N_, _, number, percent
from bluffmath.validate import whole_number


def explain_call(players: int, own: int | None, call: int,
                 face_up: Iterable[int] = ()) -> Explanation:
    """Why a call of ``call`` has the chance it has, by card counting (in the language in
    use, :mod:`bluffmath.i18n`)."""
    players = check_players(players)
    face_up = check_known_cards(players, own, face_up)
    call = whole_number(N_("call"), call, 0)
    d = total_distribution(players, own, face_up)
    pool = unseen_pool(own, face_up)
    k = players if own is None else players - 1
    n, need = sum(pool), call - (own or 0)
    hits, ways = d.weight_of(lambda t: t >= call), d.total_weight
    if own is not None:
        counted = _("The other {k} hands hold {k} of the {n} cards you have not seen ({cards}). All {ways} sets "
                    "of {k} are equally likely, and in {hits} of them the other hands add up to at least {need}, "
                    "so that the total reaches {call}: P = {ratio} ({percent}).")
    else:
        counted = _("You leave your own card out. All {k} hands hold {k} of the {n} cards you have not seen "
                    "({cards}). All {ways} sets of {k} are equally likely, and in {hits} of them they add up to "
                    "at least {need}, so that the total reaches {call}: P = {ratio} ({percent}).")
    text = " ".join([*_you(own, face_up), counted.format(
        k=k, n=n, cards=_describe(pool), ways=ways, hits=hits, need=max(need, 0), call=call,
        ratio=_ratio(hits, ways), percent=percent(Fraction(hits, ways)))])
    return Explanation(_("P(total ≥ {call})").format(call=call), text, _counting_latex(pool, k, need, hits, ways))


def explain_exchange(players: int, own: int, call: int, face_up: Iterable[int] = ()) -> Explanation:
    """Keeping my card against exchanging it, for a call of ``call``."""
    swap = exchange_distribution(players, own, face_up)  # checks the cards
    keep = total_distribution(players, own, face_up)
    call = whole_number(N_("call"), call, 0)
    text = _("If you keep your {card}, the total averages {keep_mean} and reaches {call} with P = {keep} "
             "({keep_percent}). If you lay it face up and draw, your new card is as likely to be any card you "
             "have not seen: the total averages {swap_mean} and reaches {call} with P = {swap} "
             "({swap_percent}).").format(
        card=own, call=call, keep_mean=_mixed(keep.mean()), keep=keep.at_least(call),
        keep_percent=percent(keep.at_least(call)), swap_mean=_mixed(swap.mean()), swap=swap.at_least(call),
        swap_percent=percent(swap.at_least(call)))
    return Explanation(_("Keep or exchange your {card}").format(card=own), text)


def explain_reading(players: int, own: int | None, calls: Sequence[SpokenCall], call: int,
                    face_up: Iterable[int] = (), model: OpponentModel | None = None) -> Explanation:
    """Why the calls move the chance of ``call``, under the opponent model."""
    reading = read_bids(players, own, calls, face_up, model)  # checks every argument but call
    call = whole_number(N_("call"), call, 0)
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
        lines.append(_(
            "Seat {seat} called {totals}; by card counting they would believe that (chance at least {threshold}) "
            "holding {cards}, so those cards weigh 1 and the others {bluff} per unbelieved call.").format(
            seat=seat, totals=", ".join(str(c.total) for c in said), threshold=model.threshold,
            cards=", ".join(believed) or _("no card at all"), bluff=model.bluff))
    p, q = reading.at_least(call), counting.at_least(call)
    text = " ".join([*lines, _(
        "Weighing every way to deal the unknown cards by these likelihoods and normalising (Bayes' rule), "
        "P(total ≥ {call} | calls) = {p} ({p_percent}), against {q} ({q_percent}) by card counting alone.").format(
        call=call, p=p, p_percent=percent(p), q=q, q_percent=percent(q))])
    latex = (
        r"P(T \ge %d \mid \text{calls}) = \frac{\sum_{\text{deals},\,T \ge %d} \prod_j L_j(x_j)}"
        r"{\sum_{\text{deals}} \prod_j L_j(x_j)} = %s" % (call, call, _latex(p))
    )
    return Explanation(_("P(total ≥ {call}) reading the bids").format(call=call), text, latex)


def _you(own: int | None, face_up: tuple[int, ...]) -> list[str]:
    """What the seat sees of the colour, a sentence each."""
    mine = [] if own is None else [_("You hold {card} in this colour.").format(card=own)]
    shown = [_("Face up lie {values}.").format(values=", ".join(map(str, face_up)))] if face_up else []
    return mine + shown


def _describe(pool: Pool) -> str:
    return _("values {values}").format(
        values=",".join(str(v) for v, n in zip(VALUES, pool, strict=True) for _v in range(n)))


def _ratio(hits: int, ways: int) -> str:
    reduced = Fraction(hits, ways)
    same = (reduced.numerator, reduced.denominator) == (hits, ways)
    return f"{hits}/{ways}" if same else f"{hits}/{ways} = {reduced}"


def _mixed(x: Fraction) -> str:
    return _("{fraction} (about {decimal})").format(fraction=x, decimal=number(x)) if x.denominator != 1 else str(x)


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
