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
>>> p.look, p.news
(IsNot(player=1, role='Wizard', how='bought'), 'player 1 shows you a role they are not: the Wizard')

A bought look shows one role the player is not, never one they showed you before nor
one covered in public (a German covered role, a claim exposed by a challenge); with
nothing left to show, the purchase comes back and nothing is shown (docs/reference/rulings.md, "Hoax:
the full game"). What the last action showed is in :attr:`Practice.news` (and a look's
fact in :attr:`Practice.look`), for a widget to show.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Fact, Holds, IsNot
from bluffmath.hoax.roles import COPIES, Edition, edition, role_words
from bluffmath.i18n import _
from bluffmath.limits import MAX_BUYS, MAX_HOAX_FACTS, MAX_SEED, bounded
from bluffmath.validate import shown, whole_number

ME = 0
#: The largest seed (20 digits) and the most purchases of information a table starts with.


@dataclass(frozen=True)
class Practice:
    """A practice table; every action returns a new one. ``truth`` is every player's card
    (a widget shows it only when ``over``); ``case`` is what seat 0 knows; ``news`` says
    what the last action showed, and ``look`` is the fact the last bought look revealed
    (``None`` if the last action was not a look that showed something)."""

    case: Case
    truth: tuple[str, ...]
    seed: int
    buys: int = 3
    rounds: int = 0
    out: frozenset[int] = frozenset()
    over: bool = False
    result: str = ""
    news: str = ""
    look: IsNot | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.case, Case):
            raise InvalidInputError(f"case must be a Case, got {shown(self.case)}; start with Practice.new()")
        ed, players = self.case.edition, self.case.players
        if isinstance(self.truth, str) or not isinstance(self.truth, Iterable):
            raise InvalidInputError(f"truth must be one role per player, got {shown(self.truth)}")
        truth = tuple(ed.role(r, "each role in truth") for r in bounded("truth", self.truth, players))
        if len(truth) != players or any(truth.count(r) > COPIES for r in truth):
            raise InvalidInputError(f"truth must be a deal: {players} roles, each at most {COPIES} times, "
                                    f"got {list(truth)!r}")
        object.__setattr__(self, "truth", truth)
        whole_number("seed", self.seed, 0, MAX_SEED)
        whole_number("buys", self.buys, 0, MAX_BUYS)
        whole_number("rounds", self.rounds, 0, MAX_HOAX_FACTS)
        if isinstance(self.out, str) or not isinstance(self.out, Iterable):
            raise InvalidInputError(f"out must be a set of players, got {shown(self.out)}")
        object.__setattr__(self, "out", frozenset(whole_number("each player out", p, 1, players - 1)
                                                  for p in bounded("out", self.out, players)))
        if not isinstance(self.over, bool):
            raise InvalidInputError(f"over must be True or False, got {shown(self.over)}")
        for name in ("result", "news"):
            if not isinstance(getattr(self, name), str):
                raise InvalidInputError(f"{name} must be text, got {shown(getattr(self, name))}")
        if self.look is not None and (not isinstance(self.look, IsNot) or self.look not in self.case.facts):
            raise InvalidInputError(f"look must be None or a bought look among the case's facts, got {shown(self.look)}")
        for i, fact in enumerate(self.case.facts):
            if not isinstance(fact, Claim) and (truth[fact.player] == fact.role) != isinstance(fact, Holds):
                raise InvalidInputError(f"facts[{i}] ({fact}) contradicts the truth: player {fact.player} "
                                        f"is the {truth[fact.player]}")

    @classmethod
    def new(cls, edition_name: str | Edition = "original", players: int = 4,
            model: BluffModel | None = None, seed: int = 0, buys: int = 3) -> Practice:
        """Deal (seeded); in the German edition every player covers a role it is not.

        ``seed`` is a whole number from 0 to :data:`MAX_SEED`, ``buys`` from 0 to
        :data:`MAX_BUYS`.
        """
        ed = edition(edition_name)
        whole_number("players", players, ed.players.start, ed.players.stop - 1)
        if model is not None and not isinstance(model, BluffModel):
            raise InvalidInputError(f"model must be a BluffModel or None, got {shown(model)}")
        whole_number("seed", seed, 0, MAX_SEED)
        whole_number("buys", buys, 0, MAX_BUYS)
        deck = [role for role in ed.roles for _ in range(COPIES)]
        random.Random(f"hoax:{seed}:deal").shuffle(deck)
        truth = tuple(deck[:players])
        case = Case(ed, players, (Holds(ME, truth[ME], "own card"),), model or BluffModel())
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
        if len(self.case.facts) + len(self.in_play) > MAX_HOAX_FACTS:
            raise IllegalActionError(f"this practice table holds {len(self.case.facts):,} facts, close to the "
                                     f"limit of {MAX_HOAX_FACTS:,}: start a new game")
        rng = random.Random(f"hoax:{self.seed}:round:{self.rounds}")
        role = rng.choice(self.case.edition.roles)
        said = []
        for p in self.in_play:
            model = self.case.model
            chance = model.honest if self.truth[p] == role else model.bluff_for(role)
            said.append(Claim(p, role, rng.random() < chance))
        spoke = ", ".join(self._name(c.player) for c in said if c.spoke)
        news = (_("an occasion for the {role}: {names} spoke as the {role}") if spoke else
                _("an occasion for the {role}: nobody spoke as the {role}")).format(role=role_words(role), names=spoke)
        return self._after(said, rounds=self.rounds + 1, news=news)

    def buy(self, target: int) -> Practice:
        """Buy a look: ``target`` shows you a role it is not, never one it has shown you
        before nor one covered in public. With nothing left to show, the purchase comes
        back and nothing is shown."""
        self._playing()
        target = self._bot(target)
        if self.buys == 0:
            raise IllegalActionError("no purchases of information left")
        known = {f.role for f in self.case.facts if isinstance(f, IsNot) and f.player == target}
        options = [r for r in self.case.edition.roles if r != self.truth[target] and r not in known]
        if not options:
            return self._after([], news=_("{name} has nothing left to show you: your purchase comes back").format(
                name=self._name(target)))
        rng = random.Random(f"hoax:{self.seed}:buy:{len(self.case.facts)}")
        shown_role = IsNot(target, rng.choice(options), "bought")
        return self._after([shown_role], buys=self.buys - 1, look=shown_role,
                           news=_("{name} shows you a role they are not: the {role}").format(
                               name=self._name(target), role=role_words(shown_role.role)))

    def challenge(self, target: int, role: str) -> Practice:
        """Call "Hoax" on ``target``'s claim of ``role`` (the table agrees): a lie is exposed
        (``target`` is not ``role``, publicly); a true claim is revealed and ``target`` wins."""
        self._playing()
        target, role = self._bot(target), self.case.edition.role(role)
        if Claim(target, role, True) not in self.case.facts:
            raise IllegalActionError(f"{self.case.names[target]} has not spoken as the {role}: "
                                     "you can challenge only a claim that was made")
        if IsNot(target, role, "challenge") in self.case.facts:
            raise IllegalActionError(f"{self.case.names[target]} was already caught claiming the {role}")
        if self.truth[target] != role:
            return self._after([IsNot(target, role, "challenge")],
                               news=_("{name} lied: not the {role}, and may never claim it again").format(
                                   name=self._name(target), role=role_words(role)))
        return self._end(Holds(target, role, "revealed"),
                         _("{name} really is the {role}: falsely accused, {name} wins").format(
                             name=self._name(target), role=role_words(role)))

    def accuse(self, target: int, role: str) -> Practice:
        """Accuse ``target`` of being ``role``: right, and ``target`` is out; wrong, and you are."""
        self._playing()
        target, role = self._bot(target), self.case.edition.role(role)
        if self.truth[target] != role:
            return self._end(IsNot(target, role, "accused"),
                             _("{name} is not the {role}: a wrong accusation, you are out").format(
                                 name=self._name(target), role=role_words(role)))
        after = self._after([Holds(target, role, "accused")], out=self.out | {target},
                            news=_("right: {name} is the {role} and leaves the game").format(
                                name=self._name(target), role=role_words(role)))
        if not after.in_play:
            return replace(after, over=True, result=_("you found everyone: you win"))
        return after

    def _after(self, facts: list[Fact], **changes: object) -> Practice:
        """This table with ``facts`` added; ``look`` is cleared unless given."""
        return replace(self, case=self.case.adding(*facts), **{"look": None, **changes})

    def _end(self, fact: Fact, result: str) -> Practice:
        return self._after([fact], over=True, result=result, news=result)

    def _name(self, player: int) -> str:
        """What ``player`` is called on a page, in the language in use."""
        return self.case.name(player)

    def _playing(self) -> None:
        if self.over:
            raise IllegalActionError(f"the practice game is over ({self.result}): start a new one")

    def _bot(self, target: int) -> int:
        whole_number("player", target, 1, self.case.players - 1)
        if target in self.out:
            raise IllegalActionError(f"{self._name(target)} is out of the game")
        return target
