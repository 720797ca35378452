"""Hoax in Jupyter: a deduction sheet of who is who, and a practice table against bots.

:class:`HoaxSheet` is a sheet for study: record, fact by fact, what one player saw at a
table (claims and silences, bought information, challenges, covered roles, revealed
cards, accusations) and read every player's exact chance of every role, each player's
Bayes table, and the counting behind any one cell. The rules allow no written records at
a real table, so the sheet is for replaying a game afterwards and for lessons.
:class:`HoaxPractice` deals a practice table (:class:`bluffmath.hoax.practice.Practice`)
whose bots speak by the bluffing model, so that the sheet's numbers are the true odds.

Every number comes from :mod:`bluffmath.hoax`; this module reads the controls, calls the
core and draws what comes back. Names a user types are escaped before they reach HTML.

>>> from bluffmath.hoax import Claim, deduce
>>> sheet = HoaxSheet(players=4, my_role="Wizard")
>>> sheet.record(Claim(1, "Wizard"))
>>> sheet.record(Claim(2, "Wizard"))
>>> sheet.deduction == deduce(sheet.case)
True
>>> sheet.deduction.probability(1, "Wizard")
Fraction(4, 17)
>>> "data-player='1' data-role='Wizard' data-p='4/17'" in sheet.grid.value
True
>>> sheet.players.value = 3                    # fewer players: the facts that still fit stay
>>> [str(f) for f in sheet.case.facts]
['player 0 is the Wizard (my own card)', 'player 1 spoke as the Wizard', 'player 2 spoke as the Wizard']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from html import escape

import ipywidgets as w

from bluffmath.errors import IllegalActionError, InvalidInputError
from bluffmath.hoax import (
    EDITIONS,
    BluffModel,
    Case,
    Claim,
    ConflictError,
    Deduction,
    Holds,
    IsNot,
    deduce,
)
from bluffmath.hoax import edition as hoax_edition
from bluffmath.hoax.evidence import Fact
from bluffmath.hoax.practice import Practice
from bluffmath.hoax.report import bayes_html
from bluffmath.limits import MAX_BUYS, MAX_HOAX_FACTS, MAX_SEED, MAX_TEXT, bounded
from bluffmath.validate import int_text, shown

from ..common import Panel, fraction_html
from ..rules import rules_card
from .grid import grid_html

__all__ = ["FACT_KINDS", "HoaxPractice", "HoaxSheet", "facts_html", "parse_bluff"]

#: What the "record" row's kind dropdown offers, and the fact each makes of (player, role):
#: the row reads "record: player 1 | spoke as | the King".
FACT_KINDS: dict[str, Callable[[int, str], Fact]] = {
    "spoke as": partial(Claim, spoke=True),
    "kept silent as": partial(Claim, spoke=False),
    "is not (bought information)": partial(IsNot, how="bought"),
    "is not (successful challenge)": partial(IsNot, how="challenge"),
    "is not (covered role)": partial(IsNot, how="covered"),
    "is (revealed)": partial(Holds, how="revealed"),
    "is (accused correctly)": partial(Holds, how="accused"),
    "is not (accused wrongly)": partial(IsNot, how="accused"),
    "is (my own card)": partial(Holds, how="own card"),
}
#: Every player count some edition is played with (the core checks the edition's own).
PLAYER_COUNTS = list(range(min(e.players.start for e in EDITIONS.values()),
                           max(e.players.stop for e in EDITIONS.values())))
_WIDE = {"description_width": "initial"}


def parse_bluff(text: str, edition_name: str) -> str | dict[str, str]:
    """The bluff field: one chance for every role (``"1/4"``), or one per role
    (``"King=1/2, Thief=1/8"``; the roles not named are never bluffed). The chances stay
    text: :class:`~bluffmath.hoax.BluffModel` reads them exactly or says what is wrong.

    >>> parse_bluff(" 1/4 ", "original"), parse_bluff("king=1/2, Thief = 1/8", "original")
    ('1/4', {'King': '1/2', 'Thief': '1/8'})
    >>> parse_bluff("King=1/2, Thief 1/8", "original")
    Traceback (most recent call last):
    ...
    bluffmath.errors.InvalidInputError: bluff: write one chance such as 1/4, or one per role ... got 'Thief 1/8'
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise InvalidInputError(f"bluff: write one chance such as 1/4, or one per role; got {shown(text)}")
    if "=" not in text:
        return text.strip()
    out = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        role, equals, chance = item.partition("=")
        if not equals:
            raise InvalidInputError("bluff: write one chance such as 1/4, or one per role such as "
                                    f"King=1/2, Thief=1/8; got {shown(item)}")
        role = hoax_edition(edition_name).role(role, "bluff: each role")
        if role in out:
            raise InvalidInputError(f"bluff: the {role} has two chances; write each role once")
        out[role] = chance.strip()
    return out


def _model_texts(model: BluffModel) -> tuple[str, str]:
    """The honest and bluff fields' text for ``model`` (what :func:`parse_bluff` reads)."""
    data = model.to_json()
    bluff = data["bluff"]
    return data["honest"], bluff if isinstance(bluff, str) else ", ".join(f"{r}={p}" for r, p in bluff.items())


def _said(fact: Fact) -> str:
    """The fact's sentence without its "player N" (the log puts the name first)."""
    return str(fact).removeprefix(f"player {fact.player} ")


def facts_html(facts: Sequence[Fact], names: Sequence[str]) -> str:
    """The facts in order, numbered, each after its player's name (escaped).

    >>> facts_html([Claim(1, "King")], ["Ann", "<Bo>", "Cy"])
    "<ol class='bm-hoax-facts'><li><b>&lt;Bo&gt;</b> spoke as the King</li></ol>"
    """
    facts, names = bounded("facts", facts, MAX_HOAX_FACTS), bounded("names", names, 8)
    for fact in facts:
        if not isinstance(fact, Holds | IsNot | Claim) or fact.player >= len(names):
            raise InvalidInputError(f"facts must be Holds, IsNot and Claim facts about the {len(names)} "
                                    f"players named, got {shown(fact)}")
    if not facts:
        return "<i>No facts recorded yet.</i>"
    items = "".join(f"<li><b>{escape(names[f.player])}</b> {escape(_said(f))}</li>" for f in facts)
    return f"<ol class='bm-hoax-facts'>{items}</ol>"


_PATHS = ((re.compile(r"^a Hoax case: "), "the saved sheet: "),
          (re.compile(r"^a Hoax case "), "the saved sheet "),
          (re.compile(r"facts\[(\d+)\]\.?"), lambda m: f"fact {int(m[1]) + 1}'s "),
          (re.compile(r"names\[(\d+)\]"), lambda m: f"name {int(m[1]) + 1}"),
          (re.compile(r"model\.bluff \(a role\)"), "a role in the bluff chances"),
          (re.compile(r"model\.(honest|bluff)"), r"the \1 chance"))


def in_words(message: str) -> str:
    """An error message as a player reads it: a path into the saved text (``facts[3].role``)
    becomes words ("fact 4's role").

    >>> print(in_words('a Hoax case: facts[3].role: "abcd" is not allowed'))
    the saved sheet: fact 4's role: "abcd" is not allowed
    """
    for pattern, words in _PATHS:
        message = pattern.sub(words, message)
    return message.replace("'s :", ":").replace("'s  ", " ")


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


def _details_html(d: Deduction, player: int, role: str) -> str:
    """One cell: a claim's chance to be a lie, an accusation's to succeed, the counting."""
    name = escape(d.case.names[player])
    return (f"<p>If {name} speaks as the {role}, the claim is a lie with P = "
            f"{fraction_html(d.lie(player, role))}; accusing {name} of being the {role} succeeds "
            f"with P = {fraction_html(d.accusation_succeeds(player, role))}.</p>"
            f"<pre class='bm-hoax-explain' style='white-space: pre-wrap'>"
            f"{escape(d.explain(player, role))}</pre>")


def _keep_value(dropdown: w.Dropdown, options: list[tuple[str, object]]) -> None:
    """New options for ``dropdown``: its value stays if still offered, else the first."""
    old = dropdown.value
    dropdown.options = options
    values = [value for _, value in options]
    if values:
        dropdown.value = old if old in values else values[0]


def _width(em: int) -> w.Layout:
    """A control ``em`` wide that never grows wider than the page (a phone is 390 px)."""
    return w.Layout(width=f"{em}em", max_width="100%")


def _row(children: Sequence[w.Widget]) -> w.HBox:
    """Controls side by side that wrap onto the next line when the page is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap", max_width="100%"))


def fitting(case: Case, facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """The facts, in order, that still fit ``case``'s players and roles: about a player it has,
    of a role its deck holds, and with some deal of the cards that fits them all (a fact that
    would leave none is left out, the earlier kept first).

    >>> from bluffmath.hoax import Claim, Holds
    >>> facts = [Holds(0, "King", "own card"), Claim(3, "Judge"), Holds(1, "King"), Holds(2, "King")]
    >>> fitting(Case("original", 3), facts)
    (Holds(player=0, role='King', how='own card'), Holds(player=1, role='King', how='revealed'))
    """
    roles = case.edition.roles
    kept = tuple(f for f in facts if f.player < case.players and f.role in roles)
    try:
        deduce(case.adding(*kept))
        return kept
    except ConflictError:
        pass
    out: tuple[Fact, ...] = ()
    for fact in kept:
        try:
            deduce(case.adding(*out, fact))
        except ConflictError:
            continue
        out = (*out, fact)
    return out


def _button(description: str, name: str, tooltip: str = "") -> w.Button:
    button = w.Button(description=description, tooltip=tooltip)
    button.add_class(f"bm-hoax-{name}")
    return button


def _dropdown(description: str, name: str, options: Sequence[object], **kwargs: object) -> w.Dropdown:
    dropdown = w.Dropdown(options=options, description=description, style=_WIDE, **kwargs)
    dropdown.add_class(f"bm-hoax-{name}")
    return dropdown


def _text(description: str, name: str, value: str, **kwargs: object) -> w.Text:
    text = w.Text(value=value, description=description, continuous_update=False, style=_WIDE, **kwargs)
    text.add_class(f"bm-hoax-{name}")
    return text


class HoaxSheet(Panel):
    """A deduction sheet: the facts recorded, in order, and every player's exact chances.

    The whole state is a :class:`~bluffmath.hoax.Case`: the setup and model fields plus
    the facts. A fact that no deal of the cards fits together with the others is refused:
    the add button shows the conflicting facts and nothing is kept (:meth:`record` raises
    the :class:`~bluffmath.hoax.ConflictError`). The bluffing model's chances are exact:
    ``1/4``, or a decimal such as ``0.25`` (read exactly, as 1/4); the bluff field also
    takes one chance per role (``King=1/2, Thief=1/8``; other roles 0).

    >>> from bluffmath.hoax import Holds
    >>> sheet = HoaxSheet(players=3, my_role="King", names=["Ann", "Bo", "Cy"])
    >>> sheet.kind.value, sheet.player.value, sheet.role.value = "is (revealed)", 1, "King"
    >>> sheet.add_button.click()
    >>> sheet.deduction.probability(2, "King")
    Fraction(0, 1)
    >>> sheet.player.value = 2
    >>> sheet.add_button.click()                  # a third King: refused
    >>> print(sheet.message.value)
    <div ...>⚠ no deal of the cards fits these facts together: Ann is the King (my own card); Bo ...; Cy ...</div>
    >>> len(sheet.case.facts), sheet.deduction is not None
    (2, True)
    >>> sheet.undo()
    Holds(player=1, role='King', how='revealed')
    >>> sheet.bluff.value = "a quarter"
    >>> print(sheet.message.value)
    <div ...>⚠ bluff must be an exact probability such as 1/4 (...), got &#x27;a quarter&#x27;</div>
    >>> sheet.bluff.value = "0.25"                # a decimal is read exactly
    >>> sheet.message.value, sheet.case.model.bluff
    ('', Fraction(1, 4))
    >>> copy = HoaxSheet()
    >>> copy.load(sheet.save())
    >>> copy.case == sheet.case, copy.names.value
    (True, 'Ann, Bo, Cy')
    >>> copy.new_sheet_button.click()             # every fact goes; the setup stays
    >>> copy.case.facts, copy.names.value
    ((), 'Ann, Bo, Cy')
    """

    def __init__(self, edition: str = "original", players: int = 4, me: int = 0,
                 my_role: str | None = "King", names: Sequence[str] | None = None) -> None:
        facts = () if my_role is None else (Holds(me, my_role, "own card"),)
        case = Case(edition, players, facts, BluffModel(), tuple(names or ()))
        self._facts: list[Fact] = []  # the facts the sheet shows: those of _recorded that fit
        self._recorded: list[Fact] = []  # every fact recorded, in order, the set-aside ones too
        self._deduction: Deduction | None = None
        super().__init__([rules_card("hoax"), *self._controls()], self._outputs())
        self.add_class("bm-hoax-sheet")
        for control in (self.edition, self.players, self.names):
            control.observe(self._setup_changed, names="value")
        self._watch([self.honest, self.bluff, self.detail_player, self.detail_role])
        self.add_button.on_click(lambda _: self._act(self._add))
        self.undo_button.on_click(lambda _: self._act(self.undo))
        self.new_sheet_button.on_click(lambda _: self._act(self.new_sheet))
        self.save_button.on_click(lambda _: self._act(self._save))
        self.load_button.on_click(lambda _: self._act(lambda: self.load(self.save_text.value)))
        self._set_case(case)

    # --- what a script or a test uses ---------------------------------------------------
    @property
    def case(self) -> Case:
        """The case the fields and the recorded facts describe (a clear error if none)."""
        names = self._names() if self._typed_names() else ()
        return Case(self.edition.value, self.players.value, tuple(self._facts), self._model(), names)

    @property
    def deduction(self) -> Deduction | None:
        """The deduction the sheet shows (``None`` while it shows an error instead)."""
        return self._deduction

    def record(self, fact: Fact) -> None:
        """Add ``fact`` after the others; a :class:`~bluffmath.hoax.ConflictError` (and
        nothing kept) if no deal fits it together with them."""
        case = self.case.adding(fact)
        deduce(case)
        self._facts.append(case.facts[-1])
        self._recorded.append(case.facts[-1])
        self.refresh()

    def undo(self) -> Fact:
        """Drop the last fact shown and return it."""
        if not self._facts:
            raise IllegalActionError("there is no fact to undo")
        fact = self._facts.pop()
        del self._recorded[len(self._recorded) - 1 - self._recorded[::-1].index(fact)]
        self.refresh()
        return fact

    def new_sheet(self) -> None:
        """A blank sheet for the next game: every fact goes, the setup and the model stay."""
        self._recorded = []
        self._refit()
        self.refresh()

    def save(self) -> str:
        """The whole sheet as JSON text (:meth:`bluffmath.hoax.Case.dumps`)."""
        return self.case.dumps()

    def load(self, text: str) -> None:
        """Show the case saved in ``text``; a clear error, and nothing changed, if it is not
        a sound case or no deal fits its facts."""
        case = Case.from_json(text)
        deduce(case)
        if any("," in name for name in case.names):
            raise InvalidInputError(f"the sheet's names are typed between commas, so none may hold one: "
                                    f"{list(case.names)!r}")
        self._set_case(case)

    # --- building -----------------------------------------------------------------------
    def _controls(self) -> list[w.Widget]:
        self.edition = _dropdown("edition", "edition", list(EDITIONS), layout=_width(14))
        self.players = _dropdown("players", "players", PLAYER_COUNTS, layout=_width(8))
        self.names = _text("names", "names", "", placeholder="Ann, Bo, Cy, ... (blank: player 0, ...)",
                           layout=w.Layout(width="30em"))
        self.honest = _text("honest (holds it, speaks)", "honest", "1", layout=_width(18))
        self.bluff = _text("bluff (does not, speaks)", "bluff", "1/4", placeholder="1/4 or King=1/2, ...",
                           layout=_width(22))
        self.player = _dropdown("record:", "player", [], layout=_width(14))
        self.kind = _dropdown("", "kind", list(FACT_KINDS), layout=_width(16))
        self.role = _dropdown("the", "role", [], layout=_width(11))
        self.add_button = _button("add", "add", "record this fact after the others")
        self.undo_button = _button("undo", "undo", "drop the last fact")
        self.new_sheet_button = _button("new sheet", "new-sheet", "a blank sheet: every fact goes, the setup stays")
        self.aside = w.HTML()
        self.aside.add_class("bm-hoax-aside")
        return [_row([self.edition, self.players, self.names]), _row([self.honest, self.bluff]),
                _row([self.player, self.kind, self.role]),
                _row([self.add_button, self.undo_button, self.new_sheet_button]), self.aside]

    def _outputs(self) -> list[w.Widget]:
        self.grid = w.HTML()
        self.history = w.HTML()
        self.detail_player = _dropdown("details of", "detail-player", [], layout=_width(14))
        self.detail_role = _dropdown("as the", "detail-role", [], layout=_width(11))
        self.bayes = w.HTML()
        self.details = w.HTML()
        self.save_text = w.Textarea(placeholder="press save, or paste a saved sheet and press load",
                                    layout=w.Layout(width="60em", max_width="100%", height="8em"))
        self.save_button = _button("save", "save", "the sheet as JSON, in the box")
        self.load_button = _button("load", "load", "show the sheet saved in the box")
        for widget, name in ((self.grid, "grid"), (self.history, "log"), (self.bayes, "bayes"),
                             (self.details, "details"), (self.save_text, "save-text")):
            widget.add_class(f"bm-hoax-{name}")
        saving = w.VBox([_row([self.save_button, self.load_button]), self.save_text])
        return [self.grid, w.HTML("<b>Facts, in order</b>"), self.history,
                w.HTML("<b>Details</b>"), _row([self.detail_player, self.detail_role]),
                self.bayes, self.details, w.HTML("<b>Save or load the sheet</b>"), saving]

    # --- acting -------------------------------------------------------------------------
    def _say(self, text: str | None) -> None:
        super()._say(None if text is None else in_words(text))

    @contextmanager
    def _hold(self) -> Iterator[None]:
        """As :meth:`Panel._hold`, and inside another hold just part of it."""
        if self._paused:
            yield
            return
        with super()._hold():
            yield

    def _act(self, work: Callable[[], object]) -> None:
        with self._reporting():
            work()

    def _add(self) -> None:
        self.record(FACT_KINDS[self.kind.value](self.player.value, self.role.value))

    def _save(self) -> None:
        self.save_text.value = self.save()
        self.refresh()

    def _set_case(self, case: Case) -> None:
        default = Case(case.edition, case.players).names
        with self._hold():
            self.edition.value, self.players.value = case.edition.name, case.players
            self.names.value = "" if case.names == default else ", ".join(case.names)
            self.honest.value, self.bluff.value = _model_texts(case.model)
            self._facts, self._recorded = list(case.facts), list(case.facts)
            self._setup_changed()

    def _setup_changed(self, change: object = None) -> None:
        """The player and role dropdowns follow the setup fields; the sheet keeps the facts
        that still fit (the others are set aside, and come back when they fit again)."""
        counts = list(EDITIONS[self.edition.value].players)
        roles = [(r, r) for r in EDITIONS[self.edition.value].roles]
        with self._hold():
            if list(self.players.options) != counts:
                wanted = self.players.value
                self.players.options = counts
                self.players.value = min(max(wanted, counts[0]), counts[-1])
            players = list(enumerate(self._names()))
            self._refit()
            for dropdown in (self.role, self.detail_role):
                _keep_value(dropdown, roles)
            for dropdown in (self.player, self.detail_player):
                _keep_value(dropdown, [(name, p) for p, name in players])

    def _typed_names(self) -> tuple[str, ...]:
        """The names typed between commas (none: the core's "player N")."""
        return tuple(n.strip() for n in self.names.value.split(",")) if self.names.value.strip() else ()

    def _names(self) -> tuple[str, ...]:
        """The names typed, one per player in order; "player N" where none is typed (the
        names beyond the player count wait in the field for more players)."""
        typed = self._typed_names()
        return tuple(typed[p] if p < len(typed) and typed[p] else f"player {p}" for p in range(self.players.value))

    def _model(self) -> BluffModel:
        """The bluffing model the fields give (a clear error if they give none)."""
        return BluffModel(honest=self.honest.value.strip(), bluff=parse_bluff(self.bluff.value, self.edition.value))

    def _refit(self) -> None:
        """Show the recorded facts that fit the setup; say which are set aside."""
        try:
            model = self._model()
        except InvalidInputError:  # the message says what is wrong with the field
            model = BluffModel()
        blank = Case(self.edition.value, self.players.value, (), model, ())
        self._facts = list(fitting(blank, self._recorded))
        aside = [f for f in self._recorded if f not in self._facts]
        self.aside.value = "" if not aside else (
            f"<p class='bm-hoax-set-aside' data-count='{len(aside)}'><i>Set aside while the sheet has "
            f"{self.players.value} players ({escape(self.edition.value)} edition); they come back when they fit "
            f"again:</i> {escape('; '.join(map(str, aside)))}</p>")

    # --- drawing ------------------------------------------------------------------------
    def _render(self) -> None:
        case = self.case
        d = deduce(case)
        player, role = self.detail_player.value, self.detail_role.value
        grid = grid_html(d, "bm-hoax-cell")
        bayes, details = bayes_html(d.table(player)), _details_html(d, player, role)
        self._deduction = d
        self.grid.value, self.bayes.value, self.details.value = grid, bayes, details
        self.history.value = facts_html(case.facts, case.names)

    def _clear(self) -> None:
        self._deduction = None
        self.grid.value = self.bayes.value = self.details.value = ""
        self.history.value = facts_html(self._facts, self._names())


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
        honest_text, bluff_text = _model_texts(model)
        self.edition = _dropdown("edition", "practice-edition", list(EDITIONS), value=first.case.edition.name,
                                 layout=_width(14))
        self.players = _dropdown("players", "practice-players", PLAYER_COUNTS, value=players, layout=_width(9))
        self.honest = _text("honest", "practice-honest", honest_text, layout=_width(12))
        self.bluff = _text("bluff", "practice-bluff", bluff_text, layout=_width(16))
        self.buys = w.BoundedIntText(value=buys, min=0, max=MAX_BUYS, description="buys", style=_WIDE,
                                     layout=_width(8))
        self.seed = _text("seed", "practice-seed", str(seed), layout=_width(16),
                          placeholder=f"a whole number from 0 to {MAX_SEED}")
        self.new_button = _button("new game", "new", "deal a new practice table with these settings")
        self.target = _dropdown("player", "target", [], layout=_width(14))
        self.role = _dropdown("role", "practice-role", [], layout=_width(12))
        self.occasion_button = _button("next occasion", "occasion", "a role's occasion: the bots speak or not")
        self.buy_button = _button("buy information from", "buy", "the player shows you a role it is not")
        self.challenge_button = _button("challenge", "challenge", "call Hoax on the player's claim of the role")
        self.accuse_button = _button("accuse", "accuse", "accuse the player of being the role")
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
        return [_row([self.edition, self.players, self.honest, self.bluff]),
                _row([self.buys, self.seed, self.new_button]),
                _row([self.target, self.role]),
                _row([self.occasion_button, self.buy_button, self.challenge_button, self.accuse_button])]

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
        _keep_value(self.target, [(f"player {p}", p) for p in game.in_play])
        _keep_value(self.role, [(r, r) for r in game.case.edition.roles])
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
        status, grid = self._status_html(game), grid_html(d, "bm-hoax-cell")
        self._deduction = d
        self.status.value, self.grid.value = status, grid
        self.question.value = self._question_html(game)
        self.news.value = self._news_html(game)
        self.history.value = facts_html(game.case.facts, game.case.names)
        self.truth.value = self._truth_html(game)
        for button in (self.occasion_button, self.buy_button, self.challenge_button, self.accuse_button):
            button.disabled = game.over

    @staticmethod
    def _status_html(game: Practice) -> str:
        if game.over:
            return f"<b>Game over: {escape(game.result)}.</b>"
        playing = ", ".join(f"player {p}" for p in game.in_play)
        return (f"<b>You are player 0, the {game.truth[0]}.</b> Round {game.rounds}; purchases of "
                f"information left: {game.buys}; in play: {playing}.")

    @staticmethod
    def _question_html(game: Practice) -> str:
        """Which role this round's occasion is about, and who spoke as it and who kept silent."""
        claims = occasion_claims(game)
        if not claims:
            return "<p>No occasion yet: press <i>next occasion</i>.</p>"
        role = claims[0].role
        spoke = [escape(game.case.names[c.player]) for c in claims if c.spoke] or ["nobody"]
        silent = [escape(game.case.names[c.player]) for c in claims if not c.spoke] or ["nobody"]
        return (f"<p class='bm-hoax-occasion' data-role='{role}'>This round's question is about "
                f"<b>the {role}</b>: spoke as the {role}: {', '.join(spoke)}; kept silent: "
                f"{', '.join(silent)}.</p>")

    @staticmethod
    def _news_html(game: Practice) -> str:
        """What the last action showed; a bought look names the role revealed, marked for tests."""
        if game.look is not None:
            name = escape(game.case.names[game.look.player])
            return (f"<p>{name} shows you a role they are not: <span class='bm-hoax-look' "
                    f"data-player='{game.look.player}' data-role='{game.look.role}'><b>the {game.look.role}</b>"
                    f"</span> (their card is not the {game.look.role}; your sheet covers it).</p>")
        return f"<p>{escape(game.news)}.</p>" if game.news and not game.over else ""

    @staticmethod
    def _truth_html(game: Practice) -> str:
        if not game.over:
            return ""
        cells = "".join(f"<tr><th>player {p}</th><td data-player='{p}'>{role}</td></tr>"
                        for p, role in enumerate(game.truth))
        return f"<b>Who was who</b><table class='bm-hoax-truth'>{cells}</table>"

    def _clear(self) -> None:
        self._deduction = None
        self.grid.value = self.truth.value = self.news.value = self.question.value = ""
