"""Hoax, the full game: every role's action and every reaction on small hand-built
positions, token counts worked out by hand from RULINGS.md ("Hoax: the full game"), and
the Marlene example of hoax.md replayed move by move."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bluffmath.errors import IllegalActionError
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
from bluffmath.hoax.events import Challenged, Covered, Showed
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
