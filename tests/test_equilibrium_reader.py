"""The bot that reads you (bluffmath.equilibrium.reader), checked against Kuhn poker walked
by hand: every pure strategy of player 1 played against the bot's reply."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product

import pytest

from bluffmath.equilibrium import (
    Certificate,
    Chance,
    EquilibriumBot,
    best_response,
    kuhn_poker,
    stored,
)
from bluffmath.equilibrium.reader import ReadingBot
from bluffmath.errors import InvalidInputError

GAME = kuhn_poker()
P1 = [k for k, i in GAME.infosets.items() if i.player == 1]


def play(node, s1: dict, s2: dict) -> F:
    """Player 1's expected payoff when both play these strategies (mixes), by the tree."""
    if isinstance(node, Chance):
        return sum((p * play(child, s1, s2) for p, child in node.branches), F(0))
    if not hasattr(node, "children"):
        return F(node.payoff)
    mix = (s1 if node.player == 1 else s2)[node.infoset]
    return sum((F(mix.get(a, 0)) * play(c, s1, s2) for a, c in zip(node.actions, node.children, strict=True)
                if mix.get(a, 0)), F(0))


def pure_strategies() -> list[dict]:
    """Every pure strategy of player 1 (64)."""
    return [{k: {a: 1} for k, a in zip(P1, choice, strict=True)}
            for choice in product(*(GAME.infosets[k].actions for k in P1))]


# never bluffs with the Jack, never calls with it; with the Queen checks and calls; bets the King
HONEST = {"J": {"check": 1}, "J check bet": {"fold": 1}, "Q": {"check": 1}, "Q check bet": {"call": 1},
          "K": {"bet": 1}, "K check bet": {"call": 1}}


def test_with_nothing_seen_it_replies_to_the_equilibrium() -> None:
    cert = stored({"game": "kuhn-poker"})
    bot = ReadingBot(cert, player=2)
    assert bot.estimate() == cert.strategy(1)
    assert bot.expected() == F(-1, 18)  # every reply to an equilibrium strategy earns the value


def test_it_learns_a_predictable_player_and_punishes_them() -> None:
    """After the honest player's moves are seen often enough, the reply earns against them
    what the exact best reply earns, more than the equilibrium does; and what it risks is
    what the best of player 1's 64 pure strategies takes from it."""
    cert = stored({"game": "kuhn-poker"})
    bot = ReadingBot(cert, player=2, prior=1)
    for key, mix in HONEST.items():
        (action,) = mix
        for _ in range(40):
            bot.observe(key, action)
    reply = bot.reply().strategy
    ideal = best_response(GAME, 1, HONEST).value
    assert play(GAME.root, HONEST, reply) == ideal
    assert ideal < F(-1, 18)  # player 1 loses more than the value: the bot gains
    equilibrium_bot = cert.strategy(2)
    assert play(GAME.root, HONEST, equilibrium_bot) > ideal  # the equilibrium bot gains less
    worst = max(play(GAME.root, s, reply) for s in pure_strategies())
    assert bot.risk() == worst - F(-1, 18) > 0
    assert EquilibriumBot(cert, 2).name != bot.name == "reader (player 2)"


def test_it_counts_only_the_opponents_moves() -> None:
    cert = stored({"game": "kuhn-poker"})
    bot = ReadingBot(cert, player=1, prior=0)
    bot.observe("Q bet", "call")
    assert bot.estimate()["Q bet"] == {"call": F(1)}
    assert bot.estimate()["K bet"] == cert.strategy(2)["K bet"]  # nothing seen there: the equilibrium
    for infoset, action, message in (("J", "check", "not an information set of player 2"),
                                     ("Q bet", "raise", "not an action at 'Q bet'"),
                                     (3, "call", "not an information set")):
        with pytest.raises(InvalidInputError, match=message):
            bot.observe(infoset, action)
    with pytest.raises(InvalidInputError, match="must be a Certificate"):
        ReadingBot("kuhn", 1)
    with pytest.raises(InvalidInputError, match="prior"):
        ReadingBot(cert, 1, prior=-1)
    node = GAME.root.branches[0][1]
    assert bot.act(node) in ("check", "bet")
    with pytest.raises(InvalidInputError, match="plays player 1's decisions"):
        bot.act(node.children[0])


def test_a_certificate_made_by_hand() -> None:
    """Matching pennies: hiding tails twice makes the bot guess tails; its risk is a game."""
    from bluffmath.equilibrium import matching_pennies
    half = {"heads": F(1, 2), "tails": F(1, 2)}
    bot = ReadingBot(Certificate(matching_pennies(), F(0), ({"hide": half}, {"guess": half})), 2, prior=2)
    bot.observe("hide", "tails")
    bot.observe("hide", "tails")
    assert bot.estimate() == {"hide": {"heads": F(1, 4), "tails": F(3, 4)}}
    assert bot.reply().strategy == {"guess": {"tails": F(1)}}
    assert (bot.expected(), bot.risk()) == (F(-1, 2), F(1))
