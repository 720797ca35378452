"""The strategy explorer: a game's exact equilibrium at every situation of one card, its
bluffs, and a strategy of your own on sliders with its exact exploitability and best reply
(see :mod:`bluffmath_widgets.equilibrium`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fractions import Fraction
from html import escape

import ipywidgets as w

from bluffmath.display import percent, signed
from bluffmath.equilibrium import Certificate, best_response, exploitability
from bluffmath.equilibrium.explore import (
    START_WORDS,
    STARTS,
    VARIANTS,
    Variant,
    variant,
    variant_words,
)
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _, p_

from ..common import Panel, fraction_html, marked_fraction_html

__all__ = ["StrategyExplorer"]

STEPS = 20
"""The sliders move in steps of 1/STEPS (and stop at the equilibrium's own values too)."""

WIDE = {"description_width": "initial"}
#: What an output shows while the input is bad (translated where it is shown: :func:`waiting`).
WAITING = N_("no answer until the input above is fixed")
_CELL = "border-top: 1px solid #ddd; padding: 2px 8px 2px 0; vertical-align: top; text-align: left"


def waiting() -> str:
    """What an output shows while the input is bad, in the language in use."""
    return f'<span style="color: #595959;">{_(WAITING)}</span>'


def seats() -> list[tuple[str, int]]:
    """The seat's choices, in the language in use."""
    return [(_("you open (player 1)"), 1), (_("you answer (player 2)"), 2)]


def _table(header: list[str], rows: list[list[str]], name: str) -> str:
    """A small table of HTML cells that wraps inside its cells (narrow screens)."""
    head = "".join(f"<th style='{_CELL}'>{escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='{_CELL}'>{c}</td>" for c in row) + "</tr>"
                   for row in rows)
    return (f"<div style='max-width: 100%; overflow-x: auto'><table class='{name}' "
            f"style='border-collapse: collapse'><tr>{head}</tr>{body}</table></div>")


def _mix_html(v: Variant, key: str, mix: Mapping[str, Fraction]) -> str:
    """A mixed move as exact fractions with percentages, bluffs marked."""
    parts = []
    for action, p in mix.items():
        if not p:
            continue
        bluff = v.is_bluff(key, action)
        mark = " <span class='bm-eq-bluff' style='color: #b00020'>{}</span>".format(_("bluff")) if bluff else ""
        parts.append(f"{escape(v.action_words(action))}: "
                     f"{marked_fraction_html(p, 'bm-eq-p', key=key, action=action)}{mark}")
    return "<br>".join(parts) if parts else _("(never)")


class StrategyExplorer(Panel):
    """The equilibrium of a game, your own strategy against it, and the best reply.

    Arguments are the controls' first values: ``variant`` (a name of :data:`VARIANTS`),
    ``seat`` (1: you open; 2: you answer), ``card`` (a card of the game, as text).

    Controls (``.value``): ``variant``, ``seat``, ``card`` and ``situation`` (Dropdowns:
    the situations your equilibrium play can reach holding ``card``), ``start`` (the
    strategy yours starts from: :data:`STARTS`), ``rest`` (the action that takes what the
    sliders leave), ``sliders`` (a dict action -> SelectionSlider of exact fractions, for
    every other action at the situation) and the ``reset`` Button (your strategy back to
    its start everywhere). Outputs (HTML): ``summary`` (the game's value), ``overview``
    (your first decisions, card by card), ``mix`` (the equilibrium at the situation),
    ``yours`` (your strategy there, and its exploitability) and ``reply`` (the best
    reply). ``certificate``, ``strategy`` (yours, whole), ``exploitability`` and
    ``best`` (the :class:`~bluffmath.equilibrium.BestResponse`) are what is shown;
    ``exploitability`` is None while the input is bad.
    """

    def __init__(self, variant: str = "Duel on 0,1,2,3,4", seat: int = 1, card: str | None = None) -> None:
        self.variant = w.Dropdown(options=[(variant_words(n), n) for n in VARIANTS], value=variant,
                                  description=p_("explorer", "game"), style=WIDE, layout=w.Layout(width="19em"))
        self.seat = w.Dropdown(options=seats(), value=seat, description=p_("explorer", "seat"), style=WIDE,
                               layout=w.Layout(width="17em"))
        self.card = w.Dropdown(options=["?"], description=_("your card"), style=WIDE,
                               layout=w.Layout(width="9em"))
        self.situation = w.Dropdown(options=["?"], description=_("situation"), style=WIDE,
                                    layout=w.Layout(width="22em"))
        self.start = w.Dropdown(options=[(_(START_WORDS[s]), s) for s in STARTS], value=STARTS[0],
                                description=_("your strategy starts as"), style=WIDE, layout=w.Layout(width="22em"))
        self.rest = w.Dropdown(options=["?"], description=_("the rest goes to"), style=WIDE,
                               layout=w.Layout(width="16em"))
        self.reset = w.Button(description=_("reset my strategy"),
                              tooltip=_("your strategy back to where it starts, at every situation"))
        for name in ("variant", "seat", "card", "situation", "start", "rest"):
            getattr(self, name).add_class(f"bm-eq-{name}")
        self.sliders: dict[str, w.SelectionSlider] = {}
        self.slider_box = w.VBox()
        self.summary, self.overview, self.mix = w.HTML(), w.HTML(), w.HTML()
        self.yours, self.reply = w.HTML(), w.HTML()
        for name in ("summary", "overview", "mix", "yours", "reply"):
            getattr(self, name).add_class(f"bm-eq-{name}")
        self.certificate: Certificate | None = None
        self.strategy: dict[str, dict[str, Fraction]] | None = None
        self.exploitability: Fraction | None = None
        self.best = None
        self._changes: dict[str, dict[str, Fraction]] = {}  # situation -> your sliders there
        self._rest_by: dict[str, str] = {}  # situation -> the action that takes the rest
        row = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            controls=[w.HBox([self.variant, self.seat, self.card], layout=row)],
            outputs=[self.summary, self.overview,
                     w.HBox([self.situation], layout=row), self.mix,
                     w.HTML("<h4>{}</h4>".format(_("Your strategy"))),
                     w.HBox([self.start, self.reset], layout=row),
                     self.rest, self.slider_box, self.yours, self.reply],
        )
        self.add_class("bm-eq-explorer")
        self._setting = False
        self.variant.observe(self._new_game, names="value")
        self.seat.observe(self._new_game, names="value")
        self.card.observe(self._new_card, names="value")
        self.situation.observe(self._new_situation, names="value")
        self.rest.observe(self._new_rest, names="value")
        self.start.observe(self._new_start, names="value")
        self.reset.on_click(self._reset)
        self._new_game(None, card)

    # --- the controls follow each other ----------------------------------------------
    def _v(self) -> Variant:
        return variant(self.variant.value)

    def _new_game(self, change: object, card: str | None = None) -> None:
        with self._reporting():
            v = self._v()
            with self._quiet():
                self._changes, self._rest_by = {}, {}
                cards = v.cards
                self.card.options = cards
                self.card.value = card if card in cards else cards[0]
                if v.deck is None:
                    self.start.value = STARTS[0]
                self.start.disabled = v.deck is None
        self._new_card(None)

    def _new_card(self, change: object) -> None:
        with self._reporting():
            v = self._v()
            keys = v.situations(self.seat.value, self.card.value)
            with self._quiet():
                self.situation.options = [(v.situation_words(self.seat.value, k), k) for k in keys]
                self.situation.value = keys[0]
        self._new_situation(None)

    def _new_situation(self, change: object) -> None:
        with self._reporting():
            v, key = self._v(), self.situation.value
            actions = v.game.infosets[key].actions
            with self._quiet():
                self.rest.options = [(v.action_words(a), a) for a in actions]
                self.rest.value = self._rest_by.get(key) or self._default_rest(key)
        self._new_rest(None)

    def _default_rest(self, key: str) -> str:
        """Doubt where you can, else your most likely action: what the sliders leave."""
        actions = self._v().game.infosets[key].actions
        if "doubt" in actions:
            return "doubt"
        mix = self._mine(key)
        return max(actions, key=lambda a: mix.get(a, Fraction(0)))

    def _new_rest(self, change: object) -> None:
        """One slider for every action of the situation but the rest's."""
        with self._reporting():
            v, key = self._v(), self.situation.value
            mix = self._mine(key)
            if key in self._changes:
                self._rest_by[key] = self.rest.value
                self._changes[key] = {a: p for a, p in mix.items() if a != self.rest.value}
            sliders = {}
            for action in v.game.infosets[key].actions:
                if action == self.rest.value:
                    continue
                p = mix.get(action, Fraction(0))
                options = sorted({Fraction(k, STEPS) for k in range(STEPS + 1)} | {p})
                slider = w.SelectionSlider(options=[(str(o), o) for o in options], value=p,
                                           description=v.action_words(action), style=WIDE,
                                           continuous_update=False, layout=w.Layout(width="20em"))
                slider.add_class("bm-eq-slider")
                slider.observe(self._slid, names="value")
                sliders[action] = slider
            self.sliders = sliders
            self.slider_box.children = list(sliders.values())
        self.refresh()

    def _new_start(self, change: object) -> None:
        self._changes, self._rest_by = {}, {}
        self._new_rest(None)

    def _reset(self, button: w.Button) -> None:
        self._new_start(None)

    def _slid(self, change: object) -> None:
        if self._setting:
            return
        key = self.situation.value
        self._changes[key] = {a: s.value for a, s in self.sliders.items()}
        self._rest_by[key] = self.rest.value
        self.refresh()

    @contextmanager
    def _quiet(self) -> Iterator[None]:
        """Set controls without redrawing for each."""
        self._setting = self._paused = True
        try:
            yield
        finally:
            self._setting = self._paused = False

    def _mine(self, key: str) -> dict[str, Fraction]:
        """Your mix at ``key``: as you set it, else as your strategy starts."""
        if key not in self._changes:
            return dict(self._v().base(self.start.value, self.seat.value).get(key, {}))
        given = dict(self._changes[key])
        taken = sum(given.values(), Fraction(0))
        if taken < 1:
            rest = self._rest_by[key]
            given[rest] = given.get(rest, Fraction(0)) + 1 - taken
        return given

    def _strategy(self) -> dict[str, dict[str, Fraction]]:
        v, player = self._v(), self.seat.value
        strategy = dict(v.base(self.start.value, player))
        for key, given in self._changes.items():
            taken = sum(given.values(), Fraction(0))
            if taken > 1:
                raise InvalidInputError(_(
                    "your chances where {situation} add up to {taken} ({percent}), more than 1: lower a slider "
                    "there (what the sliders leave goes to {rest})").format(
                    situation=v.situation_words(player, key), taken=taken, percent=percent(taken),
                    rest=v.action_words(self._rest_by[key])))
            strategy[key] = {a: p for a, p in self._mine(key).items() if p}
        return strategy

    # --- the picture --------------------------------------------------------------------
    def _render(self) -> None:
        if self.situation.value not in self._v().game.infosets:
            return
        v, player, key = self._v(), self.seat.value, self.situation.value
        cert = v.certificate
        game = v.game
        strategy = self._strategy()
        loss = exploitability(game, player, strategy, value=cert.value)
        best = best_response(game, player, strategy)
        mine = cert.value if player == 1 else -cert.value
        against = best.value if player == 1 else -best.value
        summary = (_("{game}: the value of the game is {value} to player 1 per deal, so with the equilibrium you "
                     "win {mine} and player 2 {theirs} on average, whatever the other does. {mark}(certificate "
                     "checked by exact best responses)") if player == 1 else
                   _("{game}: the value of the game is {value} to player 1 per deal, so with the equilibrium "
                     "player 1 wins {mine} and you {theirs} on average, whatever the other does. {mark}(certificate "
                     "checked by exact best responses)")).format(
            game=escape(variant_words(v.name)), value=f"<b>{cert.value}</b>", mine=signed(cert.value),
            theirs=signed(-cert.value), mark=f"<span class='bm-eq-value' data-value='{cert.value}'></span>")
        summary = f"<p>{summary}</p>"
        overview_rows = []
        for card in v.cards:
            firsts = [k for k in v.situations(player, card) if game.infosets[k].parent is None]
            cell = "<br>".join(f"{escape(v.situation_words(player, k))}: "
                               f"{_mix_html(v, k, cert.strategies[player - 1][k])}"
                               for k in firsts)
            overview_rows.append([f"<b>{escape(card)}</b>", cell])
        overview = ("<h4>{}</h4>".format(_("The equilibrium's first move, card by card"))
                    + _table([_("your card"), _("the equilibrium plays")], overview_rows, "bm-eq-overview-table"))
        eq_mix = cert.strategies[player - 1].get(key, {})
        rows = []
        for action in game.infosets[key].actions:
            p = eq_mix.get(action, Fraction(0))
            chance = v.true_chance(key, action)
            true = "" if chance is None else fraction_html(chance)
            if p or action == "doubt":
                rows.append([escape(v.action_words(action)),
                             marked_fraction_html(p, "bm-eq-p", key=key, action=action),
                             true, _("bluff") if p and v.is_bluff(key, action) else ""])
        header = [_("action"), _("the equilibrium's chance")]
        if v.deck is not None:
            header.append(_("true, by card counting"))
        else:
            rows = [r[:2] + r[3:] for r in rows]
        header.append("")
        heading = _("Holding {card}, where {situation}").format(card=escape(self.card.value),
                                                                 situation=escape(v.situation_words(player, key)))
        mix = f"<h4>{heading}</h4>" + _table(header, rows, "bm-eq-mix-table")
        yours_mix = strategy.get(key, {})
        exploited = (_("Exploitability of your whole strategy: {loss} per deal (an equilibrium strategy). Against "
                       "that best reply you win {against} per deal on average; the equilibrium guarantees {mine}.")
                     if loss == 0 else
                     _("Exploitability of your whole strategy: {loss} per deal (what a best reply takes from you). "
                       "Against that best reply you win {against} per deal on average; the equilibrium guarantees "
                       "{mine}.")).format(loss=f"<b class='bm-eq-exploitability' data-value='{loss}'>{loss}</b>",
                                          against=f"<b>{signed(against)}</b>", mine=signed(mine))
        here = _("Your play here: {mix}").format(mix=_mix_html(v, key, yours_mix))
        yours = f"<p>{here}</p><p>{exploited}</p>"
        reply_rows = []
        for action in yours_mix:
            for theirs, reply_key in v.reply_keys(player, key, action).items():
                (answer,) = best.strategy[reply_key]
                reply_rows.append([escape(v.action_words(action)), escape(theirs),
                                   escape(v.action_words(answer))])
        reply = ("<h4>{}</h4>".format(_("The best reply to your strategy"))
                 + (_table([_("you"), _("their card"), _("they reply")], reply_rows, "bm-eq-reply-table")
                    if reply_rows else "<p>{}</p>".format(_("Nothing to reply to here: your move ends the deal."))))
        self.certificate, self.strategy, self.exploitability, self.best = cert, strategy, loss, best
        self.summary.value = summary
        self.overview.value = overview
        self.mix.value = mix
        self.yours.value = yours
        self.reply.value = reply

    def _clear(self) -> None:
        self.exploitability = self.best = self.strategy = None
        self.yours.value = waiting()
        self.reply.value = ""
