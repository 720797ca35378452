"""Reviewing a Hochstapler game: each turn of one seat against the exact odds of its view.

The model (stated in every review): each decision is judged **one step ahead**, as the
penalty arithmetic of :mod:`bluffmath.hochstapler.penalties` judges it with the next
player always doubting. An option's value is the probability of **not taking a penalty
point at this decision**:

- a doubt is worth P(the call to beat is false);
- a raise to ``t`` in colour ``c`` is worth P(``c``'s total >= ``t``), as if the next
  player doubts it;
- an exchange in colour ``c`` is worth the chance of the best raise after it, averaged
  over the card drawn (each unseen card of ``c`` alike, as card counting has it);
- after an exchange, only raises remain.

The **opening call** of a round is not valued, nor an exchange before it: with the next
player always doubting, a call of 0 would always be best, and every ordinary opening a
"mistake". Which opening is best depends on how the others answer it, which this model
does not say.

The chances come from the seat's own cards and the face-up cards (card counting,
:func:`~bluffmath.hochstapler.counting.total_distribution`), or, with an
:class:`~bluffmath.hochstapler.bids.OpponentModel`, from reading the other players' calls
(:func:`~bluffmath.hochstapler.bids.read_bids`). What happens after a raise that is not
doubted is not modelled.

>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
>>> review_state(state, seat=0).decisions     # seat 0's opening is not valued
()
>>> review = review_state(state, seat=1)
>>> d = review.decisions[0]
>>> d.choice, d.chosen_value, d.best_value, d.cost     # 6 red was true: the doubt lost
('doubt', Fraction(29, 91), Fraction(1, 1), Fraction(62, 91))
>>> d.values["raise 7 purple"], d.values["raise 8 purple"] # seat 1 holds the purple 7
(Fraction(1, 1), Fraction(88, 91))
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from bluffmath.distribution import Distribution
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import total_distribution, unseen_pool
from bluffmath.hochstapler.game import State
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange, Position
from bluffmath.hochstapler.rules import MAX_TOTAL, VALUES
from bluffmath.review.decision import Decision, Review
from bluffmath.validate import whole_number

UNIT = "probability of not taking a penalty point at this decision"


def model_text(model: OpponentModel | None) -> str:
    """The review's model in words."""
    odds = ("card counting: the seat's own cards and the face-up cards, not what the calls say"
            if model is None else
            f"reading the bids: the other players' calls read as evidence, each caller calling "
            f"what card counting gives at least {model.threshold} and bluffing {model.bluff} times "
            f"as readily (OpponentModel(threshold={model.threshold}, bluff={model.bluff})); the card "
            f"an exchange draws is weighted by card counting")
    return ("one step ahead, the next player always doubting: a doubt is worth P(the call is false), "
            "a raise P(it is true), an exchange P(the best raise after it is true) averaged over the "
            f"card drawn. Chances by {odds}. The opening call is not valued (with the next player always "
            "doubting, 0 would always be best); what others do after an undoubted raise is not modelled.")


def review_state(state: State, seat: int, model: OpponentModel | None = None) -> Review:
    """Review ``seat``'s decisions in the game that led to ``state``."""
    if not isinstance(state, State):
        raise InvalidInputError(f"review_state needs a Hochstapler State, got {type(state).__name__}")
    seat = whole_number("seat", seat, 0, state.players - 1)
    if model is not None and not isinstance(model, OpponentModel):
        raise InvalidInputError(f"model must be an OpponentModel or None (card counting), "
                                f"got {type(model).__name__}")
    decisions = tuple(decide(before, event, number, model)
                      for number, before, event in _turns(state)
                      if event.seat == seat and before.call is not None)
    return Review("hochstapler", seat, model_text(model), UNIT, decisions)


def _turns(state: State) -> Iterator[tuple[int, State, Event]]:
    """Each action of the game with the state before it."""
    now = state.game.new_game(state.seed, state.opener)
    for number, event in enumerate(state.events, 1):
        yield number, now, event
        now = now.play(event)


def decide(before: State, event: Event, number: int, model: OpponentModel | None = None) -> Decision:
    """The decision of the seat to act in ``before`` that played ``event``."""
    position = before.view(before.to_act).position
    values = option_values(position, before, model)
    return Decision(number, position.me, _kind(event), describe(position, before), values,
                    _label(event), _explain(position, values, _label(event)))


def option_values(position: Position, state: State, model: OpponentModel | None = None
                  ) -> dict[str, Fraction]:
    """Every legal option of the seat to act in ``state`` -> its value (see the module):
    the doubt, the raises colour by colour, then the exchanges."""
    players = position.players
    top = MAX_TOTAL[players]
    call = position.call
    low = 0 if call is None else call.total + 1
    totals = {c: _distribution(position, c, position.hand[c], position.face_up(c), model)
              for c in position.colours}
    values: dict[str, Fraction] = {}
    if call is not None and not state.exchanged:
        values["doubt"] = 1 - totals[call.colour].at_least(call.total)
    for colour in position.colours:
        tails = _tails(totals[colour], top)
        for total in range(low, top + 1):
            values[f"raise {total} {colour}"] = tails[total]
    if not state.exchanged:
        for colour in position.colours:
            if state.can_exchange(colour):
                values[f"exchange {colour}"] = _exchange_value(position, colour, low, totals, model)
    return values


def _distribution(position: Position, colour: str, own: int, face_up: tuple[int, ...],
                  model: OpponentModel | None) -> Distribution[int]:
    if model is None:
        return total_distribution(position.players, own, face_up)
    return read_bids(position.players, own, position.spoken_calls(colour), face_up, model)


def _tails(d: Distribution[int], top: int) -> list[Fraction]:
    """``tails[t]`` = P(total >= t) for t from 0 to ``top``."""
    tails = [Fraction(0)] * (top + 2)
    for total, p in d.items():
        tails[min(total, top + 1)] += p
    for t in range(top, -1, -1):
        tails[t] += tails[t + 1]
    return tails[:top + 1]


def _exchange_value(position: Position, colour: str, low: int,
                    totals: dict[str, Distribution[int]], model: OpponentModel | None) -> Fraction:
    """P(the best raise after exchanging in ``colour`` is true), over the card drawn."""
    own, face_up = position.hand[colour], position.face_up(colour)
    others = max((totals[c].at_least(low) for c in position.colours if c != colour), default=Fraction(0))
    pool = unseen_pool(own, face_up)
    unseen = sum(pool)
    value = Fraction(0)
    for drawn in VALUES:
        if pool[drawn]:
            after = _distribution(position, colour, drawn, (*face_up, own), model)
            value += Fraction(pool[drawn], unseen) * max(others, after.at_least(low))
    return value


def _label(event: Event) -> str:
    if type(event) is Call:
        return f"raise {event.total} {event.colour}"
    if type(event) is Exchange:
        return f"exchange {event.colour}"
    return "doubt"


def _kind(event: Event) -> str:
    return {Call: "raise", Exchange: "exchange", Doubt: "doubt"}[type(event)]


def describe(position: Position, state: State) -> str:
    """The position as the seat saw it, in words."""
    hand = ", ".join(f"{c} {v}" for c, v in position.hand.items())
    face_up = "; ".join(f"{c} {' '.join(map(str, position.face_up(c)))}"
                        for c in position.colours if position.face_up(c))
    call = position.call
    to_beat = ("none: you open the round" if call is None
               else f"{call.total} {call.colour} (seat {call.seat})")
    after = "; you have exchanged and must raise" if state.exchanged else ""
    return (f"deal {state.deal + 1}, {position.players} players; your cards: {hand}; "
            f"face up: {face_up or 'none'}; call to beat: {to_beat}{after}")


def _explain(position: Position, values: dict[str, Fraction], choice: str) -> str:
    top = max(values.values())
    best = [o for o, v in values.items() if v == top]
    chosen = values[choice]
    verdict = ("a best choice" if chosen == top
               else f"it gave up {top - chosen} against {best[0]} ({top})")
    return (f"{choice}: P(no penalty point now) = {chosen}; {verdict}. "
            + _meaning(choice, position))


def _meaning(choice: str, position: Position) -> str:
    if choice == "doubt":
        return "A doubt avoids the point when the call is false."
    if choice.startswith("exchange"):
        return ("An exchange is worth the chance that the best raise after it is true, averaged over "
                "the card drawn.")
    return "A raise avoids the point when it is true, if the next player doubts it."
