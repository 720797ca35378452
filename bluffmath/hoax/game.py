"""The Hoax engine: an immutable State, every move checked against the rules.

Played as ``docs/reference/rulings.md``, "Hoax: the full game", in both editions. A game is a list of
steps still to come (the *agenda*); the first one says whose move it is and which moves
are legal, :meth:`State.apply` returns a new State. The flow of one turn action: the
claim; a chance for every other player to doubt it (seat order from the claimant's left:
pass, "Hoax!" or, in the original edition, an accusation); the action's effect, each payer
in seat order paying or claiming the Wizard's immunity (itself a claim that may be
doubted); then the King's round ("illegal"), the Judge's (a fine) and the Vicar's (a
pardon); last the fined actor pays a fine or a pardon fee, or claims immunity.

Details the ruling leaves open, decided here (``docs/explanation/decisions.md``):

- A claim is doubted right after it is made, before it takes effect, so "undoing" a lie
  moves nothing back: the lie never takes effect (a turn action is void and the turn ends;
  a false immunity means paying after all; a false King, Judge or Vicar is struck from
  the round, which then goes on in the original edition).
- "Hoax!" counts as the doubter's yes; the other players still in (never the accused) vote
  in seat order from the accused's left; strictly more than half of all voters carries it.
- In the original edition an accusation is made at a chance to doubt (the sheet's "ALL"
  reaction row); it ends the turn at once, whatever was still to happen.
  ``accuse_on_turn=True`` (the variant sheet) makes it a turn action instead.
- Payers with nothing to pay are not asked. A leaver's vault trios go into the other's
  vault. The trio for a look comes from outside if there is one, else from the vault.
- Thief: all the tokens from one place (outside, or vault trios broken one per token).
  Fine of 2: the first token to the Judge, the second to the first King standing.
- German: every other player is asked in each reaction round; the payer picks whose fine
  or pardon to pay; a Vicar who imposed a fine does not pardon (unless two are left).
- A trio is "completed" when a player's outside trios grow by anything but their own
  Break; the offer of a look at once comes before the game goes on.
- Each player may Store or Break trios on their own turn before its main choice, in one
  direction per turn. ``max_turns`` turns begun (showdown turns count) end the game in a
  draw, said so in the log.
- A turn that offers no legal move offers :class:`Pass` alone (as the ruling says: only in
  the original edition without ``accuse_on_turn``, a Thief whose every other role is
  covered, with no trio and nothing to steal). The pass is logged; when every player
  still in has passed in one full round, the game ends in a draw, said so in the log.

>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2))
>>> state.phase, state.to_act, state.castle
('turn', 0, (19, 19, 19))
>>> state = state.apply(Act("King", "tax"))
>>> state.phase, state.to_act
('doubt', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

from bluffmath.errors import BluffmathError, IllegalActionError, InvalidInputError
from bluffmath.hoax.actions import (
    ACTION_TYPES,
    Accuse,
    Act,
    Action,
    Break,
    Buy,
    Cover,
    Done,
    Doubt,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Pay,
    PayFine,
    PayPardon,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.events import Dealt, Event
from bluffmath.hoax.flow import do
from bluffmath.hoax.moves import DOING, actor, legal
from bluffmath.hoax.record import read, written
from bluffmath.hoax.table import MAX_TURNS as MAX_TURNS
from bluffmath.hoax.table import Setup, Table
from bluffmath.hoax.tokens import START, Holding
from bluffmath.validate import shown, whole_number

# The ``name as name`` imports: names that moved to the module named, still found here.


@dataclass(frozen=True)
class Game(Setup):
    """A game's parameters (:class:`~bluffmath.hoax.table.Setup`: the edition, the players,
    the deal given or drawn by ``seed``, ``max_turns`` and, in the original edition,
    ``accuse_on_turn``), and the deal that starts it."""

    def new_game(self) -> State:
        """The deal; each player in turn takes a token (then, German, covers a role)."""
        n = self.players
        steps = (*(("take", p) for p in range(n)),
                 *((("cover", p) for p in range(n)) if self.edition.name == "german" else ()), ("start",))
        return State(self, self.cards(), (START,) * 3, ((0, 0, 0),) * n, (0,) * n, (True,) * n,
                     (frozenset(),) * n, agenda=steps, log=(Dealt(n, self.edition.name),))


@dataclass(frozen=True)
class View:
    """What one seat knows: its card, every public number and the log it may see."""

    seat: int
    card: str
    edition: str
    players: int
    phase: str
    to_act: int | None
    alive: tuple[bool, ...]
    castle: Holding
    outside: tuple[Holding, ...]
    vault: tuple[int, ...]
    covered: tuple[frozenset[str], ...]
    winner: int | None
    log: tuple[Event, ...]


@dataclass(frozen=True)
class State(Table):
    """One moment of a game. ``cards`` are the engine's secret (:meth:`view` hides them);
    ``outside`` are each seat's tokens outside its vault, ``vault`` its trios inside;
    ``covered`` the roles each seat may never claim (public); ``passes`` how many turns in
    a row ended in a pass (a seat with no legal move passes). Its data and what anyone can
    read of it (``phase``, ``holding``, ...) are those of a :class:`~bluffmath.hoax.table.Table`."""

    game: Game

    @property
    def to_act(self) -> int | None:
        """Whose move it is (None when the game is over)."""
        return actor(self) if self.agenda else None

    current_player = to_act

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make, in a fixed order."""
        return legal(self) if self.agenda else []

    def apply(self, action: Action) -> State:
        """Do ``action``; an IllegalActionError says why a move is not allowed."""
        self.verify(action)
        return do(self, action)

    def verify(self, action: Action) -> None:
        """Raise IllegalActionError unless ``action`` is legal now."""
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(f"an action is one of {', '.join(t.__name__ for t in ACTION_TYPES)}, "
                                     f"got {shown(action)}")
        if not self.agenda:
            raise IllegalActionError("the game is over")
        allowed = self.legal_actions()
        if action not in allowed:
            kinds = sorted({type(a).__name__ for a in allowed})
            some = ", ".join(map(repr, allowed[:8])) + (f" and {len(allowed) - 8} more" if len(allowed) > 8 else "")
            raise IllegalActionError(f"{action!r} is not allowed now: seat {self.to_act} is to "
                                     f"{DOING[self.agenda[0][0]]} ({', '.join(kinds)}); allowed: {some}")

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def to_json(self) -> str:
        """This game so far as a save (:func:`bluffmath.hoax.saves.to_json`)."""
        return written(self)

    @staticmethod
    def from_json(text: str | bytes) -> State:
        """A save read, replayed and checked (:func:`bluffmath.hoax.saves.from_json`)."""
        saved, game = read(text, Game)
        state = game.new_game()
        for item, action in saved.moves():
            try:
                state = state.apply(action)
            except BluffmathError as error:
                item.refuse(f"the rules refuse this move: {error}")
            if saved.version == 1 and state.passes:
                item.refuse("a version-1 save holds no pass on a turn (a seat with no legal move passes since "
                            "version 2)")
        saved.check(state.winner, state.turn)
        return state

    # --- what a seat may know ----------------------------------------------------------------
    def view(self, seat: int) -> View:
        """``seat``'s own card, the public numbers, and the log without others' secrets."""
        whole_number("seat", seat, 0, self.players - 1)
        hidden = [i for i, seen_by in self.private if seat not in seen_by]
        log = self.log
        if hidden:
            cuts = zip((0, *(i + 1 for i in hidden)), (*hidden, len(log)), strict=True)
            log = tuple(chain.from_iterable(log[a:b] for a, b in cuts))
        return View(seat, self.cards[seat], self.game.edition.name, self.players, self.phase, self.to_act,
                    self.alive, self.castle, self.outside, self.vault, self.covered, self.winner, log)


def _verb(kind: type) -> tuple[str, str]:
    word = "".join("_" + c.lower() if c.isupper() else c for c in kind.__name__).lstrip("_")
    return word, word + "_" if word in {"pass", "break"} else word


def _methods(kind: type) -> None:
    """``verify_<move>``, ``can_<move>`` and ``<move>`` for each kind of move."""
    word, name = _verb(kind)

    def verify(self: State, *args: object, **kw: object) -> None:
        self.verify(kind(*args, **kw))

    def can(self: State, *args: object, **kw: object) -> bool:
        try:
            action = kind(*args, **kw)
        except InvalidInputError:  # a move with a field of the wrong type is never legal
            return False
        return self.can(action)

    def do(self: State, *args: object, **kw: object) -> State:
        return self.apply(kind(*args, **kw))

    for fn, label in ((verify, f"verify_{word}"), (can, f"can_{word}"), (do, name)):
        fn.__name__ = fn.__qualname__ = label
        fn.__doc__ = f"{label.replace('_', ' ')}: ``{kind.__name__}(...)`` (see :meth:`State.apply`)."
        setattr(State, label, fn)


for _kind in ACTION_TYPES:
    _methods(_kind)
__all__ = ["Accuse", "Act", "Action", "Break", "Buy", "Cover", "Done", "Doubt", "Fine", "Game", "Hoax",
           "Illegal", "Immune", "Pardon", "Pass", "Pay", "PayFine", "PayPardon", "Show", "State", "Store", "Take", "View",
           "Vote"]
