"""Why a card's place is certain, in words a player can follow at the table.

The simplest reason wins: a "not mine" mark; the circle rule (a number already reached
by the seat's laid cards); counting inside one table until nothing changes (a number
whose cross has room for exactly the cards it still needs, or for none; the same for the
hand); every hand that fits that one table; and last, every deal that fits all tables.

>>> from bluffmath.gauner.position import Position
>>> hand = ["red-A", "red-B", "red-C", "red-D", "red-E", "red-F",
...         "yellow-A", "yellow-B", "yellow-C", "yellow-D", "yellow-E", "yellow-F"]
>>> p = Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand,
...     "tables": [{}, {"numbers": {"green-A": 0}, "not_mine": ["blue-B"]}]})
>>> from bluffmath.gauner.solve import solve
>>> forced = solve(p).forced
>>> [(f.holder, f.cell, f.held, f.kind) for f in forced][:2]
[(1, 'green-A', False, 'circle'), (1, 'green-B', False, 'circle')]
>>> print(forced[0].reason)
seat 1 wrote 0 at green-A and has laid 0 green or A cards: none of its hidden cards is green or A
>>> [f.reason for f in forced if f.cell == "blue-B" and f.holder == 1]
['seat 1 marked blue-B not mine']

A table that names its players gets the same reasons with the names (seat 0 is me):

>>> print(forced_cells(solve(p), names=("You", "Ann"))[0].reason)
Ann wrote 0 at green-A and has laid 0 green or A cards: none of their hidden cards is green or A
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bluffmath.errors import InvalidInputError
from bluffmath.gauner.grid import GRID
from bluffmath.gauner.joint import Counts, Holder
from bluffmath.gauner.kept import counted
from bluffmath.gauner.position import Constraint, Position, SeatFacts, cell_words, colour_words
from bluffmath.i18n import _, n_


@dataclass(frozen=True)
class Forced:
    """A cell whose place is certain: ``held`` says whether ``holder`` has it; ``reason`` says why.

    ``kind`` is ``"mark"`` (a "not mine" mark), ``"circle"`` (a number already reached by
    laid cards), ``"count"`` (counting inside one table), ``"own table"`` (every hand
    that fits that table) or ``"all tables"`` (every deal that fits all tables).
    """

    holder: Holder
    cell: str
    held: bool
    kind: str
    reason: str


class Solved(Protocol):
    """What the reasons read of a solution (a :class:`~bluffmath.gauner.solve.Solution`):
    the position, the counts, the holders and how many deals, and the seat whose table
    alone was used (None for the joint answer)."""

    @property
    def position(self) -> Position: ...

    @property
    def counts(self) -> Counts: ...

    @property
    def alone(self) -> int | None: ...

    @property
    def deals(self) -> int: ...

    @property
    def holders(self) -> tuple[Holder, ...]: ...


@dataclass(frozen=True)
class Wording:
    """How a reason names a seat: "seat 1" (its cards) by default, or by the table's names
    (their cards); :attr:`named` picks between the two wordings of each sentence."""

    names: tuple[str, ...] | None = None

    def who(self, seat: int) -> str:
        return _("seat {seat}").format(seat=seat) if self.names is None else self.names[seat]

    @property
    def named(self) -> bool:
        return self.names is not None


def forced_cells(solution: Solved, names: Sequence[str] | None = None, *,
                 held_only: bool = False) -> tuple[Forced, ...]:
    """Every (holder, unknown cell) whose probability is 0 or 1, with the simplest reason;
    ``names``: what to call each seat in the reasons (one name per seat), or "seat N";
    ``held_only``: only the cells a holder surely has (a page that lists certain cards
    skips the reasons for the many cells ruled out, which can take a solve each)."""
    position = solution.position
    words = Wording(None if names is None else _names(names, position.players))
    by_seat = {seat: _counting(position.seat_facts(seat), words)
               for seat in solution.holders if seat != "surplus"}
    alone: dict[int, Counts] = {}
    out = []
    for holder, held in solution.counts.held.items():
        if holder == "surplus" and solution.alone is not None:
            continue  # in a quick answer the "surplus" is just "anyone else"
        for cell, ways in held.items():
            if 0 < ways < solution.deals or (held_only and ways == 0):
                continue
            certain = ways == solution.deals
            kind, reason = _reason(solution, by_seat, alone, holder, cell, certain, words)
            out.append(Forced(holder, GRID.name(cell), certain, kind, reason))
    return tuple(out)


def _names(names: object, players: int) -> tuple[str, ...]:
    if (not isinstance(names, Sequence) or isinstance(names, str) or len(names) != players
            or not all(isinstance(n, str) and n.strip() for n in names)):
        raise InvalidInputError(f"names must be {players} non-empty names, one per seat, got {names!r:.60}")
    return tuple(names)


def _reason(solution: Solved, by_seat: dict[int, dict[int, tuple[str, str, bool]]],
            alone: dict[int, Counts], holder: Holder, cell: int, certain: bool,
            words: Wording) -> tuple[str, str]:
    """The simplest reason, trying one table's deductions before counting hands or deals."""
    mine = by_seat.get(holder, {}) if holder != "surplus" else _surplus(by_seat, cell)
    if cell in mine and mine[cell][2] == certain:
        return mine[cell][:2]
    if not certain:  # another holder surely has it
        for seat, deductions in by_seat.items():
            if seat != holder and deductions.get(cell, ("", "", False))[2]:
                return deductions[cell][0], _has_it(words.who(seat), deductions[cell][1])
    if solution.alone is None:
        seats = [holder] if holder != "surplus" else []
        if not certain:
            seats += [seat for seat in by_seat if seat != holder]
        for seat in seats:
            if seat not in alone:  # the quick answer's counts (solve_alone's): that seat's table alone
                position = solution.position
                alone[seat] = counted((position.seat_facts(seat),), position.unknown, "python")
            quick = alone[seat]
            if seat == holder and quick.held[seat][cell] in (0, quick.total):
                return "own table", _every_hand(certain, quick.total, words.who(seat))
            if seat != holder and quick.held[seat][cell] == quick.total:
                return "own table", _has_it(words.who(seat), _every_hand(True, quick.total, words.who(seat)))
    if solution.alone is not None:
        return "own table", _every_hand(certain, solution.deals, words.who(solution.alone))
    return "all tables", _every_deal(certain, solution.deals)


def _has_it(who: str, reason: str) -> str:
    """Another holder surely has the cell, for ``reason``."""
    return _("{who} has it: {reason}").format(who=who, reason=reason)


def _every_hand(certain: bool, count: int, who: str) -> str:
    """ "in every one of the 12 hands that fit seat 1's table", "in none of ...", "not in the only ..." """
    if count == 1:
        return (_("in the only hand that fits {who}'s table") if certain else
                _("not in the only hand that fits {who}'s table")).format(who=who)
    return (_("in every one of the {count} hands that fit {who}'s table") if certain else
            _("in none of the {count} hands that fit {who}'s table")).format(count=count, who=who)


def _every_deal(certain: bool, count: int) -> str:
    """ "in every one of the 12 deals that fit all tables", "in none of ...", "not in the only ..." """
    if count == 1:
        return _("in the only deal that fits all tables") if certain else _("not in the only deal that fits all tables")
    return (_("in every one of the {count} deals that fit all tables") if certain else
            _("in none of the {count} deals that fit all tables")).format(count=count)


def _surplus(by_seat: dict[int, dict[int, tuple[str, str, bool]]], cell: int) -> dict[int, tuple[str, str, bool]]:
    """The surplus surely has a cell when every opponent's own table rules it out."""
    said = [d[cell] for d in by_seat.values() if cell in d and not d[cell][2]]
    if len(said) < len(by_seat):
        return {}
    kinds = {kind for kind, _reason, _held in said}
    kind = kinds.pop() if len(kinds) == 1 else "count"
    reasons = "; ".join(reason for _kind, reason, _held in said)
    return {cell: (kind, _("no opponent can hold it: {reasons}").format(reasons=reasons), True)}


def _counting(facts: SeatFacts, words: Wording) -> dict[int, tuple[str, str, bool]]:
    """What one table proves by marks, circles and counting: cell -> (kind, reason, held)."""
    seat = facts.seat
    found: dict[int, tuple[str, str, bool]] = {
        cell: ("mark", _("{who} marked {cell} not mine").format(who=words.who(seat), cell=cell_words(cell)), False)
        for cell in GRID.cells if cell not in facts.allowed
    }
    changed = True
    while changed:
        changed = False
        for con in facts.constraints:
            for cell, kind, reason, held in _from_number(seat, con, found, words):
                found[cell] = (kind, reason, held)
                changed = True
        open_cells = facts.allowed - found.keys()
        need = facts.hidden - sum(held for _, _, held in found.values())
        if open_cells and need in (0, len(open_cells)):
            verdict = _verdict(words, seat, facts.hidden, need)
            found.update((cell, ("count", verdict, need > 0)) for cell in open_cells)
            changed = True
    return found


def _verdict(words: Wording, seat: int, hidden: int, need: int) -> str:
    """Why counting a seat's hidden cards settles the cells still open: none or all of them."""
    who = words.who(seat)
    if need == 0:
        return n_("{who}'s {hidden} hidden cards are all accounted for",
                  "{who}'s {hidden} hidden cards are all accounted for", hidden).format(who=who, hidden=hidden)
    if need < hidden:
        text = (n_("{who} has {need} more hidden cards and only {need} cells can still hold them, so they have them all",
                   "{who} has {need} more hidden cards and only {need} cells can still hold them, so they have them all",
                   need) if words.named else
                n_("{who} has {need} more hidden cards and only {need} cells can still hold them, so it has them all",
                   "{who} has {need} more hidden cards and only {need} cells can still hold them, so it has them all",
                   need))
    else:
        text = (n_("{who} has {need} hidden cards and only {need} cells can still hold them, so they have them all",
                   "{who} has {need} hidden cards and only {need} cells can still hold them, so they have them all",
                   need) if words.named else
                n_("{who} has {need} hidden cards and only {need} cells can still hold them, so it has them all",
                   "{who} has {need} hidden cards and only {need} cells can still hold them, so it has them all",
                   need))
    return text.format(who=who, need=need)


def _from_number(seat: int, con: Constraint, found: dict[int, tuple[str, str, bool]],
                 words: Wording) -> list[tuple[int, str, str, bool]]:
    """Cells one number settles: none left to place in its cross, or exactly enough room."""
    open_cells = sorted(c for c in con.cells if c not in found)
    placed = sum(found[c][2] for c in con.cells if c in found)
    need = con.residual - placed
    if not open_cells or need not in (0, len(open_cells)):
        return []
    values = {"who": words.who(seat), "number": con.number, "cell": cell_words(con.cell),
              "colour": colour_words()[GRID.colour(con.cell)], "letter": GRID.letter(con.cell)}
    if need == 0 and not placed:
        laid = con.number - con.residual
        reason = (n_("{who} wrote {number} at {cell} and has laid {laid} {colour} or {letter} card: none of their "
                     "hidden cards is {colour} or {letter}",
                     "{who} wrote {number} at {cell} and has laid {laid} {colour} or {letter} cards: none of their "
                     "hidden cards is {colour} or {letter}", laid) if words.named else
                  n_("{who} wrote {number} at {cell} and has laid {laid} {colour} or {letter} card: none of its "
                     "hidden cards is {colour} or {letter}",
                     "{who} wrote {number} at {cell} and has laid {laid} {colour} or {letter} cards: none of its "
                     "hidden cards is {colour} or {letter}", laid))
        return [(c, "circle", reason.format(laid=laid, **values), False) for c in open_cells]
    if need == 0:
        reason = _("{who} wrote {number} at {cell}, and all {number} {colour} or {letter} cards are laid or already "
                   "placed, so there is no other").format(**values)
        return [(c, "count", reason, False) for c in open_cells]
    reason = (n_("{who} wrote {number} at {cell}: {need} more hidden {colour} or {letter} cards are needed and only "
                 "{need} cells can still hold them, so they have them all",
                 "{who} wrote {number} at {cell}: {need} more hidden {colour} or {letter} cards are needed and only "
                 "{need} cells can still hold them, so they have them all", need) if words.named else
              n_("{who} wrote {number} at {cell}: {need} more hidden {colour} or {letter} cards are needed and only "
                 "{need} cells can still hold them, so it has them all",
                 "{who} wrote {number} at {cell}: {need} more hidden {colour} or {letter} cards are needed and only "
                 "{need} cells can still hold them, so it has them all", need))
    return [(c, "count", reason.format(need=need, **values), True) for c in open_cells]
