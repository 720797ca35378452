"""bluffmath_widgets: the Jupyter front end of bluffmath (installed from ``widgets/``).

The widgets hold no mathematics: each reads its controls, calls :mod:`bluffmath`, and
draws what comes back. Errors in the input are shown inside the widget, and it keeps
working once the input is fixed. Each game has a folder, as in the core: ``hochstapler/``,
``gauner/``, ``hoax/``, ``muenchhausen/``, each re-exporting its widgets.

=============================================  =============================================
``hochstapler.OddsCalculator()``               one colour: P(total ≥ call), the distribution,
                                               keep or exchange, the counting
``hochstapler.PositionOdds()``                 a whole hand at a real table (companion mode):
                                               the odds table, the best calls, the call to
                                               beat, the calls so far typed in for reading
``hochstapler.HochstaplerTable()``             a whole game against bots, with my exact odds
                                               (from my seat's view only), saves and loads
``gauner.GaunerSolver()``, ``GaunerTable()``   Gauner raus!: every cell's exact chance; a game
                                               against bots
``hoax.HoaxSheet()``, ``hoax.HoaxPractice()``  Hoax: every player's exact odds of every role
``hoax.HoaxTable()``                           the whole game of Hoax against bots, my exact
                                               sheet beside the table
``muenchhausen.MuenchhausenTable()``           Münchhausen against bots, with my exact odds
``muenchhausen.MuenchhausenCompanion()``       a real Münchhausen table, its public log typed
                                               in, exact odds
``equilibrium``                                ``StrategyExplorer()``: exact equilibria, your
                                               strategy's exploitability and its best reply;
                                               ``DuelMatch()``: the Duel against the
                                               equilibrium bot
``lessons.<subject>``                          the course: each lesson's widgets and its
                                               answer key, ``check(N, answer)``
``class_table.ClassTable()``                   the class table server, started and watched
                                               from a notebook: the address, the code, the
                                               QR code, every table live
``rules.rules_card(game)``                      each game's rules in a few lines, one click away
``common``                                     the error area and helpers every widget shares
``language(code=None)``                        the language every widget made after it speaks
                                               (``"en"``, ``"de"``); with no code, the one in
                                               use (by default the kernel's locale, else
                                               English)
=============================================  =============================================

>>> from bluffmath_widgets.hochstapler import OddsCalculator
>>> OddsCalculator(players=3, own=7, face_up="", call=0).probability
Fraction(1, 1)
"""

from .common import language

__all__ = ["language"]
