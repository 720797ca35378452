"""One door for every game: a saved game (or a State) and a seat in, a Review out."""

from __future__ import annotations

from typing import Any

from bluffmath.errors import InvalidInputError, ReviewError, SaveFileError
from bluffmath.review.decision import Review
from bluffmath.schema import Node
from bluffmath.validate import shown

HOCHSTAPLER = "bluffmath-hochstapler-game"
#: Hochstapler's save format as named before 2026-12-04, still reviewed.
HOCHSTAPLER_FORMERLY = "bluffmath/hochstapler-game"
GAUNER = "bluffmath-gauner-raus"
MUENCHHAUSEN = "bluffmath-muenchhausen"
#: The Hochstapler Duel's saved match (and its name before 2026-12-04).
DUEL = ("bluffmath-hochstapler-duel", "bluffmath/hochstapler-duel")
#: A saved Hoax game; a Hoax sheet of evidence (``Case.to_json``) is no game.
HOAX = "bluffmath-hoax-game"
HOAX_SHEET = "bluffmath-hoax"
FORMATS = (HOCHSTAPLER, DUEL[0], GAUNER, MUENCHHAUSEN, HOAX)
_NO_SHEET = ("a Hoax sheet records evidence, not decisions, so it cannot be reviewed: review the "
             "saved game (format \"bluffmath-hoax-game\", State.to_json()) instead")


def review(save: Any, seat: int, model: Any = None) -> Review:
    """Review ``seat``'s decisions in ``save``: the JSON text of a saved game (as each
    game's ``save_game`` writes it) or a game's State. ``model`` is the game's model:
    Hochstapler, ``"round"`` (None: the round model,
    :class:`~bluffmath.hochstapler.round_model.RoundModel`), ``"counting"`` (one step, card
    counting), ``"reading"`` or an :class:`~bluffmath.hochstapler.bids.OpponentModel` (one
    step, reading the calls); the Duel has one model (None: against its equilibrium, playing best after
    each move, :func:`bluffmath.duel.values.review`); Münchhausen, a
    :class:`~bluffmath.muenchhausen.models.CardModel` or its name (None: uniform);
    Hoax, a :class:`~bluffmath.hoax.evidence.BluffModel` (None: the default); Gauner raus!
    has one model (None).

    >>> from bluffmath.muenchhausen.game import Game
    >>> from bluffmath.muenchhausen.saves import save_game
    >>> text = save_game(Game(players=3).new_game().name(4).offer(5).pass_().pass_().lay(8).doubt())
    >>> [(d.choice, d.cost) for d in review(text, seat=0).decisions]
    [('doubt', Fraction(0, 1))]
    >>> review(text, seat=3)
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: seat must be a whole number from 0 to 2, got 3
    >>> from bluffmath.hoax import Game
    >>> review(Game("original", players=3, seed=1).new_game().to_json(), seat=0).decisions
    ()
    """
    from bluffmath import duel as duel_play
    from bluffmath import gauner, hoax, hochstapler
    state = state_of(save)
    if isinstance(state, hoax.State):
        from bluffmath.review.hoax import review_state as review_hoax
        return review_hoax(state, seat, _bluff_model(model))
    if isinstance(state, duel_play.State):
        _no_model("a Duel review has one model (against the equilibrium, playing best after each move)", model)
        return duel_play.review(state, seat)
    if isinstance(state, hochstapler.State):
        from bluffmath.review.hochstapler import review_state as review_hochstapler
        return review_hochstapler(state, seat, model)
    if isinstance(state, gauner.State):
        _no_model("a Gauner raus! review has one model (every fitting deal alike)", model)
        from bluffmath.review.gauner import review_state as review_gauner
        return review_gauner(state, seat)
    from bluffmath.review.muenchhausen import review_state as review_muenchhausen
    return review_muenchhausen(state, seat, model)


def state_of(game: Any) -> Any:
    """``game`` itself if it is a game's State, else the State its saved text holds (:func:`load`).

    >>> state_of(7)
    Traceback (most recent call last):
    ...
    bluffmath.errors.SaveFileError: a review needs a saved game (its JSON text) or a game's State, got int
    """
    return game if isinstance(game, _states()) else load(game)


def seats_of(state: Any) -> int:
    """How many seats the game of ``state`` (a State :func:`state_of` returns) has.

    >>> from bluffmath.hochstapler import Game
    >>> seats_of(Game(players=4).new_game(seed=1))
    4
    """
    from bluffmath import duel as duel_play
    return 2 if isinstance(state, duel_play.State) else state.players


def _states() -> tuple[type, ...]:
    """The State of every game bluffmath reviews."""
    from bluffmath import duel as duel_play
    from bluffmath import gauner, hoax, hochstapler, muenchhausen
    return hochstapler.State, duel_play.State, gauner.State, muenchhausen.State, hoax.State


def load(text: Any) -> Any:
    """The State saved in ``text`` (any game bluffmath reviews), replayed and checked by
    that game's own loader; SaveFileError if it is not such a save, ReviewError for a Hoax sheet."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFileError(f"a review needs a saved game (its JSON text) or a game's State, "
                            f"got {type(text).__name__}")
    data = Node.of(text, "a saved game", SaveFileError).value
    found = data.get("format") if isinstance(data, dict) else None
    if found == HOAX_SHEET or (isinstance(data, dict) and data.get("game") == "hoax"):
        raise ReviewError(_NO_SHEET)
    if found == HOAX:
        from bluffmath.hoax.saves import from_json
        return from_json(bytes(text) if isinstance(text, bytearray) else text)
    if found in (HOCHSTAPLER, HOCHSTAPLER_FORMERLY):
        from bluffmath.hochstapler.saves import load_game
        return load_game(bytes(text) if isinstance(text, bytearray) else text)
    if found in DUEL:
        from bluffmath.duel import load_duel
        return load_duel(bytes(text) if isinstance(text, bytearray) else text)
    if found == GAUNER:
        from bluffmath.gauner.saves import load_game
        return load_game(bytes(text) if isinstance(text, bytearray) else text)
    if found == MUENCHHAUSEN:
        from bluffmath.muenchhausen.saves import load_game
        return load_game(bytes(text) if isinstance(text, bytearray) else text)
    what = (f'its "format" is {shown(found)}' if isinstance(data, dict) and "format" in data
            else "it has no \"format\"" if isinstance(data, dict) else f"it is {shown(data)}")
    raise SaveFileError(f"this is not a saved game that bluffmath can review: {what}; the formats "
                        f"are {', '.join(FORMATS)}")


def _no_model(words: str, model: Any) -> None:
    """Refuse a model for a game whose review has only one."""
    if model is not None:
        raise InvalidInputError(f"{words}: leave model out, got {shown(model)}")


def _bluff_model(model: Any) -> Any:
    """A Hoax review's model: None (the default BluffModel) or a BluffModel."""
    from bluffmath.hoax.evidence import BluffModel
    if model is None or isinstance(model, BluffModel):
        return model
    raise InvalidInputError(f"a Hoax review's model is a BluffModel (or None: a holder always speaks, "
                            f"a non-holder bluffs 1/4 of the time), got {shown(model)}")

