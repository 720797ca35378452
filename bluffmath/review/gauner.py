"""Reviewing a game of Gauner raus!: each guess and each stop against the exact solution.

The model (stated in every review): every deal that fits what the seat knows is equally
likely (:func:`~bluffmath.gauner.solve.solve`, all tables at once), and each decision is
judged **one step ahead** in **expected points**:

- a guess is worth its chance of hitting (a hit scores 1; in the plain game a miss only
  ends the turn);
- stopping after a hit is worth 0 more points in the plain game;
- in the brave-investigator variant, with ``k`` points scored this turn, a guess is worth
  ``P(hit) * (k + 1)`` (the turn's points if it hits and the player then stops) and
  stopping is worth ``k`` (the rule of :meth:`Solution.brave
  <bluffmath.gauner.solve.Solution.brave>`).

What a miss's public "not mine" mark tells the other players, and the turns after this
one, are not valued. Each guess's answer has its luck (``review.luck``): the points the
answer gave under this reckoning minus the guess's value, of mean exactly 0.

>>> from bluffmath.gauner.bots import SolverBot, play_game
>>> from bluffmath.gauner.game import Game
>>> end = play_game(Game(players=2), [SolverBot(), SolverBot()], seed=3)
>>> review = review_state(end, seat=0)
>>> review.total_cost, review.decisions[0].kind
(Fraction(0, 1), 'guess')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from bluffmath.display import written
from bluffmath.errors import InvalidInputError
from bluffmath.gauner.game import Action, Ask, State
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.position import Position, cell_words
from bluffmath.gauner.solve import Solution, solve
from bluffmath.i18n import N_, _
from bluffmath.review.decision import Decision, Luck, Review
from bluffmath.review.words import option_words
from bluffmath.validate import whole_number

#: The unit, in words (translated where a review is made).
UNIT = N_("expected points")


def model_text(brave: bool) -> str:
    """The review's model in words, in the language in use."""
    if brave:
        return _("every deal that fits what the seat knows (all tables at once) is equally likely; one step ahead, "
                 "in expected points: brave-investigator variant: with k points scored this turn, a guess is "
                 "worth P(hit) x (k + 1), stopping is worth k. What a miss tells the others and later turns are "
                 "not valued.")
    return _("every deal that fits what the seat knows (all tables at once) is equally likely; one step ahead, in "
             "expected points: a guess is worth P(hit) (a hit scores 1, a miss ends the turn), stopping is worth "
             "0. What a miss tells the others and later turns are not valued.")


def review_state(state: State, seat: int, solver: Callable[[Position], Solution] = solve) -> Review:
    """Review ``seat``'s decisions in the game that led to ``state``; ``solver`` solves each
    position (a caller that solved them during the game passes its cache)."""
    if not isinstance(state, State):
        raise InvalidInputError(f"review_state needs a Gauner raus! State, got {type(state).__name__}")
    seat = whole_number("seat", seat, 0, state.players - 1)
    turns = [(number, before, action) for number, before, action in _turns(state) if before.current == seat]
    decisions = tuple(decide(before, action, number, solver) for number, before, action in turns)
    return Review("gauner", seat, model_text(state.game.brave), _(UNIT), decisions,
                  tuple(_luck(turns, decisions)))


def _luck(turns: list[tuple[int, State, Action]], decisions: tuple[Decision, ...]) -> Iterator[Luck]:
    """The luck of each guess's answer: the points it scored under the model's reckoning (a
    hit scores 1, or ``k + 1`` in the brave variant; a miss 0) minus the guess's value, so
    its mean is exactly 0 over the deals that fit what the seat knew."""
    for (number, before, action), decision in zip(turns, decisions, strict=True):
        if isinstance(action, Ask):
            hit = action.cell in before.hidden[action.seat]
            scale = before.turn_points + 1 if before.game.brave else 1
            said = _("the answer to {choice}: a hit") if hit else _("the answer to {choice}: a miss")
            yield Luck(number, said.format(choice=option_words(decision.choice)),
                       scale * hit - decision.chosen_value)


def _turns(state: State) -> Iterator[tuple[int, State, Action]]:
    now = state.game.new_game(state.seed)
    for number, action in enumerate(state.actions, 1):
        yield number, now, action
        now = now.apply(action)


def decide(before: State, action: Action, number: int,
           solver: Callable[[Position], Solution] = solve) -> Decision:
    """The decision of the player to act in ``before`` that played ``action``."""
    solution = solver(before.view(before.current))
    values = option_values(before, solution)
    choice = _label(action)
    return Decision(number, before.current, "guess" if isinstance(action, Ask) else "stop",
                    _describe(before, solution), values, choice, _explain(before, values, choice))


def option_values(state: State, solution: Solution) -> dict[str, Fraction]:
    """Every legal action of the player to act -> its expected points (see the module)."""
    banked = state.turn_points if state.game.brave else 0
    scale = banked + 1 if state.game.brave else 1
    tables = {seat: solution.table(seat) for seat in solution.position.opponents}
    values: dict[str, Fraction] = {}
    for action in state.legal_actions():
        if isinstance(action, Ask):
            hit = tables[action.seat].get(GRID.name(action.cell), Fraction(0))
            values[_label(action)] = hit * scale
        else:
            values["stop"] = Fraction(banked)
    return values


def _label(action: Action) -> str:
    if isinstance(action, Ask):
        return f"guess {GRID.name(action.cell)} at seat {action.seat}"
    return "stop"


def _describe(state: State, solution: Solution) -> str:
    position = solution.position
    hand = " ".join(cell_words(c) for c in sorted(position.hand))
    turn = (_("first guess of the turn") if state.must_guess else
            _("after a hit ({points} points this turn)").format(points=state.turn_points) if state.game.brave
            else _("after a hit"))
    said = (_("seat {seat}, {players} players (brave variant); scores {scores}; {turn}; your hidden cards: {hand}; "
              "{laid} cards face up; {deals} deals fit what you know") if state.game.brave else
            _("seat {seat}, {players} players; scores {scores}; {turn}; your hidden cards: {hand}; {laid} cards "
              "face up; {deals} deals fit what you know"))
    return said.format(seat=state.current, players=state.players, scores=list(state.scores), turn=turn,
                       hand=hand or _("none"), laid=sum(len(t.laid) for t in position.tables),
                       deals=solution.deals)


def _explain(state: State, values: dict[str, Fraction], choice: str) -> str:
    top = max(values.values())
    best = [o for o, v in values.items() if v == top]
    chosen = values[choice]
    verdict = (_("a best choice") if chosen == top else _("it gave up {cost} against {best} ({value})").format(
        cost=written(top - chosen), best=option_words(best[0]), value=written(top)))
    return _("{choice}: {value} expected points; {verdict}.").format(choice=option_words(choice),
                                                                     value=written(chosen), verdict=verdict)
