"""Play Münchhausen in Jupyter against bots, with the live exact numbers of your seat.

:class:`MuenchhausenTable` seats you (seat 0 by default) at a table of bots; the rules
engine (:class:`bluffmath.muenchhausen.Game`) referees. The page shows your hand, every
pile's size and every score, the phase and whose turn it is, the public log, and the
numbers from your seat's view only (the public log and your own hand): when a card lies
face down on your pile, the exact chance that it is honest, the chance of each value, the
expected score change if you believe or doubt, and the counting; when you are to offer,
what each offer risks and gains; and every opponent's most likely hands. The card model
(how players are assumed to choose cards) is a dropdown; when a shown card contradicts
it, the page says so and the game goes on.

Every number comes from :mod:`bluffmath.muenchhausen`; this module reads the controls,
asks the core and draws the answers, escaped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

import ipywidgets as w

from bluffmath.display import signed
from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.i18n import _, n_
from bluffmath.limits import bounded
from bluffmath.muenchhausen import (
    MODELS,
    Game,
    Knowledge,
    ModelContradicted,
    OddsBot,
    State,
    decide,
    explain_decision,
    explain_honest,
    honest_chance,
    load_game,
    offers,
    save_game,
)
from bluffmath.muenchhausen.game import (
    Action,
    Believe,
    Choose,
    Doubt,
    Lay,
    Name,
    Offer,
    Pass,
    Reward,
)
from bluffmath.validate import bot_object, whole_number

from ..common import (
    Panel,
    TakeBack,
    cards_text,
    error_html,
    fraction_html,
    marked_fraction_html,
    review_at_end,
    show_at_end,
)
from ..rules import rules_card
from .views import SCROLL, cards_table, choice_words, decision_html, hands_html, model_options

__all__ = ["MuenchhausenTable", "action_label", "in_words"]

LOG_LINES = 15
_PLACES = [  # a save's JSON paths, as a player would say them
    (re.compile(r"^a Münchhausen save(: )?"), lambda m: _("The saved game in the box") + (": " if m[1] else "")),
    (re.compile(r"\bactions\[(\d+)\]\[1\]"), lambda m: _("the value of move {number}").format(number=int(m[1]) + 1)),
    (re.compile(r"\bactions\[(\d+)\](\[0\])?"), lambda m: _("move {number}").format(number=int(m[1]) + 1)),
    (re.compile(r"\baction (\d+) "), lambda m: _("move {number}").format(number=int(m[1]) + 1) + " "),
    (re.compile(r"\bobservations\[(\d+)\](?:\.(\w+))?(?:\[\d+\])*"),
     lambda m: (_("observation {number} (its {part})") if m[2] else _("observation {number}")).format(
         number=int(m[1]) + 1, part=m[2])),
]


def _row(children: list[w.Widget]) -> w.HBox:
    """Controls side by side that wrap onto the next line on a narrow page."""
    return w.HBox(children, layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def in_words(message: str) -> str:
    """A save's error as a player reads it: moves and observations counted from 1, no
    JSON paths.

    >>> in_words('a Münchhausen save: actions[3][1] must be a whole number from 1 to 8; found 9')
    'The saved game in the box: the value of move 4 must be a whole number from 1 to 8; found 9'
    >>> in_words('a Münchhausen save: observations[2].hands[1][0]: disagrees with the replay')
    'The saved game in the box: observation 3 (its hands): disagrees with the replay'
    """
    for pattern, words in _PLACES:
        message = pattern.sub(words, message)
    return message


def action_label(action: Action, two_player: bool = False) -> str:
    """How the action dropdown names a move.

    >>> action_label(Offer(6)), action_label(Reward(None)), action_label(Choose(2))
    ('offer 6', 'lay nothing on my pile', "take seat 2's offer")
    """
    if isinstance(action, Name):
        return _("name {value}").format(value=action.value)
    if isinstance(action, Offer):
        return _("offer {value}").format(value=action.value)
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Choose):
        return _("take seat {seat}'s offer").format(seat=action.seat)
    if isinstance(action, Lay):
        return (_("lay {card} face up") if two_player else _("lay {card}")).format(card=action.card)
    if isinstance(action, Believe | Doubt):
        return choice_words("believe" if isinstance(action, Believe) else "doubt")
    if isinstance(action, Reward):
        return _("lay nothing on my pile") if action.card is None else _("lay {card} on my pile").format(
            card=action.card)
    raise IllegalActionError(f"not a Münchhausen action: {action!r}")


class MuenchhausenTable(Panel):
    """A game of Münchhausen against bots (by default :class:`~bluffmath.muenchhausen.OddsBot`
    at every other seat), with my exact numbers. ``bots`` gives one bot per other seat, in
    seat order; ``model`` is the card model the numbers assume (``uniform``,
    ``lowest-enough`` or ``random-enough``). Pick a move in the dropdown and press play
    (or call :meth:`act`); the bots then move until it is my turn again or the game ends.

    >>> from bluffmath.muenchhausen import Knowledge, decide, honest_chance
    >>> table = MuenchhausenTable(players=3)
    >>> table.state.phase, table.state.to_act
    ('name', 0)
    >>> [label for label, _ in table.moves.options][:3]
    ['name 1', 'name 2', 'name 3']
    >>> table.act(Doubt())                      # not now: the message says why
    >>> print(table.message.value)
    <div ...>⚠ cannot doubt now: seat 0 is to name a value</div>
    >>> table.moves.value = Name(2)
    >>> table.play_button.click()               # both bots offer 8: I choose
    >>> table.message.value, table.state.phase, [label for label, _ in table.moves.options]
    ('', 'choose', ["take seat 1's offer", "take seat 2's offer"])
    >>> table.act(Choose(1))                    # seat 1 lays a card face down on my pile
    >>> table.state.phase, table.state.to_act
    ('decide', 0)
    >>> k = Knowledge.from_log(table.state.log, MODELS["lowest-enough"], me=0, my_hand=table.state.hands[0])
    >>> table.knowledge == k, honest_chance(k), decide(k, table.state.hands[0]).choice
    (True, Fraction(1, 1), 'believe')
    >>> "class='bm-mh-honest' data-p='1'" in table.numbers.value
    True
    >>> table.model.value = "uniform"           # the numbers follow the model
    >>> honest_chance(table.knowledge), "data-p='1/8'" in table.numbers.value
    (Fraction(1, 8), True)
    >>> copy = MuenchhausenTable(players=3)
    >>> copy.load(table.save())
    >>> copy.state == table.state
    True
    """

    def __init__(self, players: int = 3, rounds: int = 1, bots: Sequence[object] | None = None,
                 model: str = "lowest-enough", me: int = 0) -> None:
        self.game = Game(players, rounds)
        self.me = whole_number("me", me, 0, players - 1)
        if not isinstance(model, str) or model not in MODELS:
            raise InvalidInputError(f"model must be one of {', '.join(MODELS)}, got {model!r}")
        self.bots = self._seat_bots(players, bots)
        self.knowledge: Knowledge | None = None
        self.contradiction: str | None = None

        self.model = w.Dropdown(options=model_options(), value=model, description=_("card model"),
                                style={"description_width": "initial"},
                                layout=w.Layout(width="16em", max_width="100%"))
        self.model.add_class("bm-mh-model")
        self.new_button = w.Button(description=_("New game"), icon="refresh")
        self.new_button.add_class("bm-mh-new")
        self.moves = w.Dropdown(options=[], description=_("my move"), style={"description_width": "initial"},
                                layout=w.Layout(width="22em", max_width="100%"))
        self.moves.add_class("bm-mh-moves")
        self.play_button = w.Button(description=_("play"), button_style="primary")
        self.play_button.add_class("bm-mh-play")

        self.status = w.HTML()
        self.status.add_class("bm-mh-status")
        self.seats = w.HTML()
        self.seats.add_class("bm-mh-seats")
        self.numbers = w.HTML()
        self.numbers.add_class("bm-mh-numbers")
        self.hands = w.HTML()
        self.hands.add_class("bm-mh-hands")
        self.events = w.HTML()
        self.events.add_class("bm-mh-log")

        self.save_text = w.Textarea(placeholder=_("press save, or paste a saved game and press load"),
                                    layout=w.Layout(width="60em", max_width="100%", height="6em"))
        self.save_text.add_class("bm-mh-save-text")
        self.save_button = w.Button(description=_("save"),
                                    tooltip=_("the game as JSON (it holds every face-down card: no peeking)"))
        self.save_button.add_class("bm-mh-save")
        self.load_button = w.Button(description=_("load"), tooltip=_("load the game in the box"))
        self.load_button.add_class("bm-mh-load")
        self.review_button = w.Button(description=_("review this game"),
                                      tooltip=_("the exact cost of each of my decisions"))
        saving = w.VBox([_row([self.save_button, self.load_button, self.review_button]), self.save_text])
        self.end_review = review_at_end()
        self.take_back = TakeBack()
        self.undo_button = self.take_back.button

        super().__init__([rules_card("muenchhausen"), _row([self.model, self.new_button]),
                          _row([self.moves, self.play_button, self.undo_button])],
                         [self.status, self.end_review, self.seats, self.numbers, self.hands, self.events, saving])
        self.add_class("bm-mh-table")
        self._watch([self.model])
        self.play_button.on_click(lambda _: self._play_chosen())
        self.new_button.on_click(lambda _: self._report(self.new_game))
        self.save_button.on_click(lambda _: self._report(self._save_to_box))
        self.load_button.on_click(lambda _: self._report(self._load_from_box))
        self.review_button.on_click(lambda _: self._report(self._review))
        self.end_review.on_click(lambda _: self._report(self._review))
        self.undo_button.on_click(lambda _: self._report(self.undo))
        self.new_game()

    # --- what a script or a test uses ---------------------------------------------------
    def new_game(self) -> None:
        """Deal a new game with the same players, rounds and bots."""
        self.state: State = self.game.new_game()
        self.take_back.clear()
        self._bots_play()
        self.refresh()

    def undo(self) -> None:
        """Take back my last decision and the bots' moves after it (practice);
        IllegalActionError with nothing to undo."""
        (self.state,) = self.take_back.back()
        self.refresh()

    def act(self, action: Action) -> None:
        """Make my move ``action``; a move the rules refuse (or out of turn) is explained
        in :attr:`message` and nothing changes. Then the bots move."""
        self._report(lambda: self._act(action))

    def save(self) -> str:
        """The game as JSON text (:func:`~bluffmath.muenchhausen.save_game`)."""
        return save_game(self.state)

    def load(self, text: str) -> None:
        """Go on with the game saved in ``text``; with another player count, OddsBots take
        the other seats. :class:`~bluffmath.errors.SaveFileError` if the text is not a sound
        saved game (the buttons show it in :attr:`message`)."""
        state = load_game(text)
        if state.players != self.game.players:
            if self.me >= state.players:
                self.me = 0
            self.bots = self._seat_bots(state.players, None)
        self.game, self.state = state.game, state
        self.take_back.clear()
        self._bots_play()
        self.refresh()

    def _review(self) -> None:
        """Show the review of my seat's decisions so far below the table (the last one only)."""
        from ..review import ReviewWidget
        self.children = (*[c for c in self.children if not isinstance(c, ReviewWidget)],
                         ReviewWidget(self.state, self.me))

    # --- moves -------------------------------------------------------------------------
    def _seat_bots(self, players: int, bots: Sequence[object] | None) -> dict[int, object]:
        others = [s for s in range(players) if s != self.me]
        bots = list(bounded("bots", bots, players)) if bots is not None else [OddsBot() for _seat in others]
        if len(bots) != len(others):
            raise InvalidInputError(f"give one bot for each of the {len(others)} other seats, got {len(bots)}")
        for seat, bot in zip(others, bots, strict=True):
            bot_object(f"the bot for seat {seat}", bot, "act", "a Münchhausen bot (such as OddsBot())")
        return dict(zip(others, bots, strict=True))

    def _report(self, work) -> None:
        with self._reporting():
            work()
            self._say(None)

    def _play_chosen(self) -> None:
        if self.moves.value is None:
            self._report(self._act_none)
        else:
            self.act(self.moves.value)

    def _act_none(self) -> None:
        raise IllegalActionError(_("the game is over: start a new one") if self.state.is_terminal
                                 else _("it is seat {seat}'s turn").format(seat=self.state.to_act))

    def _act(self, action: Action) -> None:
        if self.state.is_terminal:
            raise IllegalActionError(_("the game is over: start a new one"))
        if self.state.to_act != self.me:
            raise IllegalActionError(_("it is seat {seat}'s turn, not yours (seat {me})").format(
                seat=self.state.to_act, me=self.me))
        before, self.state = self.state, self.state.apply(action)
        self.take_back.keep(before)
        self._bots_play()
        self.refresh()

    def _load_from_box(self) -> None:
        try:
            self.load(self.save_text.value)
        except SaveFileError as error:
            raise SaveFileError(in_words(str(error))) from None

    def _save_to_box(self) -> None:
        self.save_text.value = self.save()

    def _bots_play(self) -> None:
        """The bots move, and a move forced on me (a pass, when it is all I may do) plays
        itself, until I have a choice or the game ends."""
        while not self.state.is_terminal:
            if self.state.to_act != self.me:
                self.state = self.state.apply(self.bots[self.state.to_act].act(self.state))
            elif (legal := self.state.legal_actions()) == [Pass()]:
                self.state = self.state.apply(legal[0])
            else:
                return

    # --- drawing -----------------------------------------------------------------------
    def _render(self) -> None:
        state, me = self.state, self.me
        model = MODELS[self.model.value]
        try:
            k = Knowledge.from_log(state.log, model, me=me, my_hand=state.hands[me])
            contradiction = None
        except ModelContradicted as error:
            k, contradiction = None, str(error)
        mine = not state.is_terminal and state.to_act == me
        legal = state.legal_actions() if mine else []
        options = [(action_label(a, self.game.two_player), a) for a in legal]
        status = self._status_html(state)
        seats = self._seats_html(state)
        if contradiction is not None:
            numbers = (f"<div class='bm-mh-contradicted'>{error_html(contradiction)}</div>"
                       "<i>" + _("Pick another card model for the numbers.") + "</i>")
            hands = ""
        else:
            numbers = self._numbers_html(state, k)
            hands = hands_html(k, state.players, self.me, self.model.value, prefix="bm-mh", steps=True)
        log = "".join(f"<li>{escape(str(e))}</li>" for e in state.log[-LOG_LINES:])

        self.knowledge, self.contradiction = k, contradiction
        old = self.moves.value
        self.moves.options = options
        self.moves.value = old if old in legal else (legal[0] if legal else None)
        self.moves.disabled = self.play_button.disabled = not legal
        show_at_end(self.end_review, state.is_terminal)
        self.status.value = status
        self.seats.value = seats
        self.numbers.value = numbers
        self.hands.value = hands
        self.events.value = _("<b>Log</b> (last {count})").format(count=LOG_LINES) + f"<ol class='bm-mh-events'>{log}</ol>"

    def _status_html(self, state: State) -> str:
        scores = ", ".join(_("seat {seat}: {points}").format(seat=s, points=p) for s, p in enumerate(state.scores))
        if state.is_terminal:
            best = max(state.scores)
            won = _(" and ").join(_("seat {seat}").format(seat=s) for s, p in enumerate(state.scores) if p == best)
            text = _("<b>The game is over.</b> Scores: {scores}. Won: {won}.").format(scores=scores, won=won)
        else:
            who = _("Your turn") if state.to_act == self.me else _("Seat {seat}'s turn").format(seat=state.to_act)
            doing = {"name": _("name a value"), "offer": _("offer or pass"),
                     "choose": _("choose among the highest offers"), "lay": _("lay a card"),
                     "decide": _("believe or doubt"), "reward": _("lay a card on one's own pile")}[state.phase]
            text = _("<b>{who}</b>: {doing} (round {round} of {rounds}, seat {start} starts this turn).").format(
                who=who, doing=doing, round=state.round + 1, rounds=state.game.rounds, start=state.start)
        return (f"<div class='bm-mh-state' data-phase='{state.phase}' data-to-act='{state.to_act}' "
                f"data-me='{self.me}' data-moves='{len(state.actions)}'>{text}</div>")

    def _seats_html(self, state: State) -> str:
        rows = []
        for s in range(state.players):
            who = _("you") if s == self.me else escape(getattr(self.bots[s], "name", "bot"))
            held = len(state.hands[s])
            hand = cards_text(state.hands[s]) if s == self.me else n_("{count} cards", "{count} cards", held).format(
                count=held)
            marks = " ◀" if not state.is_terminal and s == state.to_act else ""
            seat = _("seat {seat} ({who})").format(seat=s, who=who)
            rows.append(f"<tr data-seat='{s}'><td>{seat}{marks}</td><td class='bm-mh-hand'>{hand}</td>"
                        f"<td class='bm-mh-pile' data-size='{len(state.piles[s])}'>{len(state.piles[s])}</td>"
                        f"<td class='bm-mh-score' data-score='{state.scores[s]}'>{state.scores[s]}</td></tr>")
        offer = ""
        if state.phase in ("offer", "choose", "lay", "decide") and state.named is not None:
            offers_so_far = ", ".join(_("seat {seat}: {points}").format(seat=s, points=v)
                                      for s, v in state.offers) or _("none yet")
            offer = "<p>" + _("Named: {named}; offers: {offers}.").format(named=state.named, offers=offers_so_far) + "</p>"
        hand = _("Your hand: {hand}").format(hand=f"<b class='bm-mh-my-hand'>{cards_text(state.hands[self.me])}</b>")
        head = "".join(f"<th>{h}</th>" for h in (_("seat"), _("hand"), _("pile"), _("score")))
        return (f"<p>{hand}</p>{offer}<table class='bm-mh-seat-table'><tr>{head}</tr>"
                f"{''.join(rows)}</table>")

    def _numbers_html(self, state: State, k: Knowledge) -> str:
        me, hand = self.me, state.hands[self.me]
        if state.is_terminal or state.to_act != me:
            return ""
        if state.phase == "decide":
            d = decide(k, hand)
            claims = _("The card on your pile claims at least {offer}.").format(offer=state.offer_value)
            honest = _("P(honest) = {p}").format(p=marked_fraction_html(honest_chance(k), "bm-mh-honest"))
            return (f"<p>{claims} {honest}</p>" + cards_table(k, "bm-mh-card-p")
                    + decision_html(d.believe, d.doubt, d.choice, "bm-mh")
                    + f"<pre class='bm-mh-explain' style='white-space: pre-wrap'>{escape(explain_honest(k))}</pre>"
                    f"<pre class='bm-mh-explain-decision' style='{SCROLL}'>"
                    f"{escape(explain_decision(k, hand))}</pre>")
        if state.phase == "offer":
            values = [a.value for a in state.legal_actions() if isinstance(a, Offer)]
            if not values:
                return "<p>" + _("No offer is possible: pass.") + "</p>"
            yes_no = {True: _("yes"), False: _("no")}
            rows = "".join(
                f"<tr data-value='{o.value}' data-backed='{o.backed}' data-looks='{o.looks_honest}' "
                f"data-believed='{o.if_believed}' data-doubted='{o.if_doubted}'><td>{o.value}</td>"
                f"<td>{yes_no[bool(o.backed)]}</td><td>{fraction_html(o.looks_honest)}</td>"
                f"<td>{signed(o.if_believed)}</td><td>{signed(o.if_doubted)}</td></tr>"
                for o in offers(k, me, hand, values))
            head = "".join(f"<th>{h}</th>" for h in (_("offer"), _("backed"), _("looks honest"), _("if believed"),
                                                      _("if doubted")))
            return ("<p>" + _("Your offers: expected change of your score (this turn).") + "</p>"
                    "<div style='overflow-x: auto; max-width: 100%'>"
                    f"<table class='bm-mh-offers'><tr>{head}</tr>{rows}</table></div>")
        return ""

    def _clear(self) -> None:
        self.numbers.value = self.hands.value = ""
