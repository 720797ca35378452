"""The Münchhausen one-turn game (``docs/reference/rulings.md``, "Teaching variants"): a matrix game.

Two players with known hands. The offerer (player 1) has won the offer ``offer`` and lays
one hand card face down on the start player's pile; the start player (player 2), who
knows the offerer's hand but not which card was laid, believes or doubts. The payoff to
the offerer is the change of (offerer's score minus start player's score) that the turn
causes, a score being the value of one's own pile minus the value of one's hand:

=====================  ================================================================
believe                the card ``c`` moves from the offerer's hand to the start
                       player's pile: both scores rise by ``c``, the payoff is 0
doubt, ``c >= offer``  the start player takes ``c`` into hand (``-c``), the offerer is
                       rid of it (``+c``) and lays its highest remaining card ``d`` on its
                       own pile (``+2d``): the payoff is ``2c + 2d``
doubt, ``c < offer``   the liar takes ``c`` back; the start player lays its highest card
                       ``e`` on its own pile (``+2e``): the payoff is ``-2e``
=====================  ================================================================

Believing is worth exactly 0 to both, so a liar can only lose: the offerer's equilibrium
lays an honest card whenever it has one, and the game's value is 0; with no card that
reaches the offer, the start player doubts and the value is ``-2e``. This is what the
exact solution shows; bluffing pays in the Duel (:func:`bluffmath.duel.duel`), not
here, under this payoff.

>>> from bluffmath.equilibrium import Certificate
>>> g = one_turn(start_hand=(2, 6), offer_hand=(1, 4, 8), offer=5)
>>> g.infosets["offerer"].actions, g.infosets["start player"].actions
(('1', '4', '8'), ('believe', 'doubt'))
>>> Certificate(g, 0, ({"offerer": {"8": 1}}, {"start player": {"believe": 1}})).verify()
True
>>> g = one_turn(start_hand=(2, 6), offer_hand=(1, 4), offer=5)   # no honest card
>>> Certificate(g, -12, ({"offerer": {"1": 1}}, {"start player": {"doubt": 1}})).verify()
True
"""

from __future__ import annotations

from collections.abc import Iterable

from bluffmath.equilibrium.tree import Decision, Game, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.muenchhausen.rules import without
from bluffmath.validate import whole_number, whole_numbers

#: The highest card value of Münchhausen, and the most cards in one hand here.
HIGHEST, MOST = 8, 16


def one_turn(start_hand: Iterable[int], offer_hand: Iterable[int], offer: int) -> Game:
    """The one-turn game of a position: hands of values 1-8 (the offerer's not empty),
    and the offer the laid card must reach (see the module)."""
    start = tuple(sorted(whole_numbers("start_hand", start_hand, 1, HIGHEST, MOST)))
    offerer = tuple(sorted(whole_numbers("offer_hand", offer_hand, 1, HIGHEST, MOST)))
    offer = whole_number("offer", offer, 1, HIGHEST)
    if not offerer:
        raise InvalidInputError("offer_hand must hold at least one card: the offerer lays one")
    cards = tuple(sorted(set(offerer)))
    e = max(start, default=0)
    rows = []
    for c in cards:
        rest = without(offerer, c)
        doubt = 2 * c + 2 * max(rest, default=0) if c >= offer else -2 * e
        rows.append(Decision(2, "start player", ("believe", "doubt"), (Terminal(0), Terminal(doubt))))
    return Game(Decision(1, "offerer", tuple(map(str, cards)), tuple(rows)),
                name=f"the Münchhausen turn {start} against {offerer}, offer {offer}",
                spec={"game": "muenchhausen-one-turn", "start_hand": list(start),
                      "offer_hand": list(offerer), "offer": offer})
