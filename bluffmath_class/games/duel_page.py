"""The Hochstapler Duel's pages at the class table: a seat's view, its end and review, and
the teacher's public summary, as HTML regions. Nothing here computes a chance: the numbers
are the core's (:func:`~bluffmath.duel.strategies.call_chance`, the equilibrium that ships
with bluffmath, :func:`~bluffmath.duel.values.review`), and a seat's page is drawn
from its :class:`~bluffmath.duel.engine.DuelView` alone.

>>> from bluffmath.duel import Game
>>> from bluffmath_class.games.base import Seating
>>> state = Game(deck=(0, 1, 2, 3, 4)).new_game(seed=22).call(5)
>>> regions = seat_page(state.view(1), Seating(("<i>Ann</i>", "Ben")), "always")
>>> sorted(regions)
['board', 'hand', 'log', 'moves', 'odds', 'seats', 'status']
>>> regions["status"]
'<p class="status mine">Your turn</p>'
>>> "&lt;i&gt;Ann&lt;/i&gt;" in regions["board"] and "<i>" not in regions["board"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from bluffmath import duel as dp
from bluffmath.display import signed
from bluffmath.duel import call_chance
from bluffmath.duel.values import positions
from bluffmath.i18n import _, language, n_, number, percent
from bluffmath.review import Decision

from ..markup import button, chance, esc, own_only, rows, tag
from .base import Seating, Words, outcome, scroll_box, won_by

#: The longest exact fraction written out in full; a longer one (the real colour's
#: equilibrium has fractions of 100 digits) is a percentage that opens to its digits.
SHORT = 13
HALF = Fraction(1, 2)


def seat_page(view: dp.DuelView, seating: Seating, odds: str) -> dict[str, str]:
    """The regions of one seat's page (see the module docstring)."""
    return {
        "status": _status(view, seating),
        "hand": _hand(view),
        "board": _board(view, seating),
        "seats": _seats(view, seating),
        "moves": _moves(view, seating),
        "odds": _odds(view, seating) if odds == "always" else _odds_off(odds),
        "log": _log(view, seating, odds != "never"),
    }


# --- numbers -------------------------------------------------------------------------------


def exact(p: Fraction) -> str:
    """An exact probability: :func:`~bluffmath_class.markup.chance`, or for a fraction too
    long for a phone, its percentage that opens to show every digit."""
    if len(str(p)) <= SHORT:
        return chance(p)
    shown = percent(p).replace(" ", "&nbsp;").replace("\xa0", "&nbsp;")
    return (f'<details class="p long" data-p="{p.numerator}/{p.denominator}"><summary>{shown}</summary>'
            f'<span class="digits">{p}</span></details>')


def decimal(x: Fraction) -> str:
    """``x`` with two decimals, as the language writes them."""
    return number(x, 2)


def points(x: Fraction, sign: bool = True, about: bool = False) -> str:
    """Exact points with their sign (``sign=False``: a plain amount; ``about``: with two
    decimals beside it); a long one opens to show every digit."""
    x = Fraction(x)
    data = f'data-x="{x.numerator}/{x.denominator}"'
    text = signed(x) if sign else str(x)
    if len(text) <= SHORT:
        near = " " + _("(about {x})").format(x=decimal(x)) if about and x.denominator != 1 else ""
        return f'<span class="pts" {data}><b>{text}</b>{near}</span>'
    about_x = _("about {x}").format(x=("+" if sign and x > 0 else "") + decimal(x))
    return f'<details class="pts long" {data}><summary>{about_x}</summary><span class="digits">{text}</span></details>'


@lru_cache(maxsize=16)
def certified(deck: tuple[int, ...], player: int) -> Mapping[str, Mapping[str, Fraction]]:
    """The shipped equilibrium's play as ``player`` on ``deck``: the certificate's strategy,
    where an information set the equilibrium never reaches is missing. Made once per deck
    and player (the certificate copies its strategy each time it is asked, and the real
    colour's holds fractions of 100 digits)."""
    return MappingProxyType({key: MappingProxyType(mix)
                             for key, mix in dp.certificate(deck).strategy(player).items()})


@lru_cache(maxsize=16)
def game_value(deck: tuple[int, ...]) -> Fraction:
    """The game's value for the opener (the shipped certificate's), once per deck."""
    return dp.certificate(deck).value


# --- the table -----------------------------------------------------------------------------


def _status(view: dp.DuelView, seating: Seating) -> str:
    if view.to_act is None:
        return tag("p", _("The match is over"), ' class="status"')
    if view.to_act == view.me:
        return tag("p", _("Your turn"), ' class="status mine"')
    return tag("p", _("{name} to play").format(name=esc(seating.names[view.to_act])), ' class="status"')


def _hand(view: dp.DuelView) -> str:
    if view.card is None:
        return ""
    deck = " ".join(map(str, view.game.deck))
    said = _("The deck: {deck}. Each of you holds one card; the rest are out of play.").format(deck=deck)
    return (f'<div class="duel-hand"><span class="duel-card" data-value="{view.card}"><b>{view.card}</b>'
            + tag("small", _("your card")) + f'</span><p class="small">{said}</p></div>')


def _board(view: dp.DuelView, seating: Seating) -> str:
    game, me = view.game, view.me
    parts = []
    if view.deals:
        said = _("Last deal: {deal}").format(deal=deal_text(view.deals[-1], seating, me))
        parts.append(f'<p class="duel-last">{said}</p>')
    if view.card is None:
        return "".join(parts)
    mine, who = view.opener == me, esc(seating.names[view.opener])
    if game.deals > 1:
        said = (_("Deal {deal} of {deals}: you open (player 1).") if mine else
                _("Deal {deal} of {deals}: {name} opens (player 1)."))
    else:
        said = _("You open (player 1).") if mine else _("{name} opens (player 1).")
    parts.append("<p>" + said.format(deal=len(view.deals) + 1, deals=game.deals, name=who) + "</p>")
    if view.calls:
        call = f'<b class="duel-call-to-beat">{view.calls[-1]}</b>'
        said = (_("Call to beat: {call} by you: the two cards together reach at least {total}?") if _caller(view) == me
                else _("Call to beat: {call} by {name}: the two cards together reach at least {total}?"))
        said = said.format(call=call, name=esc(seating.names[_caller(view)]), total=view.calls[-1])
    else:
        said = (_("No call yet: you call a total from 1 to {top}.") if mine else
                _("No call yet: {name} calls a total from 1 to {top}.")).format(name=who, top=game.top)
    parts.append(f'<p class="to-beat">{said}</p>')
    said = _("A call of {top}, the highest, is doubted at once.").format(top=game.top)
    parts.append(f'<p class="small">{said}</p>')
    return "".join(parts)


def _caller(view: dp.DuelView) -> int:
    """The seat that made the last call of this deal."""
    return (view.opener + len(view.calls) - 1) % 2


def _by_me(view: dp.DuelView) -> bool:
    """Whether the last call is the reader's own."""
    return _caller(view) == view.me


def _seats(view: dp.DuelView, seating: Seating) -> str:
    scores = view.scores
    playing = view.to_act is not None
    cells = [[("▶ " if playing and s == view.to_act else "") + esc(seating.name(s, view.me)),
              signed(scores[s]), (_("opens") if s == view.opener else _("answers")) if playing else ""]
             for s in (0, 1)]
    return rows(cells, [_("player"), _("points"), _("this deal")], "seats")


# --- the moves -----------------------------------------------------------------------------


def _moves(view: dp.DuelView, seating: Seating) -> str:
    legal = view.legal
    if not legal:
        return ""
    parts = []
    if dp.DOUBT in legal:
        said = (_("Doubt your {total}") if _by_me(view) else _("Doubt {name}'s {total}")).format(
            name=esc(seating.names[_caller(view)]), total=view.calls[-1])
        parts.append(button(said, {"kind": "doubt"}, "doubt"))
    calls = "".join(button(str(a.total), {"kind": "call", "total": a.total}, "duel-call")
                    for a in legal if isinstance(a, dp.Call))
    said = (_("Or call a higher total: the two cards together reach at least it.") if view.calls else
            _("Call a total: the two cards together reach at least it."))
    parts.append(f'<p>{said}</p><div class="duel-calls">{calls}</div>')
    return "".join(parts)


# --- the odds ------------------------------------------------------------------------------


def _odds_off(odds: str) -> str:
    if odds == "after-doubt":
        said = _("Odds are shown when a deal ends and the cards are on the table: each move's chance from its "
                 "player's card, and the equilibrium's play there.")
    else:
        said = _("Odds are off for this game: play on your judgement.")
    return f'<p class="small">{said}</p>'


def _odds(view: dp.DuelView, seating: Seating) -> str:
    if view.card is None:
        return ""
    game, card = view.game, view.card
    parts = []
    if view.calls:
        p = call_chance(game.deck, card, view.calls[-1])
        said = (_("Your call of {total} is true with P = {p}, counting from your card {card}.") if _by_me(view) else
                _("{name}'s call of {total} is true with P = {p}, counting from your card {card}."))
        parts.append("<p>" + said.format(name=esc(seating.names[_caller(view)]), total=view.calls[-1], card=card,
                                         p=f'<span class="current">{exact(p)}</span>') + "</p>")
    if view.to_act == view.me:
        parts.append(_mix_table(view))
    value = game_value(game.deck)
    said = _("The game's value: under the equilibrium the opener expects {opener} a deal, the answerer "
             "{answerer}.").format(opener=points(value), answerer=points(-value))
    parts.append(f'<p class="small">{said}</p>')
    return "".join(parts)


def _mix_table(view: dp.DuelView) -> str:
    """Each move's chance to prove right from the seat's card, beside the equilibrium's
    chance of playing it here."""
    game, card = view.game, view.card
    reached = view.infoset in certified(game.deck, view.player)
    mix = dp.equilibrium_strategy(game.deck, view.player)[view.infoset]
    cells = []
    bluffs = Fraction(0)
    for action in view.legal:
        name = dp.action_name(action)
        if isinstance(action, dp.Doubt):
            right = 1 - call_chance(game.deck, card, view.calls[-1])
            label = _("doubt")
        else:
            right = call_chance(game.deck, card, action.total)
            label = _("call {total}").format(total=action.total) + (
                " " + tag("span", _("bluff"), ' class="bluff"') if right < HALF else "")
            bluffs += mix.get(name, 0) if right < HALF else 0
        eq = exact(mix.get(name, Fraction(0))) if reached else "–"
        cells.append(f'<tr data-action="{name}"><td>{label}</td><td class="right">{exact(right)}</td>'
                     f'<td class="eq">{eq}</td></tr>')
    head = "<tr>" + "".join(tag("th", t) for t in (_("move"), _("proves right, from your card"),
                                                    _("the equilibrium here"))) + "</tr>"
    table = scroll_box(f'<table class="duel-odds">{head}{"".join(cells)}</table>', esc(_("your moves' odds")))
    if not reached:
        first = dp.action_of(next(iter(mix)))
        said = (_("The equilibrium never comes here: its own play avoids this situation. The equilibrium bot would "
                  "doubt here.") if isinstance(first, dp.Doubt) else
                _("The equilibrium never comes here: its own play avoids this situation. The equilibrium bot would "
                  "call {total} here.")).format(total=getattr(first, "total", ""))
        return f'{table}<p class="small">{said}</p>'
    bluffed = f'<span class="eq-bluff">{exact(bluffs)}</span>'
    said = (_("Here the equilibrium doubts with P = {doubt} and bluffs (calls what is true less than half the time "
              "from its card) with P = {bluff}.") if view.calls else
            _("Here the equilibrium bluffs (calls what is true less than half the time from its card) with P = "
              "{bluff}."))
    return f"{table}<p>{said.format(doubt=exact(mix.get('doubt', Fraction(0))), bluff=bluffed)}</p>"


# --- the log -------------------------------------------------------------------------------


def deal_text(deal: dp.Deal, seating: Seating, me: int | None) -> str:
    """A finished deal in words: the cards, the calls, the doubt, who won (kept for each
    language: a finished deal never changes, and every page of its match shows it again at
    every move)."""
    return _deal_text(deal, seating, me, language())


@lru_cache(maxsize=1024)
def _deal_text(deal: dp.Deal, seating: Seating, me: int | None, spoken: str) -> str:
    name = [esc(seating.names[s]) for s in (0, 1)]
    held = ", ".join((_("you held {card}") if s == me else _("{name} held {card}")).format(
        name=name[s], card=f"<b>{deal.cards[s]}</b>") for s in (0, 1))
    calls = ", ".join(f"{esc(seating.name((deal.opener + i) % 2, me))} {t}" for i, t in enumerate(deal.calls))
    if deal.forced:
        doubt = _("{call} is the highest call, doubted at once").format(call=deal.calls[-1])
    else:
        doubt = (_("you doubted") if deal.doubter == me else _("{name} doubted")).format(name=name[deal.doubter])
    if deal.call_was_true:
        said = (_("{held}. Calls: {calls}; {doubt}: {sum} reaches {call}, you win the deal.") if deal.winner == me else
                _("{held}. Calls: {calls}; {doubt}: {sum} reaches {call}, {name} wins the deal."))
    else:
        said = (_("{held}. Calls: {calls}; {doubt}: {sum} falls short of {call}, you win the deal.")
                if deal.winner == me else
                _("{held}. Calls: {calls}; {doubt}: {sum} falls short of {call}, {name} wins the deal."))
    return said.format(held=held, calls=calls, doubt=doubt, call=deal.calls[-1], name=name[deal.winner],
                       sum=f"{deal.cards[0]} + {deal.cards[1]} = {deal.total}")


def move_notes(deal: dp.Deal, game: dp.Game, seating: Seating, me: int | None) -> str:
    """Each move of a finished deal with its chance from its player's card and the
    equilibrium's chance of it there (public: the deal's cards are shown; kept, as
    :func:`deal_text`)."""
    return _move_notes(deal, game, seating, me, language())


@lru_cache(maxsize=1024)
def _move_notes(deal: dp.Deal, game: dp.Game, seating: Seating, me: int | None, spoken: str) -> str:
    items = []
    for i, (seat, action) in enumerate(deal.events()):
        player = 1 if seat == deal.opener else 2
        card, before = deal.cards[seat], deal.calls[:min(i, len(deal.calls))]
        key = f"{card}:" + ",".join(map(str, before))
        mine = seat == me
        if isinstance(action, dp.Doubt):
            right = 1 - call_chance(game.deck, card, deal.calls[-1])
            said = (_("you, holding {card}, doubted {total}: right with P = {p} counting from that card; {eq}") if mine
                    else _("{name}, holding {card}, doubted {total}: right with P = {p} counting from that card; {eq}"))
            total = deal.calls[-1]
        else:
            right = call_chance(game.deck, card, action.total)
            said = (_("you, holding {card}, called {total}: true with P = {p} counting from that card; {eq}") if mine
                    else _("{name}, holding {card}, called {total}: true with P = {p} counting from that card; {eq}"))
            total = action.total
        reached = key in certified(game.deck, player)
        mix = dp.equilibrium_strategy(game.deck, player)[key]
        eq = (_("the equilibrium plays it with P = {p}").format(
            p=f'<span class="eq">{exact(mix.get(dp.action_name(action), Fraction(0)))}</span>') if reached else
            tag("span", _("the equilibrium never comes here"), ' class="eq"'))
        said = said.format(name=esc(seating.names[seat]), card=card, total=total, p=exact(right), eq=eq)
        items.append(f"<li>{said}</li>")
    return f'<ul class="duel-notes">{"".join(items)}</ul>'


def _log(view: dp.DuelView, seating: Seating, with_odds: bool) -> str:
    me = view.me
    lines = []
    if view.card is not None:
        said = [(_("you called {total}") if (view.opener + i) % 2 == me else _("{name} called {total}")).format(
            name=esc(seating.names[(view.opener + i) % 2]), total=f"<b>{t}</b>") for i, t in enumerate(view.calls)]
        if said:
            line = _("Deal {deal}: {calls}.").format(deal=len(view.deals) + 1, calls=", ".join(said))
            lines.append(f'<li data-n="{len(view.deals)}">{line}</li>')
    for deal in reversed(view.deals):
        notes = move_notes(deal, view.game, seating, me) if with_odds else ""
        line = _("Deal {deal}: {text}").format(deal=deal.number + 1, text=deal_text(deal, seating, me))
        lines.append(f'<li data-n="{deal.number}-end">{line}{notes}</li>')
    return f'<ol class="log duel-log">{"".join(lines)}</ol>' if lines else ""


# --- the end -------------------------------------------------------------------------------


def end_page(state: dp.State, seat: int, seating: Seating, own: frozenset[int] | None = None) -> str:
    """The result (its sentence heads the panel: the server's status line already says the
    game is over; a match the two end level is a draw), then the seat's own review."""
    head, marks = outcome(state.scores, Words(seating, seat))
    ranking = rows(([esc(seating.name(s, seat)), signed(p), marks[s]]
                    for s, p in sorted(enumerate(state.scores), key=lambda sp: -sp[1])),
                   [_("player"), _("points"), ""], "result")
    if not state.is_terminal:
        head = _("The teacher ended the match; the points so far")
    return f"<h2>{head}</h2>{ranking}{review_html(state, seat, own)}"


def review_html(state: dp.State, seat: int, own: frozenset[int] | None = None) -> str:
    """The seat's moves, each valued exactly against the equilibrium bot (``own``: its
    student's own moves; a bot's for them are left out)."""
    review, apart = own_only(dp.review(state, seat), own)
    if not review.decisions:
        return tag("p", _("You made no moves in this match.")) + apart
    where = positions(state, seat)
    items = "".join(f'<li data-number="{d.number}"><b>#{d.number}</b> {_decision(d, where[d.number])}</li>'
                    for d in review.decisions)
    good, n = sum(d.is_best for d in review.decisions), len(review.decisions)
    head = n_("{good} of {n} moves were a best move against the equilibrium bot: each is valued by the points its "
              "deal then expects (+1 a deal won, -1 lost), playing best afterwards.",
              "{good} of {n} moves were a best move against the equilibrium bot: each is valued by the points its "
              "deal then expects (+1 a deal won, -1 lost), playing best afterwards.", n).format(good=good, n=n)
    return (tag("h3", _("Your review")) + f"<p>{head}</p>{apart}<details>"
            + tag("summary", _("How the review values a move")) + tag("p", esc(_(review.model)), ' class="small"')
            + f'</details><ul class="odds-list review">{items}</ul>')


def _decision(d: Decision, position: str) -> str:
    """One reviewed move: where, what, its worth, and the best moves if it was not one."""
    if d.is_best:
        said = _("{position}: {choice}, worth {value}").format(
            position=esc(position), choice=choice_words(d.choice), value=points(d.chosen_value))
        return said + " " + tag("b", _("best"))
    return _("{position}: {choice}, worth {value}; best: {best}, worth {best_value}; cost {cost}").format(
        position=esc(position), choice=choice_words(d.choice), value=points(d.chosen_value),
        best=", ".join(map(choice_words, d.best[:2])), best_value=points(d.best_value),
        cost=points(d.cost, sign=False))


def choice_words(choice: str) -> str:
    """A move as the review names it (``call 5``, ``doubt``), in the page's words.

    >>> from bluffmath.i18n import speaking
    >>> choice_words("call 5"), choice_words("doubt")
    ('call 5', 'doubt')
    >>> with speaking("de"):
    ...     choice_words("call 5"), choice_words("doubt")
    ('5 ansagen', 'anzweifeln')
    """
    kind, _sep, total = choice.partition(" ")
    if kind == "call" and total.isdigit():
        return _("call {total}").format(total=total)
    return _("doubt") if choice == "doubt" else esc(choice)


def table_page(state: dp.State, seating: Seating, over: bool = False) -> str:
    """The teacher's view of a table: the deal, whose turn, the calls, the points, every
    finished deal with its cards; a match that is over (``over``, or finished) names nobody
    to play. Public facts only: the screen is projected."""
    names = [esc(n) for n in seating.names]
    scores = ", ".join(f"{names[s]} {signed(p)}" for s, p in enumerate(state.scores))
    if state.is_terminal:
        head = won_by(state.scores, Words(seating, None))
    elif over:
        head = _("The teacher ended the match in deal {deal} of {deals}").format(deal=state.deal + 1,
                                                                                deals=state.game.deals)
    else:
        calls = ", ".join(f"{names[(state.deal_opener + i) % 2]} {t}" for i, t in enumerate(state.calls))
        head = (_("Deal {deal} of {deals}: {name} to play; calls {calls}") if calls else
                _("Deal {deal} of {deals}: {name} to play; {opener} opens")).format(
            deal=state.deal + 1, deals=state.game.deals, name=names[state.to_act], calls=calls,
            opener=names[state.deal_opener])
    deals = "".join(f"<li>{deal_text(d, seating, None)}</li>" for d in reversed(state.deals))
    return (f"<p><b>{head}</b></p>" + tag("p", _("Points: {scores}").format(scores=scores))
            + (f'<ol class="doubts" reversed>{deals}</ol>' if deals else ""))
