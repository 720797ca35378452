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
from bluffmath.equilibrium.explore import DUELS, Variant, variant
from bluffmath.equilibrium.tree import Decision, Terminal
from bluffmath.errors import InvalidInputError

from ..common import Panel
from .explorer import WAITING, WIDE

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
OPPONENTS = {"equilibrium": "the equilibrium bot", "reader": "a bot that reads you"}


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
        self.deck = w.Dropdown(options=list(DUELS), value=deck, description="Duel on", style=WIDE,
                               layout=w.Layout(width="15em"))
        self.seat = w.Dropdown(options=[("you open (player 1)", 1), ("you answer (player 2)", 2)],
                               value=seat, description="seat", style=WIDE, layout=w.Layout(width="17em"))
        self.seed = w.IntText(value=seed, description="seed", style=WIDE, continuous_update=False,
                              layout=w.Layout(width="10em"))
        if opponent not in OPPONENTS:
            raise InvalidInputError(f"opponent must be one of {', '.join(OPPONENTS)}, got {opponent!r}")
        self.opponent = w.Dropdown(options=[(words, key) for key, words in OPPONENTS.items()], value=opponent,
                                   description="against", style=WIDE, layout=w.Layout(width="19em"))
        self.reader: ReadingBot | None = None
        self.choice = w.Dropdown(options=["?"], description="your move", style=WIDE,
                                 layout=w.Layout(width="14em"))
        self.play = w.Button(description="play it", button_style="primary")
        self.deal = w.Button(description="next deal")
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
                raise InvalidInputError("finish this deal first: make your move (or doubt)")
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
                raise InvalidInputError("this deal is over: press next deal")
            action = self.choice.value
            node = state.node
            if action not in node.actions:
                raise InvalidInputError(f"you cannot {action} now")
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
        lines = [f"<p>Your card: <b class='bm-duel-card'>{escape(state.my_card)}</b></p>"]
        said = "".join(f"<li>{'you' if who == state.me else 'the bot'}: "
                       f"{escape(v.action_words(a))}</li>" for who, a in state.said)
        lines.append(f"<ol class='bm-duel-said'>{said}</ol>" if said else "<p>No call yet: you open.</p>")
        if state.payoff is not None:
            verdict = "you win" if state.payoff > 0 else "you lose"
            lines.append(f"<p class='bm-duel-result' data-payoff='{state.payoff}'>The bot held "
                         f"<b>{escape(state.their_card)}</b>: {verdict} {abs(state.payoff)}.</p>")
            options = ["(deal over)"]
        else:
            options = [v.action_words(a) for a in state.node.actions]
        self.choice.options = [(o, o.removeprefix("call ")) for o in options]
        self.choice.disabled = self.play.disabled = state.payoff is not None
        value = v.certificate.value if state.me == 1 else -v.certificate.value
        mean = f", {signed(self.total / self.deals)} per deal" if self.deals else ""
        self.table.value = "".join(lines)
        score = (f"<p>Deals played: <b>{self.deals}</b>; your score: "
                 f"<b data-total='{self.total}'>{signed(self.total)}</b>{mean}. ")
        if self.reader is None:
            self.score.value = score + (f"Against the equilibrium bot no strategy expects more than "
                                        f"<b>{signed(value)}</b> per deal from your seat (the game's value).</p>")
            return
        self.score.value = score + _reading(self.reader, state.me, value)

    def _clear(self) -> None:
        self.table.value = WAITING


def _reading(reader: ReadingBot, me: int, value: Fraction) -> str:
    """What the reader makes of your moves so far: your expected score per deal if you go
    on as it read you, beside the game's value, and what its reply risks."""
    seen = sum(sum(c.values()) for c in reader.counts.values())
    expected = reader.expected() if me == 1 else -reader.expected()
    risk = reader.risk()
    verdict = ("it cannot gain on you yet" if expected >= value else
               f"<b>{signed(value - expected)}</b> per deal below the value: your play is read")
    return (f"The reader has seen <b>{seen}</b> of your moves. If you go on playing as it read you, you "
            f"expect <b class='bm-duel-expected' data-expected='{expected}'>{signed(expected)}</b> per deal "
            f"against its reply (the game's value for your seat: <b>{signed(value)}</b>): {verdict}. "
            f"Its reply is not safe: a player who saw through it would win "
            f"<b class='bm-duel-risk' data-risk='{risk}'>{signed(risk)}</b> per deal more than the value "
            "from it. Predictable play is punished; the equilibrium bot gains nothing from it, "
            "and risks nothing.</p>")
