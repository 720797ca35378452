"""Reviewing a Hochstapler game: each turn of one seat against the exact odds of its view.

Two kinds of model value the options, and every review states its own.

**The round model** (the default, :class:`~bluffmath.hochstapler.round_model.RoundModel`):
an option is worth the probability of **not taking this round's penalty point**, the
others answering as :class:`~bluffmath.hochstapler.bots.CalledColourBot` does (in the
called colour: doubt by card counting, or raise by one) and the seat doubting at its
best turn when the round comes back (:mod:`bluffmath.hochstapler.round_model`):

- a doubt is worth P(the call to beat is false);
- a call of ``t`` in colour ``c`` is worth what the rest of the round makes of it;
- an exchange in colour ``c`` is worth the best call after it, averaged over the card
  drawn (each unseen card of ``c`` alike, as card counting has it).

So the round's **opening call** is valued too: where the turns fall matters, and a call
that leaves the risky totals to the others is worth more than one that brings them back
to you.

**One step ahead** (``model="counting"``, or an
:class:`~bluffmath.hochstapler.bids.OpponentModel` to read the others' calls): an option
is worth the probability of **not taking a penalty point at this decision**, the next
player always doubting: a doubt P(the call is false), a raise P(it is true), an exchange
the chance of the best raise after it, averaged over the card drawn. The opening call is
not valued under it, nor an exchange before it: a call of 0 would always be best.

In both, the chances come from the seat's own cards and the face-up cards (card counting,
:func:`~bluffmath.hochstapler.counting.total_distribution`); the one-step model can read
the calls instead (:func:`~bluffmath.hochstapler.bids.read_bids`).

>>> from bluffmath.hochstapler.game import Game
>>> state = Game(players=3).new_game(seed=4).raise_(6, "red").doubt()
>>> [d.choice for d in review_state(state, seat=0).decisions]   # the opening, valued
['raise 6 red']
>>> review_state(state, seat=0, model="counting").decisions     # one step: not valued
()
>>> d = review_state(state, seat=1, model="counting").decisions[0]
>>> d.choice, d.chosen_value, d.best_value, d.cost     # 6 red was true: the doubt lost
('doubt', Fraction(29, 91), Fraction(1, 1), Fraction(62, 91))
>>> d.values["raise 7 purple"], d.values["raise 8 purple"] # seat 1 holds the purple 7
(Fraction(1, 1), Fraction(88, 91))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from bluffmath.display import written
from bluffmath.distribution import Distribution
from bluffmath.errors import InvalidInputError
from bluffmath.hochstapler.bids import OpponentModel, read_bids
from bluffmath.hochstapler.counting import total_distribution, unseen_pool
from bluffmath.hochstapler.game import State
from bluffmath.hochstapler.position import Call, Doubt, Event, Exchange, Position
from bluffmath.hochstapler.round_model import RoundModel
from bluffmath.hochstapler.rules import MAX_TOTAL, VALUES, colour_noun
from bluffmath.i18n import N_, _
from bluffmath.review.decision import Decision, Luck, Review
from bluffmath.review.words import option_words
from bluffmath.validate import shown, whole_number

#: The one-step card-counting model's name.
COUNTING = "counting"
Model = RoundModel | OpponentModel | str | None
#: The units, each in words (translated where a review is made: :func:`review_state`).
UNIT = N_("probability of not taking a penalty point at this decision")
ROUND_UNIT = N_("probability of not taking this round's penalty point")


def model_text(model: Model) -> str:
    """The review's model in words, in the language in use."""
    if isinstance(model, RoundModel):
        policy = f"CalledColourBot(doubt_bias={model.doubt_bias})" if model.doubt_bias else "CalledColourBot()"
        return _("the round: a call is worth P(you do not take this round's point) when every other player "
                 "answers as {policy} does, in the called colour by card counting (doubt, or raise by one), and "
                 "you doubt at your best turn when the round comes back; a doubt is worth P(the call is false), "
                 "an exchange the best call after it averaged over the card drawn. Chances by card counting: your "
                 "own cards and the face-up cards, not what the calls say. The opening call is valued.").format(
            policy=policy)
    if not isinstance(model, OpponentModel):
        return _("one step ahead, the next player always doubting: a doubt is worth P(the call is false), a raise "
                 "P(it is true), an exchange P(the best raise after it is true) averaged over the card drawn. "
                 "Chances by card counting: the seat's own cards and the face-up cards, not what the calls say. "
                 "The opening call is not valued (with the next player always doubting, 0 would always be best); "
                 "what others do after an undoubted raise is not modelled.")
    return _("one step ahead, the next player always doubting: a doubt is worth P(the call is false), a raise "
             "P(it is true), an exchange P(the best raise after it is true) averaged over the card drawn. Chances "
             "by reading the bids: the other players' calls read as evidence, each caller calling what card "
             "counting gives at least {threshold} and bluffing {bluff} times as readily "
             "(OpponentModel(threshold={threshold}, bluff={bluff})); the card an exchange draws is weighted by "
             "card counting. The opening call is not valued (with the next player always doubting, 0 would "
             "always be best); what others do after an undoubted raise is not modelled.").format(
        threshold=model.threshold, bluff=model.bluff)


def review_state(state: State, seat: int, model: Model = None) -> Review:
    """Review ``seat``'s decisions in the game that led to ``state``: under the round model
    (``model`` None or a :class:`RoundModel`), or one step ahead (``"counting"``, or an
    :class:`OpponentModel` to read the calls)."""
    if not isinstance(state, State):
        raise InvalidInputError(f"review_state needs a Hochstapler State, got {type(state).__name__}")
    seat = whole_number("seat", seat, 0, state.players - 1)
    model = checked_model(model)
    one_step = not isinstance(model, RoundModel)
    turns = [(number, before, event) for number, before, event in _turns(state)
             if event.seat == seat and not (one_step and before.call is None)]
    decisions = tuple(decide(before, event, number, model) for number, before, event in turns)
    luck = () if one_step else tuple(_luck(turns, decisions))
    return Review("hochstapler", seat, model_text(model), _(UNIT if one_step else ROUND_UNIT), decisions, luck)


def _luck(turns: list[tuple[int, State, Event]], decisions: tuple[Decision, ...]) -> Iterator[Luck]:
    """What chance did at the seat's own turns, under the round model: the card an exchange
    drew (the best call after it, minus the exchange's value: its average over the cards it
    could draw), and the cards a doubt revealed (1 if the doubt was right, minus its chance).
    Each has mean exactly 0 over what card counting says chance could have done."""
    following: list[Decision | None] = [*decisions[1:], None] if decisions else []
    for (number, before, event), decision, after in zip(turns, decisions, following, strict=True):
        if type(event) is Exchange and after is not None:
            yield Luck(number, _("the {colour} card drawn").format(colour=colour_noun(event.colour)),
                       after.best_value - decision.chosen_value)
        elif type(event) is Doubt:
            reveal = before.play(event).reveals[len(before.reveals)]
            yield Luck(number, _("the {colour} cards revealed: {total} against a call of {call}").format(
                colour=colour_noun(reveal.call.colour), total=reveal.total, call=reveal.call.total),
                       Fraction(reveal.taker != event.seat) - decision.chosen_value)


def checked_model(model: object) -> RoundModel | OpponentModel | str:
    """A review's model: None or ``"round"`` (the round model), a :class:`RoundModel`,
    ``"counting"`` (one step, card counting), ``"reading"`` or an :class:`OpponentModel`
    (one step, reading the calls).

    >>> checked_model(None), checked_model("reading")
    (RoundModel(doubt_bias=Fraction(0, 1)), OpponentModel(threshold=Fraction(1, 2), bluff=Fraction(1, 10)))
    """
    if model is None or (isinstance(model, str) and model == "round"):
        return RoundModel()
    if isinstance(model, str) and model == "reading":
        return OpponentModel()
    if isinstance(model, RoundModel | OpponentModel) or (isinstance(model, str) and model == COUNTING):
        return model
    raise InvalidInputError(f"a Hochstapler review's model is 'round' (or None), 'counting', 'reading', a "
                            f"RoundModel or an OpponentModel, got {shown(model)}")


def _turns(state: State) -> Iterator[tuple[int, State, Event]]:
    """Each action of the game with the state before it."""
    now = state.game.new_game(state.seed, state.opener)
    for number, event in enumerate(state.events, 1):
        yield number, now, event
        now = now.play(event)


def decide(before: State, event: Event, number: int, model: Model = None) -> Decision:
    """The decision of the seat to act in ``before`` that played ``event`` (action ``number``
    of the game), under ``model`` as in :func:`review_state` (the round model by default)."""
    model = checked_model(model)
    position = before.view(before.to_act).position
    if isinstance(model, RoundModel):
        values = round_option_values(position, before, model)
    else:
        values = option_values(position, before, model if isinstance(model, OpponentModel) else None)
    return Decision(number, position.me, _kind(event), describe(position, before), values,
                    _label(event), _explain(position, values, _label(event), model))


def round_option_values(position: Position, state: State, model: RoundModel) -> dict[str, Fraction]:
    """Every legal option of the seat to act in ``state`` -> its value under the round model
    (see the module): the doubt, the calls colour by colour, then the exchanges."""
    players, call = position.players, position.call
    top = MAX_TOTAL[players]
    low = 0 if call is None else call.total + 1
    tables = {c: model.values(players, position.hand[c], position.face_up(c)) for c in position.colours}
    values: dict[str, Fraction] = {}
    if call is not None and not state.exchanged:
        values["doubt"] = 1 - total_distribution(players, position.hand[call.colour],
                                                 position.face_up(call.colour)).at_least(call.total)
    for colour, table in tables.items():
        for total in range(low, top + 1):
            values[f"raise {total} {colour}"] = table.values[total]
    if not state.exchanged and low <= top:
        for colour in position.colours:
            if state.can_exchange(colour):
                others = max((t.best(low)[1] for c, t in tables.items() if c != colour), default=Fraction(0))
                values[f"exchange {colour}"] = _exchange_round_value(position, colour, low, others, model)
    return values


def _exchange_round_value(position: Position, colour: str, low: int, others: Fraction,
                          model: RoundModel) -> Fraction:
    """The best call after exchanging in ``colour``, averaged over the card drawn."""
    return _over_draws(position, colour, others,
                       lambda drawn, face_up: model.values(position.players, drawn, face_up).best(low)[1])


def option_values(position: Position, state: State, model: OpponentModel | None = None
                  ) -> dict[str, Fraction]:
    """Every legal option of the seat to act in ``state`` -> its value one step ahead (see
    the module): the doubt, the raises colour by colour, then the exchanges."""
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
    others = max((totals[c].at_least(low) for c in position.colours if c != colour), default=Fraction(0))
    return _over_draws(position, colour, others,
                       lambda drawn, face_up: _distribution(position, colour, drawn, face_up, model).at_least(low))


def _over_draws(position: Position, colour: str, others: Fraction,
                best_after: Callable[[int, tuple[int, ...]], Fraction]) -> Fraction:
    """The average, over the card an exchange in ``colour`` draws (each unseen card of it
    alike), of the better of ``others`` (the best in another colour) and ``best_after(drawn,
    face_up)`` (the best in ``colour`` holding ``drawn``, the old card now face up)."""
    own, face_up = position.hand[colour], position.face_up(colour)
    pool = unseen_pool(own, face_up)
    unseen = sum(pool)
    return sum((Fraction(pool[drawn], unseen) * max(others, best_after(drawn, (*face_up, own)))
                for drawn in VALUES if pool[drawn]), Fraction(0))


def _label(event: Event) -> str:
    if type(event) is Call:
        return f"raise {event.total} {event.colour}"
    if type(event) is Exchange:
        return f"exchange {event.colour}"
    return "doubt"


def _kind(event: Event) -> str:
    return {Call: "raise", Exchange: "exchange", Doubt: "doubt"}[type(event)]


def describe(position: Position, state: State) -> str:
    """The position as the seat saw it, in words (in the language in use)."""
    hand = ", ".join(f"{colour_noun(c)} {v}" for c, v in position.hand.items())
    face_up = "; ".join(f"{colour_noun(c)} {' '.join(map(str, position.face_up(c)))}"
                        for c in position.colours if position.face_up(c))
    call = position.call
    to_beat = (_("none: you open the round") if call is None
               else _("{total} {colour} (seat {seat})").format(total=call.total, colour=colour_noun(call.colour),
                                                                seat=call.seat))
    said = _("deal {deal}, {players} players; your cards: {hand}; face up: {face_up}; call to beat: "
             "{to_beat}").format(deal=state.deal + 1, players=position.players, hand=hand,
                                 face_up=face_up or _("none"), to_beat=to_beat)
    return said + (_("; you have exchanged and must raise") if state.exchanged else "")


def _explain(position: Position, values: dict[str, Fraction], choice: str, model: Model) -> str:
    top = max(values.values())
    best = [o for o, v in values.items() if v == top]
    chosen = values[choice]
    verdict = (_("a best choice") if chosen == top else _("it gave up {cost} against {best} ({value})").format(
        cost=written(top - chosen), best=option_words(best[0]), value=written(top)))
    said = (_("{choice}: P(no penalty point this round) = {value}; {verdict}.") if isinstance(model, RoundModel)
            else _("{choice}: P(no penalty point now) = {value}; {verdict}."))
    return said.format(choice=option_words(choice), value=written(chosen), verdict=verdict) + " " + _meaning(
        choice, position, model)


def _meaning(choice: str, position: Position, model: Model) -> str:
    if choice == "doubt":
        return _("A doubt avoids the point when the call is false.")
    if choice.startswith("exchange"):
        return (_("An exchange is worth the best call after it, averaged over the card drawn.")
                if isinstance(model, RoundModel) else
                _("An exchange is worth the best raise after it, averaged over the card drawn."))
    if not isinstance(model, RoundModel):
        return _("A raise avoids the point when it is true, if the next player doubts it.")
    _raise, total, colour = choice.split(" ")
    stop = model.values(position.players, position.hand[colour], position.face_up(colour)).stop(int(total))
    said = (_("A call is worth the chance that you do not take this round's point, the others answering it in "
              "{colour} by card counting; after this one, someone else doubts before the round comes back to "
              "you.") if stop is None else
            _("A call is worth the chance that you do not take this round's point, the others answering it in "
              "{colour} by card counting; after this one, when the round comes back, you do best to raise by "
              "one until a call of {stop} or more, then doubt."))
    return said.format(colour=colour_noun(colour), stop=stop)
