"""Play Hoax against bots, with my deduction sheet beside the table.

The engine (:mod:`bluffmath.hoax`) referees; the bots move until it is my move again; my
sheet is the exact posterior :func:`~bluffmath.hoax.deduce` of the facts my seat has seen,
which the engine's own events state (:func:`bluffmath.hoax.sheet.sheet`), under the
bluffing model typed in the *honest* and *bluff* fields. Every choice the rules give me at a moment is one entry
of the *my move* dropdown, in words.

>>> from bluffmath.hoax import deduce
>>> from bluffmath.hoax.sheet import sheet
>>> from bluffmath.hoax.actions import Pass, Take
>>> table = HoaxTable(players=3, seed=4)
>>> table.state.phase, table.state.to_act
('take', 0)
>>> [label for label, _ in table.moves.options]
['take 1 gold from the castle', 'take 1 grain from the castle', 'take 1 wine from the castle']
>>> table.moves.value                         # my move is chosen already: play plays it
Take(token=0)
>>> table.act(Pass())                         # not now: the message says why
>>> "not allowed now" in table.message.value
True
>>> table.act(Take(0))                        # the bots take theirs; the message goes
>>> table.message.value, table.state.phase, table.state.to_act
('', 'turn', 0)
>>> d = deduce(sheet(table.state, 0, table.model()))
>>> f"data-p='{d.probability(1, 'King')}'" in table.odds.value
True
>>> table.honest.value = "2"                  # a model the core refuses: said, the table stays
>>> "honest" in table.message.value, table.odds.value, "bm-hoax-tokens" in table.tokens.value
(True, '', True)
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from bluffmath.errors import IllegalActionError, InvalidInputError, SaveFileError
from bluffmath.hoax import (
    BluffModel,
    Case,
    ConflictError,
    Game,
    Holds,
    RandomBot,
    State,
    deduce,
)
from bluffmath.hoax import edition as hoax_edition
from bluffmath.hoax.actions import Action
from bluffmath.hoax.players import BlufferBot, DeducerBot, HonestBot
from bluffmath.hoax.roles import MAX_PLAYERS
from bluffmath.hoax.saves import from_json, to_json
from bluffmath.hoax.sheet import sheet
from bluffmath.i18n import N_, _
from bluffmath.limits import MAX_SEED, bounded
from bluffmath.validate import int_text, shown, whole_number

from ..common import Panel, TakeBack, review_at_end, show_at_end
from ..rules import rules_card
from .controls import (
    button,
    dropdown,
    edition_options,
    in_words,
    keep_value,
    parse_bluff,
    row,
    text_field,
    width,
)
from .grid import grid_html
from .table_panels import end_html, log_html, status_html, tokens_html
from .table_words import NAMES, move_label

__all__ = ["BOTS", "HoaxTable", "sheet_case"]

#: An HTML widget's content may grow wider than the widget: here it shrinks to the column,
#: and the wide tables inside scroll in their own boxes (a phone is 390 px wide).
_FIT = ("<style>.bm-hoax-table .widget-html-content { flex: 1 1 auto; min-width: 0; max-width: 100%; }"
        "</style>")

#: The bots a table can seat, by name: each takes a seed and returns a bot.
BOTS: dict[str, Callable[[int], object]] = {"random": lambda seed: RandomBot(seed=seed), "honest": HonestBot,
                                             "bluffer": BlufferBot, "deducer": DeducerBot}
#: Each kind of bot as the menu names it (in English; shown in the language in use).
BOT_LABELS = {"random": N_("random"), "honest": N_("honest"), "bluffer": N_("bluffer"), "deducer": N_("deducer")}


def sheet_case(state: State, seat: int, model: BluffModel, names: tuple[str, ...] = (),
               silences: bool = False) -> Case:
    """What ``seat`` knows, as the posterior reads it (:func:`bluffmath.hoax.sheet.sheet`),
    with the players' names."""
    case = sheet(state, seat, model, silences=silences)
    return Case(case.edition, case.players, case.facts, case.model, names)


class HoaxTable(Panel):
    """A game of Hoax against bots at every other seat, my exact sheet beside it.

    ``edition`` "original" (3-6 players) or "german" (4-8); ``me`` my seat; ``seed`` deals
    the cards (the bots' own choices follow from it too); ``bots`` a name of :data:`BOTS`;
    ``honest`` and ``bluff`` the sheet's bluffing model as text (a bluff per role reads
    ``King=1/2, Thief=1/8``), ``silences`` whether a chance to speak not taken is evidence
    (sound only with ``honest`` below 1: :mod:`bluffmath.hoax.sheet`); ``names`` the first
    seats' names (the rest: :data:`NAMES`). Pick a move and press *play* (or :meth:`act`).
    """

    def __init__(self, edition: str = "original", players: int = 4, me: int = 0, seed: int = 0,
                 bots: str = "random", honest: str = "1", bluff: str = "1/4",
                 silences: bool = False, names: tuple[str, ...] | None = None) -> None:
        ed = hoax_edition(edition)
        whole_number("players", players, ed.players.start, ed.players.stop - 1)
        if bots not in BOTS:
            raise InvalidInputError(f"bots must be one of {', '.join(BOTS)}, got {shown(bots)}")
        if names is not None and not all(isinstance(n, str) for n in bounded("names", names, MAX_PLAYERS)):
            raise InvalidInputError(f"names must be a list of texts, one per seat, got {shown(names)}")
        self.edition = dropdown(_("edition"), "edition", edition_options(), value=ed.name, layout=width(13))
        self.players = dropdown(_("players"), "players", [], layout=width(9))
        self.bot_kind = dropdown(_("bots"), "bots", [(_(BOT_LABELS.get(k, k)), k) for k in BOTS], value=bots,
                                 layout=width(11))
        self.seed = text_field(_("seed"), "seed", str(seed), layout=width(12))
        self.new_button = button(_("new game"), "new", _("deal a new game with these settings"))
        self.honest = text_field(_("honest"), "honest", honest, layout=width(10),
                                 tooltip=_("the chance that a player who holds a role speaks as it when they can"))
        self.bluff = text_field(_("bluff"), "bluff", bluff, layout=width(16),
                                tooltip=_("the chance that a player who does not hold a role speaks as it"))
        self.silences = w.Checkbox(value=silences, description=_("count silences"), indent=False,
                                   layout=width(11), tooltip=_("a player who could have spoken as a role and "
                                                               "did not: evidence under a model with honest below 1"))
        self.silences.add_class("bm-hoax-silences")
        self.moves = dropdown(_("my move"), "moves", [], layout=width(30))
        self.play_button = button(_("play"), "play", _("make the move chosen"))
        self.play_button.button_style = "primary"
        self.take_back = TakeBack()
        self.undo_button = self.take_back.button
        self.status, self.tokens, self.odds, self.events, self.end = (w.HTML() for _part in range(5))
        self.save_text = w.Textarea(placeholder=_("press save, or paste a saved game and press load"),
                                    layout=w.Layout(width="40em", max_width="100%", height="5em"))
        self.save_text.add_class("bm-hoax-save-text")
        self.save_button = button(_("save"), "save", _("the game as JSON (it holds every card: no peeking)"))
        self.load_button = button(_("load"), "load", _("go on with the game in the box"))
        self.end_review = review_at_end()
        self._names = names
        self.me = whole_number("me", me, 0, players - 1)
        self._set_players(ed.name, players)
        table = w.VBox([self.status, self.end, self.end_review,
                        row([self.moves, self.play_button, self.undo_button]), self.tokens,
                        w.HTML(_("<b>What you have seen</b> (newest first)")), self.events],
                       layout=w.Layout(flex="0 1 34em", min_width="0", max_width="100%"))
        odds = w.VBox([w.HTML(_("<b>Your sheet</b>: each player's exact chance to hold each role, from "
                                 "what you have seen and the bluffing model below.")),
                        row([self.honest, self.bluff, self.silences]), self.odds],
                       layout=w.Layout(flex="1 1 22em", min_width="0", max_width="100%"))
        saving = w.VBox([row([self.save_button, self.load_button]), self.save_text])
        super().__init__([rules_card("hoax"), row([self.edition, self.players, self.bot_kind, self.seed,
                                                   self.new_button])],
                         [w.HBox([table, odds], layout=w.Layout(flex_flow="row wrap", max_width="100%")),
                          saving, w.HTML(_FIT, layout=w.Layout(display="none"))])
        self.add_class("bm-hoax-table")
        for part, name in ((self.status, "status"), (self.tokens, "tokens-box"), (self.odds, "odds"),
                           (self.events, "log-box"), (self.end, "end-box")):
            part.add_class(f"bm-hoax-{name}")
        self._watch([self.honest, self.bluff, self.silences])
        self.edition.observe(lambda _: self._set_players(self.edition.value, self.players.value), names="value")
        self.new_button.on_click(lambda _: self._report(self.new_game))
        self.play_button.on_click(lambda _: self._report(self._play_chosen))
        self.undo_button.on_click(lambda _: self._report(self.undo))
        self.save_button.on_click(lambda _: self._report(self._save_to_box))
        self.load_button.on_click(lambda _: self._report(self._load_from_box))
        self.end_review.on_click(lambda _: self._report(self._review))
        self.new_game()

    # --- what a script or a test uses ------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, one per seat: those given, then :data:`NAMES` not taken."""
        given = list(self._names or ())
        return tuple([*given, *(n for n in NAMES if n not in given)][:self.state.players])

    def model(self) -> BluffModel:
        """The bluffing model of the *honest* and *bluff* fields (an error says what is wrong)."""
        return BluffModel(self.honest.value.strip(), parse_bluff(self.bluff.value, self.state.game.edition.name))

    def new_game(self) -> None:
        """Deal a new game with the setup shown (edition, players, bots, seed)."""
        seed = int_text("seed", self.seed.value, 0, MAX_SEED)
        if not 0 <= self.me < self.players.value:
            raise InvalidInputError(_("your seat must be from 0 to {last}, got {seat}").format(
                last=self.players.value - 1, seat=self.me))
        game = Game(self.edition.value, self.players.value, seed)
        self._start(game.new_game())

    def act(self, action: Action) -> None:
        """Make my move ``action``; a move the rules refuse is explained in :attr:`message`
        and nothing changes. Then the bots move until it is my move or the game ends."""
        self._report(lambda: self._act(action))

    def undo(self) -> None:
        """Take back my last decision and the bots' moves after it (practice);
        IllegalActionError with nothing to undo."""
        (self.state,) = self.take_back.back()
        self.refresh()

    def save(self) -> str:
        """The game as JSON text (:func:`bluffmath.hoax.saves.to_json`)."""
        return to_json(self.state)

    def load(self, text: str) -> None:
        """Go on with the game saved in ``text`` (the bots take the other seats)."""
        try:
            state = from_json(text)
        except SaveFileError as error:
            raise SaveFileError(in_words(str(error)).replace("a Hoax save", "the saved game in the box")) from None
        with self._hold():
            self._set_players(state.game.edition.name, state.players)
        self._start(state)

    # --- moves -----------------------------------------------------------------------------
    def _start(self, state: State) -> None:
        seed = state.game.seed
        self.bots = {s: BOTS[self.bot_kind.value]((seed + s) % (MAX_SEED + 1)) for s in range(state.players)
                     if s != self.me}
        self.state = state
        self.take_back.clear()
        self._bots_play()
        self.refresh()

    def _report(self, work: Callable[[], object]) -> None:
        with self._reporting():
            self._say(None)
            work()  # a redraw that fails says so itself

    def _play_chosen(self) -> None:
        if self.moves.value is None:
            raise IllegalActionError(_("the game is over: deal a new one") if self.state.is_terminal
                                     else _("it is not your move"))
        self._act(self.moves.value)

    def _act(self, action: Action) -> None:
        if self.state.is_terminal:
            raise IllegalActionError(_("the game is over: deal a new one"))
        if self.state.to_act != self.me:
            raise IllegalActionError(_("it is {name}'s move, not yours").format(name=self.names[self.state.to_act]))
        before, self.state = self.state, self.state.apply(action)
        self.take_back.keep(before)
        self._bots_play()
        self.refresh()

    def _bots_play(self) -> None:
        while not self.state.is_terminal and self.state.to_act != self.me:
            self.state = self.state.apply(self.bots[self.state.to_act].act(self.state))

    def _save_to_box(self) -> None:
        self.save_text.value = self.save()

    def _load_from_box(self) -> None:
        self.load(self.save_text.value)

    def _review(self) -> None:
        """Show the review of my seat's decisions under the table's bluffing model, below the
        table (the last one only)."""
        from ..review import ReviewWidget
        self.children = (*[c for c in self.children if not isinstance(c, ReviewWidget)],
                         ReviewWidget(self.state, self.me, self.model()))

    def _set_players(self, edition_name: str, players: int) -> None:
        counts = list(hoax_edition(edition_name).players)
        self.edition.value = edition_name
        self.players.options = counts
        self.players.value = players if players in counts else counts[0]

    # --- drawing ---------------------------------------------------------------------------
    def _render(self) -> None:
        state, names, me = self.state, self.names, self.me
        mine = state.to_act == me
        other = next((s for s in range(state.players) if state.alive[s] and s != me), None)
        keep_value(self.moves, [(move_label(a, names, state.phase, other), a) for a in state.legal_actions()]
                   if mine else [])
        self.moves.disabled = self.play_button.disabled = not mine
        self.status.value = status_html(state, names, me)
        self.tokens.value = tokens_html(state, names, me)
        self.events.value = log_html(state, names, me)
        self.end.value = end_html(state, names)
        show_at_end(self.end_review, state.is_terminal)
        self.odds.value = ""
        if state.is_terminal:  # every card is turned over: the sheet shows the truth
            truth = Case(state.game.edition.name, state.players,
                         tuple(Holds(p, card) for p, card in enumerate(state.cards)), self.model(), names)
            self.odds.value = ("<div class='bm-hoax-truth'>" + _("The game is over and every card is turned over: "
                                                                  "the sheet shows who held what.")
                               + "</div>" + grid_html(deduce(truth), "bm-hoax-odds"))
            return
        case = sheet_case(state, me, self.model(), names, self.silences.value)
        try:
            d = deduce(case)
        except ConflictError as error:
            raise InvalidInputError(_("no deal of the cards fits what you saw under this bluffing model "
                                      "({error}); try a model that allows more").format(error=error)) from None
        model = (_("Model: a player speaks as a role they hold with chance {honest}, as one they do not with "
                   "{bluff}; silences count.") if self.silences.value else
                 _("Model: a player speaks as a role they hold with chance {honest}, as one they do not with "
                   "{bluff}; silences do not count.")).format(honest=escape(str(case.model.honest)),
                                                              bluff=escape(self.bluff.value.strip()))
        self.odds.value = f"<div style='font-size: max(12px, 90%)'>{model}</div>" + grid_html(d, "bm-hoax-odds")

    def _clear(self) -> None:
        self.odds.value = ""

