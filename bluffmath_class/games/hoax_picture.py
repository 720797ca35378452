"""The class's Hoax beside the exact mathematics, for the teacher's screen: claims, lies
caught and missed, and the exact posterior of the truth at each challenge and accusation.

Live, the picture holds only what is public: how many claims were made, each "Hoax!" and
whether its vote carried and exposed a lie or a truth, each accusation and whether it was
right (the named role is seen by accuser and accused alone). A posterior is the accuser's
(it counts the accuser's own card), so it is shown once that game is over, with the lies
that were told and never caught, which only the cards turned over at the end show.

>>> from bluffmath.hoax import Game
>>> from bluffmath.hoax.actions import Act, Hoax, Take, Vote
>>> from bluffmath_class.games import GAMES, Record, Seating
>>> rules = GAMES["hoax"]
>>> state, notes = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game(), []
>>> for action in [Take(0), Take(1), Take(2), Act("Judge", "take", token=1), Hoax(), Vote(True)]:
...     before, state = state, state.apply(action)
...     notes.append(rules.note(before, action, state))
>>> record = Record(Seating(("Ann", "Bo", "Cy")), state, [n for n in notes if n], table=1, game=1)
>>> f = figures([record])
>>> f.claims, f.challenges, f.carried, f.caught, f.finished
(1, 1, 1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bluffmath.display import fraction_json, written
from bluffmath.hoax.roles import role_words
from bluffmath.i18n import _, n_, number

from ..markup import chance, esc, rows, tag
from .base import Record, scroll_box
from .hoax_notes import MODEL, ChallengeNote


def over(record: Record) -> bool:
    """Whether the record's game is over (finished, or ended by the teacher)."""
    return record.ended_by is not None or record.state.is_terminal


def notes_of(record: Record) -> list[ChallengeNote]:
    return [n for n in record.notes if isinstance(n, ChallengeNote)]


def claims_of(record: Record) -> list[tuple[int, str]]:
    """Every claim of the game: (seat, role), in order (public)."""
    from bluffmath.hoax.events import Claimed

    return [(e.seat, e.role) for e in record.state.log if isinstance(e, Claimed)]


@dataclass(frozen=True)
class Figures:
    """The picture's numbers. Public: claims, challenges, those whose vote carried, lies
    caught, accusations, right ones. Over the games that are over: how many, the lies told
    and missed, the doubted claims that were lies and the expected number (the sum of the
    accusers' chances of a lie), the right accusations there and the expected number."""

    claims: int
    challenges: int
    carried: int
    caught: int
    accusations: int
    accusations_right: int
    finished: int
    lies: int
    missed: int
    doubted_lies: int
    expected_doubted_lies: Fraction
    finished_accusations_right: int
    expected_accusations_right: Fraction


def figures(records: Sequence[Record]) -> Figures:
    """The picture's numbers over every game of ``records``."""
    notes = [n for r in records for n in notes_of(r)]
    challenges = [n for n in notes if n.kind == "challenge"]
    accusations = [n for n in notes if n.kind == "accusation"]
    done = [r for r in records if over(r)]
    ended = [n for r in done for n in notes_of(r)]
    lies = sum(r.state.cards[s] != role for r in done for s, role in claims_of(r))
    caught_done = sum(n.kind == "challenge" and n.carried and not n.held for n in ended)
    doubted = [n for n in ended if n.kind == "challenge"]
    accused = [n for n in ended if n.kind == "accusation"]
    return Figures(sum(len(claims_of(r)) for r in records), len(challenges), sum(n.carried for n in challenges),
                   sum(n.carried and not n.held for n in challenges), len(accusations),
                   sum(n.held for n in accusations), len(done), lies, lies - caught_done,
                   sum(not n.held for n in doubted), sum((1 - n.chance for n in doubted), Fraction(0)),
                   sum(n.held for n in accused), sum((n.chance for n in accused), Fraction(0)))


def _b(name: str, n: int) -> str:
    return f'<b data-{name}="{n}">{n}</b>'


def _exact(kind: str, x: Fraction) -> str:
    about = _("(about {x})").format(x=number(x, 2))
    return f'<span class="{kind}" data-p="{fraction_json(x)}"><b>{written(x)}</b> {about}</span>'


def picture(records: Sequence[Record]) -> str:
    """The panel (see the module docstring)."""
    head = tag("h3", _("Claims, lies caught and missed, and the exact chance at each challenge"))
    f = figures(records)
    stated = _("A chance is the accuser’s exact posterior at that moment (the core’s count of the deals, from the "
               "accuser’s card, looks and the public facts), that the target held the role; a claim counts as the "
               "bluffing model says: a holder always speaks, a non-holder claims with probability {bluff}. It is "
               "shown once the game is over.").format(bluff=MODEL.bluff_for("King"))
    said = [n_("{n} claim made", "{n} claims made", f.claims).format(n=_b("claims", f.claims)),
            n_("{n} “Hoax!”, {carried} carried by the vote, {caught} of them a lie caught",
               "{n} “Hoax!”, {carried} carried by the vote, {caught} of them a lie caught", f.challenges).format(
                n=_b("challenges", f.challenges), carried=_b("carried", f.carried), caught=_b("caught", f.caught)),
            n_("{n} accusation, {right} right", "{n} accusations, {right} right", f.accusations).format(
                n=_b("accusations", f.accusations), right=_b("accusations-right", f.accusations_right))]
    public = f'<p class="big">{"; ".join(said)}.</p>'
    if f.finished:
        end = f'<p class="big">{" ".join(_finished(f))}</p>'
    else:
        end = tag("p", _("Lies that were never caught show when a game is over."), ' class="small"')
    return head + public + end + tag("p", stated, ' class="small"') + _list(records)


def _finished(f: Figures) -> list[str]:
    """The sentences about the games that are over: the lies told and missed, and what the
    accusers' chances expected."""
    return [
        n_("In the {n} game over: {lies}.", "In the {n} games over: {lies}.", f.finished).format(
            n=_b("finished", f.finished),
            lies=n_("{lies} claim was a lie, {missed} never caught", "{lies} claims were a lie, {missed} never caught",
                    f.lies).format(lies=_b("lies", f.lies), missed=_b("missed", f.missed))),
        n_("Among the doubted claims {n} was a lie; the accusers’ chances expected {expected}.",
           "Among the doubted claims {n} were lies; the accusers’ chances expected {expected}.", f.doubted_lies).format(
            n=_b("doubted-lies", f.doubted_lies), expected=_exact("expected-doubted-lies", f.expected_doubted_lies)),
        n_("{n} accusation was right; the chances expected {expected}.",
           "{n} accusations were right; the chances expected {expected}.", f.finished_accusations_right).format(
            n=_b("finished-accusations-right", f.finished_accusations_right),
            expected=_exact("expected-accusations-right", f.expected_accusations_right))]


def _list(records: Sequence[Record]) -> str:
    cells = []
    for record in records:
        names = record.seating.names
        done = over(record)
        for n in notes_of(record):
            cells.append([_("T{table} G{game}").format(table=record.table, game=record.game), esc(names[n.accuser]),
                          _what(n, esc(names[n.target]), done), chance(n.chance) if done else _("at the end"),
                          _outcome(n, done)])
    if not cells:
        return tag("p", _("No challenge or accusation yet."))
    head = [_("table, game"), _("accuser"), _("challenge or accusation"), _("P(held)"), _("outcome")]
    return scroll_box(rows(reversed(cells), head, "doubts-table hx-notes-table"),
                      esc(_("every challenge and accusation with its chance")), tall=True)


def _what(n: ChallengeNote, name: str, done: bool) -> str:
    """A challenge or an accusation in words (an accusation's named role, and while the game
    is played a showdown doubt's too, said only once the game is over)."""
    if n.kind == "challenge":
        return _("Hoax! on {name} as the {role}").format(name=name, role=role_words(n.role))
    if n.kind == "accusation":
        said = _("accused {name}: {role}") if done else _("accused {name}: a role, in secret")
    else:
        said = _("showdown: {name} is not the {role}") if done else _("showdown: {name} is not the a role, in secret")
    return said.format(name=name, role=role_words(n.role))


def _outcome(n: ChallengeNote, done: bool) -> str:
    if n.kind == "accusation":
        return _("right") if n.held else _("wrong")
    if n.kind == "showdown":
        return _("it was: wrong") if n.held else _("right")
    if not n.carried:
        if not done:
            return _("vote failed")
        return _("vote failed: true") if n.held else _("vote failed: a lie")
    return _("a lie, caught") if not n.held else _("true: the claimant wins")
