"""Reviewing a game of Hoax: each doubt, vote and accusation against the exact identity odds.

The model (stated in every review): what the seat knows is its live deduction sheet
(:func:`~bluffmath.hoax.sheet.sheet`: its own card, the looks it bought, every public
fact, and every claim read through a :class:`~bluffmath.hoax.evidence.BluffModel`, by
default a holder always speaks and a non-holder bluffs a quarter of the time), and the
exact posterior of :func:`~bluffmath.hoax.deduce.deduce`. Each decision about a hidden
card is valued **one step ahead** by its **chance of being right**:

- at a claim's chance to doubt: "Hoax!" is worth P(the claim is a lie), letting it pass
  P(it is true);
- a vote on a doubt: yes is worth P(the claim is a lie), no P(it is true);
- an accusation: naming ``role`` for ``target`` is worth P(``target`` holds ``role``), for
  every accusation the seat could have made then (whether to accuse at all is not
  valued);
- a showdown doubt "you are not the ``role``": P(the other does not hold it).

Claims and reactions (which role to speak as, King, Judge, Vicar, Wizard), looks (whom
to buy information about), what to show a buyer, and tokens are not valued: their worth
depends on how the others doubt, react and play, which the model does not say. The
stakes are not weighed either: a failed challenge ends the game, an unchallenged lie
only lets a claim stand.

>>> from bluffmath.hoax.actions import Act, Hoax, Take, Vote
>>> from bluffmath.hoax.game import Game
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax"))
>>> state = state.apply(Hoax())                       # seat 1 doubts seat 0's King
>>> d = review_state(state, seat=1).decisions[0]
>>> d.choice, d.values["doubt seat 0 as the King"], d.cost
('doubt seat 0 as the King', Fraction(9, 17), Fraction(0, 1))

:func:`review_seats` reviews every seat in one replay of the game. A review reads the game
once: each seat's sheet is kept up as a :class:`~bluffmath.hoax.sheet.Tally` from move to
move, and each decision counts the deals for the one player it is about
(:func:`~bluffmath.hoax.deduce.count_player`), so a game of 2,000 moves is reviewed in well
under a second, with exactly the values of ``deduce(sheet(...))`` at every decision
(:func:`decide`, the plain way).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from bluffmath.display import written
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hoax.actions import Accuse, Action, Doubt, Hoax, Pass, Vote
from bluffmath.hoax.deduce import Deduction, deduce
from bluffmath.hoax.events import Doubted
from bluffmath.hoax.evidence import BluffModel
from bluffmath.hoax.game import State
from bluffmath.hoax.roles import edition_name, role_words
from bluffmath.hoax.sheet import Tally, sheet
from bluffmath.i18n import N_, _
from bluffmath.review.decision import Decision, Review
from bluffmath.review.words import option_words
from bluffmath.validate import whole_number

#: What a decision's values are read from: P(player holds role) for the seat.
Odds = Deduction | Tally

#: The unit, in words (translated where a review is made).
UNIT = N_("chance of being right about the hidden card")


def model_text(model: BluffModel) -> str:
    """The review's model in words, in the language in use."""
    return _("the seat's live deduction sheet, claims read with BluffModel(honest={honest}, bluff={bluff}), and "
             "its exact posterior; one step ahead, each decision about a hidden card by its chance of being "
             "right: a doubt or a yes vote P(the claim is a lie), letting it pass or a no vote P(it is true), an "
             "accusation P(the target holds the role named), a showdown doubt P(the other does not hold it). "
             "Claims, reactions, looks, what to show and tokens are not valued, nor the stakes of being "
             "wrong.").format(honest=model.honest, bluff=model.bluff)


def review_state(state: State, seat: int, model: BluffModel | None = None) -> Review:
    """Review ``seat``'s decisions in the game that led to ``state``."""
    if not isinstance(state, State):
        raise InvalidInputError(f"review_state needs a Hoax State, got {type(state).__name__}")
    seat = whole_number("seat", seat, 0, state.players - 1)
    return _reviews(state, (seat,), _model(model))[0]


def review_seats(state: State, model: BluffModel | None = None) -> tuple[Review, ...]:
    """Every seat's review (seat 0 first), as :func:`review_state` gives each, in one
    replay of the game.

    >>> from bluffmath.hoax.actions import Act, Take
    >>> from bluffmath.hoax.game import Game
    >>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    >>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax")).apply(Pass())
    >>> [[d.choice for d in r.decisions] for r in review_seats(state)]
    [[], ['let it pass'], []]
    """
    if not isinstance(state, State):
        raise InvalidInputError(f"review_seats needs a Hoax State, got {type(state).__name__}")
    return _reviews(state, tuple(range(state.players)), _model(model))


def _model(model: BluffModel | None) -> BluffModel:
    if model is not None and not isinstance(model, BluffModel):
        raise InvalidInputError(f"model must be a BluffModel or None (the default), got {type(model).__name__}")
    return model or BluffModel()


def _reviews(state: State, seats: tuple[int, ...], model: BluffModel) -> tuple[Review, ...]:
    """The reviews of ``seats``: one replay, each seat's sheet kept up as a :class:`Tally`
    (its facts read once, not again at every decision), values as :func:`decide` gives them."""
    start = state.game.new_game()
    tallies = {seat: Tally.start(start, seat, model) for seat in seats}
    decisions: dict[int, list[Decision]] = {seat: [] for seat in seats}
    for number, before, action in _turns(state):
        seat = before.to_act
        if seat in tallies and _valued(before, action):
            tally = tallies[seat] = tallies[seat].following(before)
            try:
                decisions[seat].append(_decision(before, action, number, tally))
            except InconsistentEvidenceError:  # no deal fits: deduce names the facts that conflict
                decisions[seat].append(decide(before, action, number, model))
    text = model_text(model)
    return tuple(Review("hoax", seat, text, _(UNIT), tuple(decisions[seat])) for seat in seats)


def _turns(state: State) -> Iterator[tuple[int, State, Action]]:
    now = state.game.new_game()
    for number, action in enumerate(state.actions, 1):
        yield number, now, action
        now = now.apply(action)


def _valued(before: State, action: Action) -> bool:
    """Whether the model values this move: a doubt's chance, a vote, an accusation, a
    showdown doubt."""
    return (before.phase in ("doubt", "vote") and isinstance(action, Hoax | Pass | Vote)) \
        or isinstance(action, Accuse | Doubt)


def decide(before: State, action: Action, number: int, model: BluffModel) -> Decision:
    """The decision of the seat to act in ``before`` that played ``action``."""
    seat = before.to_act
    assert seat is not None
    return _decision(before, action, number, deduce(sheet(before, seat, model)))


def _decision(before: State, action: Action, number: int, odds: Odds) -> Decision:
    seat = before.to_act
    assert seat is not None
    values = option_values(before, action, odds)
    choice = label(before, action)
    top = max(values.values())
    best = next(o for o, v in values.items() if v == top)
    verdict = (_("a best choice") if values[choice] == top else _("it gave up {cost} against {best} ({value})").format(
        cost=written(top - values[choice]), best=option_words(best), value=written(top)))
    return Decision(number, seat, _kind(action), _describe(before, seat), values, choice,
                    _("{choice}: right with chance {value}; {verdict}.").format(
                        choice=option_words(choice), value=written(values[choice]), verdict=verdict))


def option_values(before: State, action: Action, odds: Odds) -> dict[str, Fraction]:
    """Every option of the decision ``action`` was taken at -> its chance of being right
    (``odds``: the seat's :class:`~bluffmath.hoax.deduce.Deduction`, or its
    :class:`~bluffmath.hoax.sheet.Tally`, which gives the same probabilities)."""
    legal = before.legal_actions()
    if isinstance(action, Accuse):
        return {label(before, a): odds.probability(a.target, a.role) for a in legal if isinstance(a, Accuse)}
    if isinstance(action, Doubt):
        other = _other(before)
        return {label(before, a): 1 - odds.probability(other, a.role) for a in legal if isinstance(a, Doubt)}
    claimant, role = _claim(before)
    true = odds.probability(claimant, role)
    if before.phase == "vote":
        return {"vote yes": 1 - true, "vote no": true}
    return {f"doubt seat {claimant} as the {role}": 1 - true, "let it pass": true}


def _claim(before: State) -> tuple[int, str]:
    """The claim at stake: the window's (a chance to doubt) or the doubted one (a vote)."""
    if before.phase == "doubt":
        _kind_of, claimant, role, *_rest = before.agenda[0]
        return claimant, role
    doubted = next(e for e in reversed(before.log) if isinstance(e, Doubted))
    return doubted.accused, doubted.role


def _other(before: State) -> int:
    seat = before.to_act
    return next(s for s, alive in enumerate(before.alive) if alive and s != seat)


def label(before: State, action: Action) -> str:
    """An option's name in the review."""
    if isinstance(action, Accuse):
        return f"accuse seat {action.target} as the {action.role}"
    if isinstance(action, Doubt):
        return f"doubt: not the {action.role}"
    if isinstance(action, Vote):
        return "vote yes" if action.yes else "vote no"
    if isinstance(action, Hoax):
        claimant, role = _claim(before)
        return f"doubt seat {claimant} as the {role}"
    return "let it pass"


def _kind(action: Action) -> str:
    return {Accuse: "accusation", Doubt: "showdown", Vote: "vote"}.get(type(action), "doubt")


def _describe(before: State, seat: int) -> str:
    what = (_("a chance to doubt") if before.phase == "doubt" else _("a vote on a doubt") if before.phase == "vote"
            else _("a showdown") if before.showdown else _("an accusation"))
    if before.phase in ("doubt", "vote"):
        claimant, role = _claim(before)
        what = _("{what} (seat {seat} as the {role})").format(what=what, seat=claimant, role=role_words(role))
    alive = [s for s, a in enumerate(before.alive) if a]
    return _("{players} players ({edition}), seats {alive} still in; you are seat {seat}, holding the {card}; "
             "{what}").format(players=before.players, edition=edition_name(before.game.edition.name), alive=alive, seat=seat,
                              card=role_words(before.cards[seat]), what=what)
