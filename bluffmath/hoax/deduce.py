"""Who is who in Hoax: exact posteriors over every player's identity, by counting deals.

The deck (two cards of each role) is dealt one card per player, every ordered deal
equally likely. A fact about one player multiplies each deal by a number that depends
only on that player's role: 1 or 0 for what was seen (:class:`Holds`, :class:`IsNot`),
the model's probability for a claim. So the weighted count of the deals that give player
``p`` the role ``r`` is a sum over how many cards of each role the players hold, which one
pass forward and one backward over the players computes exactly (states: how many of each
role's two cards are dealt so far; at most 3 ** 7 of them). That only two cards of a role
exist, so that three Wizard claims contain a lie, follows from the counting.

>>> from fractions import Fraction
>>> case = Case("original", 4, (Holds(0, "King", "own card"), Claim(1, "King"), Claim(2, "King")))
>>> d = deduce(case)
>>> d.probability(1, "King"), d.probability(3, "King")
(Fraction(4, 17), Fraction(1, 17))
>>> d.lie(1, "King")       # player 1's claim is a lie, given everything
Fraction(13, 17)
>>> t = d.table(1)
>>> t.row("King")
BayesRow(role='King', prior=Fraction(1, 6), likelihood=Fraction(1, 44), unnormalised=Fraction(1, 264), posterior=Fraction(4, 17))
>>> t.normaliser == sum(row.unnormalised for row in t.rows)
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

from bluffmath.display import exact
from bluffmath.errors import InconsistentEvidenceError, InvalidInputError
from bluffmath.hoax.bayes import BayesRow, BayesTable
from bluffmath.hoax.evidence import BluffModel, Case, Claim, Fact, Holds, IsNot
from bluffmath.hoax.roles import COPIES, role_words
from bluffmath.i18n import LANGUAGES, _, language, n_, number
from bluffmath.validate import shown, whole_number

State = tuple[int, ...]


class ConflictError(InconsistentEvidenceError):
    """No deal fits the facts; ``facts`` is a minimal set of them that conflict."""

    def __init__(self, message: str, facts: tuple[Fact, ...]) -> None:
        super().__init__(message)
        self.facts = facts


@dataclass(frozen=True)
class Counts:
    """Weighted counts of deals: ``total`` and ``by[(player, role)]``, each times ``scale``."""

    total: int
    by: dict[tuple[int, str], int]
    scale: int


@dataclass(frozen=True)
class Deduction:
    """The exact answer for a :class:`Case`: every player's identity, with its counting."""

    case: Case
    counts: Counts

    def __post_init__(self) -> None:
        if not isinstance(self.case, Case) or not isinstance(self.counts, Counts):
            raise InvalidInputError("a Deduction is made by deduce(case), got "
                                    f"Deduction({shown(self.case)}, {shown(self.counts)})")

    @cached_property
    def hard(self) -> Counts:
        """The counts under what was seen alone (the claims left out), for :meth:`explain`."""
        return count(self.case, [f for f in self.case.facts if not isinstance(f, Claim)])

    def probability(self, player: int, role: str) -> Fraction:
        """P(``player`` holds ``role`` | everything in the case)."""
        role = self.case.edition.role(role)
        return Fraction(self.counts.by[_player(self.case, player), role], self.counts.total)

    def grid(self) -> list[dict[str, Fraction]]:
        """Every player's posterior over the roles (players in order, roles in deck order)."""
        return [{r: self.probability(p, r) for r in self.case.edition.roles} for p in range(self.case.players)]

    def lie(self, player: int, role: str) -> Fraction:
        """P(``player`` does not hold ``role``): the chance that a claim of it is a lie, and
        that a Hoax challenge of that claim would expose it."""
        return 1 - self.probability(player, role)

    challenge_exposes = lie

    def accusation_succeeds(self, target: int, role: str) -> Fraction:
        """P(accusing ``target`` of being ``role`` is correct)."""
        return self.probability(target, role)

    @cached_property
    def deals(self) -> int:
        """How many ordered deals there are: (deck size) falling factorial (players)."""
        return math.perm(self.case.edition.deck_size, self.case.players)

    @property
    def evidence(self) -> Fraction:
        """P(all the evidence), the normalising constant of every player's table."""
        return Fraction(self.counts.total, self.deals * self.counts.scale)

    def table(self, player: int) -> BayesTable:
        """``player``'s Bayes table: prior, likelihood, unnormalised, posterior per role."""
        player = _player(self.case, player)
        prior = Fraction(COPIES, self.case.edition.deck_size)
        rows = []
        for role in self.case.edition.roles:
            joint = Fraction(self.counts.by[player, role], self.deals * self.counts.scale)
            rows.append(BayesRow(role, prior, joint / prior, joint, self.probability(player, role)))
        return BayesTable(player, tuple(rows), self.evidence)

    def explain(self, player: int, role: str) -> str:
        """The counting behind ``probability(player, role)``, in words (in the language in
        use): the deals, what the facts leave, the claims' weights.

        >>> from bluffmath.i18n import speaking
        >>> d = deduce(Case("original", 3, (Claim(1, "King"),)))
        >>> with speaking("de"):
        ...     print(d.explain(1, "King").split("; ")[-1])
        P(Spieler 1 ist der Baron) = 220 ÷ 495 = 4/9.
        """
        case, ed = self.case, self.case.edition
        player, role = _player(case, player), ed.role(role)
        name, role_name = case.name(player), role_words(role)
        seen = [f for f in case.facts if not isinstance(f, Claim)]
        claims = [f for f in case.facts if isinstance(f, Claim)]
        lines = [_("Deal the {cards} cards ({copies} each of {roles}) one to each of {players} players: {deals} "
                   "ordered deals, each as likely.").format(
            cards=ed.deck_size, copies=COPIES, roles=", ".join(map(role_words, ed.roles)), players=case.players,
            deals=_count(self.deals))]
        fit, give = self.hard.total // self.hard.scale, self.hard.by[player, role] // self.hard.scale
        values = {"fit": _count(fit), "give": _count(give), "name": name, "role": role_name}
        if seen:
            lines.append(n_("What was seen ({n} fact: {facts}) leaves {fit} of them; {give} give {name} the {role}.",
                            "What was seen ({n} facts: {facts}) leaves {fit} of them; {give} give {name} the {role}.",
                            len(seen)).format(n=len(seen), facts="; ".join(map(case.said, seen)), **values))
        else:
            lines.append(_("What was seen leaves {fit} of them; {give} give {name} the {role}.").format(**values))
        p = self.probability(player, role)
        if not claims:
            lines.append(_("No claims weigh the deals, so P({name} is the {role}) = {give}/{fit} = {p}.").format(
                name=name, role=role_name, give=give, fit=fit, p=exact(p)))
            return "\n".join(lines)
        lines += self._weighing(claims, name, role_name, p, Fraction(self.counts.by[player, role], self.counts.scale))
        return "\n".join(lines)

    def _weighing(self, claims: Sequence[Claim], name: str, role: str, p: Fraction, weighted: Fraction) -> list[str]:
        """The lines of :meth:`explain` on the claims: how each weighs a deal, and the sums."""
        model = self.case.model
        bluff = (str(model.bluff) if isinstance(model.bluff, Fraction) else
                 _("{chances}, others 0").format(chances=", ".join(f"{role_words(r)} {b}" for r, b in model.bluff)))
        total = Fraction(self.counts.total, self.counts.scale)
        return [n_("The claim multiplies every deal by {honest} if the speaker holds the role and by the bluff chance "
                   "({bluff}) if not (a silence: by one minus these).",
                   "Each of the {n} claims multiplies every deal by {honest} if the speaker holds the role and by the "
                   "bluff chance ({bluff}) if not (a silence: by one minus these).", len(claims)).format(
                    n=len(claims), honest=model.honest, bluff=bluff),
                _("Weighted, the deals that fit count {total}; those giving {name} the {role} count {weighted}; "
                  "P({name} is the {role}) = {weighted} ÷ {total} = {p}.").format(
                    total=exact(total), name=name, role=role, weighted=exact(weighted), p=exact(p))]

    def to_json(self) -> dict[str, Any]:
        """``{"evidence": "p/q", "players": [{"King": "p/q", ...}, ...]}``."""
        return {"evidence": exact(self.evidence),
                "players": [{r: exact(p) for r, p in row.items()} for row in self.grid()]}


def deduce(case: Case) -> Deduction:
    """Every player's identity, exactly, from the facts and the model; a clear
    :class:`ConflictError` naming a minimal set of facts if no deal fits them."""
    if not isinstance(case, Case):
        raise InvalidInputError(f"deduce needs a Case, such as Case('original', 4, facts), got {shown(case)}")
    counts = count(case, case.facts)
    if counts.total == 0:
        raise conflict_error(case)
    return Deduction(case, counts)


def count(case: Case, facts: Sequence[Fact]) -> Counts:
    """Weighted counts of the ordered deals under ``facts`` (and the case's model).

    Each player's row of weights is scaled to whole numbers (by the common denominator of
    the row) and divided by their greatest common divisor before the passes, which then
    add and multiply small numbers however many claims there are; the common factors are
    multiplied back at the end, so the counts are the ones the full numbers give.
    """
    roles = case.edition.roles
    said: list[list[Fact]] = [[] for _ in range(case.players)]
    for f in facts:
        said[f.player].append(f)
    return count_weights(roles, [_factors(case.model, roles, mine) for mine in said])


def count_weights(roles: Sequence[str], rows: Sequence[Sequence[Fraction]]) -> Counts:
    """Weighted counts of the ordered deals when player ``p`` holding ``roles[r]`` weighs
    ``rows[p][r]`` (the rows :func:`count` makes of the facts, :func:`weights`).

    >>> c = count_weights(("King", "Thief"), [[Fraction(1), Fraction(0)], [Fraction(1), Fraction(1, 4)]])
    >>> Fraction(c.by[1, "King"], c.total)    # player 0 holds a King: 1 King and 2 Thieves left
    Fraction(2, 3)
    """
    weights, scale, factor = _whole(rows)
    forward = _forward(weights)
    back: dict[State, int] = dict.fromkeys(forward[-1], 1)
    by: dict[tuple[int, str], int] = {}
    for p in range(len(rows) - 1, -1, -1):
        before: dict[State, int] = {}
        sums = [0] * len(roles)
        for state, ways in forward[p].items():
            finish = 0
            for r, w in enumerate(weights[p]):
                if w and state[r] < COPIES:
                    rest = back.get(_plus(state, r), 0) * (COPIES - state[r]) * w
                    sums[r] += ways * rest
                    finish += rest
            if finish:
                before[state] = finish
        by.update({(p, role): sums[r] * factor for r, role in enumerate(roles)})
        back = before
    start = (0,) * len(roles)
    return Counts(back.get(start, 0) * factor, by, scale)


def count_player(roles: Sequence[str], rows: Sequence[Sequence[Fraction]], player: int) -> Counts:
    """The counts of :func:`count_weights` for one player: ``total`` and ``by[(player,
    role)]`` for every role (the other players' are left out), the same numbers, in one
    forward pass over the other players with ``player`` last: a few times faster when one
    player's odds are wanted (a review asks for the claimant's at each chance to doubt).

    >>> rows = [[Fraction(1), Fraction(0)], [Fraction(1), Fraction(1, 4)], [Fraction(1, 2), Fraction(1)]]
    >>> one, every = count_player(("King", "Thief"), rows, 1), count_weights(("King", "Thief"), rows)
    >>> one.total == every.total, one.by == {k: v for k, v in every.by.items() if k[0] == 1}
    (True, True)
    """
    whole, scale, factor = _whole(rows)
    others = [w for p, w in enumerate(whole) if p != player]
    layers, steps = _steps(len(roles), len(rows))
    ways = [1]
    for k, row in enumerate(others):
        ahead = [0] * len(layers[k + 1])
        for i, here in enumerate(ways):
            if here:
                for r, j, copies in steps[k][i]:
                    if row[r]:
                        ahead[j] += here * copies * row[r]
        ways = ahead
    row, sums = whole[player], [0] * len(roles)
    for i, here in enumerate(ways):
        if here:
            for r, _seen, copies in steps[len(others)][i]:
                if row[r]:
                    sums[r] += here * copies * row[r]
    return Counts(sum(sums) * factor, {(player, role): sums[r] * factor for r, role in enumerate(roles)}, scale)


def _whole(rows: Sequence[Sequence[Fraction]]) -> tuple[list[list[int]], int, int]:
    """Each row scaled to whole numbers by its common denominator and divided by their
    greatest common divisor; the product of the scales, and of the divisors."""
    scales = [math.lcm(*(w.denominator for w in row)) for row in rows]
    whole = [[w.numerator * (s // w.denominator) for w in row] for row, s in zip(rows, scales, strict=True)]
    common = [math.gcd(*row) or 1 for row in whole]
    return [[w // g for w in row] for row, g in zip(whole, common, strict=True)], math.prod(scales), math.prod(common)


@cache
def _steps(roles: int, players: int) -> tuple[list[list[State]], list[list[tuple[tuple[int, int, int], ...]]]]:
    """Every count vector (how many of each role's cards are dealt) after ``k`` players,
    layer by layer, and from each vector the steps one more player can take: ``(role,
    index of the vector it leads to, how many of that role's cards are left)``."""
    layers: list[list[State]] = [[(0,) * roles]]
    steps = []
    for _player_step in range(players):
        ahead: dict[State, int] = {}
        layer_steps = []
        for state in layers[-1]:
            layer_steps.append(tuple((r, ahead.setdefault(_plus(state, r), len(ahead)), COPIES - state[r])
                                     for r in range(roles) if state[r] < COPIES))
        steps.append(layer_steps)
        layers.append(list(ahead))
    return layers, steps


def _forward(weights: list[list[int]]) -> list[dict[State, int]]:
    """For each player, the weighted ways to reach each count vector before them."""
    layers = [{(0,) * len(weights[0]): 1}]
    for row in weights:
        nxt: dict[State, int] = {}
        for state, ways in layers[-1].items():
            for r, w in enumerate(row):
                if w and state[r] < COPIES:
                    child = _plus(state, r)
                    nxt[child] = nxt.get(child, 0) + ways * (COPIES - state[r]) * w
        layers.append(nxt)
    return layers


def _plus(state: State, r: int) -> State:
    return (*state[:r], state[r] + 1, *state[r + 1:])


def _factors(model: BluffModel, roles: Sequence[str], facts: Sequence[Fact]) -> list[Fraction]:
    """The number each role of one player is multiplied by, over that player's facts.

    Claims are counted by (role, spoken or silent) first: ``k`` equal claims multiply a
    role by one chance to the power ``k``, so a row costs one pass over the facts and a
    few powers, however many claims there are.
    """
    ruled = set()  # roles a seen fact gives a weight of 0
    claims: Counter[tuple[str, bool]] = Counter()
    for f in facts:
        if isinstance(f, Holds):
            ruled.update(r for r in roles if r != f.role)
        elif isinstance(f, IsNot):
            ruled.add(f.role)
        else:
            claims[f.role, f.spoke] += 1
    return weights(model, roles, ruled, claims)


def weights(model: BluffModel, roles: Sequence[str], ruled: Collection[str],
            claims: Mapping[tuple[str, bool], int]) -> list[Fraction]:
    """One player's row of weights, a number per role: 0 for a role in ``ruled`` (seen
    not to be the player's), else the product over ``claims`` (``(role, spoke) -> how
    many``) of each claim's chance under ``model``, held or not.

    >>> weights(BluffModel(), ("King", "Thief", "Wizard"), {"Wizard"}, {("King", True): 2})
    [Fraction(1, 1), Fraction(1, 16), Fraction(0, 1)]
    """
    chances = {}  # (claimed role, spoken) -> (the chance if held, if not held), to the power k
    for (role, spoke), k in claims.items():
        honest, bluff = model.honest, model.bluff_for(role)
        held, not_held = (honest, bluff) if spoke else (1 - honest, 1 - bluff)
        chances[role, spoke] = (held ** k, not_held ** k)
    out = []
    for role in roles:
        w = Fraction(0 if role in ruled else 1)
        for (claimed, _spoke), (held, not_held) in chances.items():
            if not w:
                break
            w *= held if claimed == role else not_held
        out.append(w)
    return out


def conflict_error(case: Case, facts: Sequence[Fact] | None = None) -> ConflictError:
    """The error for a case no deal fits (under ``facts``, by default the case's own),
    naming a minimal set of conflicting facts: a fact is dropped whenever the others still
    admit no deal.

    Whether some deal fits depends only on which roles each player's facts rule out (a
    weight of 0), so each trial is a small matching of players to the cards, not a count
    of deals. A fact whose roles are all ruled out by other facts kept so far changes
    nothing when dropped, so it is dropped without a trial: the search is one pass over
    the facts with a matching only for the few that rule a role out alone.
    """
    facts = case.facts if facts is None else facts
    roles = case.edition.roles
    ruled = [[0] * len(roles) for _ in range(case.players)]  # facts ruling out (player, role)
    zeros_of: dict[tuple[object, ...], list[int]] = {}
    zeros = [_zeros(case.model, roles, fact, zeros_of) for fact in facts]
    for fact, out in zip(facts, zeros, strict=True):
        for r in out:
            ruled[fact.player][r] += 1
    kept = []
    for fact, out in zip(facts, zeros, strict=True):
        mine = ruled[fact.player]
        for r in out:
            mine[r] -= 1
        if out and not all(mine[r] for r in out) and _fits(ruled, len(roles)):  # needed: keep it
            for r in out:
                mine[r] += 1
            kept.append(fact)
    said = "; ".join(map(case.said, kept))
    return ConflictError(_("no deal of the cards fits these facts together: {facts}").format(facts=said), tuple(kept))


def _zeros(model: BluffModel, roles: Sequence[str], fact: Fact,
           known: dict[tuple[object, ...], list[int]] | None = None) -> list[int]:
    """The roles (by index) that ``fact`` gives a weight of 0 for its player; ``known``
    holds the answers for facts of the same kind, role and ``how`` or ``spoke``."""
    known = {} if known is None else known
    key = (type(fact), fact.role, fact.spoke if isinstance(fact, Claim) else None)
    if key not in known:
        known[key] = [r for r, w in enumerate(_factors(model, roles, [fact])) if w == 0]
    return known[key]


def _fits(ruled: list[list[int]], roles: int) -> bool:
    """Whether every player can be dealt a card of a role nothing rules out for them, with
    two cards of each role: a matching of players to cards (augmenting paths)."""
    holder: dict[int, int] = {}  # card (role * COPIES + copy) -> player

    def place(p: int, seen: set[int]) -> bool:
        for card in range(roles * COPIES):
            if ruled[p][card // COPIES] == 0 and card not in seen:
                seen.add(card)
                if card not in holder or place(holder[card], seen):
                    holder[card] = p
                    return True
        return False

    return all(place(p, set()) for p in range(len(ruled)))


def _count(n: int) -> str:
    """A count of deals as the language writes it (English: with commas, 1,234,567, as
    the explanations always have; German: 1.234.567)."""
    return f"{n:,}" if language() == LANGUAGES[0] else number(n, 0)


def _player(case: Case, player: int) -> int:
    return whole_number("player", player, 0, case.players - 1)
