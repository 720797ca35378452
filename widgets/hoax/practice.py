"""Hoax practice against bots: occasions, bought looks, challenges and accusations, with
the live sheet of what player 0 knows and, at each occasion, the role the question is about.

Every number comes from :mod:`bluffmath.hoax`; this module reads the controls, calls the
core and draws what comes back.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from bluffmath.hoax import BluffModel, Claim, Deduction, deduce
from bluffmath.hoax import edition as hoax_edition
from bluffmath.hoax.practice import Practice
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.said import player_words
from bluffmath.i18n import _
from bluffmath.limits import MAX_BUYS, MAX_SEED
from bluffmath.validate import int_text

from ..common import Panel
from ..rules import rules_card
from .controls import (
    PLAYER_COUNTS,
    WIDE,
    button,
    dropdown,
    edition_options,
    facts_html,
    in_words,
    keep_value,
    model_texts,
    parse_bluff,
    role_options,
    row,
    text_field,
    width,
)
from .grid import grid_html

__all__ = ["HoaxPractice", "occasion", "occasion_claims"]


def occasion_claims(game: Practice) -> list[Claim]:
    """The claims and silences of the practice's latest occasion (an occasion records them
    one after the other), none before the first."""
    claims: list[Claim] = []
    for fact in reversed(game.case.facts):
        if isinstance(fact, Claim):
            claims.insert(0, fact)
        elif claims:
            break
    return claims


def occasion(game: Practice) -> str | None:
    """The role of the practice's latest occasion, or ``None`` before the first."""
    claims = occasion_claims(game)
    return claims[0].role if claims else None


class HoaxPractice(Panel):
    """Practise at a table of bots (:class:`~bluffmath.hoax.practice.Practice`; you are
    player 0): ask for occasions, buy information, challenge claims and accuse, with the
    live sheet of what you know. At the end every player's card is shown. A move the
    rules do not allow is explained inline, and nothing changes.

    >>> from bluffmath.hoax import deduce
    >>> game = HoaxPractice(seed=3)
    >>> game.occasion_button.click()
    >>> game.deduction == deduce(game.practice.case)
    True
    >>> occasion(game.practice), game.role.value           # the question is about this role
    ('Wizard', 'Wizard')
    >>> "data-role='Wizard'>This round's question is about <b>the Wizard</b>" in game.question.value
    True
    >>> game.target.value, game.role.value = 3, "Wizard"
    >>> game.challenge_button.click()             # player 3 kept silent
    >>> print(game.message.value)
    <div ...>⚠ player 3 has not spoken as the Wizard: you can challenge only a claim that was made</div>
    >>> game.target.value = 1
    >>> game.buy_button.click()
    >>> game.message.value, game.practice.buys
    ('', 2)
    >>> game.role.value = "Peasant" if game.practice.truth[1] != "Peasant" else "King"
    >>> game.accuse_button.click()               # a wrong accusation: I am out
    >>> game.practice.over, "you are out" in game.status.value
    (True, True)
    >>> "bm-hoax-truth" in game.truth.value
    True
    """

    def __init__(self, edition: str = "original", players: int = 4, seed: int = 0,
                 honest: str = "1", bluff: str = "1/4", buys: int = 3) -> None:
        model = BluffModel(honest=honest, bluff=parse_bluff(bluff, hoax_edition(edition).name)
                           if isinstance(bluff, str) else bluff)
        first = Practice.new(edition, players, model, seed, buys)  # a clear error for bad settings
        honest_text, bluff_text = model_texts(model)
        self.edition = dropdown(_("edition"), "practice-edition", edition_options(), value=first.case.edition.name,
                                layout=width(14))
        self.players = dropdown(_("players"), "practice-players", PLAYER_COUNTS, value=players, layout=width(10))
        self.honest = text_field(_("honest"), "practice-honest", honest_text, layout=width(12))
        self.bluff = text_field(_("bluff"), "practice-bluff", bluff_text, layout=width(16))
        self.buys = w.BoundedIntText(value=buys, min=0, max=MAX_BUYS, description=_("buys"), style=WIDE,
                                     layout=width(8))
        self.seed = text_field(_("seed"), "practice-seed", str(seed), layout=width(16),
                               placeholder=_("a whole number from 0 to {max}").format(max=MAX_SEED))
        self.new_button = button(_("new game"), "new", _("deal a new practice table with these settings"))
        self.target = dropdown(_("player"), "target", [], layout=width(14))
        self.role = dropdown(_("role"), "practice-role", [], layout=width(12))
        self.occasion_button = button(_("next occasion"), "occasion", _("a role's occasion: the bots speak or not"))
        self.buy_button = button(_("buy information from"), "buy", _("the player shows you a role it is not"))
        self.challenge_button = button(_("challenge"), "challenge", _("call Hoax on the player's claim of the role"))
        self.accuse_button = button(_("accuse"), "accuse", _("accuse the player of being the role"))
        self.status, self.news, self.question = w.HTML(), w.HTML(), w.HTML()
        self.grid, self.history, self.truth = w.HTML(), w.HTML(), w.HTML()
        for widget, name in ((self.status, "status"), (self.news, "news"), (self.question, "question"),
                             (self.grid, "practice-grid"),
                             (self.history, "practice-log"), (self.truth, "truth-box")):
            widget.add_class(f"bm-hoax-{name}")
        self._deduction: Deduction | None = None
        super().__init__([rules_card("hoax"), *self._rows()],
                         [self.status, self.question, self.news, self.grid, self.history, self.truth])
        self.add_class("bm-hoax-practice")
        self._wire()
        self._show(first)

    def _rows(self) -> list[w.Widget]:
        return [row([self.edition, self.players, self.honest, self.bluff]),
                row([self.buys, self.seed, self.new_button]),
                row([self.target, self.role]),
                row([self.occasion_button, self.buy_button, self.challenge_button, self.accuse_button])]

    def _wire(self) -> None:
        self.new_button.on_click(lambda _: self._act(self.new_game))
        self.occasion_button.on_click(lambda _: self._act(self._occasion))
        self.buy_button.on_click(lambda _: self._act(lambda: self._play(lambda p: p.buy(self.target.value))))
        self.challenge_button.on_click(lambda _: self._act(lambda: self._play(
            lambda p: p.challenge(self.target.value, self.role.value))))
        self.accuse_button.on_click(lambda _: self._act(lambda: self._play(
            lambda p: p.accuse(self.target.value, self.role.value))))

    # --- what a script or a test uses ---------------------------------------------------
    @property
    def deduction(self) -> Deduction | None:
        """The deduction the sheet shows (``None`` while it shows an error instead)."""
        return self._deduction

    def new_game(self) -> None:
        """Deal a new practice table from the fields (a clear error, and the old table
        kept, if they describe none)."""
        self._show(self._deal())

    # --- acting -------------------------------------------------------------------------
    def _show(self, game: Practice) -> None:
        self.practice = game
        keep_value(self.target, [(player_words(p), p) for p in game.in_play])
        keep_value(self.role, role_options(game.case.edition.roles))
        self.refresh()

    def _deal(self) -> Practice:
        model = BluffModel(honest=self.honest.value.strip(),
                           bluff=parse_bluff(self.bluff.value, self.edition.value))
        seed = int_text("the seed", self.seed.value, 0, MAX_SEED)
        return Practice.new(self.edition.value, self.players.value, model, seed, self.buys.value)

    def _say(self, text: str | None) -> None:
        super()._say(None if text is None else in_words(text))

    def _act(self, work: Callable[[], object]) -> None:
        with self._reporting():
            work()

    def _occasion(self) -> None:
        """The next occasion; the role dropdown turns to the role it is about."""
        self._play(Practice.occasion)
        self.role.value = occasion(self.practice)

    def _play(self, move: Callable[[Practice], Practice]) -> None:
        self.practice = move(self.practice)
        self.refresh()

    # --- drawing ------------------------------------------------------------------------
    def _render(self) -> None:
        game = self.practice
        d = deduce(game.case)
        names = tuple(map(player_words, range(game.case.players)))  # the core's "player N", in the language in use
        status, grid = self._status_html(game), grid_html(d, "bm-hoax-cell", names)
        self._deduction = d
        self.status.value, self.grid.value = status, grid
        self.question.value = self._question_html(game, names)
        self.news.value = self._news_html(game, names)
        self.history.value = facts_html(game.case.facts, names)
        self.truth.value = self._truth_html(game)
        for control in (self.occasion_button, self.buy_button, self.challenge_button, self.accuse_button):
            control.disabled = game.over

    @staticmethod
    def _status_html(game: Practice) -> str:
        if game.over:
            return _("<b>Game over: {result}.</b>").format(result=escape(game.result))
        playing = ", ".join(player_words(p) for p in game.in_play)
        return _("<b>You are player 0, the {role}.</b> Round {round}; purchases of information left: {buys}; "
                 "in play: {playing}.").format(role=role_words(game.truth[0]), round=game.rounds, buys=game.buys,
                                               playing=playing)

    @staticmethod
    def _question_html(game: Practice, names: tuple[str, ...]) -> str:
        """Which role this round's occasion is about, and who spoke as it and who kept silent."""
        claims = occasion_claims(game)
        if not claims:
            return "<p>" + _("No occasion yet: press <i>next occasion</i>.") + "</p>"
        role = claims[0].role
        spoke = [escape(names[c.player]) for c in claims if c.spoke] or [_("nobody")]
        silent = [escape(names[c.player]) for c in claims if not c.spoke] or [_("nobody")]
        said = _("This round's question is about <b>the {role}</b>: spoke as the {role}: {spoke}; kept silent: "
                 "{silent}.").format(role=role_words(role), spoke=", ".join(spoke), silent=", ".join(silent))
        return f"<p class='bm-hoax-question-role' data-role='{role}'>{said}</p>"

    @staticmethod
    def _news_html(game: Practice, names: tuple[str, ...]) -> str:
        """What the last action showed; a bought look names the role revealed, marked for tests."""
        if game.look is not None:
            look = game.look
            return "<p>" + _("{name} shows you a role they are not: <span class='bm-hoax-look' data-player='{player}' "
                             "data-role='{key}'><b>the {role}</b></span> (their card is not the {role}; your sheet "
                             "covers it).").format(name=escape(names[look.player]), player=look.player,
                                                   key=look.role, role=role_words(look.role)) + "</p>"
        return f"<p>{escape(game.news)}.</p>" if game.news and not game.over else ""

    @staticmethod
    def _truth_html(game: Practice) -> str:
        if not game.over:
            return ""
        cells = "".join(f"<tr><th>{player_words(p)}</th><td data-player='{p}'>{role_words(role)}</td></tr>"
                        for p, role in enumerate(game.truth))
        return "<b>" + _("Who was who") + f"</b><table class='bm-hoax-truth'>{cells}</table>"

    def _clear(self) -> None:
        self._deduction = None
        self.grid.value = self.truth.value = self.news.value = self.question.value = ""
