"""Games played by the engine that more than one test module reads.

>>> state, typed = muenchhausen_game("b5")
>>> state.offer_value, typed
(7, 'b5')
"""

from __future__ import annotations

from bluffmath import muenchhausen as mh


def muenchhausen_game(model_before: str) -> tuple[mh.State, str]:
    """A 4-player round played by the engine in which seat 1 lays twice, the second time on
    an offer of 7; and the same earlier turn typed for the calculator."""
    s = mh.Game(players=4).new_game().name(5).offer(5).pass_().pass_().pass_()
    # d5:3 is a lie, shown and back in seat 1's hand; seat 0 then lays its 8 on its own pile
    s = s.lay(6).believe() if model_before == "b5" else s.lay(3).doubt().reward(8)
    s = s.name(3).offer(3).pass_().pass_().pass_().lay(4).believe()
    s = s.name(7).pass_().pass_().offer(7).pass_().pass_().pass_().lay(8)
    return s, model_before
