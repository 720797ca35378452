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

from bluffmath.display import decimal, fraction_json, written

from ..markup import chance, esc, rows
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


def _s(n: int, noun: str) -> str:
    """``noun`` for one, its plural otherwise."""
    return noun if n == 1 else noun + "s"


def _were(n: int, noun: str) -> str:
    """"claim was" or "claims were"."""
    return f"{noun} was" if n == 1 else f"{noun}s were"


def _exact(kind: str, x: Fraction) -> str:
    return f'<span class="{kind}" data-p="{fraction_json(x)}"><b>{written(x)}</b> (about {decimal(x)})</span>'


def picture(records: Sequence[Record]) -> str:
    """The panel (see the module docstring)."""
    head = "<h3>Claims, lies caught and missed, and the exact chance at each challenge</h3>"
    f = figures(records)
    stated = ('<p class="small">A chance is the accuser’s exact posterior at that moment (the core’s count of the '
              "deals, from the accuser’s card, looks and the public facts), that the target held the role; a claim "
              f"counts as the bluffing model says: a holder always speaks, a non-holder claims with probability "
              f"{MODEL.bluff_for('King')}. It is shown once the game is over.</p>")
    public = (f'<p class="big">{_b("claims", f.claims)} {_s(f.claims, "claim")} made; '
              f'{_b("challenges", f.challenges)} “Hoax!”, {_b("carried", f.carried)} carried by the vote, '
              f'{_b("caught", f.caught)} of them a lie caught; {_b("accusations", f.accusations)} '
              f'{_s(f.accusations, "accusation")}, {_b("accusations-right", f.accusations_right)} right.</p>')
    if f.finished:
        end = (f'<p class="big">In the {_b("finished", f.finished)} {_s(f.finished, "game")} over: '
               f'{_b("lies", f.lies)} {_were(f.lies, "claim")} a lie, {_b("missed", f.missed)} never caught. '
               f'Among the doubted claims {_b("doubted-lies", f.doubted_lies)} '
               f'{"was a lie" if f.doubted_lies == 1 else "were lies"}; the accusers’ chances expected '
               f'{_exact("expected-doubted-lies", f.expected_doubted_lies)}. '
               f'{_b("finished-accusations-right", f.finished_accusations_right)} '
               f'{_were(f.finished_accusations_right, "accusation")} right; '
               f'the chances expected {_exact("expected-accusations-right", f.expected_accusations_right)}.</p>')
    else:
        end = '<p class="small">Lies that were never caught show when a game is over.</p>'
    return head + public + end + stated + _list(records)


def _list(records: Sequence[Record]) -> str:
    cells = []
    for record in records:
        names = record.seating.names
        done = over(record)
        for n in notes_of(record):
            role = n.role if n.kind == "challenge" or done else "a role, in secret"
            what = {"challenge": f"Hoax! on {esc(names[n.target])} as the {role}",
                    "accusation": f"accused {esc(names[n.target])}: {role}",
                    "showdown": f"showdown: {esc(names[n.target])} is not the {role}"}[n.kind]
            if n.kind == "accusation":
                outcome = "right" if n.held else "wrong"
            elif n.kind == "showdown":
                outcome = "it was: wrong" if n.held else "right"
            elif not n.carried:
                outcome = ("vote failed: " + ("true" if n.held else "a lie")) if done else "vote failed"
            else:
                outcome = "a lie, caught" if not n.held else "true: the claimant wins"
            cells.append([f"T{record.table} G{record.game}", esc(names[n.accuser]), what,
                          chance(n.chance) if done else "at the end", outcome])
    if not cells:
        return "<p>No challenge or accusation yet.</p>"
    return scroll_box(rows(reversed(cells), ["table, game", "accuser", "challenge or accusation", "P(held)", "outcome"],
                           "doubts-table hx-notes-table"), "every challenge and accusation with its chance",
                      tall=True)
