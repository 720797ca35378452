"""Print-and-cut decks of the four games, for a class without the boxed games.

Each deck is a few A4 pages of cards 63 x 88 mm, nine to a page, with dashed lines to cut
along; every card is made from the core's own definition of the game, so a printed deck
holds exactly the cards the engines deal:

- **Hochstapler** (:data:`bluffmath.hochstapler.rules.PILE`, ``COLOURS``, ``SYMBOLS``):
  seven colours of 15 cards (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7); one deck serves
  seven groups in lesson 1;
- **Gauner raus!** (:data:`bluffmath.gauner.GRID`): the 36 cards, each with its colour,
  its letter and its place in the 6 x 6 grid, and a table sheet per player to write the
  numbers in; lesson 5 gives each pair a deck;
- **Münchhausen** (:func:`bluffmath.muenchhausen.rules.values`): four sets of the cards 1
  to 8, in Elfer raus!'s four colours (a set is one player's hand, or one pair's in
  lesson 7);
- **Hoax** (:data:`bluffmath.hoax.roles.ALL_ROLES`, ``COPIES``, :mod:`bluffmath.hoax.tokens`):
  two role cards of each role of both editions (the Merchants only for the German one,
  "Die Erben von Hoax"); one suspicion card of each role (shown in secret to a player who
  buys a look, passed face down to accuse); the 20 tokens of each type as round chips; and
  a player's sheet of each edition (print one per player): every role's turn action and
  reaction as the engine plays them (the rulings, "Hoax: the full game",
  ``docs/reference/rulings.md``; the takes from :data:`bluffmath.hoax.actions.TAKES`), a box
  to tick when a role is covered, and places for the tokens outside and in the vault. Hoax
  forbids written records at the table, so the sheet has no room to note claims.

Colours are the games' (the widgets' palette) as a frame, and every card also says its
colour (or role, or token) in words, so a deck printed in black and white plays the same.

Nothing is cut by a page break: each page is a group of its own (``.sheet``, ``.page``)
that fits an A4 page and breaks after itself, and no card, chip or sheet breaks inside.
Every card and chip carries its *index* in two corners, the top and the bottom (as a
playing card does): its words and, when there are several alike, its copy, such as
``Thief · 1/2``; a sheet carries its name at its top and its foot. Both ends of every
piece are on one printed page (``tests/test_decks.py`` prints each deck with Chromium and
reads every page).

>>> role_card("Thief", 1).count("Thief · 1/2")
2
>>> turn_action("Peasant", ORIGINAL)
'Take 2 grain.'

Every word on a card or a sheet is in the language in use (:mod:`bluffmath.i18n`; German in
the words of the German boxes and rules: Mönch, Dieb; Gold, Getreide, Wein; die Burg, der
Tresor), and the page says so (``<html lang="de">``; ``tests/test_course_german.py``).

``handouts.py`` writes them with the worksheets (``deck-hochstapler.html``, ...), in each
language into its own folder.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from bluffmath import i18n
from bluffmath.gauner import GRID
from bluffmath.hoax.actions import TAKES
from bluffmath.hoax.roles import ALL_ROLES, COPIES, EDITIONS, GERMAN, ORIGINAL, Edition, role_words
from bluffmath.hoax.tokens import GOLD, GRAIN, START, TOKENS, WINE
from bluffmath.hoax.words import edition_words, holding_words, token_words
from bluffmath.hochstapler.rules import COLOURS, PILE
from bluffmath.i18n import N_, _, n_, p_
from bluffmath.muenchhausen.rules import values

#: The frame colour of each colour's cards (the widgets' palette), and Elfer raus!'s four.
FRAMES = {"red": "#c62828", "orange": "#b45309", "yellow": "#fbc02d", "green": "#2e7d32",
          "blue": "#1565c0", "purple": "#6a1b9a", "black": "#212121"}
ELFER_COLOURS = ("red", "yellow", "green", "blue")
TOKEN_FRAMES = {"gold": "#b8860b", "grain": "#8d6e63", "wine": "#6a1b9a"}
ROLE_FRAME, SUSPICION_FRAME = "#37474f", "#4e342e"
#: Cards to an A4 page: 3 x 3 of 63 x 88 mm in its 190 x 277 mm inside the margins. (The
#: chips are 26 mm, 7 to a row: the 60 fit one page, 3 rows a type.)
PER_PAGE = 9

STYLE = """
@page { size: A4; margin: 10mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #111; margin: 0; }
.sheet, .page { break-after: page; break-inside: avoid; page-break-after: always;
  page-break-inside: avoid; }
.sheet { display: grid; grid-template-columns: repeat(3, 63mm); grid-auto-rows: 88mm; gap: 0;
  justify-content: center; }
.card, .chip, .player-sheet, .table, tr { break-inside: avoid; page-break-inside: avoid; }
.card { width: 63mm; height: 88mm; box-sizing: border-box; border: 1px dashed #888; padding: 3mm; }
.face { height: 100%; box-sizing: border-box; border: 2.5mm solid var(--frame); border-radius: 3mm;
  display: flex; flex-direction: column; align-items: center; justify-content: space-between;
  padding: 2mm 3mm; text-align: center; }
.index { font-size: 8pt; align-self: flex-start; white-space: nowrap; }
.index.foot { align-self: flex-end; transform: rotate(180deg); }
.suspicion .face { border-style: double; border-width: 3mm; }
.big { font-size: 40pt; font-weight: bold; line-height: 1; }
.word { font-size: 12pt; } .small { font-size: 9pt; color: #333; }
.mini { border-collapse: collapse; } .mini td { width: 5.5mm; height: 4mm; border: .3mm solid #555;
  font-size: 7pt; line-height: 1; } .mini td.here { background: var(--frame); color: #fff; }
.chips { display: grid; grid-template-columns: repeat(7, 26mm); grid-auto-rows: 26mm;
  justify-content: center; margin-bottom: 3mm; }
.chip { width: 26mm; height: 26mm; box-sizing: border-box; border: 1px dashed #888; padding: 1.2mm; }
.chip .face { border-radius: 50%; border-width: 1.5mm; padding: 2.4mm 0; }
.chip .index { font-size: 5.5pt; align-self: center; }
.chip .index.foot { align-self: center; transform: none; }
.chip .word { font-size: 11pt; font-weight: bold; }
.table td, .table th { border: .3mm solid #333; width: 22mm; height: 14mm; text-align: center; }
.table { border-collapse: collapse; margin: 6mm auto; } h1 { font-size: 14pt; text-align: center; }
.chip-page h1 { font-size: 12pt; margin: 1mm 0 3mm; }
.sheet-index { font-size: 8pt; text-align: right; }
.player-sheet { font-size: 9pt; line-height: 1.25; }
.player-sheet h1 { font-size: 13pt; margin: 1mm 0 2mm; } .player-sheet p { margin: 1.5mm 0; }
.roles { border-collapse: collapse; width: 100%; }
.roles th, .roles td { border: .3mm solid #333; padding: 1.2mm 1.5mm; vertical-align: top; text-align: left; }
.roles th.role { width: 22mm; } .roles .turn, .roles .reaction { width: 50%; }
.roles td.cover { width: 15mm; text-align: center; font-size: 14pt; }
.areas { display: flex; gap: 4mm; margin: 3mm 0; }
.area { flex: 1; height: 26mm; border: .5mm solid #333; border-radius: 2mm; padding: 1.5mm; }
.player-sheet ul { margin: 1mm 0; padding-left: 5mm; } .player-sheet li { margin: .6mm 0; }
@media screen { body { padding: 1em; } .sheet, .page { margin-bottom: 1em; } }
"""


def index(name: str, copy: int = 1, copies: int = 1) -> str:
    """A piece's index, in its two corners: its words, and its copy when there are several.

    >>> index("Thief", 1, 2), index("red A")
    ('Thief · 1/2', 'red A')
    """
    return name if copies == 1 else f"{name} · {copy}/{copies}"


def _card(frame: str, big: str, word: str, small: str = "", extra: str = "", kind: str = "card",
          data: str = "", mark: str = "") -> str:
    """One card (or chip, ``kind="chip"``): ``mark`` (its :func:`index`) at the top and the foot."""
    return (f'<div class="{kind}" {data}><div class="face" style="--frame: {frame}">'
            f'<div class="index">{escape(mark)}</div>'
            f'<div class="big">{escape(big)}</div>{extra}<div class="word">{escape(word)}</div>'
            f'<div class="small">{escape(small)}</div><div class="index foot">{escape(mark)}</div></div></div>')


def _sheets(cards: list[str], per_page: int = PER_PAGE) -> str:
    """The cards, ``per_page`` to a page (a ``.sheet``: a grid that breaks after itself)."""
    return "".join(f'<div class="sheet">{"".join(cards[i:i + per_page])}</div>'
                   for i in range(0, len(cards), per_page))


def _page(title: str, body: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{i18n.language()}"><head><meta charset="utf-8"><title>{escape(title)}'
            f"</title><style>{STYLE}</style></head><body>\n{body}</body></html>\n")


def colour_words(colour: str) -> str:
    """A colour's name in the language in use (as it is written on a card)."""
    return {"red": p_("colour", "red"), "orange": p_("colour", "orange"), "yellow": p_("colour", "yellow"),
            "green": p_("colour", "green"), "blue": p_("colour", "blue"), "purple": p_("colour", "purple"),
            "black": p_("colour", "black")}[colour]


def symbol_words(colour: str) -> str:
    """The symbol on a Hochstapler colour's cards, in the language in use."""
    return {"red": p_("Hochstapler symbol", "clock"), "orange": p_("Hochstapler symbol", "house"),
            "yellow": p_("Hochstapler symbol", "yacht"), "green": p_("Hochstapler symbol", "diamond"),
            "blue": p_("Hochstapler symbol", "ring"), "purple": p_("Hochstapler symbol", "wine"),
            "black": p_("Hochstapler symbol", "car")}[colour]


def _whole_page(mark: str, body: str, kind: str = "page", data: str = "") -> str:
    """A page of its own (a sheet to write on, the chips) with ``mark`` at its top and foot."""
    return (f'<div class="page {kind}" {data}><div class="sheet-index">{escape(mark)}</div>{body}'
            f'<div class="sheet-index">{escape(mark)}</div></div>')


def hochstapler() -> str:
    """The 105 cards: for each colour, the pile's values, each as many times as the pile holds it.

    >>> hochstapler().count('class="card"')
    105
    """
    cards = [_card(FRAMES[colour], str(value), f"{colour_words(colour)} · {symbol_words(colour)}", "Hochstapler",
                   data=f'data-colour="{colour}" data-value="{value}"',
                   mark=index(f"{colour_words(colour)} {value}", copy, copies))
             for colour in COLOURS for value, copies in PILE.items() for copy in range(1, copies + 1)]
    return _page(_("Hochstapler: a deck to print and cut"), _sheets(cards))


def _mini_grid(cell: int) -> str:
    rows = "".join("<tr>" + "".join('<td class="here">●</td>' if GRID.index(f"{colour}-{letter}") == cell
                                    else "<td></td>" for letter in GRID.letters) + "</tr>"
                   for colour in GRID.colours)
    return f'<table class="mini" aria-hidden="true">{rows}</table>'


#: The index of the Gauner raus! table sheet, at its top and its foot (``_(GAUNER_TABLE)``).
GAUNER_TABLE = N_("Gauner raus! table sheet")


def gauner() -> str:
    """The 36 cards, then a table sheet (the 6 x 6 grid a player writes the numbers in).

    >>> page = gauner()
    >>> page.count('class="card"'), page.count('class="table"')
    (36, 1)
    """
    cards = []
    for cell in GRID.cells:
        colour, letter = GRID.name(cell).split("-")
        said = f"{colour_words(colour)} {letter}"
        cards.append(_card(FRAMES[colour], letter, said, "Gauner raus!", _mini_grid(cell),
                           data=f'data-cell="{GRID.name(cell)}"', mark=index(said)))
    head = "".join(f"<th>{letter}</th>" for letter in GRID.letters)
    rows = "".join(f"<tr><th>{colour_words(colour)}</th>" + "<td></td>" * len(GRID.letters) + "</tr>"
                   for colour in GRID.colours)
    title = _("Gauner raus!: a player's table (write your numbers in; one sheet a player)")
    table = f'<h1>{title}</h1><table class="table"><tr><th></th>{head}</tr>{rows}</table>'
    return _page(_("Gauner raus!: a deck to print and cut"), _sheets(cards) + _whole_page(_(GAUNER_TABLE), table))


def muenchhausen(sets: Iterable[str] = ELFER_COLOURS) -> str:
    """Four sets of the values a player holds (1 to 8), one per Elfer raus! colour.

    >>> muenchhausen().count('class="card"')
    32
    """
    cards = [_card(FRAMES[colour], str(value), colour_words(colour), "Münchhausen",
                   data=f'data-set="{colour}" data-value="{value}"', mark=index(f"{colour_words(colour)} {value}"))
             for colour in sets for value in values(4)]
    return _page(_("Münchhausen: a deck to print and cut"), _sheets(cards))


# --- Hoax ------------------------------------------------------------------------------

def editions_of(role: str) -> str:
    """Which editions play with ``role``'s cards, in words.

    >>> editions_of("King"), editions_of("Merchant")
    ('both editions', 'only in Die Erben von Hoax')
    """
    if role in ORIGINAL.roles:
        return _("both editions")
    return _("only in {edition}").format(edition=edition_words(GERMAN.name))


def role_card(role: str, copy: int) -> str:
    """The ``copy``-th card of ``role`` (a player's secret identity)."""
    name = role_words(role)
    return _card(ROLE_FRAME, name[0], _("Role card: {role}").format(role=name), f"Hoax · {editions_of(role)}",
                 data=f'data-role="{role}"', mark=index(name, copy, COPIES))


def suspicion_card(role: str) -> str:
    """The suspicion card of ``role``: shown in secret to a player who buys a look ("I am not
    ``role``"), or passed face down to accuse a player of being ``role``.

    >>> "Suspicion · Wizard" in suspicion_card("Wizard")
    True
    """
    name = role_words(role)
    return _card(SUSPICION_FRAME, "?", _("Suspicion: {role}").format(role=name),
                 _("Hoax · to show or accuse · {editions}").format(editions=editions_of(role)),
                 kind="card suspicion", data=f'data-suspicion="{role}"',
                 mark=index(_("Suspicion · {role}").format(role=name)))


def chip(token: str, copy: int) -> str:
    """The ``copy``-th of the castle's ``token`` chips."""
    name = token_words(TOKENS.index(token))
    return _card(TOKEN_FRAMES[token], "", name, "", kind="chip", data=f'data-token="{token}"',
                 mark=index(name, copy, START))


#: The index of the page of chips, at its top and its foot (``_(CHIPS)``).
CHIPS = N_("Hoax tokens")


def chips() -> str:
    """One page of chips: ``START`` of each type of token, a block of rows per type."""
    blocks = "".join(f'<div class="chips">{"".join(chip(token, n) for n in range(1, START + 1))}</div>'
                     for token in TOKENS)
    said = _("Hoax: the castle's tokens, {count} of each type ({tokens})").format(
        count=START, tokens=", ".join(map(token_words, range(len(TOKENS)))))
    return _whole_page(_(CHIPS), f"<h1>{said}</h1>" + blocks, "chip-page")


def _take(role: str) -> str:
    """What ``role``'s fixed take gives, from the core (:data:`bluffmath.hoax.actions.TAKES`)."""
    token, count = TAKES[role]
    return _("{n} {token}").format(n=count, token=token_words(token))


def turn_action(role: str, edition: Edition) -> str:
    """``role``'s turn action in ``edition``, as the engine plays it (the rulings).

    >>> turn_action("Vicar", GERMAN)
    'Take 2 wine, or tithe: every other player pays you 1 token of their choice.'
    """
    gold, grain, wine = token_words(GOLD), token_words(GRAIN), token_words(WINE)
    if role == "Vicar" and edition.name == GERMAN.name:
        return _("Take {take}, or tithe: every other player pays you 1 token of their choice.").format(take=_take(role))
    said = {
        "Vicar": lambda: _("Tithe: name a type of token; every other player who has one outside the vault pays you 1."),
        "King": lambda: _("Take 1 {wine} or 1 {gold}, or tax: every other player pays you 1 token of their "
                          "choice.").format(wine=wine, gold=gold),
        "Judge": lambda: _("Take 1 {grain} or 1 {wine}.").format(grain=grain, wine=wine),
        "Wizard": lambda: _("Spell: every token one other player has outside the vault becomes yours."),
        "Thief": lambda: _("Steal 1 or 2 tokens of one type from one other player, from outside or from the vault."),
        "Peasant": lambda: _("Take {take}.").format(take=_take("Peasant")),
        "Merchant": lambda: _("Take {take}, or trade: give tokens of one type from outside your vault, get as many "
                              "of another type from the castle or from one other player.").format(take=_take("Merchant")),
    }
    return said[role]()


def reaction(role: str, edition: Edition) -> str:
    """What ``role`` may do on another player's turn action in ``edition`` ("none" if nothing).

    >>> reaction("Thief", ORIGINAL)
    'none'
    """
    german = edition.name == GERMAN.name
    said = {
        "King": lambda: _("Call another player's turn action “illegal”."),
        "Judge": lambda: _("Fine an action called illegal: the actor pays you 1 or 2 tokens of your choice "
                           "(of 2, one goes to the King who called it)."),
        "Vicar": lambda: _("Pardon a fined player: they may pay you 1 token of your choice instead of the fine."),
        "Wizard": lambda: _("Immune: pay nothing to a tax, tithe, fine, spell or trade.") if german
        else _("Immune: pay nothing to a tax, tithe, fine or spell."),
    }
    return said[role]() if role in said else p_("Hoax reaction", "none")


def _everyone(edition: Edition) -> tuple[str, str]:
    """The sheet's first row, what every player may do: (on one's turn, as a reaction)."""
    look = _("Buy looks: give a trio ({trio}) back to the castle; the player you name shows you in secret the "
             "suspicion card of a role they are not (never one shown to you before). As many trios as you like, "
             "and one at once when you complete a trio.").format(trio=holding_words((1,) * len(TOKENS)))
    accuse = _("Or accuse: pass a player the suspicion card of a role, face down; they say truly yes or no. Right: "
               "they leave; wrong: you leave; the one who leaves gives all their tokens, vault too, to the other.")
    doubt = _("Doubt a claim: cry “Hoax!”. If more than half of the others vote yes: a liar's claim is undone and "
              "that role covered; a player who told the truth shows the card and wins.")
    if edition.name == GERMAN.name:
        return f"{look} {accuse}", doubt
    return look, f"{doubt} {accuse}"


def _notes(edition: Edition) -> list[str]:
    """The sheet's notes under the table: the start, the vault, the end, the edition's own rules."""
    if edition.name == GERMAN.name:
        start = _("Start: one secret role card; one token of your choice from the castle (it holds {count} of "
                  "each); then cover one role you are not.")
        vault = _("A trio in your vault is safe: taxes, tithes, fines, spells and trades take only tokens outside "
                  "it (the Thief may steal from it). You may pay a fine or a pardon from it.")
        own = [_("Several players may react as the same King, Judge or Vicar: the payer picks whom to pay."),
               _("Showdown when two are left: each covers every role shown to the other; then take turns: buy a "
                 "look, doubt (“you are not the ...”: wrong, they cover it; right, they win) or accuse.")]
    else:
        start = _("Start: one secret role card; one token of your choice from the castle (it holds {count} of each).")
        vault = _("A trio in your vault is safe: taxes, tithes, fines and spells take only tokens outside it (the "
                  "Thief may steal from it). You may pay a fine or a pardon from it.")
        own = [_("The first player to react as a King, Judge or Vicar is that role for this turn action."),
               _("Variant (the second original sheet): accusing is a turn action instead of a reaction.")]
    return [start.format(count=START), vault,
            _("Nobody fines or pardons themselves, fines what they called illegal or pardons a fine they imposed, "
              "unless only two players are left."),
            *own,
            _("You win if you are the last player left, or if you are doubted while telling the truth."),
            _("A covered role: tick its box (or put a coin on it); you may never claim it again."),
            _("No written notes during the game: keep what you learn in your head.")]


def sheet_mark(edition: Edition) -> str:
    """The index of ``edition``'s player's sheet, at its top and its foot.

    >>> sheet_mark(GERMAN)
    'Hoax player sheet (Die Erben von Hoax), one a player'
    """
    return _("Hoax player sheet ({edition}), one a player").format(edition=edition_words(edition.name))


def player_sheet(edition: Edition) -> str:
    """``edition``'s player's sheet: a row per role (turn action, reaction, a box to tick when
    it is covered), places for the tokens outside and the trios in the vault, and notes."""
    turn, react = _everyone(edition)
    cards, covered, everyone = n_("{n} card", "{n} cards", COPIES).format(n=COPIES), _("covered"), _("Everyone")
    rows = [f'<tr data-sheet-role="Everyone"><th class="role">{everyone}</th><td class="turn">{escape(turn)}</td>'
            f'<td class="reaction">{escape(react)}</td><td class="cover"></td></tr>']
    rows += [f'<tr data-sheet-role="{role}"><th class="role">{role_words(role)}<br><span class="small">{cards}</span></th>'
             f'<td class="turn">{escape(turn_action(role, edition))}</td>'
             f'<td class="reaction">{escape(reaction(role, edition))}</td>'
             f'<td class="cover">☐<br><span class="small">{covered}</span></td></tr>' for role in edition.roles]
    head = "".join(f'<th{kind}>{word}</th>' for kind, word in (
        (' class="role"', _("Role")), (' class="turn"', _("On your turn: claim a role and do")),
        (' class="reaction"', _("On another's turn action, you may")), ("", _("Covered"))))
    players = _("{low} to {high} players").format(low=edition.players.start, high=edition.players.stop - 1)
    title = _("Hoax: a player's sheet, {edition} ({players})").format(edition=edition_words(edition.name),
                                                                     players=players)
    outside = _("Your tokens outside the vault")
    vault = _("Your vault: trios ({trio}), safe from everyone but the Thief").format(
        trio=holding_words((1,) * len(TOKENS)))
    body = (f"<h1>{title}</h1>"
            f'<table class="roles"><tr>{head}</tr>{"".join(rows)}</table>'
            f'<div class="areas"><div class="area">{outside}</div><div class="area">{vault}</div></div>'
            f'<ul>{"".join(f"<li>{escape(note)}</li>" for note in _notes(edition))}</ul>')
    return _whole_page(sheet_mark(edition), body, "player-sheet", f'data-sheet="{edition.name}"')


def hoax() -> str:
    """Two cards of every role (the Merchants marked for the German edition), a suspicion
    card of every role, the castle's 20 tokens of each type, and a player's sheet of each
    edition.

    >>> page = hoax()
    >>> page.count('class="card"'), page.count('class="card suspicion"'), page.count('class="chip"')
    (14, 7, 60)
    >>> page.count('class="page player-sheet"')
    2
    """
    roles = [role_card(role, copy) for role in ALL_ROLES for copy in range(1, COPIES + 1)]
    suspicions = [suspicion_card(role) for role in ALL_ROLES]
    return _page(_("Hoax: role cards, suspicion cards, tokens and players' sheets to print and cut"),
                 _sheets(roles) + _sheets(suspicions) + chips()
                 + "".join(player_sheet(edition) for edition in EDITIONS.values()))


#: Every deck by the name of its page, ``deck-NAME.html``.
DECKS = {"hochstapler": hochstapler, "gauner": gauner, "muenchhausen": muenchhausen, "hoax": hoax}
