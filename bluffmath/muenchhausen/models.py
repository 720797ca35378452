"""How players choose the cards they lay in Münchhausen: the card models, exactly.

A :class:`CardModel` says how a card is chosen for an offer (``lay``) and for one's own
pile (``reward``); :class:`~bluffmath.muenchhausen.knowledge.Knowledge` reads every log
under one. Each choice is a Fraction per card value, cached (hands recur in every game),
and also as whole-number *moves* (:func:`lay_moves`: each card, its chance, the hand
after), which the exact mixing of hands adds up over one denominator.

>>> LOWEST_ENOUGH.lay_chances((2, 5, 7, 7), 6), UNIFORM.reward_chances((3, 8))
({7: Fraction(1, 1)}, {3: Fraction(1, 2), 8: Fraction(1, 2)})
>>> lay_moves("lowest-enough", (2, 5, 7), 6)
((7, Fraction(1, 1), (2, 5), 6),)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import p_
from bluffmath.limits import bounded
from bluffmath.muenchhausen.rules import MAX_PLAYERS, Hand, without
from bluffmath.validate import whole_number

#: Cards in one hand: every card of an eight-player table.
MAX_HAND = MAX_PLAYERS * 8

LayRule = Literal["uniform", "lowest-enough", "random-enough"]
RewardRule = Literal["uniform", "highest"]


@dataclass(frozen=True)
class CardModel:
    """How players choose cards: ``lay`` for the card laid on an offer ("uniform": any hand
    card alike; "lowest-enough": honest whenever possible, with the lowest card that is
    enough; "random-enough": honest whenever possible, any card that is enough alike; when
    no card is enough, any hand card alike), and ``reward`` for the card laid on one's own
    pile ("highest", or "uniform")."""

    lay: LayRule = "lowest-enough"
    reward: RewardRule = "highest"

    def __post_init__(self) -> None:
        if not isinstance(self.lay, str) or self.lay not in ("uniform", "lowest-enough", "random-enough"):
            raise InvalidInputError(f"lay must be uniform, lowest-enough or random-enough, got {self.lay!r}")
        if not isinstance(self.reward, str) or self.reward not in ("uniform", "highest"):
            raise InvalidInputError(f"reward must be uniform or highest, got {self.reward!r}")

    @property
    def name(self) -> str:
        return self.lay if (self.lay == "uniform") == (self.reward == "uniform") else f"{self.lay}/{self.reward}"

    @property
    def words(self) -> str:
        """:attr:`name` in the language in use (German: "zufällig", "niedrigste passende",
        "zufällig passende"; the reward "höchste"), for a page.

        >>> from bluffmath.i18n import speaking
        >>> with speaking("de"):
        ...     RANDOM_ENOUGH.words, CardModel("lowest-enough", "uniform").words
        ('zufällig passende', 'niedrigste passende/zufällig')
        """
        lay = {"uniform": p_("card model", "uniform"), "lowest-enough": p_("card model", "lowest-enough"),
               "random-enough": p_("card model", "random-enough")}[self.lay]
        reward = {"uniform": p_("card model", "uniform"), "highest": p_("card model", "highest")}[self.reward]
        return lay if (self.lay == "uniform") == (self.reward == "uniform") else f"{lay}/{reward}"

    def lay_chances(self, hand: Hand, offer: int) -> dict[int, Fraction]:
        """P(the card laid on an offer of ``offer`` is c | hand), for each value c.

        >>> LOWEST_ENOUGH.lay_chances((2, 5, 7, 7), 6), RANDOM_ENOUGH.lay_chances((2, 5, 7, 8), 6)
        ({7: Fraction(1, 1)}, {7: Fraction(1, 2), 8: Fraction(1, 2)})
        """
        return dict(self._lay(cards_of("hand", hand), card_value("offer", offer)))

    def _lay(self, hand: Hand, offer: int) -> Mapping[int, Fraction]:
        """:meth:`lay_chances` unchecked, shared between callers (never change it)."""
        return _lay(self.lay, hand, offer)

    def _honest(self, hand: Hand, offer: int) -> Fraction:
        """P(the card laid on an offer of ``offer`` reaches it | hand)."""
        return _honest(self.lay, hand, offer)

    def reward_chances(self, hand: Hand) -> dict[int, Fraction]:
        """P(the card laid on one's own pile is c | hand)."""
        return dict(self._reward(cards_of("hand", hand)))

    def _reward(self, hand: Hand) -> Mapping[int, Fraction]:
        return _reward(self.reward, hand)


@functools.lru_cache(maxsize=1 << 16)
def _lay(rule: LayRule, hand: Hand, offer: int) -> dict[int, Fraction]:
    """The card model's choice, cached: hands recur in every game."""
    enough = [c for c in hand if c >= offer]
    if rule == "uniform" or not enough:
        return _alike(hand)
    return {min(enough): Fraction(1)} if rule == "lowest-enough" else _alike(enough)


@functools.lru_cache(maxsize=1 << 16)
def _honest(rule: LayRule, hand: Hand, offer: int) -> Fraction:
    return sum((q for c, q in _lay(rule, hand, offer).items() if c >= offer), Fraction(0))


@functools.lru_cache(maxsize=1 << 12)
def _reward(rule: RewardRule, hand: Hand) -> dict[int, Fraction]:
    return {max(hand): Fraction(1)} if rule == "highest" else _alike(hand)


UNIFORM = CardModel("uniform", "uniform")
LOWEST_ENOUGH = CardModel("lowest-enough", "highest")
RANDOM_ENOUGH = CardModel("random-enough", "highest")
MODELS = {m.lay: m for m in (UNIFORM, LOWEST_ENOUGH, RANDOM_ENOUGH)}


def card_model(model: object, what: str = "model") -> CardModel:
    """``model`` as a CardModel: one already, or the name of one of :data:`MODELS`.

    >>> card_model("uniform") == UNIFORM
    True
    """
    if isinstance(model, CardModel):
        return model
    if isinstance(model, str) and model in MODELS:
        return MODELS[model]
    raise InvalidInputError(f"{what} must be a CardModel (such as UNIFORM) or one of the names "
                            f"{', '.join(MODELS)}, got {model!r}")


def card_value(what: str, value: object) -> int:
    """``value`` if it is a card value (1 to 8), else a clear error naming ``what``."""
    return whole_number(what, value, 1, 8)


def cards_of(what: str, hand: object, size: int | None = None) -> Hand:
    """A hand given by a caller: card values 1-8, at most MAX_HAND, not empty, sorted."""
    if isinstance(hand, str | bytes) or not isinstance(hand, Iterable):
        raise InvalidInputError(f"{what} must be a list of card values (1 to 8), got {hand!r}")
    cards = tuple(sorted(whole_number(f"each card in {what}", c, 1, 8) for c in bounded(what, hand, MAX_HAND)))
    if not cards and size is None:
        raise InvalidInputError(f"{what} must hold at least one card")
    if size is not None and len(cards) != size:
        raise InvalidInputError(f"{what} must hold {size} card{'s' * (size != 1)} (that many are in that hand "
                                f"now), got {len(cards)}")
    return cards


def _alike(cards: Iterable[int]) -> dict[int, Fraction]:
    cards = list(cards)
    return {c: Fraction(cards.count(c), len(cards)) for c in sorted(set(cards))}


Moves = tuple[tuple[int, Fraction, Hand, int], ...]


@functools.lru_cache(maxsize=1 << 16)
def lay_moves(rule: LayRule, hand: Hand, offer: int) -> Moves:
    """Each card the model may lay from ``hand`` on ``offer``: (card, chance, hand after,
    chance times :func:`lcm_to` of the hand's size)."""
    return _moves(hand, _lay(rule, hand, offer))


@functools.lru_cache(maxsize=1 << 12)
def reward_moves(rule: RewardRule, hand: Hand) -> Moves:
    """Each card the model may lay from ``hand`` on its own pile, as :func:`lay_moves` gives them."""
    return _moves(hand, _reward(rule, hand))


def _moves(hand: Hand, chances: Mapping[int, Fraction]) -> Moves:
    whole = lcm_to(len(hand))
    return tuple((c, q, without(hand, c), q.numerator * (whole // q.denominator)) for c, q in chances.items())


@functools.cache
def lcm_to(n: int) -> int:
    """The least common multiple of 1..n: every chance of a card of an n-card hand divides it."""
    return math.lcm(*range(1, n + 1))
