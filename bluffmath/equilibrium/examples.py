"""Small games with known answers: matching pennies and Kuhn poker.

Kuhn poker (Kuhn, 1950): three cards J < Q < K, one dealt to each player, each antes 1.
Player 1 checks or bets 1; after a check player 2 checks (showdown for 1) or bets 1; a bet
is folded (the bettor wins 1) or called (showdown for 2). Its value to player 1 is -1/18.

Information sets are named by the card and what was said: ``"J"`` (player 1 first),
``"Q check"`` and ``"Q bet"`` (player 2), ``"J check bet"`` (player 1 facing a bet).

>>> g = kuhn_poker()
>>> g
Game('Kuhn poker': 55 nodes, 12 information sets)
>>> g.infosets["K check bet"]
Infoset(player=1, actions=('fold', 'call'), parent=('K', 'check'))
"""

from __future__ import annotations

from fractions import Fraction

from bluffmath.equilibrium.tree import Chance, Decision, Game, Terminal

CARDS = ("J", "Q", "K")


def matching_pennies() -> Game:
    """Player 1 hides a coin, player 2 guesses it without seeing: a right guess wins 1
    for player 2, a wrong one 1 for player 1. Value 0; both mix one half each."""
    win, lose = Terminal(1), Terminal(-1)
    return Game(Decision(1, "hide", ("heads", "tails"), (
        Decision(2, "guess", ("heads", "tails"), (lose, win)),
        Decision(2, "guess", ("heads", "tails"), (win, lose)),
    )), name="matching pennies", spec={"game": "matching-pennies"})


def kuhn_poker() -> Game:
    """Kuhn poker as a :class:`~bluffmath.equilibrium.tree.Game` (see the module)."""
    deals = []
    for a, mine in enumerate(CARDS):
        for b, theirs in enumerate(CARDS):
            if a != b:
                deals.append((Fraction(1, 6), _deal(mine, theirs, 1 if a > b else -1)))
    return Game(Chance(tuple(deals)), name="Kuhn poker", spec={"game": "kuhn-poker"})


def _deal(mine: str, theirs: str, showdown: int) -> Decision:
    t = Terminal
    after_check = Decision(2, f"{theirs} check", ("check", "bet"), (
        t(showdown),
        Decision(1, f"{mine} check bet", ("fold", "call"), (t(-1), t(2 * showdown))),
    ))
    after_bet = Decision(2, f"{theirs} bet", ("fold", "call"), (t(1), t(2 * showdown)))
    return Decision(1, mine, ("check", "bet"), (after_check, after_bet))
