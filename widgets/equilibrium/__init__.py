"""Why bluff? The exact equilibria of Kuhn poker and the Hochstapler Duel, to explore and
to play against.

Every number comes from :mod:`bluffmath.equilibrium` and :mod:`bluffmath.hochstapler`,
read from the certificates that ship with bluffmath (:func:`~bluffmath.equilibrium.stored`,
checked by exact best responses when first loaded), so no solver runs here.

:class:`StrategyExplorer`: pick a game, your seat and your card; see the equilibrium's
frequencies at every situation you can meet with that card (exact, with percentages),
and where its bluffs are; then change your own strategy with sliders (exact steps of
1/20) and see its exact exploitability and the best reply to it.

>>> from fractions import Fraction
>>> from bluffmath_widgets.equilibrium import StrategyExplorer
>>> ex = StrategyExplorer(variant="Kuhn poker", seat=2, card="J")
>>> ex.certificate.value, ex.exploitability
(Fraction(-1, 18), Fraction(0, 1))
>>> ex.situation.value
'J check'
>>> ex.sliders["bet"].value = Fraction(0)   # never bluff with the Jack
>>> ex.exploitability, ex.strategy["J check"]
(Fraction(1, 9), {'check': Fraction(1, 1)})

:class:`DuelMatch`: play the Duel against the equilibrium bot, which draws each move from
its exact mixed strategy with a seeded random generator (the same seed, the same deals).

>>> match = DuelMatch(deck="0,1,2,3,4", seat=1, seed=7)
>>> match.state.my_card, match.choice.options[:2]
('2', (('call 1', '1'), ('call 2', '2')))
>>> match.choice.value = "4"
>>> match.play.click()
>>> match.state.said, match.state.their_card, match.state.payoff
([(1, '4'), (2, 'doubt')], '3', Fraction(1, 1))
"""

from bluffmath.equilibrium.explore import DUELS, STARTS, VARIANTS, Variant, variant

from .explorer import StrategyExplorer
from .match import DealState, DuelMatch

__all__ = ["DUELS", "STARTS", "VARIANTS", "DealState", "DuelMatch", "StrategyExplorer", "Variant", "variant"]
