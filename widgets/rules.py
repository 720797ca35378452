"""Each game's rules in a few lines, one click away on every table, calculator and sheet.

The summaries follow ``shared/rules/`` and ``docs/reference/rulings.md`` (the readings bluffmath plays by);
the full texts are in the docs. A card starts closed so that it never pushes the game down.

>>> card = rules_card("hochstapler")
>>> card.get_title(0), card.selected_index is None
('Rules of Hochstapler', True)
>>> from bluffmath.i18n import speaking
>>> with speaking("de"):
...     rules_card("hochstapler").get_title(0)
'Regeln von Hochstapler'

The summaries are written in English, marked for the catalogs (:data:`RULES`), and shown
in the language in use.
>>> rules_card("poker")
Traceback (most recent call last):
...
bluffmath.errors.InvalidInputError: game must be one of gauner, hoax, hochstapler, muenchhausen, got 'poker'
"""

from __future__ import annotations

import ipywidgets as w

from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _

from .disclosure import Disclosure

__all__ = ["NAMES", "RULES", "rules_card"]

NAMES = {"gauner": "Gauner raus!", "hoax": "Hoax", "hochstapler": "Hochstapler", "muenchhausen": "Münchhausen"}

RULES = {
    "hochstapler": [
        N_("3 to 7 players. 7 colours of 15 cards: 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7 "
           "(43 in each colour). Everyone holds one card of every colour still in play."),
        N_("A call says: the total of this colour over <em>all</em> hands is at least this number. "
           "The opener calls any total; each next player raises (a higher total, any colour) or doubts."),
        N_("Before raising you may exchange one card: it goes face up, you take the top card of that "
           "colour's pile, and then you must raise."),
        N_("Doubt: everyone shows that colour. Total reached: the doubter takes the colour (a penalty "
           "point); not reached: the caller takes it. The doubter opens the next round."),
        N_("No call goes above the highest total the hands can hold (the players' highest cards of "
           "a colour): facing it, you can only doubt."),
        N_("When all 7 colours are taken the game ends: fewest penalty points wins. With several "
           "deals, points add up until someone has 10 or more."),
    ],
    "gauner": [
        N_("36 cards: 6 colours × 6 letters, each pair once. 2, 3 or 4 players hold 12, 10 or 8 cards; "
           "the rest stay face down until the end."),
        N_("A player's number for a cell is how many of their cards share its colour or its letter "
           "(a card with both counts once). Every number written is true and public."),
        N_("Your turn: roll for an empty cell of your table and write your number there, then guess "
           "an opponent's card. Right: it is laid face up and scores 1; guess again or stop. "
           "Wrong: they mark that cell “not mine” and your turn ends."),
        N_("The game ends when someone has no hidden card left; most points wins. Brave variant: a "
           "turn that ends with a wrong guess loses the points it scored."),
    ],
    "hoax": [
        N_("Each player holds one secret role: King, Judge, Vicar, Wizard, Thief or Peasant (two cards "
           "each; the German edition adds the Merchant). Nobody's role is ever shown unless challenged."),
        N_("On your turn claim any role and do its action (take tokens, tax, steal…), or buy a look: "
           "pay a trio of gold, grain and wine and the player you name shows you one role they are not."),
        N_("Others may react as King (illegal!), Judge (a fine), Vicar (a pardon) or Wizard (immunity), "
           "and anyone may cry “Hoax!”: the table votes; a liar's claim is undone and that role covered, "
           "a truthful player wins at once."),
        N_("Tokens outside can be stored in the vault as trios (one of each type), safe from taxes "
           "and spells but not from the Thief."),
        N_("Accuse a player of a role (original: at any chance to react; German: as your turn): right, "
           "they leave; wrong, you leave. The last player in wins. German: when two are left, a showdown "
           "of looks, doubts and accusations decides."),
    ],
    "muenchhausen": [
        N_("2 to 8 players; everyone holds one card of each value 1 to 8 (3 to 8 with 6 or more players)."),
        N_("The start player names a value; the others offer, each at least the highest so far, until "
           "all pass. The winner lays a card face down on the start player's pile, claiming it is at "
           "least the offer."),
        N_("The start player believes it, or doubts and turns it over: honest, the start player takes "
           "it into hand and the offerer lays a card on their own pile; a lie, the offerer takes it "
           "back and the start player lays one."),
        N_("A round ends when someone lays their last card (or after a full circle with no offer): "
           "score your pile minus your hand."),
    ],
}


def rules_card(game: str) -> Disclosure:
    """A closed "Rules of ..." card with ``game``'s rules in a few lines."""
    if game not in RULES:
        raise InvalidInputError(f"game must be one of {', '.join(sorted(RULES))}, got {game!r}")
    items = "".join(f"<li>{_(line)}</li>" for line in RULES[game])
    body = w.HTML(f"<ul class='bluffmath-rules' style='margin: 0; padding-left: 1.2em; "
                  f"max-width: 60em;'>{items}</ul>", layout=w.Layout(width="auto"))
    title = _("Rules of {game}").format(game=NAMES[game])
    card = Disclosure(title, body, layout=w.Layout(width="auto", max_width="100%"))
    card.add_class("bluffmath-rules-card")
    return card
