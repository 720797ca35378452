"""Münchhausen decisions by exact numbers: is the face-down card honest, believe or
doubt, and which offer to make.

Scores change by cards: a card on your own pile counts for you, a card in your hand
against you. So, for the start player, believing puts the face-down card ``c`` on their
pile (+c); doubting an honest card puts it in their hand (-c); doubting a lie lets them
lay a hand card on their own pile (their highest, ``m``: +2m, from hand to pile). The
advice compares the expected changes of this turn, exactly; it does not look further.

>>> from bluffmath.muenchhausen.game import Game
>>> from bluffmath.muenchhausen.knowledge import Knowledge, UNIFORM
>>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
>>> k = Knowledge.from_log(state.log, UNIFORM)
>>> honest_chance(k)          # seat 2 laid one of its 8 cards at random: 6, 7 or 8 are enough
Fraction(3, 8)
>>> d = decide(k, my_hand=state.hands[0])
>>> d.believe, d.doubt, d.choice
(Fraction(9, 2), Fraction(59, 8), 'doubt')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bluffmath.display import signed
from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.i18n import _, p_
from bluffmath.limits import bounded
from bluffmath.muenchhausen.events import Laid
from bluffmath.muenchhausen.knowledge import CardModel, Knowledge, card_model, totals, whole_totals
from bluffmath.muenchhausen.rules import Hand
from bluffmath.muenchhausen.rules import values as card_values
from bluffmath.validate import whole_number


def card_chances(k: Knowledge) -> dict[int, Fraction]:
    """P(the face-down card now on the table is c), for each value c."""
    _pending(k)
    return dict(sorted(totals((c, p, q) for _, p, c, q, _ in k.laid.rows).items()))


def honest_chance(k: Knowledge) -> Fraction:
    """P(the face-down card reaches the offer)."""
    offer = _pending(k).offer
    return sum((p for c, p in card_chances(k).items() if c >= offer), Fraction(0))


@dataclass(frozen=True)
class Decision:
    """The start player's expected score change this turn: ``believe`` and ``doubt``;
    ``choice`` is the larger ("doubt" on a tie, which shows the card)."""

    honest: Fraction
    believe: Fraction
    doubt: Fraction

    def __post_init__(self) -> None:
        _exact("honest", self.honest, Fraction(0), Fraction(1))
        _exact("believe", self.believe)
        _exact("doubt", self.doubt)

    @property
    def choice(self) -> str:
        return "believe" if self.believe > self.doubt else "doubt"


def decide(k: Knowledge, my_hand: Hand) -> Decision:
    """Believe or doubt, for the start player holding ``my_hand`` (card values of the
    table; only its highest card counts, for the reward after a doubted lie)."""
    laid = _pending(k)
    my_hand = k.hand_of("my_hand (the start player's hand)", my_hand, None)
    return _decide(k, laid, my_hand)


def _decide(k: Knowledge, laid: Laid, my_hand: Hand) -> Decision:
    offer = laid.offer
    # P(card c) as whole numbers over one denominator, so that each sum is one Fraction
    chances, below = whole_totals((c, p, q) for _, p, c, q, _ in k.laid.rows)
    reward = 2 * max(my_hand) if my_hand else 0  # an empty hand lays nothing
    believe = Fraction(sum(top * c for c, top in chances.items()), below)
    doubt = Fraction(sum(top * (-c if c >= offer else reward) for c, top in chances.items()), below)
    honest = Fraction(sum(top for c, top in chances.items() if c >= offer), below)
    return Decision(honest, believe, doubt)


@dataclass(frozen=True)
class OfferOption:
    """Offering ``value`` holding ``hand``: ``backed`` (a card at least as high is in hand),
    ``looks_honest`` (the chance the table gives it, from what it knows of the hand), and
    the expected change of my score if it is believed or doubted (the card chosen by the
    model; after an honest doubt I lay my highest remaining card on my pile)."""

    value: int
    backed: bool
    looks_honest: Fraction
    if_believed: Fraction
    if_doubted: Fraction

    def __post_init__(self) -> None:
        whole_number("value", self.value, 1, 8)
        if not isinstance(self.backed, bool):
            raise InvalidInputError(f"backed must be True or False, got {self.backed!r}")
        _exact("looks_honest", self.looks_honest, Fraction(0), Fraction(1))
        _exact("if_believed", self.if_believed)
        _exact("if_doubted", self.if_doubted)


def offers(k: Knowledge, seat: int, hand: Hand, values: Sequence[int],
           model: CardModel | str | None = None) -> list[OfferOption]:
    """For each offer ``seat`` (holding ``hand``) could make of ``values``, what it risks
    and gains, under ``model`` (the knowledge's own by default)."""
    _knowledge(k)
    seat = k.seat("seat", seat)
    hand = k.hand_of(f"hand (seat {seat}'s)", hand, seat)
    if not hand:
        raise InvalidInputError(f"seat {seat} holds no card: it has nothing to offer with")
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidInputError(f"values must be a list of card values, got {values!r}")
    low = card_values(k.players)[0]
    values = tuple(whole_number("each offer in values", v, low, 8) for v in bounded("values", values, 8 * 8))
    model = k.model if model is None else card_model(model)
    return _offers(k, seat, hand, values, model)


def _offers(k: Knowledge, seat: int, hand: Hand, values: Sequence[int], model: CardModel) -> list[OfferOption]:
    return [OfferOption(v, hand[-1] >= v, looks, believed, doubted)
            for v, looks, believed, doubted in offer_numbers(k, seat, hand, values, model)]


def offer_numbers(k: Knowledge, seat: int, hand: Hand, values: Sequence[int],
                  model: CardModel) -> list[tuple[int, Fraction, Fraction, Fraction]]:
    """:func:`offers` unchecked, as plain tuples ``(value, looks_honest, if_believed,
    if_doubted)``: the bots' fast path (``hand`` sorted, not empty; ``values`` legal)."""
    public = k.beliefs[seat]
    # One common denominator for the seat's hands, so that each offer's chance to look
    # honest is a sum of whole numbers (every hand holds as many cards, and a card's chance
    # has that many, or fewer, below the line).
    below = math.lcm(*(p.denominator for p in public.values()))
    size = len(next(iter(public)))
    weights = [(h, p.numerator * (below // p.denominator)) for h, p in public.items()]
    out = []
    for v in values:
        looks = Fraction(sum(w * _times(model._honest(h, v), size) for h, w in weights), below * size)
        out.append((v, looks, *_outcomes(model, hand, v)))
    return out


def _times(q: Fraction, size: int) -> int:
    """``q * size`` for a chance ``q`` whose denominator divides ``size``."""
    return q.numerator * (size // q.denominator)


@functools.lru_cache(maxsize=1 << 14)
def _outcomes(model: CardModel, hand: Hand, v: int) -> tuple[Fraction, Fraction]:
    """My expected score change if my offer of ``v`` is believed, and if it is doubted."""
    believed, doubted = Fraction(0), Fraction(0)
    for c, q in model._lay(hand, v).items():
        believed += q * c
        rest = list(hand)
        rest.remove(c)
        doubted += q * ((c + 2 * max(rest)) if c >= v and rest else c if c >= v else 0)
    return believed, doubted


def explain_decision(k: Knowledge, my_hand: Hand) -> str:
    """The counting behind :func:`decide`: for each value the card may have, its chance and
    what believing and doubting would change in the start player's score.

    >>> from bluffmath.muenchhausen.game import Game
    >>> from bluffmath.muenchhausen.knowledge import RANDOM_ENOUGH
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    >>> print(explain_decision(Knowledge.from_log(state.log, RANDOM_ENOUGH), state.hands[0]))
    card  P(card)  believe  doubt
       6      1/3       +6     -6
       7      1/3       +7     -7
       8      1/3       +8     -8
    expected: believe +7, doubt -7 (a doubted lie would let you lay your 8 on your pile: +16)

    In German, the columns as wide as their heads:

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     print(explain_decision(Knowledge.from_log(state.log, RANDOM_ENOUGH), state.hands[0]).splitlines()[0])
    Karte  P(Karte)  glauben  anzweifeln
    """
    laid = _pending(k)
    my_hand = k.hand_of("my_hand (the start player's hand)", my_hand, None)
    offer, best = laid.offer, max(my_hand, default=0)
    heads = (p_("explain column", "card"), p_("explain column", "P(card)"), p_("explain column", "believe"),
             p_("explain column", "doubt"))
    widths = [max(width, len(head)) for width, head in zip((4, 7, 7, 5), heads, strict=True)]
    lines = ["  ".join(f"{head:>{width}}" for head, width in zip(heads, widths, strict=True))]
    for c, p in card_chances(k).items():
        cells = (c, p, f"+{c}", f"-{c}" if c >= offer else f"+{2 * best}")
        lines.append("  ".join(f"{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True)))
    d = _decide(k, laid, my_hand)
    lines.append(_("expected: believe {believe}, doubt {doubt} (a doubted lie would let you lay your {best} on your "
                   "pile: +{reward})").format(believe=signed(d.believe), doubt=signed(d.doubt), best=best,
                                             reward=2 * best))
    return "\n".join(lines)


def explain_honest(k: Knowledge) -> str:
    """The counting behind :func:`honest_chance`: the hands the card may have come from,
    each with its probability and the model's chance of an honest card from it.

    >>> from bluffmath.muenchhausen.game import Game
    >>> from bluffmath.muenchhausen.knowledge import UNIFORM
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)
    >>> print(explain_honest(Knowledge.from_log(state.log, UNIFORM)))
    Seat 2 laid a card face down claiming at least 6; the model: uniform.
    hand before the card                      P(hand)  P(card >= 6 | hand)
    1 2 3 4 5 6 7 8                                 1                  3/8
    P(honest) = sum of P(hand) x P(card >= 6 | hand) = 3/8

    In German (the same numbers, the same columns):

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     print(explain_honest(Knowledge.from_log(state.log, UNIFORM)).splitlines()[0])
    Platz 2 hat eine Karte verdeckt gelegt und behauptet, sie ist mindestens 6; das Modell: zufällig.
    """
    laid = _pending(k)
    before = {h: p for h, p, *_ in k.laid.rows}
    hand, chance = _("hand before the card"), _("P(card >= {offer} | hand)").format(offer=laid.offer)
    p_hand = _("P(hand)")
    lines = [_("Seat {seat} laid a card face down claiming at least {offer}; the model: {model}.").format(
                 seat=laid.seat, offer=laid.offer, model=k.model.words),
             f"{hand:<40}  {p_hand:>7}  {chance:>19}"]
    for h, p in sorted(before.items(), key=lambda item: (-item[1], item[0])):
        q = k.model._honest(h, laid.offer)
        lines.append(f"{' '.join(map(str, h)):<{max(40, len(hand))}}  {p!s:>7}  {q!s:>{max(19, len(chance))}}")
    lines.append(_("P(honest) = sum of P(hand) x P(card >= {offer} | hand) = {p}").format(
        offer=laid.offer, p=honest_chance(k)))
    return "\n".join(lines)


def _knowledge(k: object) -> Knowledge:
    if not isinstance(k, Knowledge):
        raise InvalidInputError(f"k must be a Knowledge (Knowledge.from_log(log, model)), got {k!r}")
    return k


def _exact(what: str, value: object, low: Fraction | None = None, high: Fraction | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int | Fraction) \
            or (low is not None and not low <= value <= high):
        span = f" from {low} to {high}" if low is not None else ""
        raise InvalidInputError(f"{what} must be an exact number{span} (an int or a Fraction), got {value!r}")


def _pending(k: Knowledge) -> Laid:
    _knowledge(k)
    if k.pending is None:
        raise IllegalActionError("no card lies face down waiting to be believed or doubted")
    return k.pending
