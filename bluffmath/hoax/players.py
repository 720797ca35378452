"""Bots for Hoax that play by a stated policy: honest, bluffer and deducer.

The random player is :class:`bluffmath.hoax.bots.RandomBot`. Every bot here has ``name``,
``seed`` and ``act(state) -> Action``; it reads only ``state.view(state.to_act)`` (its own
card, the public log and what it was shown) and chooses among ``state.legal_actions()``.
Its random choices (which token to take, which role to show, ...) come from its own
``rng``, made from ``seed``, so the same seed plays the same, and
:func:`bluffmath.tournament.fresh_bot` gives every seat of every game its own.

What a seat knows is the exact posterior of :mod:`bluffmath.hoax.deduce` over the facts
of its live sheet (:mod:`bluffmath.hoax.sheet`, with the silences): :func:`odds` under a bluffing
model, and :func:`certain` under what was seen alone (the claims left out), where a 0 or a
1 is knowledge, not a guess.

>>> from bluffmath.hoax.bots import play
>>> from bluffmath.hoax.game import Game
>>> end = play(Game("original", players=4, seed=3), [DeducerBot(), HonestBot(), BlufferBot(), DeducerBot(seed=1)])
>>> end.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bluffmath.errors import InvalidInputError
from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Action,
    Buy,
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
    Store,
    Vote,
)
from bluffmath.hoax.deduce import count
from bluffmath.hoax.events import Claimed, Doubted, Showed
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Fact, Holds
from bluffmath.hoax.game import State, View
from bluffmath.hoax.roles import ALL_ROLES
from bluffmath.hoax.sheet import facts as sheet_facts
from bluffmath.limits import MAX_SEED
from bluffmath.validate import shown, whole_number

Grid = tuple[dict[str, Fraction], ...]
"""Every player's posterior over the roles of the deck (players in seat order)."""

REACTIONS = {"king": "King", "judge": "Judge", "vicar": "Vicar"}


# --- what a seat knows ------------------------------------------------------------------------
def facts(view: View) -> list[Fact]:
    """What ``view``'s seat has seen, as the live sheet has it with the silences counted
    (:func:`bluffmath.hoax.sheet.facts`): its own card, then the facts the events of its
    log emit about the others (claims, silences, covers, challenges, looks, accusations).

    >>> from bluffmath.hoax.game import Game
    >>> facts(Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game().view(1))
    [Holds(player=1, role='Thief', how='own card')]
    """
    return list(sheet_facts(view, silences=True))


def odds(view: View, model: BluffModel, seen: list[Fact] | None = None) -> Grid:
    """Every player's exact posterior from ``view``'s seat, with the claims weighed by ``model``.

    The same counting as :func:`~bluffmath.hoax.deduce.deduce` (its ``count``), without
    :class:`~bluffmath.hoax.evidence.Case`'s limit on the number of facts, which a long game
    passes. ``seen`` is :func:`facts` of ``view`` if already at hand.

    >>> from bluffmath.hoax.game import Game
    >>> grid = odds(Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game().view(0), BluffModel())
    >>> grid[0]["King"], grid[1]["King"], grid[1]["Thief"]
    (Fraction(1, 1), Fraction(1, 11), Fraction(2, 11))
    """
    empty = Case(view.edition, view.players, (), model)
    counts = count(empty, facts(view) if seen is None else seen)
    roles = empty.edition.roles
    return tuple({r: Fraction(counts.by[p, r], counts.total) for r in roles} for p in range(view.players))


def certain(view: View, seen: list[Fact] | None = None) -> Grid:
    """:func:`odds` under what ``view``'s seat saw alone, the claims left out: a 0 is a role
    the player surely does not hold, a 1 the role it surely holds."""
    hard = [f for f in (facts(view) if seen is None else seen) if not isinstance(f, Claim)]
    return odds(view, BluffModel(), hard)


def last_claim(view: View) -> tuple[int, str]:
    """The seat and role of the latest claim in ``view``'s log (the one open to doubt)."""
    event = next(e for e in reversed(view.log) if isinstance(e, Claimed))
    return event.seat, event.role


def doubted(view: View) -> tuple[int, str]:
    """The seat and role of the claim the vote under way is about."""
    event = next(e for e in reversed(view.log) if isinstance(e, Doubted))
    return event.accused, event.role


def left_to_show(view: View, target: int) -> int:
    """How many roles ``target`` may still show ``view``'s seat: the deck's roles neither
    covered nor shown to it before, less one (the target's own card is among them)."""
    roles = Case(view.edition, view.players).edition.roles
    seen = {e.role for e in view.log if isinstance(e, Showed) and e.seat == target and e.buyer == view.seat}
    return max(0, len([r for r in roles if r not in view.covered[target] and r not in seen]) - 1)


def _chance(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int) or not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must be an exact probability from 0 to 1 (a Fraction or an int), "
                                f"got {shown(value)}")
    return Fraction(value)


# --- the policies ------------------------------------------------------------------------------
@dataclass
class HonestBot:
    """Never lies, challenges only what it knows is false.

    - Claims only its own role: on its turn, its role's turn action (a choice among them at
      random); in a reaction round of its role it reacts (the King calls every action
      illegal, the Judge fines 2 tokens, the Vicar offers a pardon); it claims the Wizard's
      immunity only as the Wizard. Only a Thief with nothing to steal anywhere says
      something else: it stores a trio, buys a look, or (with neither) claims a role at
      random, the one lie the rules force; if every other role is covered too, it passes,
      the one move left (as every bot does when the rules leave nothing else).
    - Says "Hoax!" and votes yes exactly when it knows the claim is false (:func:`certain`
      gives the claimant 0 for the role: a role covered or shown to it, or both cards of it
      accounted for); accuses when it knows a player's card (a 1), at the first chance the
      rules give (a chance to doubt in the original edition, its turn in the German).
    - Takes a token, covers and shows a role at random; never buys a look but as above; pays
      what it holds most of, a pardon rather than a fine. In the German showdown it accuses
      when it knows, else buys a look if it can, else doubts the role least likely for the
      other (ties at random).
    """

    seed: int = 0
    name: str = "honest"
    rng: random.Random = field(init=False, repr=False, compare=False)
    _memo: dict = field(init=False, repr=False, compare=False, default_factory=dict)
    _read: list = field(init=False, repr=False, compare=False, default_factory=lambda: [0, None, None, ([], []), 0])

    def __post_init__(self) -> None:
        whole_number("seed", self.seed, 0, MAX_SEED)
        if not isinstance(self.name, str) or not 0 < len(self.name) <= 100:
            raise InvalidInputError(f"a bot's name must be text of 1 to 100 characters, got {shown(self.name)}")
        self.rng = random.Random(self.seed)

    # what the bot knows, computed once per new fact ----------------------------------------
    def known(self, view: View) -> Grid:
        """:func:`certain` for this view, computed again only when a fact other than a claim came."""
        hard = self._facts(view)[1]
        return self._grid("certain", len(hard), lambda: odds(view, BluffModel(), hard))

    def _grid(self, kind: str, size: int, make: Callable[[], Grid]) -> Grid:
        key = (kind, self._read[4], size)
        if self._memo.get(kind, (None,))[0] != key:
            self._memo[kind] = (key, make())
        return self._memo[kind][1]

    def _facts(self, view: View) -> tuple[list[Fact], list[Fact]]:
        """:func:`facts` of ``view``, and those of them that are no claims, read on from where
        the last view stopped (if this view's log goes on from there; else read again from
        the start, as a new generation, so that no grid of another game is reused)."""
        done, last, seat, seen, generation = self._read
        log = view.log
        if seat != view.seat or len(log) < done or (done and log[done - 1] is not last):
            mine = Holds(view.seat, view.card, "own card")
            done, seen, generation = 0, ([mine], [mine]), generation + 1
        for f in sheet_facts(replace(view, log=log[done:]), silences=True)[1:]:  # [0]: the own card
            seen[0].append(f)
            if not isinstance(f, Claim):
                seen[1].append(f)
        self._read = [len(log), log[-1] if log else None, view.seat, seen, generation]
        return seen

    def believes(self, view: View) -> Grid:
        """The grid this bot decides by (the honest bot: what it knows for certain)."""
        return self.known(view)

    def false(self, view: View, seat: int, role: str) -> bool:
        """Whether to doubt ``seat``'s claim of ``role``: the honest bot, when it knows."""
        return self.known(view)[seat][role] == 0

    def sure(self, view: View, seat: int) -> str | None:
        """The role to accuse ``seat`` of, or None: the honest bot, when it knows the card."""
        return next((r for r, p in self.known(view)[seat].items() if p == 1), None)

    # the moves ----------------------------------------------------------------------------------
    def act(self, state: State) -> Action:
        if not isinstance(state, State) or state.is_terminal:
            raise InvalidInputError(f"a bot acts on a Hoax State whose game is not over, got {shown(state)}")
        view = state.view(state.to_act)
        legal = state.legal_actions()
        phase = view.phase
        if phase in REACTIONS:
            return self.react(view, legal, REACTIONS[phase])
        return getattr(self, f"on_{phase}", self.at_random)(view, legal)

    def at_random(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def lies(self) -> bool:
        """Whether to claim a role not held at this chance (the honest bot: never)."""
        return False

    def on_turn(self, view: View, legal: list[Action]) -> Action:
        accusation = self.accusation(view, legal)
        if accusation is not None:
            return accusation
        look = self.look(view, legal)
        if look is not None:
            return look
        acts = [a for a in legal if isinstance(a, Act)]
        mine = [a for a in acts if a.role == view.card]
        others = [a for a in acts if a.role != view.card]
        if mine and not (others and self.lies()):
            return self.rng.choice(mine)
        fallback = [a for a in legal if isinstance(a, Store | Buy)]
        return self.rng.choice(others if others and (mine or not fallback) else fallback or legal)

    def accusation(self, view: View, legal: list[Action]) -> Accuse | None:
        """The first legal accusation of a role :meth:`sure` names, or None."""
        named: dict[int, str | None] = {}
        for a in legal:
            if isinstance(a, Accuse):
                if a.target not in named:
                    named[a.target] = self.sure(view, a.target)
                if named[a.target] == a.role:
                    return a
        return None

    def look(self, view: View, legal: list[Action]) -> Buy | None:
        """A look to buy now, or None (the honest bot buys none)."""
        return None

    def on_buying(self, view: View, legal: list[Action]) -> Action:
        return Done()

    def on_instant(self, view: View, legal: list[Action]) -> Action:
        return self.look(view, legal) or Done()

    def on_doubt(self, view: View, legal: list[Action]) -> Action:
        accusation = self.accusation(view, legal)
        if accusation is not None:
            return accusation
        return Hoax() if self.false(view, *last_claim(view)) else Pass()

    def on_vote(self, view: View, legal: list[Action]) -> Action:
        return Vote(self.false(view, *doubted(view)))

    def on_pay(self, view: View, legal: list[Action]) -> Action:
        if Immune() in legal and (view.card == "Wizard" or self.lies()):
            return Immune()
        pays = [a for a in legal if isinstance(a, Pay)]
        return max(pays, key=lambda a: -1 if a.token is None else view.outside[view.seat][a.token])

    def react(self, view: View, legal: list[Action], role: str) -> Action:
        moves = [a for a in legal if isinstance(a, Illegal | Fine | Pardon)]
        if not moves or not (view.card == role or self.lies()):
            return Pass()
        twos = [a for a in moves if isinstance(a, Fine) and len(a.tokens) == 2]
        return self.rng.choice(twos or moves)

    def on_settle(self, view: View, legal: list[Action]) -> Action:
        if Immune() in legal and (view.card == "Wizard" or self.lies()):
            return Immune()
        plain = [a for a in legal if isinstance(a, PayPardon | PayFine) and not a.vault]
        return next((a for a in plain if isinstance(a, PayPardon)), plain[0])

    def on_duel(self, view: View, legal: list[Action]) -> Action:
        accusation = self.accusation(view, legal)
        if accusation is not None:
            return accusation
        buys = [a for a in legal if isinstance(a, Buy) and left_to_show(view, a.target)]
        if buys:
            return buys[0]
        doubts = [a for a in legal if isinstance(a, Doubt)]
        other = next(a.target for a in legal if isinstance(a, Accuse))
        grid = self.believes(view)[other]
        low = min(grid[a.role] for a in doubts)
        return self.rng.choice([a for a in doubts if grid[a.role] == low])


@dataclass
class BlufferBot(HonestBot):
    """The honest bot, except that at every chance to claim a role it does not hold (its
    turn, a reaction round of another role, a payment or fine the Wizard's immunity would
    spare) it claims one with probability ``rate`` (a Fraction; on its turn, a turn action
    of another role, at random). Its challenges, votes and accusations are the honest bot's."""

    name: str = "bluffer"
    rate: Fraction = Fraction(1, 3)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rate = _chance("rate", self.rate)

    def lies(self) -> bool:
        """True with probability ``rate`` exactly (a whole number drawn below the denominator)."""
        return self.rng.randrange(self.rate.denominator) < self.rate.numerator


@dataclass
class DeducerBot(HonestBot):
    """Claims and reacts as the honest bot, and decides by the exact posterior under
    ``model`` (default: a holder speaks as its role 9 times in 10, a player who does not
    hold it 1 time in 5; so no claim or silence is ever proof, and a bot that bluffs more
    or less than that never makes the evidence contradict itself):

    - accuses (at the first chance the rules give) a player whose most likely role has
      probability at least ``accuse``; a role known for certain is always accused;
    - says "Hoax!" and votes yes when the claim is a lie with probability at least
      ``doubt`` (or when it knows the claim is false);
    - buys a look with every trio it completes, and on its turn when it holds one, at the
      player whose identity is most uncertain (whose most likely role is least likely; the
      first in seat order from its left on a tie), among those with something left to show
      it and none it would accuse;
    - in the German showdown doubts the role least likely for the other under ``model``.

    The posterior is computed again only when the bot's facts have grown.
    """

    name: str = "deducer"
    model: BluffModel = field(default_factory=lambda: BluffModel(Fraction(9, 10), Fraction(1, 5)))
    doubt: Fraction = Fraction(3, 4)
    accuse: Fraction = Fraction(3, 4)

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.model, BluffModel):
            raise InvalidInputError(f"model must be a BluffModel, got {shown(self.model)}")
        self.doubt = _chance("doubt", self.doubt)
        self.accuse = _chance("accuse", self.accuse)
        self._every = all(0 < p < 1 for p in (self.model.honest, *(self.model.bluff_for(r) for r in ALL_ROLES)))

    def believes(self, view: View) -> Grid:
        """:func:`odds` under ``model`` (what it knows for certain if the claims contradict it)."""
        seen = self._facts(view)[0]

        def make() -> Grid:
            try:
                return odds(view, self.model, seen)
            except ZeroDivisionError:
                return self.known(view)
        return self._grid("odds", len(seen), make)

    @property
    def weighs_every_claim(self) -> bool:
        """Whether ``model`` gives every claim and silence a chance strictly between 0 and 1:
        then a 0 or a 1 of the posterior is one of what was seen alone (the deals left
        possible are the same), and :meth:`known` need not be counted apart."""
        return self._every

    def false(self, view: View, seat: int, role: str) -> bool:
        if not self.weighs_every_claim and super().false(view, seat, role):
            return True
        lie = 1 - self.believes(view)[seat][role]
        return lie >= self.doubt or lie == 1

    def sure(self, view: View, seat: int) -> str | None:
        if not self.weighs_every_claim:
            known = super().sure(view, seat)
            if known is not None:
                return known
        grid = self.believes(view)[seat]
        best = max(grid, key=lambda r: grid[r])
        return best if grid[best] >= self.accuse or grid[best] == 1 else None

    def look(self, view: View, legal: list[Action]) -> Buy | None:
        buys = [a for a in legal if isinstance(a, Buy) and left_to_show(view, a.target)
                and self.sure(view, a.target) is None]
        if not buys:
            return None
        grid = self.believes(view)
        return min(buys, key=lambda a: max(grid[a.target].values()))

    def on_buying(self, view: View, legal: list[Action]) -> Action:
        return Done()


__all__ = ["BlufferBot", "DeducerBot", "Grid", "HonestBot", "certain", "doubted", "facts",
           "last_claim", "left_to_show", "odds"]
