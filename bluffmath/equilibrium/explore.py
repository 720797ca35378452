"""The games of the strategy explorer, in a player's words: situations, bluffs, replies.

A :class:`Variant` is a game whose certificate ships with bluffmath (Kuhn poker, the
Hochstapler Duel on small decks and on the real colour): it names each information set's
card and history, says which calls are bluffs (more likely false than true by counting from
your own card), where the other player answers, and which strategy "your strategy" starts
from (the equilibrium's or a Hochstapler bot's). The widgets of
``bluffmath_widgets.equilibrium`` draw what it says.

>>> v = variant("Duel on 0,1,2,3,4")
>>> v.certificate.strategy(1)["2:"]   # holding 2, open with 3 or 4
{'3': Fraction(1, 3), '4': Fraction(2, 3)}
>>> v.situations(1, "2")[:3]
['2:', '2:3,4', '2:3,5']
>>> v.situation_words(1, "2:3,4")
'you called 3, they called 4'

Holding 2, the other card is 0, 1, 3 or 4: a call of 5 is true half the time, 6 a quarter
(a bluff):

>>> v.true_chance("2:", "5"), v.is_bluff("2:", "5"), v.true_chance("2:", "6"), v.is_bluff("2:", "6")
(Fraction(1, 2), False, Fraction(1, 4), True)
>>> v.reply_keys(1, "2:", "4")
{'0': '0:4', '1': '1:4', '3': '3:4', '4': '4:4'}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from bluffmath.duel.strategies import bot_strategy, call_chance
from bluffmath.duel.tree import COLOUR, deals
from bluffmath.equilibrium.certificate import Certificate, stored
from bluffmath.equilibrium.tree import Game, _player
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler import CardCountingBot, RandomBot
from bluffmath.hochstapler.bots import BidReadingBot
from bluffmath.i18n import N_, _, p_
from bluffmath.validate import shown

__all__ = ["DUELS", "STARTS", "VARIANTS", "Variant", "variant"]

#: The Duels the explorer offers, by name: decks whose certificates ship with bluffmath.
DUELS: Mapping[str, tuple[int, ...]] = {
    "0,1,2": (0, 1, 2),
    "0,1,2,3": (0, 1, 2, 3),
    "0,1,2,3,4": (0, 1, 2, 3, 4),
    "the real colour": COLOUR,
}
#: Every game the explorer offers, by name, with the spec of its stored certificate.
VARIANTS: Mapping[str, dict[str, Any]] = {
    "Kuhn poker": {"game": "kuhn-poker"},
    **{f"Duel on {name}": {"game": "hochstapler-duel", "deck": list(deck)}
       for name, deck in DUELS.items()},
}
#: The strategies "your strategy" can start from (bots: the Duel only).
STARTS = ("the equilibrium", "card counting bot", "bid reading bot", "random bot")
_BOTS = {"card counting bot": CardCountingBot, "bid reading bot": BidReadingBot,
         "random bot": RandomBot}
#: The strategies' names in words (:data:`STARTS` stays the key).
START_WORDS = {"the equilibrium": N_("the equilibrium"), "card counting bot": N_("card counting bot"),
               "bid reading bot": N_("bid reading bot"), "random bot": N_("random bot")}
#: Kuhn poker's actions in a player's words, and what each player said with them.
_KUHN_ACTIONS = {"bet": lambda: p_("Kuhn poker", "bet"), "check": lambda: p_("Kuhn poker", "check"),
                 "call": lambda: p_("Kuhn poker", "call"), "fold": lambda: p_("Kuhn poker", "fold")}
_KUHN_SAID = {"bet": (lambda: _("you bet"), lambda: _("they bet")),
              "check": (lambda: _("you checked"), lambda: _("they checked")),
              "call": (lambda: _("you call"), lambda: _("they call")),
              "fold": (lambda: _("you fold"), lambda: _("they fold"))}


@dataclass(eq=False)
class Variant:
    """A game of the explorer: its stored certificate, and how to speak of its
    information sets, cards and actions to a player."""

    name: str
    certificate: Certificate
    deck: tuple[int, ...] | None  # None: Kuhn poker
    _bases: dict[tuple[str, int], dict[str, dict[str, Fraction]]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInputError(f"name must be text, got {shown(self.name)}")
        if not isinstance(self.certificate, Certificate):
            raise InvalidInputError(f"certificate must be a Certificate, got {shown(self.certificate)}")
        if self.deck is not None and (type(self.deck) is not tuple
                                      or not all(type(v) is int for v in self.deck)):
            raise InvalidInputError(f"deck must be None (Kuhn poker) or a tuple of card values, got "
                                    f"{shown(self.deck)}")

    @property
    def game(self) -> Game:
        return self.certificate.game

    def _key(self, key: object, player: int | None = None) -> str:
        """``key`` if it names an information set of the game (of ``player``, if given)."""
        info = self.game.infosets.get(key) if isinstance(key, str) else None
        if info is None or (player is not None and info.player != player):
            whose = "" if player is None else f" of player {player}"
            raise InvalidInputError(f"key must be an information set{whose} of {self.game.name} "
                                    f"({_some(self.game.infosets)}); got {shown(key)}")
        return key

    def _action(self, key: str, action: object) -> str:
        """``action`` if it is one of the actions at information set ``key``."""
        actions = self.game.infosets[key].actions
        if not isinstance(action, str) or action not in actions:
            raise InvalidInputError(f"action must be one of the actions at {key!r}: "
                                    f"{', '.join(actions)}; got {shown(action)}")
        return action

    @cached_property
    def _actions(self) -> frozenset[str]:
        return frozenset(a for info in self.game.infosets.values() for a in info.actions)

    @property
    def played(self) -> Certificate:
        """The certificate the equilibrium bot plays: the refined equilibrium where one
        ships (it also punishes misplays), else :attr:`certificate` (what the explorer shows)."""
        return stored(self.game.spec, refined=True) or self.certificate

    @property
    def cards(self) -> list[str]:
        """The cards a player can hold, lowest first, as the controls show them."""
        return ["J", "Q", "K"] if self.deck is None else [str(v) for v in sorted(set(self.deck))]

    def card(self, key: str) -> str:
        """The card of information set ``key``."""
        key = self._key(key)
        return key.split()[0] if self.deck is None else key.partition(":")[0]

    def history(self, key: str) -> tuple[str, ...]:
        """What was said before information set ``key``, in order (Duel: the calls)."""
        key = self._key(key)
        if self.deck is None:
            return tuple(key.split()[1:])
        calls = key.partition(":")[2]
        return tuple(calls.split(",")) if calls else ()

    def situations(self, player: int, card: str) -> list[str]:
        """The information sets where ``player`` moves holding ``card`` and which their own
        equilibrium play can reach, first decisions first."""
        player = _player(player)
        if not isinstance(card, str) or card not in self.cards:
            raise InvalidInputError(f"card must be one of {', '.join(self.cards)}; got {shown(card)}")
        keys = [k for k in self.certificate.strategies[player - 1] if self.card(k) == card]
        order = {k: i for i, k in enumerate(self.game.infosets)}  # Kuhn poker: check first
        return sorted(keys, key=lambda k: (len(self.history(k)), [int(c) for c in self.history(k)]
                                           if self.deck is not None else order[k]))

    def situation_words(self, player: int, key: str) -> str:
        """Information set ``key`` in a player's words, in the language in use: ``"you
        called 3, they called 4"``."""
        player, said = _player(player), self.history(key)
        if not said:
            return _("you open") if self.deck is not None else _("you act first")
        parts = []
        for i, what in enumerate(said):
            mine = 1 + i % 2 == player
            if self.deck is not None:
                parts.append((_("you called {total}") if mine else _("they called {total}")).format(total=what))
            else:  # Kuhn poker's words: bet, check, call, fold
                parts.append(_KUHN_SAID[what][0 if mine else 1]())
        return ", ".join(parts)

    def action_words(self, action: str) -> str:
        """An action in a player's words, in the language in use: ``"call 5"``, ``"doubt"``,
        ``"bet"``."""
        if not isinstance(action, str) or action not in self._actions:
            raise InvalidInputError(f"action must be one of the actions of {self.game.name} "
                                    f"({_some(sorted(self._actions))}); got {shown(action)}")
        if self.deck is None:
            return _KUHN_ACTIONS[action]() if action in _KUHN_ACTIONS else action
        return p_("duel move", "doubt") if action == "doubt" else p_("duel move", "call {total}").format(
            total=action)

    def true_chance(self, key: str, action: str) -> Fraction | None:
        """The chance that ``action`` (a call) is true, by card counting from the card of
        ``key`` alone (the Duel; None for other actions and for Kuhn poker)."""
        action = self._action(self._key(key), action)
        if self.deck is None or action == "doubt":
            return None
        card = int(self.card(key))
        deck = tuple(sorted(self.deck))
        return call_chance(deck, card, int(action))

    def is_bluff(self, key: str, action: str) -> bool:
        """A bet with Kuhn poker's Jack (it never wins a showdown), or a call that card
        counting from your card alone says is more likely false than true."""
        action = self._action(self._key(key), action)
        if self.deck is None:
            return action == "bet" and self.card(key) == "J"
        chance = self.true_chance(key, action)
        return chance is not None and chance < Fraction(1, 2)

    def reply_keys(self, player: int, key: str, action: str) -> dict[str, str]:
        """The other player's information sets right after ``player`` plays ``action`` at
        ``key``, by the card the other player may hold then (none after a doubt, a fold or
        a call the other player cannot answer)."""
        player = _player(player)
        action = self._action(self._key(key, player), action)
        mine = self.card(key)
        said = (*self.history(key), action)
        out = {}
        for theirs in self.cards:
            if self.deck is None:
                possible = theirs != mine
                reply = f"{theirs} {' '.join(said)}"
            else:
                pair = (int(mine), int(theirs)) if player == 1 else (int(theirs), int(mine))
                possible = pair in self._deals
                reply = f"{theirs}:{','.join(said)}"
            info = self.game.infosets.get(reply)
            if possible and info is not None and info.player != player:
                out[theirs] = reply
        return out

    @cached_property
    def _deals(self) -> dict[tuple[int, int], Fraction]:
        return deals(self.deck) if self.deck is not None else {}

    def base(self, start: str, player: int) -> dict[str, dict[str, Fraction]]:
        """The strategy "your strategy" starts from: the equilibrium's or a bot's; at an
        information set it leaves out (the equilibrium never goes there), the first action
        (doubt, check or fold). Computed once; do not change what it returns."""
        player = _player(player)
        if not isinstance(start, str) or start not in STARTS:
            raise InvalidInputError(f"start must be one of {', '.join(STARTS)}; got {shown(start)}")
        if (start, player) in self._bases:
            return self._bases[start, player]
        if start == STARTS[0]:
            chosen = self.certificate.strategy(player)
        elif self.deck is None:
            raise InvalidInputError(f"the bots play the Duel, not {self.name}; start from "
                                    f"the equilibrium")
        else:
            chosen = bot_strategy(_BOTS[start](), player, self.deck)
        first = {key: {self.game.infosets[key].actions[0]: Fraction(1)}
                 for key in self.game.infosets_of(player)}
        self._bases[start, player] = first | chosen
        return self._bases[start, player]


def deck_words(name: str) -> str:
    """A Duel's deck (a name of :data:`DUELS`) in the language in use."""
    return _("the real colour") if name == "the real colour" else name


def variant_words(name: str) -> str:
    """A game of the explorer (a name of :data:`VARIANTS`) in the language in use.

    >>> from bluffmath.i18n import speaking
    >>> with speaking("de"):
    ...     variant_words("Duel on the real colour"), variant_words("Kuhn poker")
    ('Duell mit der echten Farbe', 'Kuhn-Poker')
    """
    if name.startswith("Duel on "):
        return _("Duel on {deck}").format(deck=deck_words(name.removeprefix("Duel on ")))
    return _("Kuhn poker") if name == "Kuhn poker" else name


def _some(names: Any) -> str:
    """A few of ``names`` for a message: ``"such as '2:', '2:3,4'"``, or that there are none.

    >>> _some(["a", "b", "c", "d"]), _some([])
    ("such as 'a', 'b', 'c'", 'it has none')
    """
    first = list(itertools.islice(names, 3))
    return "such as " + ", ".join(map(repr, first)) if first else "it has none"


_LOADED: dict[str, Variant] = {}


def variant(name: str) -> Variant:
    """The explorer's game called ``name`` (one of :data:`VARIANTS`), its certificate
    loaded and checked once."""
    if not isinstance(name, str) or name not in VARIANTS:
        raise InvalidInputError(f"the games here are {', '.join(VARIANTS)}: name must be one of them; "
                                f"got {shown(name)}")
    if name not in _LOADED:
        spec = VARIANTS[name]
        cert = stored(spec)
        if cert is None:  # pragma: no cover - a test checks every variant has its certificate
            raise InvalidInputError(f"bluffmath ships no certificate of {name}")
        deck = tuple(spec["deck"]) if "deck" in spec else None
        _LOADED[name] = Variant(name, cert, deck)
    return _LOADED[name]


