"""Strategies of the Duel: the equilibria that ship with bluffmath, and the Hochstapler bots'
policies read in the Duel's terms.

:func:`certificate` is the stored equilibrium of a deck's Duel (:mod:`bluffmath.duel.tree`);
:func:`equilibrium_strategy` completes it at every information set, as the equilibrium bot
plays it, and :func:`played_strategy` is the refined one the bot plays where bluffmath ships
it. :func:`bot_strategy` reads a Hochstapler bot (:mod:`bluffmath.hochstapler.bots`) as a
Duel strategy, :func:`bot_exploitability` says what each loses to a best reply, and
:func:`call_chance` is the card counting they (and the class table's pages) start from.

>>> equilibrium_strategy((0, 1, 2, 3, 4), 1)["2:"]     # holding 2, open with 3 or 4
{'3': Fraction(1, 3), '4': Fraction(2, 3)}
>>> call_chance((0, 1, 2, 3, 4), 2, 5)                 # the other card is 3 or 4
Fraction(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache

from bluffmath.duel.tree import COLOUR, check_deck, duel
from bluffmath.equilibrium.certificate import Certificate, stored, stored_names
from bluffmath.errors import InvalidInputError
from bluffmath.validate import shown, whole_number


# --- the equilibrium -----------------------------------------------------------------------
def certificate(deck: Iterable[int]) -> Certificate:
    """The equilibrium of the Duel on ``deck`` that ships with bluffmath (checked once), or
    InvalidInputError naming the decks that have one."""
    values = check_deck(deck)
    cert = stored({"game": "hochstapler-duel", "deck": list(values)})
    if cert is None:
        decks = sorted((name.removeprefix("hochstapler-duel-").removesuffix(".json").replace("-", ",")
                        for name in stored_names() if name.startswith("hochstapler-duel-")), key=len)
        raise InvalidInputError(f"bluffmath ships no equilibrium of the Duel on {','.join(map(str, values))}; "
                                f"the decks with one are {'; '.join(decks)}")
    return cert


def equilibrium_strategy(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The equilibrium bot's play as ``player`` at every information set: the certificate's
    mix where the equilibrium goes, and at a set it never reaches (the certificate leaves it
    out) the first action there, the doubt (or, opening, the call of 1), as
    :class:`~bluffmath.equilibrium.EquilibriumBot` plays. Do not change what it returns.

    >>> equilibrium_strategy((0, 1, 2), 1)["0:"]
    {'2': Fraction(1, 1)}
    """
    values = check_deck(deck)
    certificate(values)
    whole_number("player", player, 1, 2)
    return _equilibrium(values, player)


@lru_cache(maxsize=16)
def _equilibrium(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """:func:`equilibrium_strategy` of a checked deck, kept."""
    cert = certificate(deck)
    chosen = cert.strategy(player)
    infosets = cert.game.infosets
    return {key: chosen.get(key) or {infosets[key].actions[0]: Fraction(1)}
            for key in cert.game.infosets_of(player)}


def played_strategy(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The equilibrium bot's play as ``player``: the refined equilibrium where one ships
    with bluffmath (it also punishes misplays), completed as :func:`equilibrium_strategy`
    completes the plain one; else that.

    >>> played_strategy((0, 1, 2, 3, 4), 1)["0:"] == equilibrium_strategy((0, 1, 2, 3, 4), 1)["0:"]
    False
    """
    values = check_deck(deck)
    cert = certificate(values)
    better = stored(cert.game.spec, refined=True)
    if better is None:
        return equilibrium_strategy(values, player)
    whole_number("player", player, 1, 2)
    chosen, infosets = better.strategy(player), better.game.infosets
    return {key: chosen.get(key) or {infosets[key].actions[0]: Fraction(1)}
            for key in better.game.infosets_of(player)}


# --- the Hochstapler bots, playing the Duel --------------------------------------------
def call_chance(deck: Iterable[int], card: int, call: int) -> Fraction:
    """P(the two cards sum to at least ``call``) for a player holding ``card``, by card
    counting alone: the other card is one of the deck's others, at random.

    >>> call_chance((0, 1, 2, 3, 4), 0, 4)
    Fraction(1, 4)
    """
    values = check_deck(deck)
    if type(card) is not int or card not in values:
        raise InvalidInputError(f"card must be one of the deck's values {sorted(set(values))}, got {shown(card)}")
    whole_number("call", call, 0, values[-1] + values[-2])
    return _counted(values, card)[call]


@lru_cache(maxsize=256)
def _counted(values: tuple[int, ...], card: int) -> tuple[Fraction, ...]:
    """P(card + other card >= t) for t = 0 .. T by card counting, kept per deck and card
    (the class table's pages and picture ask it of every move of every deal)."""
    return tuple(_chances(values, card, _unseen(values, card)))


def _chances(values: tuple[int, ...], card: int, other: dict[int, Fraction]) -> list[Fraction]:
    """P(card + other card >= t) for t = 0 .. T, the other card distributed as ``other``."""
    top = values[-1] + values[-2]
    return [sum((p for b, p in other.items() if card + b >= t), Fraction(0)) for t in range(top + 1)]


def _unseen(values: tuple[int, ...], card: int) -> dict[int, Fraction]:
    """The other card as card counting sees it: one of the deck's other cards, at random."""
    counts = Counter(values)
    counts[card] -= 1
    rest = len(values) - 1
    return {b: Fraction(n, rest) for b, n in sorted(counts.items()) if n}


def _read(values: tuple[int, ...], card: int, calls: tuple[int, ...], model: object) -> dict[int, Fraction]:
    """The other card given the other player's ``calls``, under the bid-reading ``model``
    (a call is believed when card counting from the caller's card gives it at least
    ``model.threshold``; an unbelieved call has likelihood ``model.bluff``)."""
    weights = {}
    for b, p in _unseen(values, card).items():
        theirs = _counted(values, b)
        weight = p
        for t in calls:
            weight *= model.likelihood(theirs[t])  # type: ignore[attr-defined]
        weights[b] = weight
    total = sum(weights.values(), Fraction(0))
    if total == 0:  # the calls are impossible under the model (bluff 0): fall back to counting
        return _unseen(values, card)
    return {b: w / total for b, w in weights.items() if w}


def bot_strategy(bot: object, player: int, deck: Iterable[int] = COLOUR) -> dict[str, dict[str, Fraction]]:
    """The Duel strategy of a Hochstapler bot (``RandomBot``, ``CardCountingBot`` or
    ``BidReadingBot``, with its parameters) for ``player``, its policy read in the Duel's
    terms: one colour, one opponent, no exchanges (see each bot's docstring).

    - ``RandomBot``: facing a call, doubt 1/3; otherwise a call chosen uniformly from the
      lowest legal one to 4 above it (at most ``T``).
    - ``CardCountingBot``: opens with the highest call whose card-counting chance is at least
      ``open_at`` (at least 1); facing a call ``k``, doubts when ``k`` cannot be true, or when
      ``P(k) - doubt_bias < 1 - P(k + 1)`` and ``P(k) < 1``; else raises to ``k + 1``.
    - ``BidReadingBot``: the same, its chances read from the other player's calls under its
      ``model``.

    >>> from bluffmath.hochstapler import CardCountingBot
    >>> s = bot_strategy(CardCountingBot(), 1, (0, 1, 2, 3, 4))
    >>> s["4:"], s["0:"], s["2:3,5"]   # P(4 + other >= 6) = 1/2: the highest call with 1/2
    ({'6': Fraction(1, 1)}, {'3': Fraction(1, 1)}, {'doubt': Fraction(1, 1)})
    """
    from bluffmath.hochstapler.bots import BidReadingBot, CardCountingBot, RandomBot
    if type(player) is not int or player not in (1, 2):
        raise InvalidInputError(f"player must be 1 or 2, got {shown(player)}")
    if not isinstance(bot, RandomBot | CardCountingBot):
        raise InvalidInputError(f"bot must be a RandomBot, CardCountingBot or BidReadingBot, got "
                                f"{type(bot).__name__}")
    values = check_deck(deck)
    top = values[-1] + values[-2]
    game = duel(values)
    out: dict[str, dict[str, Fraction]] = {}
    for key in game.infosets_of(player):
        card_text, _, call_text = key.partition(":")
        card = int(card_text)
        calls = tuple(int(t) for t in call_text.split(",")) if call_text else ()
        last = calls[-1] if calls else 0
        if isinstance(bot, RandomBot):
            raises = range(last + 1, min(top, last + 5) + 1)
            share = Fraction(2, 3) if calls else Fraction(1)
            out[key] = {str(t): share / len(raises) for t in raises}
            if calls:
                out[key] = {"doubt": Fraction(1, 3), **out[key]}
            continue
        reading = isinstance(bot, BidReadingBot)  # the other's calls: every other one, from the last
        other = _read(values, card, calls[-1::-2], bot.model) if reading else _unseen(values, card)
        chance = _chances(values, card, other)
        if not calls:
            highest = max(t for t in range(top + 1) if chance[t] >= bot.open_at)
            out[key] = {str(max(1, min(highest, top))): Fraction(1)}
        elif chance[last] == 0 or (chance[last] < 1 and chance[last] - bot.doubt_bias < 1 - chance[last + 1]):
            out[key] = {"doubt": Fraction(1)}
        else:
            out[key] = {str(last + 1): Fraction(1)}
    return out


def bot_exploitability(bots: Iterable[object] | None = None,
                       deck: Iterable[int] = COLOUR) -> dict[str, tuple[Fraction, Fraction]]:
    """For each bot (by default ``RandomBot()``, ``CardCountingBot()``, ``BidReadingBot()``),
    how much its Duel strategy loses against a best reply, as player 1 and as player 2,
    exactly (0 would be an equilibrium strategy). The game's value comes from a stored
    certificate when bluffmath has one for ``deck``, else from
    :func:`bluffmath.equilibrium.solve`.

    >>> table = bot_exploitability(deck=(0, 1, 2, 3, 4))
    >>> table["card counting"]
    (Fraction(8, 15), Fraction(4, 15))
    """
    from bluffmath.equilibrium import exploitability, game_value
    from bluffmath.hochstapler.bots import BidReadingBot, CardCountingBot, RandomBot
    from bluffmath.limits import bounded
    bots = (RandomBot(), CardCountingBot(), BidReadingBot()) if bots is None else bounded("bots", bots, 100)
    values = check_deck(deck)
    game = duel(values)
    value = game_value(game)
    plays = [(bot, bot_strategy(bot, 1, values), bot_strategy(bot, 2, values)) for bot in bots]  # checks
    return {bot.name: (exploitability(game, 1, s1, value), exploitability(game, 2, s2, value))  # type: ignore[attr-defined]
            for bot, s1, s2 in plays}
