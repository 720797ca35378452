"""The live deduction sheet: what one seat of a game knows, as the Case the exact posterior takes.

``deduce(sheet(state, seat, model))`` gives that seat's exact identity odds for every
player at this moment. The facts come from the events the seat may see (each event says
what it tells, :meth:`facts`, in :mod:`bluffmath.hoax.events`); this module only collects
them, so there is one copy of the evidence rules:

==============================================  ================================================
own card                                        ``Holds(seat, card, "own card")``
a look shown to this seat                       ``IsNot(p, role, "bought")``
a lie found out by a challenge                  ``IsNot(p, role, "challenge")``
a German cover, a showdown cover                ``IsNot(p, role, "covered")``
a truthful accused, a right showdown doubt      ``Holds(p, role, "revealed")``
this seat's own accusation                      ``Holds``/``IsNot(p, role, "accused")``
every claim of a role (turn action, reaction)   ``Claim(p, role)``
a silence at a chance to react (``silences``)   ``Claim(p, role, spoke=False)``
==============================================  ================================================

Facts about the seat itself (its own claims, its covers) are left out: its card settles
them. The occasions that count as a silence are the reaction rounds (a player asked
as King, Judge or Vicar who passes) and the payments the Wizard's immunity could have
spared (a payer who pays); a role already covered is no occasion.

Which model is sound: every hard fact the game emits is true, so the true deal keeps a
positive weight whenever every claim and silence the players really made has a positive
likelihood under the model. With ``honest = 1`` (holders always speak when they may) a
lie must be possible, so ``bluff > 0``; and a holder who kept silent would be impossible,
so silences may only be counted under ``honest < 1`` (and ``bluff < 1``). The default is
the truthful model with ``bluff = 1/4`` and no silences.

>>> from bluffmath.hoax.actions import Act, Take
>>> from bluffmath.hoax.deduce import deduce
>>> from bluffmath.hoax.game import Game
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax"))
>>> case = sheet(state, 1)
>>> [str(f) for f in case.facts]
['player 1 is the Thief (my own card)', 'player 0 spoke as the King']
>>> deduce(case).probability(0, "King")
Fraction(8, 17)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hoax.deduce import Counts, count_player, count_weights, weights
from bluffmath.hoax.events import Silent
from bluffmath.hoax.evidence import BluffModel, Case, Fact, Holds, IsNot
from bluffmath.hoax.game import State, View
from bluffmath.validate import shown, whole_number


def sheet(state: State | View, seat: int | None = None, model: BluffModel | None = None, *,
          silences: bool = False) -> Case:
    """What ``seat`` knows now (a State and a seat, or that seat's View), as a Case."""
    if isinstance(state, State):
        if seat is None:
            raise InvalidInputError("sheet(state, seat): name the seat whose sheet it is")
        view = state.view(seat)
    elif isinstance(state, View):
        view = state
    else:
        raise InvalidInputError(f"sheet takes a Hoax State and a seat, or a View, got {shown(state)}")
    if not isinstance(silences, bool):
        raise InvalidInputError(f"silences must be True or False, got {shown(silences)}")
    return Case(view.edition, view.players, facts(view, silences), model if model is not None else BluffModel())


def facts(view: View, silences: bool = False) -> tuple[Fact, ...]:
    """The facts of ``view``, own card first, then in the order they came."""
    me = view.seat
    out: list[Fact] = [Holds(me, view.card, "own card")]
    for event in view.log:
        if isinstance(event, Silent) and not silences:
            continue
        out += [f for f in event.facts(me) if f.player != me]
    return tuple(out)


@dataclass(frozen=True, eq=False)
class Tally:
    """One seat's sheet as the counting reads it, kept up as a game goes on.

    :func:`deduce` reads a player's facts only as the roles they rule out and how many
    claims (and silences) of each role they hold, so that is all a Tally keeps, for every
    player; :meth:`following` reads the events a later State of the same game added to
    its log and returns the Tally updated. Following a game of ``n`` moves costs one pass
    over its log, where a sheet at every move reads the whole log again (and a Case checks
    every fact again). :attr:`counts` are exactly ``count`` of ``sheet(state, seat,
    model)``'s facts, so :meth:`probability` is ``deduce(sheet(state, seat,
    model)).probability`` (a Case's limit of :data:`~bluffmath.limits.MAX_HOAX_FACTS` facts
    does not apply: no Case is made); it counts for the one player asked about
    (:func:`~bluffmath.hoax.deduce.count_player`). When no deal fits (:attr:`fits` is
    False), ``deduce(sheet(...))`` says which facts conflict.

    >>> from bluffmath.hoax.actions import Act, Take
    >>> from bluffmath.hoax.deduce import deduce
    >>> from bluffmath.hoax.game import Game
    >>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
    >>> tally = Tally.start(state, 1)
    >>> state = state.apply(Take(0)).apply(Take(1)).apply(Take(2)).apply(Act("King", "tax"))
    >>> tally = tally.following(state)
    >>> tally.probability(0, "King"), deduce(sheet(state, 1)).probability(0, "King")
    (Fraction(8, 17), Fraction(8, 17))
    """

    roles: tuple[str, ...]
    seat: int
    model: BluffModel
    silences: bool
    #: Per player, the roles a seen fact rules out.
    ruled: tuple[frozenset[str], ...]
    #: Per player, how many claims of each ``(role, spoke)`` (never changed once made).
    claims: tuple[Mapping[tuple[str, bool], int], ...]
    #: How many events of the game's log are read.
    read: int

    @classmethod
    def start(cls, state: State, seat: int, model: BluffModel | None = None, *, silences: bool = False) -> Tally:
        """``seat``'s Tally at ``state`` (any moment of a game: its log is read)."""
        if not isinstance(state, State):
            raise InvalidInputError(f"Tally.start takes a Hoax State and a seat, got {shown(state)}")
        if model is not None and not isinstance(model, BluffModel):
            raise InvalidInputError(f"model must be a BluffModel or None (the default), got {shown(model)}")
        if not isinstance(silences, bool):
            raise InvalidInputError(f"silences must be True or False, got {shown(silences)}")
        view = state.view(seat)  # checks the seat
        roles = state.game.edition.roles
        ruled = tuple(frozenset(r for r in roles if r != view.card) if p == seat else frozenset()
                      for p in range(state.players))
        empty: Mapping[tuple[str, bool], int] = {}
        start = cls(roles, seat, model if model is not None else BluffModel(), silences, ruled,
                    (empty,) * state.players, 0)
        return start.following(state)

    def following(self, state: State) -> Tally:
        """This Tally with the events ``state`` added to the log since the last State read
        (``state`` must be a later moment of the same game)."""
        log = state.log
        if len(log) < self.read:
            raise InvalidInputError(f"a Tally follows one game forward: this state's log has {len(log)} events, "
                                    f"{self.read} were read")
        me, ruled, claims = self.seat, list(self.ruled), list(self.claims)
        changed: set[int] = set()
        for event in log[self.read:]:
            seen_by = event.seen_by
            if (seen_by is not None and me not in seen_by) or (isinstance(event, Silent) and not self.silences):
                continue
            for fact in event.facts(me):
                p = fact.player
                if p == me:
                    continue
                changed.add(p)
                if isinstance(fact, Holds):
                    ruled[p] = ruled[p] | {r for r in self.roles if r != fact.role}
                elif isinstance(fact, IsNot):
                    ruled[p] = ruled[p] | {fact.role}
                else:
                    key = (fact.role, fact.spoke)
                    claims[p] = {**claims[p], key: claims[p].get(key, 0) + 1}
        if not changed:
            return self if len(log) == self.read else _moved(self, len(log))
        after = Tally(self.roles, me, self.model, self.silences, tuple(ruled), tuple(claims), len(log))
        if "rows" in self.__dict__:  # the rows of the players nothing was learnt about stay
            after.__dict__["_kept"] = [None if p in changed else row for p, row in enumerate(self.rows)]
        return after

    @cached_property
    def rows(self) -> list[list[Fraction]]:
        """Each player's weights, a number per role (:func:`~bluffmath.hoax.deduce.weights`)."""
        kept = self.__dict__.get("_kept") or [None] * len(self.ruled)
        return [weights(self.model, self.roles, ruled, claims) if row is None else row
                for ruled, claims, row in zip(self.ruled, self.claims, kept, strict=True)]

    @cached_property
    def counts(self) -> Counts:
        """The weighted counts of the deals, every player's (as
        :func:`~bluffmath.hoax.deduce.count` gives them)."""
        return count_weights(self.roles, self.rows)

    def player_counts(self, player: int) -> Counts:
        """The weighted counts of the deals for ``player`` alone
        (:func:`~bluffmath.hoax.deduce.count_player`), kept once made."""
        whole_number("player", player, 0, len(self.ruled) - 1)
        if "counts" in self.__dict__:
            return self.counts
        made: dict[int, Counts] = self.__dict__.setdefault("_players", {})
        if player not in made:
            made[player] = count_player(self.roles, self.rows, player)
        return made[player]

    @property
    def fits(self) -> bool:
        """Whether any deal fits the facts (else there are no odds)."""
        return self.player_counts(self.seat).total > 0

    def probability(self, player: int, role: str) -> Fraction:
        """P(``player`` holds ``role`` | the seat's facts), as
        :class:`~bluffmath.hoax.deduce.Deduction` gives it; an InconsistentEvidenceError
        when no deal fits."""
        if role not in self.roles:
            raise InvalidInputError(f"role must be one of {', '.join(self.roles)}, got {shown(role)}")
        counts = self.player_counts(player)
        if not counts.total:
            raise InconsistentEvidenceError("no deal fits this seat's facts: deduce(sheet(state, seat, model)) "
                                            "names those that conflict")
        return Fraction(counts.by[player, role], counts.total)


def _moved(tally: Tally, read: int) -> Tally:
    """``tally`` having read ``read`` events, none of which told anything: its counts are kept."""
    moved = Tally(tally.roles, tally.seat, tally.model, tally.silences, tally.ruled, tally.claims, read)
    for kept in ("rows", "counts", "_players"):
        if kept in tally.__dict__:
            moved.__dict__[kept] = tally.__dict__[kept]
    return moved
