"""Reviewing a game of Münchhausen: offers, cards laid, believe or doubt, in expected points.

The model (stated in every review): the table's knowledge of every hand is exact under a
:class:`~bluffmath.muenchhausen.models.CardModel` (by default ``UNIFORM``: any hand
card alike, which no game contradicts); each decision is judged **one step ahead**, by
the expected change of the seat's own score this turn (own pile minus hand):

- believe or doubt: :func:`~bluffmath.muenchhausen.advice.decide`'s exact expected
  changes (after a doubted lie the start player lays their highest card on their pile);
- choosing among equal offers: the better of believing and doubting after that seat lays;
- laying a card on an offer: the start player is assumed to **believe** when the table's
  chance that the card is honest (:func:`~bluffmath.muenchhausen.advice.offers`, from what
  the table knows of the hand) is at least 1/2, and to **doubt** otherwise; a believed
  card leaves the hand (+card), a doubted honest one too and the seat then lays its
  highest card on its pile (+2 x that card), a doubted lie comes back (0);
- laying a card on one's own pile: +2 x the card; laying none: 0;
- two players (the offered card face up): above the named value it goes to the start
  player's pile (+card), else to one's own (+2 x card).

Naming a value and bidding (offers and passes) are not reviewed: their worth depends on
how the others bid, which the model does not say. (Valuing an offer as if it won the
bidding, against 0 for a pass, made every pass with a good hand a "mistake": a card-
counting bot that won its game with 21 points was charged 265 points for its passes.)
The rounds after the current one are not valued.

>>> from bluffmath.muenchhausen.game import Game
>>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7).doubt()
>>> d = review_state(state, seat=0).decisions[-1]
>>> d.choice, d.values["believe"], d.values["doubt"], d.cost
('doubt', Fraction(9, 2), Fraction(59, 8), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from bluffmath.display import written
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError, ReviewError
from bluffmath.i18n import N_, _
from bluffmath.muenchhausen.advice import decide as decide_doubt
from bluffmath.muenchhausen.advice import offers
from bluffmath.muenchhausen.events import Laid, RoundStarted
from bluffmath.muenchhausen.game import (
    Action,
    Believe,
    Choose,
    Doubt,
    Lay,
    Offer,
    Pass,
    Reward,
    State,
)
from bluffmath.muenchhausen.knowledge import (
    UNIFORM,
    CardModel,
    Knowledge,
    ModelContradicted,
    card_model,
)
from bluffmath.muenchhausen.rules import Hand, without
from bluffmath.review.decision import Decision, Review
from bluffmath.review.words import option_words
from bluffmath.validate import whole_number

#: The unit, in words (translated where a review is made).
UNIT = N_("expected points of the seat's score this turn")
_NOT_VALUED = ("name", "offer")
"""The phases whose decisions the model does not value: naming a value and bidding."""
_EVEN = Fraction(1, 2)


def model_text(model: CardModel) -> str:
    """The review's model in words, in the language in use."""
    return _("the table's knowledge of every hand is exact under the card model {model}; one step ahead, the "
             "expected change of your score this turn: believe or doubt as computed exactly; a card laid on an "
             "offer is believed when the table finds it honest with chance at least 1/2, else doubted. Naming a "
             "value, bidding (offers and passes) and later turns are not valued.").format(model=repr(model.name))


def review_state(state: State, seat: int, model: CardModel | str | None = None) -> Review:
    """Review ``seat``'s decisions in the game that led to ``state``."""
    if not isinstance(state, State):
        raise InvalidInputError(f"review_state needs a Münchhausen State, got {type(state).__name__}")
    seat = whole_number("seat", seat, 0, state.players - 1)
    model = UNIFORM if model is None else card_model(model)
    decisions, skipped = [], []
    public, seen, contradicted = Knowledge(model), 0, None
    for number, before, action in _turns(state):
        for event in before.log[seen:]:  # the table's knowledge, kept up event by event
            if isinstance(event, RoundStarted):
                contradicted = None  # every hand is dealt afresh: the model may hold again
            if contradicted is None:
                try:
                    public = public.after(event)
                except ModelContradicted as error:
                    contradicted = error  # the rest of this round cannot be valued under this model
                except InconsistentEvidenceError as error:
                    raise _refused(number, model, error) from None
        seen = len(before.log)
        if before.to_act == seat and before.phase not in _NOT_VALUED:
            if contradicted is None:
                decisions.append(_decision(before, action, number, public))
            else:
                skipped.append((number, contradicted))
    if skipped and not decisions:
        raise _refused(*skipped[0][:1], model, skipped[0][1])
    text = model_text(model) + (" " + _("Actions {numbers} are not valued: a card shown earlier in their round "
                                        "contradicts the card model.").format(
        numbers=", ".join(str(n) for n, _error in skipped)) if skipped else "")
    return Review("muenchhausen", seat, text, _(UNIT), tuple(decisions))


def _refused(number: int, model: CardModel, error: Exception) -> ReviewError:
    return ReviewError(f"action {number} cannot be valued under the card model {model.name!r}: "
                       f"{error}; review under a model the game agrees with, such as 'uniform'")


def _turns(state: State) -> Iterator[tuple[int, State, Action]]:
    now = state.game.new_game()
    for number, action in enumerate(state.actions, 1):
        yield number, now, action
        now = now.apply(action)


def _decision(before: State, action: Action, number: int, public: Knowledge) -> Decision:
    """The decision of the seat to act in ``before`` that played ``action``; ``public`` is
    the table's knowledge after ``before.log``."""
    seat = before.to_act
    values = _values(before, public)
    choice = _label(action)
    top = max(values.values())
    best = next(o for o, v in values.items() if v == top)
    verdict = (_("a best choice") if values[choice] == top else _("it gave up {cost} against {best} ({value})").format(
        cost=written(top - values[choice]), best=option_words(best), value=written(top)))
    return Decision(number, seat, before.phase, _describe(before), values, choice,
                    _("{choice}: {value} expected points this turn; {verdict}.").format(
                        choice=option_words(choice), value=written(values[choice]), verdict=verdict))


def option_values(state: State, model: CardModel | str = UNIFORM) -> dict[str, Fraction]:
    """Every option of the seat to act in ``state`` -> the expected change of its score
    this turn, under ``model`` (see the module).

    >>> from bluffmath.muenchhausen.game import Game
    >>> state = Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_()
    >>> values = option_values(state)     # seat 2 lays on its offer of 6
    >>> values["lay 5"], values["lay 6"], values["lay 7"], values["lay 8"]
    (Fraction(0, 1), Fraction(22, 1), Fraction(23, 1), Fraction(22, 1))

    The table gives an offer of 6 from 1 to 8 the chance 3/8 of being honest, so the model
    has it doubted: the 7 goes to the start player's hand (+7) and the 8 onto seat 2's pile
    (+16); a lie comes back (0).
    """
    if not isinstance(state, State):
        raise InvalidInputError(f"option_values needs a Münchhausen State, got {type(state).__name__}")
    if state.is_terminal or state.phase in _NOT_VALUED:
        raise InvalidInputError(f"no decision is reviewed in the {state.phase!r} phase: "
                                "choices, cards laid, believe or doubt are")
    return _values(state, Knowledge.from_log(state.log, card_model(model)))


def _values(state: State, public: Knowledge) -> dict[str, Fraction]:
    seat = state.to_act
    hand = state.hands[seat]
    model = public.model
    if state.phase == "decide":
        d = decide_doubt(_known(public, seat, hand), hand)
        return {"believe": d.believe, "doubt": d.doubt}
    if state.phase == "choose":
        k = _known(public, seat, hand)
        return {_label(Choose(s)): max(_after_lay(k, state, s, hand)) for s in _tied(state)}
    if state.phase == "reward":
        return {_label(Reward(None)): Fraction(0),
                **{_label(Reward(c)): Fraction(2 * c) for c in sorted(set(hand))}}
    if state.phase == "lay" and state.game.two_player:
        return {_label(Lay(c)): Fraction(c if c > state.named else 2 * c) for c in sorted(set(hand))}
    # the "lay" phase: the callers leave out the phases not valued (_NOT_VALUED)
    believed = _looks_honest(public, model, seat, hand, [state.offer_value])[state.offer_value]
    return {_label(Lay(c)): lay_value(hand, c, state.offer_value, believed) for c in sorted(set(hand))}


def lay_value(hand: Hand, card: int, offer: int, believed: bool) -> Fraction:
    """My score's change when I lay ``card`` from ``hand`` on an offer of ``offer``, believed
    or doubted (a doubted honest card lets me lay my highest remaining card on my pile).

    >>> lay_value((2, 5, 7), 7, 6, believed=True), lay_value((2, 5, 7), 7, 6, believed=False)
    (Fraction(7, 1), Fraction(17, 1))
    >>> lay_value((2, 5, 7), 2, 6, believed=False)
    Fraction(0, 1)
    """
    if believed:
        return Fraction(card)
    if card < offer:
        return Fraction(0)
    rest = without(hand, card)
    return Fraction(card + (2 * max(rest) if rest else 0))


def _looks_honest(public: Knowledge, model: CardModel, seat: int, hand: Hand,
                  values: list[int]) -> dict[int, bool]:
    """For each offer in ``values``: True when the table, knowing what it knows of
    ``seat``'s hand, gives that offer at least an even chance of being honest."""
    return {o.value: o.looks_honest >= _EVEN for o in offers(public, seat, hand, values, model)}


def _known(public: Knowledge, seat: int, hand: Hand) -> Knowledge:
    """What ``seat`` knows: the table's knowledge, with its own hand known outright."""
    beliefs = tuple({hand: Fraction(1)} if s == seat else b for s, b in enumerate(public.beliefs))
    return replace(public, beliefs=beliefs)


def _after_lay(k: Knowledge, state: State, offerer: int, hand: Hand) -> tuple[Fraction, Fraction]:
    offer = max(v for s, v in state.offers if s == offerer)
    d = decide_doubt(k.after(Laid(offerer, state.start, offer)), hand)
    return d.believe, d.doubt


def _tied(state: State) -> list[int]:
    return [a.seat for a in state.legal_actions() if isinstance(a, Choose)]


def _label(action: Action) -> str:
    if isinstance(action, Offer):
        return f"offer {action.value}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Choose):
        return f"take seat {action.seat}'s offer"
    if isinstance(action, Lay):
        return f"lay {action.card}"
    if isinstance(action, Believe):
        return "believe"
    if isinstance(action, Doubt):
        return "doubt"
    if isinstance(action, Reward):
        return "lay nothing on your pile" if action.card is None else f"lay {action.card} on your pile"
    return f"name {action.value}"


def _describe(state: State) -> str:
    where = {"offer": lambda: _("bidding (named {named}, highest offer {highest})"),
             "choose": lambda: _("choosing among the offers of {highest}"),
             "lay": lambda: (_("laying a card face up (named {named})") if state.game.two_player
                             else _("laying a card on the offer of {offer}")),
             "decide": lambda: _("seat {offerer}'s card lies face down, claiming {offer}"),
             "reward": lambda: _("laying a card on your own pile")}[state.phase]()
    return _("round {round}, seat {start} starts; you are seat {seat}, holding {hand}; {where}; scores "
             "{scores}").format(
        round=state.round + 1, start=state.start, seat=state.to_act, hand=" ".join(map(str, state.hands[state.to_act])),
        where=where.format(named=state.named, highest=state.highest, offer=state.offer_value, offerer=state.offerer),
        scores=list(state.scores))
