"""Practise Hoax deduction: bots with hidden identities speak by the bluffing model; you
buy information, challenge claims and accuse, and see the truth at the end.

This is a drill, not the full game (no tokens; a few purchases of information instead of
trios). Each round an occasion comes up for a role drawn at random ("a tax is in the air:
who speaks as the King?"); every bot still in play speaks as that role with probability
``honest`` if it holds it and ``bluff`` if not, exactly the model :func:`deduce` weighs
claims and silences with, so the sheet's numbers are the true posteriors of this table.
You sit at seat 0. Everything is seeded: the same seed plays the same.

>>> p = Practice.new("original", players=4, seed=3)
>>> p.case.facts[0]
Holds(player=0, role='King', how='own card')
>>> p = p.occasion()
>>> [str(f) for f in p.case.facts[1:]]
['player 1 spoke as the Wizard', 'player 2 spoke as the Wizard', 'player 3 kept silent as the Wizard']
>>> p = p.buy(1)
>>> str(p.case.facts[-1]), p.buys
('player 1 is not the Wizard (bought information)', 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from bluffmath.errors import IllegalActionError
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Holds, IsNot
from bluffmath.hoax.roles import COPIES, Edition, edition
from bluffmath.validate import whole_number

ME = 0


@dataclass(frozen=True)
class Practice:
    """A practice table; every action returns a new one. ``truth`` is every player's card
    (a widget shows it only when ``over``); ``case`` is what seat 0 knows."""

    case: Case
    truth: tuple[str, ...]
    seed: int
    buys: int = 3
    rounds: int = 0
    out: frozenset[int] = frozenset()
    over: bool = False
    result: str = ""

    @classmethod
    def new(cls, edition_name: str | Edition = "original", players: int = 4,
            model: BluffModel | None = None, seed: int = 0, buys: int = 3) -> Practice:
        """Deal (seeded); in the German edition every player covers a role it is not."""
        ed = edition(edition_name)
        whole_number("seed", seed, 0)
        whole_number("buys", buys, 0)
        deck = [role for role in ed.roles for _ in range(COPIES)]
        random.Random(f"hoax:{seed}:deal").shuffle(deck)
        truth = tuple(deck[:players])
        facts: list = [Holds(ME, truth[ME], "own card")] if players >= 1 else []
        case = Case(ed, players, tuple(facts), model or BluffModel())
        if ed.name == "german":
            rng = random.Random(f"hoax:{seed}:cover")
            case = case.adding(*(IsNot(p, rng.choice([r for r in ed.roles if r != truth[p]]), "covered")
                                 for p in range(1, players)))
        return cls(case, truth, seed, buys)

    @property
    def in_play(self) -> list[int]:
        """The bots still in the game."""
        return [p for p in range(1, self.case.players) if p not in self.out]

    def occasion(self) -> Practice:
        """The next round: an occasion for a random role; each bot in play speaks or not."""
        self._playing()
        rng = random.Random(f"hoax:{self.seed}:round:{self.rounds}")
        role = rng.choice(self.case.edition.roles)
        said = []
        for p in self.in_play:
            model = self.case.model
            chance = model.honest if self.truth[p] == role else model.bluff_for(role)
            said.append(Claim(p, role, rng.random() < chance))
        return replace(self, case=self.case.adding(*said), rounds=self.rounds + 1)

    def buy(self, target: int) -> Practice:
        """Buy information: ``target`` shows you a role it is not (one it has not shown you
        or been caught claiming falsely)."""
        self._playing()
        target = self._bot(target)
        if self.buys == 0:
            raise IllegalActionError("no purchases of information left")
        known = {f.role for f in self.case.facts if isinstance(f, IsNot) and f.player == target}
        options = [r for r in self.case.edition.roles if r != self.truth[target] and r not in known]
        if not options:
            raise IllegalActionError(f"player {target} has nothing left to show you")
        rng = random.Random(f"hoax:{self.seed}:buy:{len(self.case.facts)}")
        shown = IsNot(target, rng.choice(options), "bought")
        return replace(self, case=self.case.adding(shown), buys=self.buys - 1)

    def challenge(self, target: int, role: str) -> Practice:
        """Call "Hoax" on ``target``'s claim of ``role`` (the table agrees): a lie is exposed
        (``target`` is not ``role``, publicly); a true claim is revealed and ``target`` wins."""
        self._playing()
        target, role = self._bot(target), self.case.edition.role(role)
        if Claim(target, role, True) not in self.case.facts:
            raise IllegalActionError(f"player {target} has not spoken as the {role}: "
                                     "you can challenge only a claim that was made")
        if IsNot(target, role, "challenge") in self.case.facts:
            raise IllegalActionError(f"player {target} was already caught claiming the {role}")
        if self.truth[target] != role:
            return replace(self, case=self.case.adding(IsNot(target, role, "challenge")))
        return self._end(Holds(target, role, "revealed"),
                         f"player {target} really is the {role}: falsely accused, player {target} wins")

    def accuse(self, target: int, role: str) -> Practice:
        """Accuse ``target`` of being ``role``: right, and ``target`` is out; wrong, and you are."""
        self._playing()
        target, role = self._bot(target), self.case.edition.role(role)
        if self.truth[target] != role:
            return self._end(IsNot(target, role, "accused"),
                             f"player {target} is not the {role}: a wrong accusation, you are out")
        out = self.out | {target}
        after = replace(self, case=self.case.adding(Holds(target, role, "accused")), out=out)
        if not after.in_play:
            return replace(after, over=True, result="you found everyone: you win")
        return after

    def _end(self, fact, result: str) -> Practice:
        return replace(self, case=self.case.adding(fact), over=True, result=result)

    def _playing(self) -> None:
        if self.over:
            raise IllegalActionError(f"the practice game is over ({self.result}): start a new one")

    def _bot(self, target: int) -> int:
        whole_number("player", target, 1, self.case.players - 1)
        if target in self.out:
            raise IllegalActionError(f"player {target} is out of the game")
        return target
