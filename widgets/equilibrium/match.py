"""The Duel against the equilibrium bot, or a bot that reads you (see
:mod:`bluffmath_widgets.equilibrium`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from bluffmath.display import signed
from bluffmath.equilibrium import EquilibriumBot, ReadingBot, deal
from bluffmath.equilibrium.explore import DUELS, Variant, deck_words, variant
from bluffmath.equilibrium.tree import Decision, Terminal
from bluffmath.errors import InvalidInputError
from bluffmath.i18n import N_, _, p_

from ..common import Panel
from .explorer import WIDE, seats, waiting

__all__ = ["OPPONENTS", "DealState", "DuelMatch"]

# --- playing the Duel against the equilibrium bot -----------------------------------------
@dataclass
class DealState:
    """One deal of the Duel: where it stands in the game tree, and what was said."""

    node: Any
    me: int
    my_card: str
    their_card: str
    said: list[tuple[int, str]] = field(default_factory=list)
    #: My own moves, each with the information set it was made at (what a reader counts).
    mine: list[tuple[str, str]] = field(default_factory=list)

    @property
    def to_move(self) -> int | None:
        return self.node.player if isinstance(self.node, Decision) else None

    @property
    def payoff(self) -> Fraction | None:
        """What the deal gave me (None while it goes on)."""
        if not isinstance(self.node, Terminal):
            return None
        payoff = Fraction(self.node.payoff)
        return payoff if self.me == 1 else -payoff


def _card_of(node: Any, player: int, v: Variant) -> str:
    """The card ``player`` holds in the deal below ``node``: read off their first decision."""
    while isinstance(node, Decision):
        if node.player == player:
            return v.card(node.infoset)
        node = next((c for c in node.children if isinstance(c, Decision)), None)
    return "?"


#: The bots a match can seat against you.
OPPONENTS = {"equilibrium": N_("the equilibrium bot"), "reader": N_("a bot that reads you")}


class DuelMatch(Panel):
    """The Duel against a bot: deals drawn with exact chances, by one seeded random
    generator. The equilibrium bot draws each move from its exact mixed strategy (the
    refined equilibrium, :attr:`Variant.played`, which also punishes misplays); the
    reader (:class:`~bluffmath.equilibrium.ReadingBot`) counts your moves after each deal
    and plays the exact best reply to what it has seen, and the score says what it expects
    of your play and what it risks against a player who plays well.

    Arguments: ``deck`` (a name of :data:`DUELS`), ``seat`` (1 or 2), ``seed``,
    ``opponent`` (a key of :data:`OPPONENTS`).
    Controls: ``deck``, ``seat``, ``opponent`` (Dropdowns; a change starts a new match),
    ``seed`` (IntText), ``choice`` (Dropdown: your legal moves), the ``play`` and ``deal``
    Buttons. Outputs (HTML): ``table`` (your card and the calls), ``score`` (the match so
    far). ``state`` is the deal being played, ``total`` and ``deals`` the match's score,
    ``reader`` the reading bot (None against the equilibrium bot).
    """

    def __init__(self, deck: str = "0,1,2,3,4", seat: int = 1, seed: int = 1,
                 opponent: str = "equilibrium") -> None:
        self.deck = w.Dropdown(options=[(deck_words(d), d) for d in DUELS], value=deck, description=_("Duel on"),
                               style=WIDE, layout=w.Layout(width="15em"))
        self.seat = w.Dropdown(options=seats(), value=seat, description=p_("explorer", "seat"), style=WIDE,
                               layout=w.Layout(width="17em"))
        self.seed = w.IntText(value=seed, description=_("seed"), style=WIDE, continuous_update=False,
                              layout=w.Layout(width="10em"))
        if opponent not in OPPONENTS:
            raise InvalidInputError(f"opponent must be one of {', '.join(OPPONENTS)}, got {opponent!r}")
        self.opponent = w.Dropdown(options=[(_(words), key) for key, words in OPPONENTS.items()], value=opponent,
                                   description=_("against"), style=WIDE, layout=w.Layout(width="19em"))
        self.reader: ReadingBot | None = None
        self.choice = w.Dropdown(options=["?"], description=_("your move"), style=WIDE,
                                 layout=w.Layout(width="14em"))
        self.play = w.Button(description=_("play it"), button_style="primary")
        self.deal = w.Button(description=_("next deal"))
        for name in ("deck", "seat", "seed", "opponent", "choice", "play", "deal"):
            getattr(self, name).add_class(f"bm-duel-{name}")
        self.table, self.score = w.HTML(), w.HTML()
        self.table.add_class("bm-duel-table")
        self.score.add_class("bm-duel-score")
        self.state: DealState | None = None
        self.total, self.deals = Fraction(0), 0
        row = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__(
            controls=[w.HBox([self.deck, self.seat, self.opponent, self.seed], layout=row)],
            outputs=[self.table, w.HBox([self.choice, self.play, self.deal], layout=row), self.score],
        )
        self.add_class("bm-duel-match")
        self.play.on_click(self._play)
        self.deal.on_click(self._next)
        for control in (self.deck, self.seat, self.opponent, self.seed):
            control.observe(self._new_match, names="value")
        self._new_match(None)

    def _v(self) -> Variant:
        return variant(f"Duel on {self.deck.value}")

    def _new_match(self, change: object) -> None:
        self._rng = random.Random(self.seed.value)
        self.total, self.deals = Fraction(0), 0
        self.reader = (ReadingBot(self._v().certificate, 3 - self.seat.value)
                       if self.opponent.value == "reader" else None)
        self._next(None)

    def _next(self, button: object) -> None:
        with self._reporting():
            if self.state is not None and self.state.payoff is None and button is not None:
                raise InvalidInputError(_("finish this deal first: make your move (or doubt)"))
            v = self._v()
            me = self.seat.value
            node = deal(v.game, self._rng)
            self.state = DealState(node, me, _card_of(node, me, v), _card_of(node, 3 - me, v))
            self._bot_moves()
            self.refresh()  # not after a refusal: a redraw would hide its message

    def _play(self, button: object) -> None:
        with self._reporting():
            state = self.state
            if state is None or state.to_move != state.me:
                raise InvalidInputError(_("this deal is over: press next deal"))
            action = self.choice.value
            node = state.node
            if action not in node.actions:
                raise InvalidInputError(_("you cannot {action} now").format(action=action))
            state.said.append((state.me, action))
            state.mine.append((node.infoset, action))
            state.node = node.children[node.actions.index(action)]
            self._bot_moves()
            self.refresh()

    def _bot_moves(self) -> None:
        v, state = self._v(), self.state
        assert state is not None
        while isinstance(state.node, Decision) and state.node.player != state.me:
            node = state.node
            bot = self.reader or EquilibriumBot(v.played, node.player)
            action = bot.act(node, self._rng)
            state.said.append((node.player, action))
            state.node = node.children[node.actions.index(action)]
        if isinstance(state.node, Terminal):
            self.total += state.payoff or 0
            self.deals += 1
            for infoset, action in state.mine if self.reader is not None else ():
                self.reader.observe(infoset, action)

    def _render(self) -> None:
        v, state = self._v(), self.state
        if state is None:
            return
        card = _("Your card: {card}").format(card=f"<b class='bm-duel-card'>{escape(state.my_card)}</b>")
        lines = [f"<p>{card}</p>"]
        said = "".join("<li>{}</li>".format((_("you: {move}") if who == state.me else _("the bot: {move}")).format(
            move=escape(v.action_words(a)))) for who, a in state.said)
        lines.append(f"<ol class='bm-duel-said'>{said}</ol>" if said else
                     "<p>{}</p>".format(_("No call yet: you open.")))
        if state.payoff is not None:
            result = (_("The bot held {card}: you win {points}.") if state.payoff > 0 else
                      _("The bot held {card}: you lose {points}.")).format(
                card=f"<b>{escape(state.their_card)}</b>", points=abs(state.payoff))
            lines.append(f"<p class='bm-duel-result' data-payoff='{state.payoff}'>{result}</p>")
            over = _("(deal over)")
            self.choice.options = [(over, "(deal over)")]
        else:
            self.choice.options = [(v.action_words(a), a) for a in state.node.actions]
        self.choice.disabled = self.play.disabled = state.payoff is not None
        value = v.certificate.value if state.me == 1 else -v.certificate.value
        self.table.value = "".join(lines)
        score = (_("Deals played: {deals}; your score: {score}, {mean} per deal.") if self.deals else
                 _("Deals played: {deals}; your score: {score}.")).format(
            deals=f"<b>{self.deals}</b>", score=f"<b data-total='{self.total}'>{signed(self.total)}</b>",
            mean=signed(self.total / self.deals) if self.deals else "")
        score = f"<p>{score} "
        if self.reader is None:
            self.score.value = score + _("Against the equilibrium bot no strategy expects more than {value} per deal "
                                         "from your seat (the game's value).").format(
                value=f"<b>{signed(value)}</b>") + "</p>"
            return
        self.score.value = score + _reading(self.reader, state.me, value)

    def _clear(self) -> None:
        self.table.value = waiting()


def _reading(reader: ReadingBot, me: int, value: Fraction) -> str:
    """What the reader makes of your moves so far: your expected score per deal if you go
    on as it read you, beside the game's value, and what its reply risks."""
    seen = sum(sum(c.values()) for c in reader.counts.values())
    expected = reader.expected() if me == 1 else -reader.expected()
    risk = reader.risk()
    verdict = (_("it cannot gain on you yet") if expected >= value else
               _("{points} per deal below the value: your play is read").format(
                   points=f"<b>{signed(value - expected)}</b>"))
    return _("The reader has seen {seen} of your moves. If you go on playing as it read you, you expect {expected} "
             "per deal against its reply (the game's value for your seat: {value}): {verdict}. Its reply is not "
             "safe: a player who saw through it would win {risk} per deal more than the value from it. Predictable "
             "play is punished; the equilibrium bot gains nothing from it, and risks nothing.").format(
        seen=f"<b>{seen}</b>", expected=f"<b class='bm-duel-expected' data-expected='{expected}'>{signed(expected)}</b>",
        value=f"<b>{signed(value)}</b>", verdict=verdict,
        risk=f"<b class='bm-duel-risk' data-risk='{risk}'>{signed(risk)}</b>") + "</p>"
