"""Rules that the faster apply paths must keep. Applying a move looks for the cards that wait for a
moment by their design first (hooks._designed: the op sets of the designs) and asks only those
whether the ability works now: a card in play with the ability still answers, and one whose abilities
rest still does nothing. The end of the plays (ready_bases) skips bases nobody has power at and
works out the free monsters' powers only where the players reach the printed breakpoint: a base
still scores exactly at its breakpoint, raised by its free monsters. Drawing and discarding take
shortcuts for the common case (a deck with cards, an owner at the table). The end of the turn looks
for the Plutonium Dragon's op in one plain loop over the monsters in play; finishing works out the
power tables of the dragons' bases before the move and the end of the turn uses them until the first
card is destroyed."""

from __future__ import annotations

from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.power import breakpoint_of, powers_fixed, ready_bases, total_power
from engine.smashup.registry import OPS, Context
from engine.smashup.rules import apply
from engine.smashup.state import new_decision
from engine.smashup.tx import Tx
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import ELVES, add_monster, game_for, play, set_base
from tests.test_smashup_protection import BEN_ORCS


def test_a_fae_fighter_whose_abilities_rest_trades_no_counters():
    """Fae Fighter trades counters when another player plays a minion, but not while her abilities
    rest until the end of the turn (Potion of Paralysis, Last Call): rulebook line 498, an ability
    ends with the turn or when its card leaves play, whichever comes first."""
    state = game_for("ben", ELVES)
    fae = put_minion(state, "elves-fae-fighter", "anna", 0)
    state.silenced.append(fae)
    state.player("ben").minions_left = 1
    (state, events), _ = play(state, "ben", "thieves-master-thief", base_index=1)   # acts only by its talent
    assert "minion_played" in [e.kind for e in events]
    assert not any(d.kind == "fae_counter" for d in state.decisions)
    state.silenced.remove(fae)                  # her abilities back: the next minion is answered
    state.player("ben").minions_left = 1
    (state, _), _ = play(state, "ben", "thieves-fence", base_index=1)
    assert any(d.kind == "fae_counter" and d.player == "anna" for d in state.decisions)


# ---------------------------------------------------------------------- bases at their breakpoint
def test_a_base_scores_at_its_breakpoint_and_not_one_below():
    """Rulebook line 200 ("Die große Wertung"): a base is scored when its minions' total power reaches
    or exceeds its breakpoint. One power short, the turn simply passes on."""
    for short, scores in ((1, False), (0, True)):
        state = game_for("anna")                   # no monsters; the bases' abilities rest
        me, base = "anna", state.bases[1]
        need = breakpoint_of(state, base)
        put_minion(state, "orcs-topper-chopper", me, 1, power_bonus=need - short - 5)   # 5, no abilities
        assert total_power(state, base) == need - short
        assert (base.uid in ready_bases(state)) is scores
        state, events = apply(state, A.FinishPlaying(actor=me))
        assert ("base_scores_soon" in [e.kind for e in events]) is scores
        if not scores:                       # nothing to score: the next player's turn
            assert state.active_player.id != me


def test_monsters_nobody_controls_never_make_their_base_ready_and_a_charmed_one_counts():
    """Rulebook line 200 and "Monster und Schätze": the monsters' power is added to the breakpoint,
    so a base with only free monsters is never scored, however strong they are; a monster a player
    controls counts toward the total instead."""
    state = game_for("anna")
    base = state.bases[2]
    printed = state.card(base.uid).breakpoint
    monster = add_monster(state, 2, "monster-bigfoot")
    free = next(m for m in base.monsters if m.uid == monster)
    free.counters = printed                       # as strong as the printed breakpoint by itself
    assert base.uid not in ready_bases(state)
    free.controller = "anna"                      # taken over (Charm): its power counts for its player
    assert total_power(state, base) >= breakpoint_of(state, base) == printed
    assert base.uid in ready_bases(state)


def _beside_a_free_monster(monster: str, short: int | None):
    """Anna's minion at the first base beside a free monster, as strong as the printed breakpoint
    alone (``short`` None) or ``short`` below the breakpoint the monster raises; the state, the base,
    the printed and the raised breakpoint."""
    state = game_for("anna")
    base = state.bases[0]
    printed = state.card(base.uid).breakpoint
    add_monster(state, 0, monster)
    raised = breakpoint_of(state, base)
    reach = printed if short is None else raised - short       # the printed breakpoint alone, or near the raised
    put_minion(state, "orcs-topper-chopper", "anna", 0, power_bonus=reach - 5)
    assert total_power(state, base) == reach and breakpoint_of(state, base) == raised
    return state, base, printed, raised


def test_a_base_waits_until_the_players_reach_the_breakpoint_raised_by_its_free_monsters():
    """Rulebook line 200: the monsters' power counts toward the breakpoint, so players who reach the
    printed breakpoint alone do not score the base yet; with the monster's power added, they do."""
    for short, scores in ((None, False), (1, False), (0, True)):
        state, base, printed, raised = _beside_a_free_monster("monster-bigfoot", short)
        assert raised > printed
        assert (base.uid in ready_bases(state)) is scores


# ---------------------------------------------------------------------- drawing and discarding
def test_a_deck_short_of_cards_is_drawn_out_then_the_shuffled_discard_pile_gives_the_rest():
    """Rulebook line 96: a player who must draw from an empty deck shuffles the discard pile into a
    new deck and draws the missing cards from it; the last card of the old deck comes first."""
    state = game_for("anna")
    seat = state.player("anna")
    last, *pile = seat.deck[:4]
    seat.deck[:] = [last]
    seat.discard[:] = pile
    hand = list(seat.hand)
    got = Tx(state).draw("anna", 2)
    assert got[0] == last and got[1] in pile and seat.hand == [*hand, *got]
    assert seat.discard == [] and sorted(seat.deck + got[1:]) == sorted(pile)


def test_drawing_from_a_deck_with_enough_cards_takes_its_top_cards_in_order_and_shuffles_nothing():
    """Rulebook line 92 ("Ziehe 2 Karten"): the player draws the top cards of the deck, the top card
    first; the discard pile is shuffled in only when the deck runs out (line 96), so drawing the last
    cards of the deck, or fewer, leaves the discard pile where it is and the random state unused."""
    for left in (5, 2):
        state = game_for("anna")
        seat = state.player("anna")
        del seat.deck[:-left]
        deck, pile, hand, rng = list(seat.deck), list(seat.discard), list(seat.hand), state.rng
        tx = Tx(state)
        got = tx.draw("anna", 2)
        tx.finish()
        assert got == [deck[-1], deck[-2]] and seat.hand == [*hand, *got]
        assert seat.deck == deck[:-2] and seat.discard == pile and state.rng == rng
        assert [e.params["count"] for e in tx.events if e.kind == "cards_drawn"] == [2]


def test_a_discarded_card_goes_to_its_owners_pile_or_leaves_with_an_owner_who_left():
    """Rulebook line 280 ("Ablegen"): a discarded card goes to its owner's discard pile, whoever
    played it; a card whose owner has left the table has no pile to go to and leaves the game."""
    state = game_for("anna")
    mine, theirs = state.player("anna").deck[0], state.player("ben").deck[0]
    state.players = [p for p in state.players if p.id != "ben"]       # ben left the table
    tx = Tx(state)
    tx.to_discard(mine)
    tx.to_discard(theirs)
    assert state.player("anna").discard[-1] == mine and state.removed == [theirs]


# ---------------------------------------------------------------------- a minion played at a base
def test_a_base_whose_abilities_rest_gives_nothing_for_a_minion_played_there():
    """Rulebook line 498 (an ability ends with the turn or its card): while a base's abilities rest
    (Rude Awakening, Last Call: until the end of the turn) the Treasure Bath gives no treasure and the
    Mage's Tower offers no card; working again, the next minion there gets them."""
    for design, asked in (("base-treasure-bath", None), ("base-mages-tower", "may_draw")):
        state = game_for("anna")
        base = set_base(state, 0, design)
        state.silenced.append(base.uid)
        hand = len(state.player("anna").hand)
        (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)     # taken into the hand and played
        assert len(state.player("anna").hand) == hand and state.decisions == []
        state.silenced.remove(base.uid)
        state.player("anna").minions_left = 1
        (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)
        if asked is None:
            assert len(state.player("anna").hand) == hand + 1      # the bath's treasure
        else:
            assert [d.kind for d in state.decisions] == [asked]


# ---------------------------------------------------------------------- a choice opened
def test_the_hand_limit_choice_keeps_its_options_while_the_hand_changes():
    """Rulebook line 94 ("Ziehe 2 Karten"): after drawing, a hand over 10 is discarded down from the
    hand as it was when the turn ended. The choice's options are its own list (new_decision copies
    it), so a card taken into the hand meanwhile is not offered; its context is its own too."""
    hand = ["s1", "s2", "s3"]
    decision = new_decision(5, "anna", "discard_down", hand, hand[0])
    hand.append("s4")
    assert decision.options == ["s1", "s2", "s3"] and decision.options is not hand
    context = {"base": "s2"}
    choice = new_decision(6, "anna", "may_draw", ["none", "yes"], "none", context)
    context["base"] = "s3"
    assert choice.context == {"base": "s2"}


# ---------------------------------------------------------------------- a destroying effect's target
def test_zzzzzap_destroys_its_weak_target_at_whichever_base_it_stands():
    """Zzzzzap destroys a minion of power 3 or less anywhere (card text), whichever base the play
    names: the effect looks for its target at the target's own base only, and finds it there."""
    for named, at in ((0, 1), (0, 2), (2, 0)):
        state = game_for("anna")
        victim = put_minion(state, "warriors-berserker", "ben", at)
        pay = state.player("anna").hand[0]
        zap = take(state, "mages-zzzzzap", "anna")
        state, events = apply(state, A.PlayAction(actor="anna", card=zap, base=state.bases[named].uid,
                                                  target=victim, discard=(pay,)))
        assert victim in state.player("ben").discard and "destroyed" in [e.kind for e in events]


def test_a_target_grown_too_strong_or_protected_since_the_play_was_checked_is_spared():
    """An effect acts on its target only if the target still qualifies when the effect acts (an
    earlier effect of the same card can change that): a minion of power 4 is beyond Zzzzzap's
    "power 3 or less", and Ben's Dork Orc is not affected by other players' actions (card text)."""
    for design, bonus in (("warriors-berserker", 2), ("orcs-dork-orc", 0)):
        state = game_for("anna", BEN_ORCS)
        target = put_minion(state, design, "ben", 1, power_bonus=bonus)
        zap = take(state, "mages-zzzzzap", "anna")
        effect = next(e for e in state.card(zap).effects if e.op == "destroy")
        tx = Tx(state)
        OPS["destroy"](tx, effect, Context("anna", zap, state.bases[0].uid, target))
        assert any(m.uid == target for m in state.bases[1].minions) and tx.events == []


def test_the_hand_limit_asks_only_beyond_ten_faction_cards():
    """Rulebook line 94: after drawing 2 a player keeps at most 10 cards; treasures do not count as
    hand cards ("Bei Verbot unwirksam"). The end of the turn looks at the counted cards only when the
    hand holds more than 10: with exactly 10 the turn passes, with 11 faction cards one is discarded,
    with 11 cards of which one is a treasure the turn passes too."""
    for start, treasures, asked in ((8, 0, False), (9, 0, True), (9, 1, False)):
        state = game_for("anna")
        seat = state.player("anna")
        seat.hand[:] = [u for u in seat.hand if not state.card_ids[u].startswith("treasure-")]
        while len(seat.hand) > start - treasures:
            seat.deck.append(seat.hand.pop())
        while len(seat.hand) < start - treasures:
            seat.hand.append(seat.deck.pop(0))
        seat.hand += [state.treasure_deck.pop() for _ in range(treasures)]
        state, _ = apply(state, A.FinishPlaying(actor="anna"))
        assert len(state.player("anna").hand) == start + 2
        assert [d.kind for d in state.decisions] == (["discard_down"] if asked else [])
        assert (state.active_player.id == "anna") is asked


# ---------------------------------------------------------------------- the end of the turn
def test_plutonium_dragon_among_other_monsters_burns_only_at_its_own_base_and_not_while_it_rests():
    """Rulebook line 403 (Plutoniumdrache, card text: at the end of every turn the minions and monsters
    of power 2 or less at its base are destroyed) and line 498 (an ability ends with the turn): the
    end of the turn finds the dragon behind other monsters at a later base, burns the weak there (a
    Web Troll of power 1 too), spares the weak at bases without it, and burns nothing while its
    abilities rest."""
    for resting in (False, True):
        state = game_for("anna")
        add_monster(state, 0, "monster-bigfoot")
        add_monster(state, 2, "monster-bigfoot")
        troll = add_monster(state, 2, "monster-web-troll")
        dragon = add_monster(state, 2, "monster-plutonium-dragon")
        spared = put_minion(state, "warriors-taunter", "ben", 0)        # power 2, at a base without it
        weak = put_minion(state, "warriors-taunter", "ben", 2)
        if resting:
            state.silenced.append(dragon)
        state, events = apply(state, A.FinishPlaying(actor="anna"))
        burnt = {e.params["card"] for e in events if e.kind == "destroyed"}
        assert any(m.uid == spared for m in state.bases[0].minions)
        assert burnt == (set() if resting else {"warriors-taunter", "monster-web-troll"})
        assert (weak in state.player("ben").discard) is not resting
        assert (troll in state.monster_discard) is not resting
        assert state.active_player.id != "anna"


def _two_dragons_and_a_sword_lord(second: int):
    """Ben's Sword Lord weakened to power 2 beside a Plutonium Dragon at the first base; at the base
    ``second``, a second dragon (another monster given its design) beside Ben's Taunter, power 2 + 1
    from the Sword Lord."""
    state = game_for("anna", BEN_ORCS)
    add_monster(state, 0, "monster-plutonium-dragon")
    state.card_ids[add_monster(state, second, "monster-bigfoot")] = "monster-plutonium-dragon"
    lord = put_minion(state, "orcs-sword-lord", "ben", 0, power_bonus=-3)
    taunter = put_minion(state, "warriors-taunter", "ben", second)
    return state, lord, taunter


def test_a_dragon_burns_a_minion_weakened_by_what_an_earlier_dragon_burnt_however_the_move_is_applied():
    """Rulebook line 403 (Plutoniumdrache: the weak at its base are destroyed at the end of every
    turn), line 492 (a minion at a base counts with the power its abilities give now) and the Sword
    Lord's card text (+1 to its player's other minions): the dragons act base after base, so once
    the first burnt the Sword Lord, the Taunter at the second dragon's base (a later one, or the
    same) is down to power 2 and burns too. Finishing works out the dragons' powers before the move
    (rules._read_first); the second dragon must not use them once a card is gone: applied to a copy,
    in place, and in place inside the read-only block of a listing (as the simulator does), the end
    is the same."""
    endings = []
    for second, way in ((s, w) for s in (2, 0) for w in ("copy", "in place", "listed first")):
        state, lord, taunter = _two_dragons_and_a_sword_lord(second)
        assert total_power(state, state.bases[second]) == (3 if second else 5)
        move = A.FinishPlaying(actor="anna")
        if way == "copy":
            state, events = apply(state, move)
        elif way == "in place":
            state, events = apply(state, move, in_place=True)
        else:
            with powers_fixed(state):
                move = next(m for m in legal_actions(state, "anna") if isinstance(m, A.FinishPlaying))
                state, events = apply(state, move, in_place=True)
        kinds = [e.kind for e in events]
        assert "base_scores_soon" not in kinds and state.active_player.id != "anna"
        assert lord in state.player("ben").discard and taunter in state.player("ben").discard
        endings.append(state.model_dump_json())
    assert endings[0] == endings[1] == endings[2] and endings[3] == endings[4] == endings[5]


def test_a_base_with_a_plutonium_dragon_scores_exactly_at_the_breakpoint_its_monsters_raise():
    """Rulebook lines 200 and 496: the free monsters' power (the dragon's 5 here, worked out with its
    base's whole power table before finishing) raises the breakpoint; the players score the base
    when they reach the raised one, not one power before."""
    for short, scores in ((None, False), (1, False), (0, True)):
        state, _, printed, raised = _beside_a_free_monster("monster-plutonium-dragon", short)
        assert raised == printed + 5
        state, events = apply(state, A.FinishPlaying(actor="anna"), in_place=True)
        assert ("base_scores_soon" in [e.kind for e in events]) is scores
        if not scores:                       # nothing to score: the next player's turn
            assert state.active_player.id != "anna"
