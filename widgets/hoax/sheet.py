"""Hoax in Jupyter: a deduction sheet of who is who, and a practice table against bots.

:class:`HoaxSheet` is a sheet for study: record, fact by fact, what one player saw at a
table (claims and silences, bought information, challenges, covered roles, revealed
cards, accusations) and read every player's exact chance of every role, each player's
Bayes table, and the counting behind any one cell. The rules allow no written records at
a real table, so the sheet is for replaying a game afterwards and for lessons.
:class:`HoaxPractice` (in :mod:`.practice`) deals a practice table (:class:`bluffmath.hoax.practice.Practice`)
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
from bluffmath.hoax.evidence import Fact
from bluffmath.hoax.report import bayes_html
from bluffmath.hoax.roles import role_words
from bluffmath.hoax.said import player_words
from bluffmath.i18n import N_, _

from ..common import Panel, fraction_html
from ..rules import rules_card
from .controls import (
    PLAYER_COUNTS,
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
from .practice import HoaxPractice

__all__ = ["FACT_KINDS", "HoaxPractice", "HoaxSheet", "facts_html", "fitting", "parse_bluff"]

#: What the "record" row's kind dropdown offers, and the fact each makes of (player, role):
#: the row reads "record: player 1 | spoke as | the King". The keys are English (the
#: dropdown's values); the dropdown shows them in the language in use.
FACT_KINDS: dict[str, Callable[[int, str], Fact]] = {
    N_("spoke as"): partial(Claim, spoke=True),
    N_("kept silent as"): partial(Claim, spoke=False),
    N_("is not (bought information)"): partial(IsNot, how="bought"),
    N_("is not (successful challenge)"): partial(IsNot, how="challenge"),
    N_("is not (covered role)"): partial(IsNot, how="covered"),
    N_("is (revealed)"): partial(Holds, how="revealed"),
    N_("is (accused correctly)"): partial(Holds, how="accused"),
    N_("is not (accused wrongly)"): partial(IsNot, how="accused"),
    N_("is (my own card)"): partial(Holds, how="own card"),
}

def _details_html(d: Deduction, player: int, role: str, name: str) -> str:
    """One cell: a claim's chance to be a lie, an accusation's to succeed, the counting."""
    said = _("If {name} speaks as the {role}, the claim is a lie with P = {lie}; accusing {name} of being the "
             "{role} succeeds with P = {accused}.").format(
        name=escape(name), role=role_words(role), lie=fraction_html(d.lie(player, role)),
        accused=fraction_html(d.accusation_succeeds(player, role)))
    return (f"<p>{said}</p>"
            f"<pre class='bm-hoax-explain' style='white-space: pre-wrap'>"
            f"{escape(d.explain(player, role))}</pre>")


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
            raise IllegalActionError(_("there is no fact to undo"))
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
            raise InvalidInputError(_("the sheet's names are typed between commas, so none may hold one: "
                                      "{names}").format(names=repr(list(case.names))))
        self._set_case(case)

    # --- building -----------------------------------------------------------------------
    def _controls(self) -> list[w.Widget]:
        self.edition = dropdown(_("edition"), "edition", edition_options(), layout=width(14))
        self.players = dropdown(_("players"), "players", PLAYER_COUNTS, layout=width(10))
        self.names = text_field(_("names"), "names", "", placeholder=_("Ann, Bo, Cy, ... (blank: player 0, ...)"),
                                layout=w.Layout(width="30em"))
        self.honest = text_field(_("honest (holds it, speaks)"), "honest", "1", layout=width(18))
        self.bluff = text_field(_("bluff (does not, speaks)"), "bluff", "1/4", placeholder=_("1/4 or King=1/2, ..."),
                                layout=width(22))
        self.player = dropdown(_("record:"), "player", [], layout=width(14))
        self.kind = dropdown(_("fact"), "kind", [(_(kind), kind) for kind in FACT_KINDS], layout=width(19))
        self.role = dropdown(_("the"), "role", [], layout=width(11))
        self.add_button = button(_("add"), "add", _("record this fact after the others"))
        self.undo_button = button(_("undo"), "undo", _("drop the last fact"))
        self.new_sheet_button = button(_("new sheet"), "new-sheet", _("a blank sheet: every fact goes, the setup stays"))
        self.aside = w.HTML()
        self.aside.add_class("bm-hoax-aside")
        return [row([self.edition, self.players, self.names]), row([self.honest, self.bluff]),
                row([self.player, self.kind, self.role]),
                row([self.add_button, self.undo_button, self.new_sheet_button]), self.aside]

    def _outputs(self) -> list[w.Widget]:
        self.grid = w.HTML()
        self.history = w.HTML()
        self.detail_player = dropdown(_("details of"), "detail-player", [], layout=width(14))
        self.detail_role = dropdown(_("as the"), "detail-role", [], layout=width(11))
        self.bayes = w.HTML()
        self.details = w.HTML()
        self.save_text = w.Textarea(placeholder=_("press save, or paste a saved sheet and press load"),
                                    layout=w.Layout(width="60em", max_width="100%", height="8em"))
        self.save_button = button(_("save"), "save", _("the sheet as JSON, in the box"))
        self.load_button = button(_("load"), "load", _("show the sheet saved in the box"))
        for widget, name in ((self.grid, "grid"), (self.history, "log"), (self.bayes, "bayes"),
                             (self.details, "details"), (self.save_text, "save-text")):
            widget.add_class(f"bm-hoax-{name}")
        saving = w.VBox([row([self.save_button, self.load_button]), self.save_text])
        return [self.grid, w.HTML("<b>" + _("Facts, in order") + "</b>"), self.history,
                w.HTML("<b>" + _("Details") + "</b>"), row([self.detail_player, self.detail_role]),
                self.bayes, self.details, w.HTML("<b>" + _("Save or load the sheet") + "</b>"), saving]

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
            self.honest.value, self.bluff.value = model_texts(case.model)
            self._facts, self._recorded = list(case.facts), list(case.facts)
            self._setup_changed()

    def _setup_changed(self, change: object = None) -> None:
        """The player and role dropdowns follow the setup fields; the sheet keeps the facts
        that still fit (the others are set aside, and come back when they fit again)."""
        counts = list(EDITIONS[self.edition.value].players)
        roles = role_options(EDITIONS[self.edition.value].roles)
        with self._hold():
            if list(self.players.options) != counts:
                wanted = self.players.value
                self.players.options = counts
                self.players.value = min(max(wanted, counts[0]), counts[-1])
            players = list(enumerate(self._names()))
            self._refit()
            for dropdown in (self.role, self.detail_role):
                keep_value(dropdown, roles)
            for dropdown in (self.player, self.detail_player):
                keep_value(dropdown, [(name, p) for p, name in players])

    def _typed_names(self) -> tuple[str, ...]:
        """The names typed between commas (none: the core's "player N")."""
        return tuple(n.strip() for n in self.names.value.split(",")) if self.names.value.strip() else ()

    def _names(self) -> tuple[str, ...]:
        """The names typed, one per player in order; "player N" where none is typed (the
        names beyond the player count wait in the field for more players)."""
        typed = self._typed_names()
        return tuple(typed[p] if p < len(typed) and typed[p] else player_words(p) for p in range(self.players.value))

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
        said = _("Set aside while the sheet has {players} players ({edition} edition); they come back when they "
                 "fit again:").format(players=self.players.value, edition=escape(self.edition.label or self.edition.value))
        self.aside.value = "" if not aside else (
            f"<p class='bm-hoax-set-aside' data-count='{len(aside)}'><i>{said}</i> "
            f"{escape('; '.join(map(self._in_names, aside)))}</p>")

    def _in_names(self, fact: Fact) -> str:
        """``fact`` in words with its player's typed name, if one was typed for that seat."""
        typed = self._typed_names()
        name = typed[fact.player] if fact.player < len(typed) and typed[fact.player] else player_words(fact.player)
        return fact.said_of(name)

    # --- drawing ------------------------------------------------------------------------
    def _render(self) -> None:
        case = self.case
        d = deduce(case)
        player, role = self.detail_player.value, self.detail_role.value
        names = self._names()  # those typed, else "player N" in the language in use
        grid = grid_html(d, "bm-hoax-cell", names)
        bayes, details = bayes_html(d.table(player)), _details_html(d, player, role, names[player])
        self._deduction = d
        self.grid.value, self.bayes.value, self.details.value = grid, bayes, details
        self.history.value = facts_html(case.facts, names)

    def _clear(self) -> None:
        self._deduction = None
        self.grid.value = self.bayes.value = self.details.value = ""
        self.history.value = facts_html(self._facts, self._names())


