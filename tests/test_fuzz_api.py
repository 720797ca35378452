"""Fuzz: every public entry point of the core, one argument at a time.

Each entry below is a public function, an input class, or a method a user calls on a game
state, with arguments that work (checked first: the baseline must give an answer). Then
every argument in turn is replaced by each hostile value (tests/hostile.py: None, bools,
floats, huge numbers, odd text, wrong containers, endless iterators, ...). Every call must
end in an answer or a bluffmath error within the time limit. And where the replacement
cannot be right (a float where a whole number belongs, an endless iterator, a seat that
is not at the table), the answer must be an error: see ``test_known_bad_arguments``.

Result types that bluffmath builds and hands out (``Solution``, ``Deduction``, ``Reveal``,
``BayesRow``, ``Decision``, ...) are not doors in: their constructors are not fuzzed.
"""

from __future__ import annotations

import inspect
import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import count
from typing import Any

import pytest
from hostile import hostile_values, outcome

import bluffmath.duel as duel
import bluffmath.gauner as g
import bluffmath.hoax as x
import bluffmath.hochstapler as h
import bluffmath.muenchhausen as m
import bluffmath.review as r
from bluffmath import Distribution
from bluffmath.hoax import actions as xa
from bluffmath.hoax.saves import from_json, to_json


@dataclass(frozen=True)
class Entry:
    """A public entry point and keyword arguments that work."""

    name: str
    call: Callable[..., Any]
    kwargs: dict[str, Any] = field(default_factory=dict)
    either: frozenset[str] = frozenset()  # arguments that take more than one kind of value


def _h_state() -> h.State:
    return h.Game(players=4).new_game(seed=3)


def _g_state() -> g.State:
    return g.Game(players=3).new_game(seed=5)


def _m_state() -> m.State:
    return m.Game(players=3).new_game().name(4).offer(5).offer(6).pass_().pass_().lay(7)


def _m_knowledge() -> m.Knowledge:
    from bluffmath.muenchhausen.knowledge import UNIFORM
    return m.Knowledge.from_log(_m_state().log, UNIFORM)


def _h_position() -> h.Position:
    return _h_state().raise_(12, "red").view(2).position


def _x_case() -> x.Case:
    return x.Case("original", 4, (x.Holds(0, "King", "own card"), x.Claim(1, "Wizard")))


def _x_state() -> x.State:
    return x.Game("original", players=3, deal=("King", "Thief", "Wizard")).new_game()


def _r_save() -> str:
    return h.save_game(h.Game(players=3).new_game(seed=4).raise_(6, "red").doubt())


def _class_download() -> bytes:
    import io
    import zipfile
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("table-1-game-1.json", _r_save())
        archive.writestr("results.csv", "table,game,seat,name\n1,1,1,Ann\n1,1,2,Ben\n1,1,3,Cy\n")
    return out.getvalue()


D5 = (0, 1, 2, 3, 4)  # a Duel deck with a shipped equilibrium, small enough to fuzz fast


def _d_state() -> duel.State:
    return duel.Game(deck=D5, deals=2).new_game(seed=22).call(5)


def _d_save() -> str:
    return duel.save_duel(_d_state())


SPOKEN = [h.SpokenCall(1, 12, ())]
ENTRIES = [
    # --- the core's distribution ---------------------------------------------------------
    Entry("Distribution", Distribution, {"weights": {1: 1, 2: 3}}),
    Entry("Distribution.uniform", Distribution.uniform, {"outcomes": range(1, 7)}),
    Entry("Distribution.at_least", lambda x: Distribution.uniform(range(6)).at_least(x), {"x": Fraction(5, 2)}),
    # --- Hochstapler ---------------------------------------------------------------------
    Entry("hochstapler.total_distribution", h.total_distribution, {"players": 5, "own": 3, "face_up": (0, 7)}),
    Entry("hochstapler.call_odds", h.call_odds, {"players": 5, "own": 3, "call": 12, "face_up": (0,)}),
    Entry("hochstapler.call_odds_given_card", h.call_odds_given_card,
          {"players": 5, "own": 3, "card": 4, "call": 12, "face_up": ()}),
    Entry("hochstapler.caller_table", h.caller_table, {"players": 5, "own": 3, "call": 12}),
    Entry("hochstapler.cards_to_exchange", h.cards_to_exchange, {"players": 5, "call": 12}),
    Entry("hochstapler.doubt_or_raise", h.doubt_or_raise,
          {"doubt": Fraction(1, 2), "raise_": Fraction(1, 3), "bias": Fraction(0)}),
    Entry("hochstapler.doubt_penalty", h.doubt_penalty, {"players": 5, "own": 3, "call": 12}),
    Entry("hochstapler.raise_penalty", h.raise_penalty, {"players": 5, "own": 3, "total": 12}),
    Entry("hochstapler.lowest_doubt", h.lowest_doubt, {"players": 5, "own": 3}),
    Entry("hochstapler.break_even_bluff", h.break_even_bluff, {"players": 5, "own": 3, "call": 12}),
    Entry("hochstapler.exchange_distribution", h.exchange_distribution, {"players": 5, "own": 3}),
    Entry("hochstapler.explain_call", h.explain_call, {"players": 5, "own": 3, "call": 12}),
    Entry("hochstapler.explain_exchange", h.explain_exchange, {"players": 5, "own": 3, "call": 12}),
    Entry("hochstapler.explain_reading", h.explain_reading,
          {"players": 5, "own": 3, "calls": SPOKEN, "call": 14}),
    Entry("hochstapler.read_bids", h.read_bids, {"players": 5, "own": 3, "calls": SPOKEN}),
    Entry("hochstapler.independent_total", h.independent_total, {"players": 5}),
    Entry("hochstapler.odds_table", h.odds_table, {"position": _h_position()}),
    Entry("hochstapler.advice", h.advice, {"odds": h.odds_table(_h_position()), "exchanged": False}),
    Entry("hochstapler.colour_openings", h.colour_openings, {"odds": h.odds_table(_h_position())}),
    Entry("hochstapler.opening_call", h.opening_call, {"odds": h.odds_table(_h_position())}),
    Entry("hochstapler.OpponentModel", h.OpponentModel, {"threshold": Fraction(1, 2), "bluff": Fraction(1, 10)}),
    Entry("hochstapler.SpokenCall", h.SpokenCall, {"seat": 1, "total": 12, "face_up": ()}),
    Entry("hochstapler.Position", h.Position,
          {"players": 4, "hand": dict(_h_position().hand), "history": (), "me": 0}),
    Entry("hochstapler.Game", h.Game, {"players": 4, "target": 10}),
    Entry("hochstapler.Game.new_game", lambda seed, opener: h.Game(4).new_game(seed, opener),
          {"seed": 3, "opener": 1}),
    Entry("hochstapler.State.raise_", lambda total, colour: _h_state().raise_(total, colour),
          {"total": 12, "colour": "red"}),
    Entry("hochstapler.State.exchange", lambda colour: _h_state().exchange(colour), {"colour": "red"}),
    Entry("hochstapler.State.view", lambda seat: _h_state().view(seat), {"seat": 1}),
    Entry("hochstapler.State.apply", lambda action: _h_state().apply(action), {"action": h.Raise(5, "red")}),
    Entry("hochstapler.CardCountingBot", h.CardCountingBot,
          {"doubt_bias": Fraction(0), "exchange_gain": Fraction(0), "open_at": Fraction(1, 2), "name": "c"}),
    Entry("hochstapler.BidReadingBot", h.BidReadingBot, {"doubt_bias": Fraction(0), "name": "b"}),
    Entry("hochstapler.RandomBot", h.RandomBot, {"name": "r"}),
    Entry("hochstapler.CalledColourBot", h.CalledColourBot, {"doubt_bias": Fraction(0), "name": "c"}),
    Entry("hochstapler.RoundModel", h.RoundModel, {"doubt_bias": Fraction(1, 5)}),
    Entry("hochstapler.round_values", h.round_values, {"players": 4, "own": 3, "face_up": (0, 7),
                                                      "bias": Fraction(0)}),
    Entry("hochstapler.play_game", h.play_game,
          {"game": h.Game(3), "bots": [h.RandomBot(), h.RandomBot(), h.RandomBot()], "seed": 1}),
    Entry("hochstapler.run_tournament", h.run_tournament,
          {"bots": [h.RandomBot("a"), h.RandomBot("b"), h.RandomBot("c")], "games": 2, "players": 3, "seed": 1}),
    Entry("hochstapler.save_game", h.save_game, {"state": _h_state()}),
    Entry("hochstapler.text_progress", h.text_progress, {"stream": io.StringIO(), "width": 10}),
    # --- the Hochstapler Duel ---------------------------------------------------------------
    Entry("duel.duel", duel.duel, {"deck": (0, 1, 2, 3)}),
    Entry("duel.check_deck", duel.check_deck, {"deck": D5}),
    Entry("duel.highest_call", duel.highest_call, {"deck": D5}),
    Entry("duel.deals", duel.deals, {"deck": D5}),
    Entry("duel.dominated_actions", duel.dominated_actions, {"top": 13, "card": 0, "other": (0, 7), "calls": (5, 9)}),
    Entry("duel.Call", duel.Call, {"total": 5}),
    Entry("duel.Doubt", duel.Doubt),
    Entry("duel.action_name", duel.action_name, {"action": duel.Call(5)}),
    Entry("duel.action_of", duel.action_of, {"name": "5"}),
    Entry("duel.Game", duel.Game, {"deck": D5, "deals": 2}),
    Entry("duel.Game.new_game", lambda seed, opener: duel.Game(D5).new_game(seed, opener), {"seed": 3, "opener": 1}),
    Entry("duel.Game.replay", lambda seed, opener, events: duel.Game(D5).replay(seed, opener, events),
          {"seed": 22, "opener": 0, "events": [(0, duel.Call(5)), (1, duel.DOUBT)]}),
    Entry("duel.deal_cards", duel.deal_cards, {"deck": D5, "seed": 22, "number": 1}),
    Entry("duel.State.call", lambda total: _d_state().call(total), {"total": 6}),
    Entry("duel.State.verify_call", lambda total: _d_state().verify_call(total), {"total": 6}),
    Entry("duel.State.apply", lambda action: _d_state().apply(action), {"action": duel.DOUBT}),
    Entry("duel.State.play", lambda seat, action: _d_state().play(seat, action), {"seat": 1, "action": duel.Call(6)}),
    Entry("duel.State.view", lambda seat: _d_state().view(seat), {"seat": 1}),
    Entry("duel.State.player", lambda seat: _d_state().player(seat), {"seat": 1}),
    Entry("duel.certificate", duel.certificate, {"deck": D5}),
    Entry("duel.equilibrium_strategy", duel.equilibrium_strategy, {"deck": D5, "player": 2}),
    Entry("duel.played_strategy", duel.played_strategy, {"deck": D5, "player": 2}),
    Entry("duel.call_chance", duel.call_chance, {"deck": D5, "card": 2, "call": 5}),
    Entry("duel.bot_strategy", duel.bot_strategy, {"bot": h.CardCountingBot(), "player": 1, "deck": (0, 1, 2)}),
    Entry("duel.bot_exploitability", duel.bot_exploitability, {"bots": [h.RandomBot()], "deck": (0, 1, 2)}),
    Entry("duel.equilibrium_bot", duel.equilibrium_bot, {"game": duel.Game(D5)}),
    Entry("duel.random_bot", duel.random_bot, {"game": duel.Game(D5)}),
    Entry("duel.reading_bot", duel.reading_bot, {"game": duel.Game(D5)}),
    Entry("duel.StrategyBot.mix", lambda view: duel.equilibrium_bot(duel.Game(D5)).mix(view),
          {"view": _d_state().view(1)}),
    Entry("duel.StrategyBot.choose", lambda view, rng: duel.equilibrium_bot(duel.Game(D5)).choose(view, rng),
          {"view": _d_state().view(1), "rng": random.Random(1)}),
    Entry("duel.ReaderBot", duel.ReaderBot, {"name": "r"}),
    Entry("duel.ReaderBot.choose", lambda view, rng: duel.ReaderBot().choose(view, rng),
          {"view": _d_state().view(1), "rng": random.Random(1)}),
    Entry("duel.move_values", duel.move_values, {"game": duel.Game(D5), "player": 2, "card": 2, "calls": (4,)}),
    Entry("duel.position_value", duel.position_value, {"deck": D5, "player": 2, "card": 2, "calls": (4,)}),
    Entry("duel.review", duel.review, {"state": _d_state(), "seat": 1}),
    Entry("duel.luck", duel.luck, {"state": _d_state(), "seat": 1}),
    Entry("duel.bluff_spots", duel.bluff_spots, {"state": _d_state(), "seat": 0}),
    Entry("duel.save_duel", duel.save_duel, {"state": _d_state()}),
    Entry("duel.load_duel", duel.load_duel, {"text": _d_save()}),
    Entry("duel.read_save", duel.read_save, {"text": _d_save()}),
    Entry("duel.replay_save", duel.replay_save, {"record": duel.read_save(_d_save())}),
    # --- Gauner raus! --------------------------------------------------------------------
    Entry("gauner.Game", g.Game, {"players": 3, "brave": True}),
    Entry("gauner.Game.new_game", lambda seed: g.Game(3).new_game(seed), {"seed": 5}),
    Entry("gauner.State.view", lambda seat: _g_state().view(seat), {"seat": 1}),
    Entry("gauner.State.guess", lambda seat, cell: _g_state().guess(seat, cell), {"seat": 1, "cell": "red-A"},
          either=frozenset({"cell"})),  # a cell's name or its number 0-35
    Entry("gauner.solve", g.solve, {"position": _g_state().view(0), "engine": "python"}),
    Entry("gauner.solve_alone", g.solve_alone, {"position": _g_state().view(0), "seat": 1}),
    Entry("gauner.solve_steps", lambda position, engine: list(g.solve_steps(position, engine)),
          {"position": _g_state().view(0), "engine": "python"}),
    Entry("gauner.random_positions", lambda players, seed, me: next(iter(g.random_positions(players, seed, me))),
          {"players": 3, "seed": 1, "me": 0}),
    Entry("gauner.RandomBot", g.RandomBot, {"name": "r", "seed": 1}),
    Entry("gauner.SolverBot", g.SolverBot, {"name": "s"}),
    Entry("gauner.play_game", g.play_game, {"game": g.Game(2), "bots": [g.RandomBot(), g.RandomBot()], "seed": 1}),
    Entry("gauner.run_tournament", g.run_tournament,
          {"bots": [g.RandomBot("a"), g.RandomBot("b")], "games": 2, "players": 2, "seed": 1}),
    Entry("gauner.save_game", g.save_game, {"state": _g_state()}),
    Entry("gauner.Grid.index", lambda name: g.GRID.index(name), {"name": "red-A"}),
    # --- Hoax ----------------------------------------------------------------------------
    Entry("hoax.edition", x.edition, {"name": "german"}),
    Entry("hoax.Holds", x.Holds, {"player": 1, "role": "King", "how": "revealed"}),
    Entry("hoax.IsNot", x.IsNot, {"player": 1, "role": "King", "how": "bought"}),
    Entry("hoax.Claim", x.Claim, {"player": 1, "role": "King", "spoke": True}),
    Entry("hoax.BluffModel", x.BluffModel, {"honest": Fraction(1), "bluff": Fraction(1, 4)}),
    Entry("hoax.Case", x.Case, {"edition": "original", "players": 4,
                                "facts": (x.Holds(0, "King", "own card"),), "names": ("A", "B", "C", "D")}),
    Entry("hoax.Case.adding", lambda fact: _x_case().adding(fact), {"fact": x.Claim(2, "Judge")}),
    Entry("hoax.deduce", x.deduce, {"case": _x_case()}),
    Entry("hoax.Deduction.table", lambda player: x.deduce(_x_case()).table(player), {"player": 1}),
    Entry("hoax.Deduction.lie", lambda player, role: x.deduce(_x_case()).lie(player, role),
          {"player": 1, "role": "Wizard"}),
    Entry("hoax.Deduction.explain", lambda player, role: x.deduce(_x_case()).explain(player, role),
          {"player": 1, "role": "Wizard"}),
    Entry("hoax.Deduction.accusation_succeeds",
          lambda player, role: x.deduce(_x_case()).accusation_succeeds(player, role), {"player": 1, "role": "Judge"}),
    Entry("hoax.Game", x.Game, {"edition": "german", "players": 5, "seed": 3, "max_turns": 50}),
    Entry("hoax.State.apply", lambda action: _x_state().apply(action), {"action": _x_state().legal_actions()[0]}),
    Entry("hoax.State.view", lambda seat: _x_state().view(seat), {"seat": 1}),
    Entry("hoax.RandomBot", x.RandomBot, {"seed": 3}),
    Entry("hoax.play", x.play, {"game": x.Game("original", players=3, seed=2, max_turns=20),
                                "bots": [x.RandomBot(seed=s) for s in range(3)], "seed": 1}),
    Entry("hoax.sheet", x.sheet, {"state": _x_state(), "seat": 1, "model": x.BluffModel(Fraction(1), Fraction(1, 4))}),
    Entry("hoax.saves.from_json", from_json, {"text": to_json(_x_state())}),
    # the moves of a Hoax game: each constructor checks its own fields
    Entry("hoax.Take", xa.Take, {"token": 1}),
    Entry("hoax.Cover", xa.Cover, {"role": "Wizard"}),
    Entry("hoax.Act", xa.Act, {"role": "Merchant", "kind": "trade", "token": 1, "target": 2, "count": 2, "get": 0,
                               "vault": False}),
    Entry("hoax.Buy", xa.Buy, {"target": 2}),
    Entry("hoax.Show", xa.Show, {"role": "Thief"}),
    Entry("hoax.Accuse", xa.Accuse, {"target": 1, "role": "King"}),
    Entry("hoax.Vote", xa.Vote, {"yes": True}),
    Entry("hoax.Pay", xa.Pay, {"token": 2}),
    Entry("hoax.Fine", xa.Fine, {"tokens": (0, 1)}),
    Entry("hoax.Pardon", xa.Pardon, {"token": 0}),
    Entry("hoax.PayFine", xa.PayFine, {"judge": 3, "vault": True}),
    Entry("hoax.PayPardon", xa.PayPardon, {"vicar": 3, "vault": False}),
    Entry("hoax.Doubt", xa.Doubt, {"role": "Judge"}),
    *(Entry(f"hoax.{kind.__name__}", kind) for kind in (xa.Store, xa.Break, xa.Done, xa.Pass, xa.Hoax, xa.Immune,
                                                         xa.Illegal)),
    # --- Münchhausen ---------------------------------------------------------------------
    Entry("muenchhausen.Game", m.Game, {"players": 3, "rounds": 2}),
    Entry("muenchhausen.State.apply", lambda action: m.Game(3).new_game().apply(action),
          {"action": m.Game(3).new_game().legal_actions()[0]}),
    Entry("muenchhausen.CardModel", m.CardModel, {"lay": "lowest-enough", "reward": "highest"}),
    Entry("muenchhausen.Knowledge.from_log", m.Knowledge.from_log, {"log": _m_state().log}),
    Entry("muenchhausen.Knowledge.hands", lambda seat: _m_knowledge().hands(seat), {"seat": 2}),
    Entry("muenchhausen.Knowledge.explain", lambda seat: _m_knowledge().explain(seat), {"seat": 2}),
    Entry("muenchhausen.honest_chance", m.honest_chance, {"k": _m_knowledge()}),
    Entry("muenchhausen.card_chances", m.card_chances, {"k": _m_knowledge()}),
    Entry("muenchhausen.decide", m.decide, {"k": _m_knowledge(), "my_hand": _m_state().hands[0]}),
    Entry("muenchhausen.explain_decision", m.explain_decision, {"k": _m_knowledge(), "my_hand": _m_state().hands[0]}),
    Entry("muenchhausen.explain_honest", m.explain_honest, {"k": _m_knowledge()}),
    Entry("muenchhausen.offers", m.offers,
          {"k": _m_knowledge(), "seat": 1, "hand": _m_state().hands[1], "values": [5, 6]}),
    Entry("muenchhausen.HonestBot", m.HonestBot, {"name": "h", "named": 5}),
    Entry("muenchhausen.OddsBot", m.OddsBot, {"name": "o", "named": 6}),
    Entry("muenchhausen.RandomBot", m.RandomBot, {"name": "r", "seed": 1}),
    Entry("muenchhausen.play_game", m.play_game,
          {"game": m.Game(3), "bots": [m.RandomBot("a", 1), m.RandomBot("b", 2), m.RandomBot("c", 3)]}),
    Entry("muenchhausen.run_tournament", m.run_tournament,
          {"bots": [m.RandomBot("a"), m.RandomBot("b")], "games": 2, "players": 2, "seed": 1}),
    Entry("muenchhausen.save_game", m.save_game, {"state": _m_state()}),
    Entry("muenchhausen.one_turn", m.one_turn, {"start_hand": (2, 6), "offer_hand": (1, 4, 8), "offer": 5}),
    # --- reviews -------------------------------------------------------------------------
    Entry("review.review", r.review, {"save": _r_save(), "seat": 1, "model": "reading"}, frozenset({"save"})),
    Entry("review.review_state", r.review, {"save": _m_state(), "seat": 0, "model": "uniform"}, frozenset({"save"})),
    Entry("review.load", r.load, {"text": _r_save()}),
    Entry("review.Review.costliest", lambda n: r.review(_r_save(), 1).costliest(n), {"n": 2}),
    Entry("review.Thresholds", r.Thresholds,
          {"inaccuracy": Fraction(1, 10), "mistake": Fraction(1, 4), "blunder": Fraction(1, 2)}),
    Entry("review.Review.marks", lambda thresholds: r.review(_r_save(), 1).marks(thresholds),
          {"thresholds": r.Thresholds()}),
    Entry("review.review_hoax", r.review, {"save": x.Game("original", players=3, seed=1).new_game().to_json(),
                                           "seat": 1, "model": x.BluffModel()}, frozenset({"save"})),
    Entry("review.review_many", r.review_many, {"games": [_r_save()], "player": 1, "model": "reading"},
          frozenset({"player"})),
    Entry("review.Habits.top", lambda n: r.review_many([_r_save()], 1).top(n), {"n": 2}),
    Entry("review.class_games", r.class_games, {"data": _class_download()}),
]
IDS = [e.name for e in ENTRIES]


def assert_answers(entry: Entry) -> None:
    """The entry's working arguments give an answer."""
    kind, result = outcome(lambda: entry.call(**entry.kwargs))
    assert kind == "ok", f"{entry.name}: {kind} {result!r}"


def assert_survives(entry: Entry) -> None:
    """Every hostile value in every argument ends in an answer or bluffmath's own error:
    never a foreign exception, a hang or runaway memory."""
    findings = []
    for name in entry.kwargs:
        for value in hostile_values():
            kwargs = {**entry.kwargs, name: value}
            kind, result = outcome(lambda kwargs=kwargs: entry.call(**kwargs))
            if kind in ("other", "hang", "memory"):
                findings.append(f"{name}={value!r:.40}: {kind} {type(result).__name__}: {str(result)[:150]}")
    assert findings == []


def fuzz_tests(entries: list[Entry]) -> tuple[Callable[[Entry], None], ...]:
    """The three checks of this module as tests over ``entries`` (another registry's module
    takes them as its own: ``test_a, test_b, test_c = fuzz_tests(ITS_ENTRIES)``)."""
    each = pytest.mark.parametrize("entry", entries, ids=[entry.name for entry in entries])

    @each
    def test_the_baseline_gives_an_answer(entry: Entry) -> None:
        assert_answers(entry)

    @each
    def test_every_argument_survives_every_hostile_value(entry: Entry) -> None:
        assert_survives(entry)

    @each
    def test_known_bad_arguments_are_refused(entry: Entry) -> None:
        assert_refuses(entry)

    return (test_the_baseline_gives_an_answer, test_every_argument_survives_every_hostile_value,
            test_known_bad_arguments_are_refused)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_the_baseline_gives_an_answer(entry: Entry) -> None:
    assert_answers(entry)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_every_argument_survives_every_hostile_value(entry: Entry) -> None:
    assert_survives(entry)


def _never_right(value: Any, default: Any) -> bool:
    """Hostile values that cannot be right for a parameter whose working value is ``default``:
    a float, an endless iterator, or a value of another kind than the working one."""
    if isinstance(value, (float | complex, type(count()))) or value is print:
        return True
    if isinstance(default, bool) or default is None or value is None:
        return False  # None often means "not known" (your card, a model left to its default)
    if type(default) is int:
        return type(value) is not int
    if type(default) is str:
        return not isinstance(value, str)
    return False


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_known_bad_arguments_are_refused(entry: Entry) -> None:
    assert_refuses(entry)


def assert_refuses(entry: Entry) -> None:
    """A float, an endless iterator, a bool or a text where a whole number belongs, a number
    where a name belongs: refused, never answered."""
    accepted = []
    for name, default in entry.kwargs.items():
        for value in hostile_values():
            if name in entry.either and not isinstance(value, float | complex | type(count())):
                continue
            if not _never_right(value, default):
                continue
            kind, _result = outcome(lambda name=name, value=value: entry.call(**{**entry.kwargs, name: value}))
            if kind == "ok":
                accepted.append(f"{name}={value!r:.40}")
    assert accepted == []


def test_every_public_function_is_in_the_registry() -> None:
    """A new public function or input class must be added above (result types excepted)."""
    results = {"Action", "Bot", "CallerRow", "CallerTable", "ColourOdds", "OddsTable", "Reveal", "SeatView",
               "State", "TournamentResult", "Call", "Doubt", "Exchange", "DoubtCall", "ExchangeCard", "Raise",
               "load_game", "BraveAdvice", "Deal", "Fact", "Forced", "Guess", "Solution", "Table", "Position",
               "Ask", "Stop", "Grid", "ConflictError", "BayesRow", "BayesTable", "Deduction", "Edition",
               "Decision", "OfferOption", "Knowledge", "ModelContradicted", "Review", "View", "Advice",
               "Habits", "Pattern", "RoundValues", "DuelView", "SaveRecord", "StrategyBot"}
    named = {e.name.split(".")[1] for e in ENTRIES if "." in e.name}
    for module in (h, g, x, m, r, duel):
        for public in module.__all__:
            obj = getattr(module, public)
            if callable(obj) and not (inspect.isclass(obj) and issubclass(obj, BaseException)):
                assert public in named or public in results, f"{module.__name__}.{public} is not fuzzed"
