"""What the Hoax table shows, as HTML: the state line, every player's tokens, the log, the end.

Each part reads a :class:`~bluffmath.hoax.State` and the players' names; names are escaped
(a person may type them). Only what the seat ``me`` may know is shown until the game ends;
the end panel turns every card over.

>>> from bluffmath.hoax import Game
>>> state = Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()
>>> "data-phase='take'" in status_html(state, ("Ann", "Bo", "Cy"), 0)
True
>>> end_html(state, ("Ann", "Bo", "Cy"))
''
"""

from __future__ import annotations

from html import escape

from bluffmath.hoax import State
from bluffmath.hoax.actions import Pass
from bluffmath.hoax.events import Claimed, Turn
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.tokens import TOKENS
from bluffmath.hoax.words import how_words
from bluffmath.i18n import _

from .grid import TEXT
from .table_words import NO_MOVE, PROMPTS, token_words

__all__ = ["end_html", "log_html", "status_html", "tokens_html"]

#: The phases in which I answer a claim (doubt it, vote on it, react to it, pay for it).
_ABOUT_A_CLAIM = {"doubt", "vote", "king", "judge", "vicar", "pay", "settle"}
_CELL = "padding: 0.15em 0.45em; white-space: nowrap"
_BOX = "overflow-x: auto; max-width: 100%"


def status_html(state: State, names: tuple[str, ...], me: int) -> str:
    """Whose move it is and what they are asked, with ``data-`` attributes for tests."""
    attrs = (f"class='bm-hoax-state' data-phase='{state.phase}' data-moves='{len(state.actions)}' "
             f"data-turn='{state.turn}' data-mine='{int(state.to_act == me)}'")
    if state.is_terminal:
        text = _("The game is over.")
    elif state.to_act == me:
        stuck = state.phase == "turn" and state.legal_actions() == [Pass()]
        prompt = _(NO_MOVE if stuck else PROMPTS.get(state.phase, state.phase))
        text = _("<b>Your move</b>: {prompt}").format(prompt=prompt) + ("" if prompt.endswith("?") else ".")
    else:
        text = _("{name} is to move.").format(name=escape(names[state.to_act]))
    card = _("Your card: {card}.").format(card=f"<b class='bm-hoax-my-card'>{role_words(state.cards[me])}</b>")
    left = "" if state.alive[me] else " " + _("You have left the game; the others play on.")
    log = state.view(me).log
    last = next((e for e in reversed(log) if not isinstance(e, Turn)), None)
    latest = ("<br>" + _("Latest: {event}.").format(event=escape(last.text(names)))
              if last is not None and not state.is_terminal else "")
    if state.to_act == me and state.phase in _ABOUT_A_CLAIM:
        claim = next((e for e in reversed(log) if isinstance(e, Claimed | Turn)), None)
        if isinstance(claim, Claimed) and claim is not last:
            latest += "<br>" + _("The claim in question: {claim}.").format(claim=escape(claim.text(names)))
    turn = _("Turn {turn}.").format(turn=state.turn)
    return f"<div {attrs} style='color: {TEXT}'>{card} {turn} {text}{left}{latest}</div>"


def tokens_html(state: State, names: tuple[str, ...], me: int) -> str:
    """Every player's tokens outside and trios in the vault, the roles covered, who is in."""
    vault = "<abbr title='{title}'>{vault}</abbr>".format(title=_("trios in the vault"), vault=_("vault"))
    head = "".join(f"<th style='{_CELL}'>{h}</th>"
                   for h in ("", *map(token_words, range(len(TOKENS))), vault, _("covered")))
    rows = []
    for seat, name in enumerate(names):
        who = (_("{name} (you)").format(name=escape(name)) if seat == me else escape(name)) + (
            "" if state.alive[seat] else " – " + _("out"))
        cells = [*(str(n) for n in state.outside[seat]), str(state.vault[seat]),
                 ", ".join(role_words(r) for r in sorted(state.covered[seat])) or "–"]
        rows.append(f"<tr class='bm-hoax-holding' data-seat='{seat}'><th style='{_CELL}; text-align: left'>{who}</th>"
                    + "".join(f"<td style='{_CELL}; text-align: center'>{c}</td>" for c in cells) + "</tr>")
    castle = "".join(f"<td style='{_CELL}; text-align: center'>{n}</td>" for n in state.castle)
    rows.append(f"<tr><th style='{_CELL}; text-align: left'>" + _("the castle") + f"</th>{castle}<td></td><td></td></tr>")
    return (f"<div class='bm-hoax-tokens' style='{_BOX}'><table style='border-collapse: collapse; color: {TEXT}'>"
            f"<tr>{head}</tr>{''.join(rows)}</table></div>")


def log_html(state: State, names: tuple[str, ...], me: int) -> str:
    """What ``me`` has seen, newest first, one line an event, a turn's start in bold."""
    lines = []
    for event in reversed(state.view(me).log):
        text = escape(event.text(names))
        lines.append(f"<li><b>{text}</b></li>" if isinstance(event, Turn) else f"<li>{text}</li>")
    return (f"<div class='bm-hoax-log' style='max-height: 16em; overflow: auto; color: {TEXT}'>"
            f"<ul style='margin: 0; padding-left: 1.2em'>{''.join(lines)}</ul></div>")


def end_html(state: State, names: tuple[str, ...]) -> str:
    """The end: the winner (or a draw, said so) and every player's card; '' while playing."""
    if not state.is_terminal:
        return ""
    how = escape(how_words(state.how))
    if state.winner is None:
        result = _("No winner: {how}.").format(how=how)
    else:
        result = _("<b>{name} wins</b> ({how}).").format(name=escape(names[state.winner]), how=how)
    cards = "".join(f"<li data-seat='{seat}' data-card='{card}'>"
                    + _("{name}: the {role}").format(name=escape(names[seat]), role=role_words(card)) + "</li>"
                    for seat, card in enumerate(state.cards))
    winner = "" if state.winner is None else state.winner
    return (f"<div class='bm-hoax-end' data-winner='{winner}' style='color: {TEXT}; border: 2px solid #2e7d32; "
            f"padding: 0.4em'>{result} " + _("Every card:") + f"<ul style='margin: 0'>{cards}</ul></div>")
