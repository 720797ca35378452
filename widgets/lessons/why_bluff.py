"""Lesson 8, "Why bluff?": its games, helpers and answer key.

The lesson goes from matching pennies to the Hochstapler Duel. Its small games are trees
of :mod:`bluffmath.equilibrium` (:func:`matching_pennies`, and :func:`bonus_pennies`, where
two heads cost the hider 2); Kuhn poker and the Duel come with certificates that ship with
bluffmath (:func:`~bluffmath.equilibrium.stored`), so nothing here needs a solver. Every
answer is computed by the core when it is checked: exact best replies
(:func:`~bluffmath.equilibrium.best_response`), exploitability, stored certificates and
the bots' Duel strategies.

>>> from fractions import Fraction
>>> guaranteed(bonus_pennies(), heads(Fraction(1, 2)))   # what the hider's 1/2 guarantees
Fraction(-1, 2)
>>> best_mix(bonus_pennies())
Fraction(2, 5)
>>> KEY.check(3, (Fraction(-1, 6), Fraction(1, 9))).right
True

What the worksheet prints (``PAPER``) speaks the language in use; the information sets
(``"Q check bet"``) are the code's names, as the lesson types them:

>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     print(_paper_duel())
<p>Der Spieler 1 des Zertifikats eröffnet mit der 0 mit 3 mit Wahrscheinlichkeit 1/3 und mit 4 mit Wahrscheinlichkeit 2/3.</p>
"""

from __future__ import annotations

from fractions import Fraction

from bluffmath.duel import bot_exploitability, call_chance, duel
from bluffmath.equilibrium import (
    Certificate,
    Decision,
    Game,
    Terminal,
    best_response,
    exploitability,
    kuhn_poker,
    matching_pennies,
    stored,
)
from bluffmath.hochstapler import CardCountingBot
from bluffmath.i18n import N_, _, p_
from bluffmath.liars_dice.table import certificate as liars_dice_certificate

from .key import Exercise, Key
from .paper import number, table

__all__ = ["DECK", "KEY", "NEVER_BLUFF", "PAPER", "best_mix", "bonus_pennies", "certificate", "check",
           "guaranteed", "heads", "liars_dice_certificate", "matching_pennies", "true_chance"]

#: The Duel the lesson plays: five cards, 0 to 4.
DECK = (0, 1, 2, 3, 4)
#: Player 1 in Kuhn poker who never bluffs: bets the King only, calls a bet with Q and K.
NEVER_BLUFF = {"J": {"check": 1}, "Q": {"check": 1}, "K": {"bet": 1},
               "J check bet": {"fold": 1}, "Q check bet": {"call": 1}}


def bonus_pennies() -> Game:
    """Matching pennies where two heads cost the hider 2, not 1 (payoffs to the hider:
    heads-heads -2, tails-tails -1, a wrong guess +1)."""
    def guess(heads_pays: int, tails_pays: int) -> Decision:
        return Decision(2, "guess", ("heads", "tails"), (Terminal(heads_pays), Terminal(tails_pays)))

    return Game(Decision(1, "hide", ("heads", "tails"), (guess(-2, 1), guess(1, -1))),
                name="matching pennies with a bonus")


def heads(p: Fraction) -> dict[str, dict[str, Fraction]]:
    """The hider's strategy: heads with chance ``p``."""
    return {"hide": {"heads": Fraction(p), "tails": 1 - Fraction(p)}}


def guaranteed(game: Game, strategy: dict) -> Fraction:
    """What player 1's ``strategy`` wins per game against the other player's best reply."""
    return best_response(game, 1, strategy).value


def best_mix(game: Game, steps: int = 100) -> Fraction:
    """The hider's chance of heads, among 0, 1/steps, ..., 1, that guarantees the most
    (by exact best replies; the lesson's games have their answer on this grid, which
    tests/test_lesson_why_bluff.py checks by enumerating supports)."""
    grid = [Fraction(k, steps) for k in range(steps + 1)]
    return max(grid, key=lambda p: guaranteed(game, heads(p)))


def certificate(game: Game) -> Certificate:
    """The certificate of ``game`` that ships with bluffmath (checked when loaded)."""
    cert = stored(game.spec)
    assert cert is not None, f"bluffmath ships no certificate of {game.name}"
    return cert


def true_chance(card: int, call: int, deck: tuple[int, ...] = DECK) -> Fraction:
    """The chance that a call of ``call`` is true when you hold ``card``, by card
    counting (the other card: one of the deck's others, at random)."""
    return call_chance(deck, card, call)


def _never_bluff() -> tuple[Fraction, Fraction]:
    game = kuhn_poker()
    return guaranteed(game, NEVER_BLUFF), exploitability(game, 1, NEVER_BLUFF)


def _kuhn() -> tuple[Fraction, Fraction]:
    cert = certificate(kuhn_poker())
    return cert.value, cert.strategy(2)["J check"]["bet"]


def _duel_zero() -> tuple[Fraction, Fraction]:
    return certificate(duel(DECK)).strategy(1)["0:"]["4"], true_chance(0, 4)


def _bots() -> tuple[Fraction, Fraction]:
    cert = certificate(duel(DECK))
    counting = bot_exploitability([CardCountingBot()], DECK)[CardCountingBot().name][0]
    return counting, exploitability(cert.game, 1, cert.strategy(1), cert.value)


KEY = Key("why_bluff", [
    Exercise(1, N_("a Fraction"), lambda: guaranteed(matching_pennies(), heads(Fraction(2, 3))),
             mistakes=lambda: {
                 Fraction(1, 3): N_("that is what the guesser wins; the hider wins the opposite"),
                 Fraction(0): N_("that is the hider who mixes one half each; at 2/3 heads the "
                              "guesser always guesses heads"),
                 Fraction(-1): N_("the guesser is right only when the coin shows heads, 2 times in 3")}),
    Exercise(2, N_("a pair of Fractions (the value, the Jack's bet)"), _kuhn,
             mistakes=lambda: {
                 (Fraction(1, 18), Fraction(1, 3)): N_("the value is to player 1, who is behind"),
                 (Fraction(-1, 18), Fraction(2, 3)): N_("2/3 is how often the Jack checks")}),
    Exercise(3, N_("a pair of Fractions (what it wins against the best reply, its exploitability)"),
             _never_bluff,
             mistakes=lambda: {
                 (Fraction(-1, 6), Fraction(-1, 9)): N_("exploitability is what the strategy loses "
                                                     "compared with the value: a positive number"),
                 (Fraction(-1, 18), Fraction(0)): N_("that is the equilibrium; a best reply to the "
                                                  "never-bluffer folds to every bet")}),
    Exercise(4, N_("a pair of Fractions (how often it calls 4, how often that call is true)"),
             _duel_zero,
             mistakes=lambda: {
                 (Fraction(2, 3), Fraction(1, 5)): N_("you hold the 0: the other card is one of four, "
                                                   "not five"),
                 (Fraction(1, 3), Fraction(1, 4)): N_("1/3 is how often the 0 calls 3")}),
    Exercise(5, N_("a pair (chance of heads, what it guarantees)"),
             lambda: (best_mix(bonus_pennies()), guaranteed(bonus_pennies(), heads(best_mix(bonus_pennies())))),
             mistakes=lambda: {
                 (Fraction(1, 2), Fraction(-1, 2)): N_("one half each is the answer of plain matching "
                                                    "pennies; here heads costs more: make the guesser "
                                                    "indifferent"),
                 (Fraction(3, 5), Fraction(-1, 5)): N_("that is the chance of tails"),
                 (Fraction(2, 5), Fraction(1, 5)): N_("the hider loses here: the value is negative")}),
    Exercise(6, N_("a pair of Fractions (card counting's exploitability, the equilibrium's)"), _bots,
             mistakes=lambda: {
                 (Fraction(4, 15), Fraction(0)): N_("that is the card-counting bot as player 2"),
                 (Fraction(8, 15), Fraction(1, 30)): N_("1/30 is the value; the equilibrium loses "
                                                     "nothing against a best reply")}),
    Exercise(7, N_("a Fraction (one die against one, to player 1)"), lambda: liars_dice_certificate(1, 1, 6).value,
             mistakes=lambda: {
                 Fraction(1, 9): N_("the value is to player 1, who must call first and is behind"),
                 Fraction(1, 30): N_("1/30 is the Duel's value on the cards 0-4, not the dice's")}),
])
check = KEY.check


#: Kuhn poker's actions in words (the game's own names are the code's).
ACTIONS = {"check": lambda: p_("Kuhn poker", "check"), "bet": lambda: p_("Kuhn poker", "bet"),
           "call": lambda: p_("Kuhn poker", "call"), "fold": lambda: p_("Kuhn poker", "fold")}


def _action(action: str) -> str:
    return ACTIONS[action]() if action in ACTIONS else action


def _plays(choices: dict[str, Fraction]) -> str:
    """What a player does at an information set, in words: ``check``, ``fold 2/3, call 1/3``."""
    said = [(action, p) for action, p in choices.items() if p]
    if len(said) == 1:
        return _action(said[0][0])
    return ", ".join(f"{_action(action)} {number(p)}" for action, p in said)


def _strategy_table(strategy: dict[str, dict[str, Fraction]], does: str) -> str:
    """A strategy as a table: each information set, and ``does`` (the column's heading)."""
    order = sorted(strategy, key=lambda key: ("JQK".index(key[0]), len(key), key))
    return table([_("information set"), does], [[key, _plays(strategy[key])] for key in order])


def _paper_kuhn() -> str:
    cert = certificate(kuhn_poker())
    said = _("The certificate: the value to player 1 is {value} per hand. Player 2's strategy:").format(
        value=number(cert.value))
    return f"<p>{said}</p>" + _strategy_table(cert.strategy(2), _("what player 2 does"))


def _paper_never_bluff() -> str:
    reply = best_response(kuhn_poker(), 1, NEVER_BLUFF).strategy
    never = _('The never-bluffer, player 1 ("Q check bet": holding the Queen, after checking and player 2\'s bet):')
    best = _('Player 2\'s best reply to it ("K bet" cannot happen: player 2 cannot hold the King when the '
             'never-bluffer bets):')
    return (f"<p>{never}</p>" + _strategy_table(NEVER_BLUFF, _("what player 1 does"))
            + f"<p>{best}</p>" + _strategy_table(reply, _("what player 2 does")))


def _paper_duel() -> str:
    opening = [(call, number(p)) for call, p in certificate(duel(DECK)).strategy(1)["0:"].items() if p]
    if len(opening) == 2:
        (call_1, p_1), (call_2, p_2) = opening
        said = _("The certificate's player 1, holding the 0, opens with {call_1} with chance {p_1} and with "
                 "{call_2} with chance {p_2}.").format(call_1=call_1, p_1=p_1, call_2=call_2, p_2=p_2)
        return f"<p>{said}</p>"
    return "".join("<p>" + _("The certificate's player 1, holding the 0, opens with {call} with chance {p}.").format(
        call=call, p=p) + "</p>" for call, p in opening)


def _paper_bots() -> str:
    value = certificate(duel(DECK)).value
    counting = bot_exploitability([CardCountingBot()], DECK)[CardCountingBot().name][0]
    said = _("The Duel on 0, 1, 2, 3, 4 is worth {value} to player 1 (its certificate). Against its best reply, "
             "the card-counting bot as player 1 wins {wins} per deal; the certificate's player 1 wins the value "
             "against any reply.").format(value=number(value), wins=number(value - counting))
    return f"<p>{said}</p>"


#: What the printed worksheet shows for an exercise: the certificates' numbers it reads.
PAPER = {2: _paper_kuhn, 3: _paper_never_bluff, 4: _paper_duel, 6: _paper_bots}
