"""Hoax, the full game: every role's action and every reaction on small hand-built
positions, token counts worked out by hand from docs/reference/rulings.md ("Hoax: the full game"), the
Marlene example of hoax.md replayed move by move, the pass of a seat with no legal move and
the draw after a full round of passes, played to by legal moves, and moves that refuse
fields of the wrong type."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffmath.errors import BluffmathError, IllegalActionError, InvalidInputError
from bluffmath.hoax.actions import (
    Accuse,
    Act,
    Break,
    Buy,
    Cover,
    Done,
    Doubt,
    Fine,
    Hoax,
    Illegal,
    Immune,
    Pardon,
    Pass,
    Pay,
    PayFine,
    PayPardon,
    Show,
    Store,
    Take,
    Vote,
)
from bluffmath.hoax.events import Challenged, Covered, Ended, Passed, Showed, Turn
from bluffmath.hoax.game import Game, State

GOLD, GRAIN, WINE = 0, 1, 2


def position(deal, outside, vault=None, edition="original", **game) -> State:
    """Seat 0 to take its first turn, holding ``outside`` (and ``vault`` trios)."""
    n = len(deal)
    state = Game(edition, players=n, deal=deal, **game).new_game()
    while state.phase in ("take", "cover"):
        state = state.apply(state.legal_actions()[0 if state.phase == "take" else -1])
    vault = vault or (0,) * n
    held = [sum(o[t] for o in outside) + sum(vault) for t in range(3)]
    return replace(state, outside=tuple(outside), vault=tuple(vault), castle=tuple(20 - h for h in held),
                   covered=(frozenset(),) * n)


def quiet(state: State, *phases: str) -> State:
    """Everyone passes (doubts, reaction rounds) and declines looks, until another phase."""
    phases = phases or ("doubt", "king", "judge", "vicar", "instant")
    while state.phase in phases:
        state = state.apply(Done() if state.phase == "instant" else Pass())
    return state


def test_peasant_takes_two_grain_and_what_is_left():
    s = quiet(position(("Peasant", "King", "Thief"), [(0, 0, 0)] * 3).apply(Act("Peasant", "take")))
    assert s.outside[0] == (0, 2, 0)
    assert s.castle == (20, 18, 20)
    assert (s.phase, s.to_act) == ("turn", 1)
    low = replace(position(("Peasant", "King", "Thief"), [(0, 0, 0)] * 3), castle=(20, 1, 20),
                  outside=((0, 19, 0), (0, 0, 0), (0, 0, 0)))
    s = quiet(low.apply(Act("Peasant", "take")))
    assert s.outside[0] == (0, 20, 0)
    assert s.castle == (20, 0, 20)


def test_judge_king_and_merchant_takes():
    base = position(("Judge", "King", "Thief", "Merchant"), [(0, 0, 0)] * 4, edition="german")
    assert quiet(base.apply(Act("Judge", "take", token=WINE))).outside[0] == (0, 0, 1)
    assert quiet(base.apply(Act("King", "take", token=GOLD))).outside[0] == (1, 0, 0)
    assert quiet(base.apply(Act("Merchant", "take"))).outside[0] == (1, 0, 0)
    assert quiet(base.apply(Act("Vicar", "take"))).outside[0] == (0, 0, 2)
    assert not base.can(Act("Judge", "take", token=GOLD))
    assert not base.can(Act("King", "take", token=GRAIN))


def test_king_tax_each_payer_chooses_and_the_empty_are_not_asked():
    s = position(("King", "Thief", "Peasant", "Vicar"), [(0, 0, 0), (1, 2, 0), (0, 0, 0), (0, 0, 3)], vault=(0, 0, 2, 0))
    s = quiet(s.apply(Act("King", "tax")))
    assert (s.phase, s.to_act) == ("pay", 1)
    assert s.legal_actions() == [Pay(GOLD), Pay(GRAIN), Immune()]
    s = s.apply(Pay(GRAIN))
    assert (s.phase, s.to_act) == ("pay", 3)      # seat 2 has only vault trios: not asked
    assert s.legal_actions() == [Pay(WINE), Immune()]
    s = quiet(s.apply(Pay(WINE)))
    assert s.outside == ((0, 1, 1), (1, 1, 0), (0, 0, 0), (0, 0, 2))
    assert s.vault == (0, 0, 2, 0)


def test_original_vicar_tithe_takes_the_named_type_from_those_who_have_it():
    s = position(("Vicar", "Thief", "Peasant", "King"), [(0, 0, 0), (0, 3, 1), (2, 0, 0), (0, 1, 0)], vault=(0, 1, 0, 0))
    s = quiet(s.apply(Act("Vicar", "tithe", token=GRAIN)))
    assert s.to_act == 1
    assert s.legal_actions() == [Pay(GRAIN), Immune()]
    s = s.apply(Pay(GRAIN))
    assert s.to_act == 3                           # seat 2 has no grain: pays nothing
    s = quiet(s.apply(Pay(GRAIN)))
    assert s.outside == ((0, 2, 0), (0, 2, 1), (2, 0, 0), (0, 0, 0))
    assert s.vault == (0, 1, 0, 0)


def test_german_vicar_tithe_every_other_pays_a_token_of_choice():
    s = position(("Vicar", "Thief", "Peasant", "King"), [(0, 0, 0), (0, 3, 1), (2, 0, 0), (0, 0, 0)], edition="german")
    s = quiet(s.apply(Act("Vicar", "tithe")))
    s = s.apply(Pay(WINE))
    s = quiet(s.apply(Pay(GOLD)))
    assert s.outside[:3] == ((1, 0, 1), (0, 3, 0), (1, 0, 0))


def test_wizard_spell_takes_everything_outside_but_not_the_vault():
    s = position(("Wizard", "Thief", "Peasant"), [(1, 0, 0), (2, 3, 1), (0, 0, 0)], vault=(0, 2, 0))
    s = quiet(quiet(s.apply(Act("Wizard", "spell", target=1))).apply(Pay(None)))
    assert s.outside[:2] == ((3, 3, 1), (0, 0, 0))
    assert s.vault == (0, 2, 0)


def test_thief_steals_outside_or_breaks_vault_trios():
    s = position(("Thief", "King", "Peasant"), [(0, 0, 0), (0, 1, 3), (0, 0, 0)], vault=(0, 2, 0))
    legal = s.legal_actions()
    assert Act("Thief", "steal", token=GRAIN, target=1, count=2) not in legal      # one grain outside
    assert Act("Thief", "steal", token=GRAIN, target=1, count=2, vault=True) in legal
    out = quiet(s.apply(Act("Thief", "steal", token=WINE, target=1, count=2)))
    assert out.outside[:2] == ((0, 0, 2), (0, 1, 1))
    vaulted = quiet(s.apply(Act("Thief", "steal", token=GOLD, target=1, count=1, vault=True)))
    assert vaulted.outside[:2] == ((1, 0, 0), (0, 2, 4))     # the trio's grain and wine go outside
    assert vaulted.vault[1] == 1


def test_merchant_trades_with_the_castle_or_a_player_who_may_claim_immunity():
    s = position(("Merchant", "King", "Thief", "Judge"), [(0, 3, 0), (2, 0, 0), (0, 0, 0), (0, 0, 0)], edition="german")
    t = quiet(s.apply(Act("Merchant", "trade", token=GRAIN, count=2, get=WINE)))
    assert t.outside[0] == (0, 1, 2)
    assert t.castle == (18, 19, 18)
    assert not s.can(Act("Merchant", "trade", token=GRAIN, count=3, get=GOLD, target=1))   # seat 1 has 2 gold
    t = quiet(s.apply(Act("Merchant", "trade", token=GRAIN, count=2, get=GOLD, target=1)))
    assert t.legal_actions() == [Pay(None), Immune()]
    assert quiet(t.apply(Pay(None))).outside[:2] == ((2, 1, 0), (0, 2, 0))
    immune = quiet(quiet(t.apply(Immune()), "doubt"))
    assert immune.outside[:2] == ((0, 3, 0), (2, 0, 0))


def test_fine_of_two_one_to_the_judge_one_to_the_king_and_lacking_pays_nothing():
    # seat 0 the actor; seat 1 calls illegal, seat 2 fines gold then grain; seat 0 has 1 grain only
    s = position(("Peasant", "King", "Judge", "Thief"), [(0, 1, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)])
    s = quiet(s.apply(Act("Peasant", "take")), "doubt")
    assert (s.phase, s.to_act) == ("king", 1)
    s = quiet(s.apply(Illegal()), "doubt")
    assert (s.phase, s.to_act) == ("judge", 2)       # the King who called it may not fine it
    s = quiet(s.apply(Fine((GOLD, GRAIN))), "doubt")
    assert (s.phase, s.to_act) == ("vicar", 1)       # the Judge may not pardon its own fine
    s = quiet(s, "vicar")
    assert s.phase == "settle"
    assert s.legal_actions() == [PayFine(2), Immune()]
    s = s.apply(PayFine(2))
    assert s.outside == ((0, 2, 0), (0, 1, 0), (0, 0, 0), (0, 0, 0))   # 3 grain after the take, no gold owed paid
    assert (s.phase, s.to_act) == ("turn", 1)


def test_fine_paid_from_the_vault_by_choice_and_a_pardon_instead():
    s = position(("Peasant", "King", "Judge", "Vicar"), [(0, 0, 0)] * 4, vault=(1, 0, 0, 0))
    s = quiet(s.apply(Act("Peasant", "take")), "doubt")
    s = quiet(quiet(s.apply(Illegal()), "doubt").apply(Fine((WINE,))), "doubt")
    assert (s.phase, s.to_act) == ("vicar", 1)
    s = quiet(s.apply(Pass()).apply(Pardon(GOLD)), "doubt")
    assert s.legal_actions() == [PayFine(2), PayFine(2, True), PayPardon(3), PayPardon(3, True), Immune()]
    fine = s.apply(PayFine(2, True))                 # the trio broken: wine to the Judge, gold and grain outside
    assert fine.outside[:3] == ((1, 3, 0), (0, 0, 0), (0, 0, 1))
    assert fine.vault[0] == 0
    kept = s.apply(PayPardon(3))                     # no gold outside: the fee is not paid, the vault kept
    assert kept.outside[0] == (0, 2, 0)
    assert kept.vault[0] == 1


def test_a_lie_found_out_is_void_covered_and_never_claimed_again():
    s = position(("Peasant", "King", "Judge", "Vicar"), [(0, 0, 0)] * 4)
    s = s.apply(Act("King", "take", token=GOLD)).apply(Hoax())      # seat 1 doubts; seats 2, 3 vote
    assert (s.phase, s.to_act) == ("vote", 2)
    s = s.apply(Vote(True)).apply(Vote(False))                       # 2 yes of 3: carried
    assert s.outside[0] == (0, 0, 0)
    assert s.castle == (20, 20, 20)
    assert "King" in s.covered[0]
    assert any(isinstance(e, Challenged) and e.lie and e.yes == 2 for e in s.log)
    assert (s.phase, s.to_act) == ("turn", 1)
    s = quiet(s.apply(Act("Judge", "take", token=WINE)))
    s = quiet(s.apply(Act("Vicar", "tithe", token=GOLD)))
    s = quiet(s.apply(Act("Peasant", "take")))
    assert s.to_act == 0
    assert not any(isinstance(a, Act) and a.role == "King" for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(Act("King", "tax"))


def test_a_vote_needs_strictly_more_than_half():
    s = position(("Peasant", "King", "Judge", "Vicar", "Thief"), [(0, 0, 0)] * 5)
    s = s.apply(Act("King", "take", token=GOLD)).apply(Hoax()).apply(Vote(True)).apply(Vote(False)).apply(Vote(False))
    assert [e for e in s.log if isinstance(e, Challenged)][-1].carried is False        # 2 of 4
    assert "King" not in s.covered[0]
    s = quiet(s)
    assert s.outside[0] == (1, 0, 0)


def test_a_truthful_accused_wins_at_once():
    s = position(("King", "Peasant", "Judge"), [(0, 0, 0)] * 3)
    s = s.apply(Act("King", "tax")).apply(Hoax()).apply(Vote(True))
    assert s.is_terminal
    assert s.winner == 0
    assert "told the truth" in s.how


def test_with_two_left_one_yes_carries_and_one_may_chain_reactions():
    s = position(("Peasant", "King", "Judge"), [(0, 0, 0), (2, 0, 0), (0, 0, 0)])
    s = s.apply(Act("Peasant", "take")).apply(Accuse(0, "Peasant"))   # seat 1, at its chance to doubt, accuses
    assert s.alive == (False, True, True)
    assert s.outside == ((0, 0, 0), (2, 0, 0), (0, 0, 0))             # the turn ended before the take
    assert (s.phase, s.to_act) == ("turn", 1)
    lie = s.apply(Act("Judge", "take", token=GRAIN)).apply(Hoax())     # the only other votes: one yes
    assert "Judge" in lie.covered[1]
    assert lie.outside[1] == (2, 0, 0)
    s = quiet(s.apply(Act("King", "take", token=WINE)), "doubt", "king", "judge", "vicar")
    assert (s.phase, s.to_act) == ("turn", 2)
    s = quiet(s.apply(Act("Peasant", "take")), "doubt")
    s = quiet(s.apply(Illegal()), "doubt")
    assert (s.phase, s.to_act) == ("judge", 1)       # two left: the King may fine what it called illegal
    s = quiet(s.apply(Fine((GRAIN, GRAIN))), "doubt")
    assert (s.phase, s.to_act) == ("vicar", 1)       # ... and pardon its own fine
    s = quiet(s.apply(Pardon(GRAIN)), "doubt")
    assert s.legal_actions() == [PayFine(1), PayPardon(1), Immune()]
    assert s.apply(PayFine(1)).outside == ((0, 0, 0), (2, 2, 1), (0, 0, 0))


def test_buying_a_look_shows_a_role_not_held_not_covered_not_shown_before():
    s = position(("Judge", "King", "Thief", "Peasant"), [(2, 2, 2), (0, 0, 0), (0, 0, 0), (0, 0, 0)], edition="german")
    s = replace(s, covered=(frozenset({"King"}), frozenset({"Wizard"}), frozenset(), frozenset()))
    s = s.apply(Buy(1))
    assert s.outside[0] == (1, 1, 1)
    assert s.castle == (19, 19, 19)
    assert (s.phase, s.to_act) == ("show", 1)
    assert [a.role for a in s.legal_actions()] == ["Judge", "Vicar", "Thief", "Peasant", "Merchant"]
    s = s.apply(Show("Thief")).apply(Buy(1))
    assert "Thief" not in [a.role for a in s.legal_actions()]
    s = s.apply(Show("Judge"))
    assert s.legal_actions() == [Done()]                                 # no trio left
    assert [e.role for e in s.log if isinstance(e, Showed)] == ["Thief", "Judge"]
    assert quiet(s.apply(Done())).to_act == 1


def test_nothing_left_to_show_gives_the_trio_back():
    s = position(("Judge", "King", "Thief"), [(1, 1, 1), (0, 0, 0), (0, 0, 0)])
    roles = {"Judge", "Vicar", "Wizard", "Thief", "Peasant"}
    s = replace(s, shown=frozenset((1, 0, r) for r in roles))
    s = s.apply(Buy(1))
    assert s.outside[0] == (1, 1, 1)
    assert s.phase == "buying"


def test_a_completed_trio_may_buy_a_look_at_once():
    s = position(("King", "Thief", "Peasant"), [(1, 1, 0), (0, 0, 1), (0, 0, 0)])
    s = quiet(s.apply(Act("King", "tax")), "doubt").apply(Pay(WINE))
    assert (s.phase, s.to_act) == ("instant", 0)
    assert s.legal_actions() == [Buy(1), Buy(2), Done()]
    s = s.apply(Buy(2))
    assert s.outside[0] == (0, 0, 0)
    assert s.to_act == 2


def test_store_and_break_on_ones_own_turn_one_way_per_turn():
    s = position(("King", "Thief", "Peasant"), [(2, 1, 1), (0, 0, 0), (0, 0, 0)])
    s = s.apply(Store())
    assert (s.outside[0], s.vault[0]) == ((1, 0, 0), 1)
    assert Break() not in s.legal_actions()
    assert s.phase == "turn"


def test_accusation_leaver_gives_all_tokens_vault_included():
    s = position(("King", "Thief", "Peasant"), [(1, 0, 0), (0, 2, 0), (0, 0, 0)], vault=(0, 1, 0), accuse_on_turn=True)
    right = s.apply(Accuse(1, "Thief"))
    assert right.alive == (True, False, True)
    assert right.outside[0] == (1, 2, 0)
    assert right.vault == (1, 0, 0)
    wrong = s.apply(Accuse(1, "King"))
    assert wrong.alive == (False, True, True)
    assert wrong.outside[1] == (1, 2, 0)
    assert wrong.to_act == 1


def test_german_cover_at_the_start_and_several_judges_the_payer_picks():
    state = Game("german", players=4, deal=("Peasant", "King", "Judge", "Judge")).new_game()
    for t in range(4):
        state = state.apply(Take(t % 3))
    assert state.phase == "cover"
    assert Cover("Peasant") not in state.legal_actions()
    state = state.apply(Cover("Wizard")).apply(Cover("Thief")).apply(Cover("Vicar")).apply(Cover("King"))
    assert [e.role for e in state.log if isinstance(e, Covered)] == ["Wizard", "Thief", "Vicar", "King"]
    s = replace(state, outside=((1, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)), castle=(19, 19, 19))
    s = quiet(s.apply(Act("Peasant", "take")), "doubt")
    s = quiet(s.apply(Illegal()), "doubt")
    assert s.phase == "king"                         # German: every other player is asked
    s = quiet(s, "king", "doubt")
    s = quiet(s.apply(Fine((GOLD,))), "doubt").apply(Fine((WINE, GRAIN)))
    s = quiet(s, "doubt", "vicar")
    assert s.legal_actions() == [PayFine(2), PayFine(3)]     # seat 0 covered the Wizard: no immunity
    paid = s.apply(PayFine(3))
    assert paid.outside == ((1, 2, 0), (0, 1, 0), (0, 0, 0), (0, 0, 1))


def test_german_showdown_covers_what_was_shown_and_doubts_decide():
    s = position(("Judge", "King", "Thief", "Peasant"), [(1, 1, 1), (0, 0, 0), (0, 0, 0), (0, 0, 0)],
                 edition="german")
    s = replace(s, alive=(True, True, False, False), shown=frozenset({(0, 1, "Wizard"), (2, 1, "King")}))
    s = quiet(s.apply(Act("Judge", "take", token=GRAIN)))
    assert s.showdown
    assert s.covered[:2] == ({"Wizard"}, set())
    assert (s.phase, s.to_act) == ("duel", 1)
    assert Doubt("Wizard") not in s.legal_actions()
    wrong = s.apply(Doubt("Thief"))
    assert "Thief" in wrong.covered[0]
    assert (wrong.phase, wrong.to_act) == ("duel", 0)
    right = s.apply(Doubt("Judge"))
    assert right.winner == 0
    assert s.apply(Accuse(0, "Judge")).winner == 1


def test_marlene_example():
    """hoax.md: Marlene (seat 0) taxes; Judy and Greta are immune; Bette pays 1 grain and
    Marilyn 1 wine; Marilyn calls it illegal; Bette fines 2 grain; Marilyn offers a pardon
    for 1 gold; Marlene claims immunity, is doubted, challenged, pays 1 gold to Marilyn
    and covers the Wizard."""
    deal = ("Peasant", "Wizard", "Wizard", "Judge", "Vicar")
    s = Game("original", players=5, deal=deal).new_game()
    for token in (GOLD, WINE, WINE, GRAIN, WINE):
        s = s.apply(Take(token))
    s = quiet(s.apply(Act("King", "tax")), "doubt")
    s = quiet(s.apply(Immune()), "doubt")                      # Judy
    s = quiet(s.apply(Immune()), "doubt")                      # Greta
    s = s.apply(Pay(GRAIN)).apply(Pay(WINE))                   # Bette, Marilyn
    assert s.outside[0] == (1, 1, 1)
    s = s.apply(Done())                                        # Marlene's new trio: no look now
    s = s.apply(Pass()).apply(Pass()).apply(Pass()).apply(Illegal())   # Judy, Greta, Bette pass; Marilyn
    s = quiet(s, "doubt")
    assert (s.phase, s.to_act) == ("judge", 1)
    s = s.apply(Pass()).apply(Pass()).apply(Fine((GRAIN, GRAIN)))
    s = quiet(s, "doubt")
    assert (s.phase, s.to_act) == ("vicar", 1)
    s = s.apply(Pass()).apply(Pass()).apply(Pardon(GOLD))      # Judy, Greta pass; Bette (the Judge) is not asked
    s = quiet(s, "doubt")
    assert s.legal_actions() == [PayFine(3), PayPardon(4), Immune()]
    s = s.apply(Immune())
    s = s.apply(Pass()).apply(Pass()).apply(Pass()).apply(Hoax())       # Marilyn: "You're not the Wizard!"
    s = s.apply(Vote(True)).apply(Vote(True)).apply(Vote(False))        # the group agrees: 3 of 4
    assert "Wizard" in s.covered[0]
    assert s.legal_actions() == [PayFine(3), PayPardon(4)]
    s = s.apply(PayPardon(4))
    assert s.outside == ((0, 1, 1), (0, 0, 1), (0, 0, 1), (0, 0, 0), (1, 0, 0))
    assert s.castle == (19, 19, 17)
    assert (s.phase, s.to_act) == ("turn", 1)
    assert not any(isinstance(a, Immune) for a in s.legal_actions())


# --- a seat with no legal move passes; a full round of passes is a draw ---------------------
#: A claim each of the five roles but the Thief can make with no token anywhere (the
#: Wizard's spell names its target when it is made).
CLAIMS = {"King": Act("King", "tax"), "Judge": Act("Judge", "take", token=GRAIN),
          "Vicar": Act("Vicar", "tithe", token=GOLD), "Peasant": Act("Peasant", "take")}
NOT_THIEF = ("King", "Judge", "Vicar", "Wizard", "Peasant")


def lie(state: State, role: str) -> State:
    """The seat to act claims ``role``, which it does not hold; the next player says "Hoax!"
    and every other voter says yes: the lie is found out, void, and ``role`` covered."""
    seat = state.to_act
    claim = CLAIMS.get(role) or Act("Wizard", "spell", target=next(q for q in range(3) if q != seat and
                                                                    state.alive[q]))
    state = state.apply(claim).apply(Hoax())
    while state.phase == "vote":
        state = state.apply(Vote(True))
    assert role in state.covered[seat]
    return state


def two_left_with_nothing(deal: tuple[str, str, str]) -> State:
    """Ann (a Thief), Bo and Cy (the Peasant) take gold, grain and wine. Ann steals Bo's
    grain; Bo claims the Peasant and, at that chance to doubt, Ann accuses Cy of being the
    Peasant: right, so Cy leaves and gives Ann the wine, and the turn ends. Ann's new trio
    buys a look at Bo at once and goes back to the castle: every token is in the castle."""
    s = Game("original", players=3, deal=deal).new_game()
    s = s.apply(Take(GOLD)).apply(Take(GRAIN)).apply(Take(WINE))
    s = quiet(s.apply(Act("Thief", "steal", token=GRAIN, target=1, count=1)))
    s = s.apply(Act("Peasant", "take")).apply(Pass()).apply(Accuse(2, "Peasant"))
    s = s.apply(Buy(1)).apply(Show("Judge"))
    assert (s.castle, s.outside, s.vault, s.alive) == ((20, 20, 20), ((0, 0, 0),) * 3, (0, 0, 0), (True, True, False))
    assert (s.phase, s.to_act, s.turn) == ("turn", 0, 3)
    return s


def thief_with_no_move() -> State:
    """Ann the Thief and Bo the King alone, nothing outside the castle; they take turns to lie
    and be found out (Ann as every role but the Thief, Bo as the Judge, Vicar, Wizard and
    Peasant); then Bo taxes for real, and Ann, with nothing to pay, lets the King's round go."""
    s = two_left_with_nothing(("Thief", "King", "Peasant"))
    for mine, bos in zip(NOT_THIEF, (*NOT_THIEF[1:], None), strict=True):
        s = lie(s, mine)
        if bos is not None:
            s = lie(s, bos)
    return quiet(s.apply(Act("King", "tax")))


def thieves_with_no_move() -> State:
    """Ann and Bo, both Thieves, alone with nothing outside the castle, each found out lying
    as every other role in turn: Ann's turn 13 comes."""
    s = two_left_with_nothing(("Thief", "Thief", "Peasant"))
    for role in NOT_THIEF:
        s = lie(lie(s, role), role)
    return s


def test_a_thief_found_out_as_every_other_role_with_nothing_to_steal_passes():
    """docs/reference/rulings.md: Ann's card is the Thief; the King, Judge, Vicar, Wizard and Peasant are
    covered (five lies found out); the Thief takes from another player, and Bo has nothing
    outside and no vault; Ann has no trio for a look and the original edition has no
    accusation on a turn. Nothing is left: she passes, the pass is logged, and Bo's turn
    comes with nothing else changed."""
    s = thief_with_no_move()
    assert (s.phase, s.to_act, s.turn) == ("turn", 0, 13)
    assert s.covered[0] == set(NOT_THIEF)
    assert (s.outside[:2], s.vault[:2]) == (((0, 0, 0), (0, 0, 0)), (0, 0))
    assert s.legal_actions() == [Pass()]
    after = s.apply(Pass())
    assert after.log[len(s.log):] == (Passed(0), Turn(1, 14))
    assert str(after.log[-2]) == "seat 0 has no legal move and passes"
    assert (after.phase, after.to_act, after.is_terminal) == ("turn", 1, False)
    assert (after.castle, after.outside, after.vault, after.covered) == (s.castle, s.outside, s.vault, s.covered)
    assert Act("King", "tax") in after.legal_actions()          # Bo, the King, still has moves: no draw


def test_a_full_round_of_passes_ends_the_game_in_a_stated_draw():
    """Both players still in are Thieves with every other role covered and nothing anywhere:
    Ann passes, Bo passes, and the game is over with no winner, said so in the log."""
    s = thieves_with_no_move()
    assert (s.to_act, s.covered[:2]) == (0, (set(NOT_THIEF), set(NOT_THIEF)))
    s = s.apply(Pass())
    assert (s.is_terminal, s.to_act, s.legal_actions()) == (False, 1, [Pass()])
    s = s.apply(Pass())
    assert (s.is_terminal, s.is_draw, s.winner) == (True, True, None)
    assert s.how == "every player still in passed in one full round: a draw"
    assert s.log[-1] == Ended(None, s.how)
    assert str(s.log[-1]) == "no winner: every player still in passed in one full round: a draw"
    assert [e for e in s.log if isinstance(e, Passed)] == [Passed(0), Passed(1)]
    assert s.turn == 14
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply(Pass())


def test_a_move_between_passes_starts_the_count_again():
    """Ann passes; then Ann is given a wine (a hand-built change), so Bo has a move: he steals
    it, and the passes in a row are none again; Ann's next turn is hers to pass, no draw."""
    passed = thieves_with_no_move().apply(Pass())
    assert passed.passes == 1
    s = replace(passed, outside=((0, 0, 1), (0, 0, 0), (0, 0, 0)), castle=(20, 20, 19))
    assert s.legal_actions() == [Act("Thief", "steal", token=WINE, target=0, count=1)]
    s = quiet(s.apply(s.legal_actions()[0]))
    assert (s.phase, s.to_act, s.passes, s.outside[:2]) == ("turn", 0, 0, ((0, 0, 0), (0, 0, 1)))
    assert Pass() not in s.legal_actions()                      # Bo's wine is Ann's to steal now


@pytest.mark.parametrize(("change", "moves"), [
    ({"outside": ((0, 0, 0), (0, 0, 1), (0, 0, 0))}, [Act("Thief", "steal", token=WINE, target=1, count=1)]),
    ({"outside": ((0, 0, 0), (0, 2, 0), (0, 0, 0))}, [Act("Thief", "steal", token=GRAIN, target=1, count=c)
                                                       for c in (1, 2)]),
    ({"vault": (0, 1, 0)}, [Act("Thief", "steal", token=t, target=1, count=1, vault=True) for t in range(3)]),
    ({"outside": ((1, 1, 1), (0, 0, 0), (0, 0, 0))}, [Store(), Buy(1)]),
    ({"vault": (1, 0, 0)}, [Break(), Buy(1)]),
    ({"outside": ((2, 5, 0), (0, 0, 0), (0, 0, 0))}, [Pass()]),     # her own tokens are nothing to steal
    ({"covered": (frozenset(NOT_THIEF) - {"Wizard"}, frozenset(), frozenset())},
     [Act("Wizard", "spell", target=1)]),
])
def test_a_pass_is_offered_only_when_nothing_else_is(change, moves):
    held = [sum(o[t] for o in change.get("outside", ((0, 0, 0),))) + sum(change.get("vault", (0,))) for t in range(3)]
    s = replace(thief_with_no_move(), castle=tuple(20 - h for h in held), **change)
    assert s.legal_actions() == moves


def test_an_accusation_on_the_turn_is_always_a_move():
    """The variant sheet (and the German edition) make accusing a turn action: never a pass."""
    s = thief_with_no_move()
    variant = replace(s, game=Game("original", players=3, deal=s.cards, accuse_on_turn=True))
    assert variant.legal_actions() == [Accuse(1, r) for r in ("King", "Judge", "Vicar", "Wizard", "Thief", "Peasant")]
    german = position(("Thief", "King", "Peasant", "Judge"), [(0, 0, 0)] * 4, edition="german")
    german = replace(german, covered=(frozenset({*NOT_THIEF, "Merchant"}), *german.covered[1:]))
    assert {type(a) for a in german.legal_actions()} == {Accuse}
    assert len(german.legal_actions()) == 3 * 7


def test_a_pass_is_refused_when_the_turn_offers_a_move():
    s = position(("Thief", "King", "Peasant"), [(0, 0, 0)] * 3)
    assert not s.can(Pass())
    with pytest.raises(IllegalActionError, match=r"Pass\(\) is not allowed now: seat 0 is to take its turn"):
        s.apply(Pass())


# --- moves check their fields -----------------------------------------------------------------
@pytest.mark.parametrize(("make", "message"), [
    (lambda: Take(0.0), r"Take's token must be a whole number from 0 to 2 \(0 gold, 1 grain, 2 wine\), got 0.0 "
                        r"\(float\)"),
    (lambda: Take(False), "Take's token must be a whole number from 0 to 2 .*got False \\(bool\\)"),
    (lambda: Take(3), "got 3 \\(int\\)"),
    (lambda: Buy(1.0), r"Buy's target must be a whole number from 0 to 7 \(a seat\), got 1.0"),
    (lambda: Act("King", "take", token=2.0), r"Act's token must be .* or None, got 2.0 \(float\)"),
    (lambda: Act("King", "take", token=True), "Act's token .*got True"),
    (lambda: Act("Thief", "steal", token=0, target=1, count=2.0), r"Act's count must be a whole number from 0 to 20"),
    (lambda: Act("Thief", "steal", token=0, target=1.0, count=1), "Act's target .*got 1.0"),
    (lambda: Act("Merchant", "trade", token=0, count=1, get=-1), "Act's get .*got -1"),
    (lambda: Act("Thief", "steal", token=0, target=1, count=1, vault=1), "Act's vault must be True or False, got 1"),
    (lambda: Act("King", "rob"), "Act's kind must be one of take, tax, tithe, spell, steal, trade, got 'rob'"),
    (lambda: Act("Kaiser", "tax"), "Act's role must be one of King, Judge, Vicar, Wizard, Thief, Peasant, Merchant"),
    (lambda: Vote(1), r"Vote's yes must be True or False, got 1 \(int\)"),
    (lambda: Pay(True), "Pay's token .*got True"),
    (lambda: Pay(1.5), "Pay's token must be a whole number from 0 to 2 .* or None, got 1.5"),
    (lambda: Fine((0, True)), "Fine's tokens must be 1 or 2 whole numbers from 0 to 2"),
    (lambda: Fine(()), "Fine's tokens must be 1 or 2"),
    (lambda: Fine((0, 1, 2)), "Fine's tokens holds more than 2 items"),
    (lambda: Fine(0), "Fine's tokens must be a list"),
    (lambda: Pardon(2.0), "Pardon's token"),
    (lambda: PayFine(1, 1), "PayFine's vault must be True or False"),
    (lambda: PayPardon(True), "PayPardon's vicar"),
    (lambda: Accuse(8, "King"), "Accuse's target must be a whole number from 0 to 7"),
    (lambda: Show(None), "Show's role must be one of"),
    (lambda: Cover(1), "Cover's role must be one of"),
    (lambda: Doubt("Wizzard"), "did you mean 'Wizard'"),
])
def test_moves_refuse_fields_of_the_wrong_type(make, message):
    with pytest.raises(InvalidInputError, match=message):
        make()


WHOLE_FIELDS = [(Take, {}, "token"), (Buy, {}, "target"), (Pardon, {}, "token"), (Pay, {}, "token"),
                (Accuse, {"role": "King"}, "target"), (PayFine, {}, "judge"), (PayPardon, {}, "vicar"),
                (Act, {"role": "Thief", "kind": "steal"}, "token"), (Act, {"role": "Thief", "kind": "steal"}, "target"),
                (Act, {"role": "Thief", "kind": "steal"}, "count"), (Act, {"role": "Merchant", "kind": "trade"}, "get")]


@given(st.sampled_from(WHOLE_FIELDS), st.booleans() | st.floats(allow_nan=True) | st.fractions() | st.text(max_size=3)
       | st.integers(-10, -1) | st.integers(21, 10**30))
def test_a_whole_number_field_takes_only_a_whole_number_in_its_range(field, value):
    """A bool is not a number, a float or a fraction not a whole number, and the ranges
    are the table's (tokens 0-2, seats 0-7, counts 0-20)."""
    kind, others, name = field
    with pytest.raises(InvalidInputError, match=f"{kind.__name__}'s {name} must be"):
        kind(**others, **{name: value})


def test_a_bool_field_takes_only_a_bool_and_a_role_any_case():
    for value in (0, 1, 1.0, None, "yes"):
        with pytest.raises(InvalidInputError, match="must be True or False"):
            Vote(value)
    assert Act(" king ", "tax") == Act("King", "tax")
    assert Cover("wizard").role == "Wizard"
    assert Fine([0, 2]) == Fine((0, 2))
    assert hash(Fine([0, 2])) == hash(Fine((0, 2)))


def test_a_move_the_engine_would_misread_never_reaches_it():
    """Take(False) once applied as Take(0), Vote(1) as Vote(True): the engine's own save then
    refused itself. Now neither can be made, and every legal move is made of proper fields."""
    state = Game("original", players=3, seed=1).new_game()
    for bad in (lambda: Take(False), lambda: Vote(1)):
        with pytest.raises(BluffmathError):
            state.apply(bad())
    for action in state.legal_actions():
        assert type(action.token) is int
