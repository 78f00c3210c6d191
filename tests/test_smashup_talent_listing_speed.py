"""The listing of talents, specials, the rounds of a scoring and card choices builds its moves from what
it has made sure of instead of asking validate about each (README, "How the engines stay fast"): it
must still offer exactly the moves validate lets go, in the order of a slow listing that builds every
candidate and asks validate about it (the simulator's random players pick by position).
Rulebook: smash-up-munchkin.de.txt."""

from __future__ import annotations

import pytest

from engine.smashup import actions as A
from engine.smashup import choices, listing, rules, scoring, turn
from engine.smashup.power import powers_fixed
from engine.smashup.state import Decision
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import ELVES, HALFLINGS, _attach_treasure, game_for, two_minions_played_at
from tests.test_smashup_speed_listing import _slow_talents, _states


def _slow_choices(state, pid: str) -> list[A.Action]:
    """Every option of every card choice of the player, kept when validate lets it go."""
    made = [A.Choose(actor=pid, decision=d.id, option=option) for d in state.decisions for option in d.options
            if d.player == pid]
    return [move for move in made if rules.is_legal(state, move)]


def _listings_checked(seed: int, players: int, steps: int, wanted, slow) -> int:
    """Every seat's listing in the ``wanted`` states of a random game equals the ``slow`` listing (each
    candidate built and asked of validate); how many of them offered something."""
    checked = 0
    for state in _states(seed, players, steps=steps):
        if not wanted(state):
            continue
        for seat in state.players:
            listed = listing.legal_actions(state, seat.id)
            assert listed == slow(state, seat.id)
            checked += bool(listed)
    return checked


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (7, 2), (11, 4)])
def test_choices_listed_are_the_ones_validate_allows_in_order(seed, players):
    """Line 476: a card that says "dürfen" leaves the choice to its player (and other cards ask which
    card, minion or base): while a choice waits, each player is offered exactly the answers validate
    lets go, and nothing else."""
    assert _listings_checked(seed, players, 500, lambda s: choices.pending(s) is not None, _slow_choices) > 10


def test_an_option_gone_stale_is_not_offered():
    """Line 476 with Dimension Doors' "dürfen" payment: Rude Awakening plays the hand out while the
    Doors ask for a card; a card that left the hand is no longer offered as the payment, the others are."""
    state, choice, first, second = two_minions_played_at("base-dimension-doors", "halflings-rude-awakening")
    offered = [m.option for m in listing.legal_actions(state, "anna")]
    assert second in choice.options and second not in offered and first not in state.player("anna").hand
    assert offered == [o for o in choice.options if o != second] and "none" in offered
    assert listing.legal_actions(state, "anna") == _slow_choices(state, "anna")


def test_a_choice_id_given_twice_is_answered_as_validate_finds_it():
    """The listing offers what validate allows even for choices sharing an id: validate looks at the
    first card choice with the id, so the second one's own options are offered only where the first
    has them too (line 476: the player answers the choice the card left)."""
    state = game_for("anna", HALFLINGS)
    state.decisions = [Decision(id=7, player="anna", kind="may_draw", options=["none", "yes"], default="none"),
                       Decision(id=7, player="anna", kind="may_monster", options=["yes", "x"], default="yes",
                                      context={"base": state.bases[0].uid})]
    listed = listing.legal_actions(state, "anna")
    assert [m.option for m in listed] == ["none", "yes", "yes"]
    assert listed == _slow_choices(state, "anna")


def _slow_round(state, pid: str) -> list[A.Action]:
    """Outside the playing step: the draft picks and decisions, then the pass, the specials and the
    talents of every card of the player in play with each payment, each kept when validate lets it go."""
    made: list[A.Action] = []
    if state.draft is not None:
        made += [A.PickFaction(actor=pid, faction=f) for f in state.draft.offered]
    for d in (d for d in state.decisions if d.player == pid):
        if d.kind == "score_first":
            made += [A.ScoreFirst(actor=pid, base=b) for b in d.options]
        if d.kind == "discard_down":
            made.append(A.DiscardDown(actor=pid, cards=tuple(turn.excess_cards(state, pid))))
        if d.kind == "discard_one":
            made += [A.DiscardDown(actor=pid, cards=(u,)) for u in state.player(pid).hand]
    if state.scoring is not None and state.draft is None:
        made += [A.PassSpecial(actor=pid, window=state.scoring.window), *listing._special_plays(state, pid)]
        made += [A.UseTalent(actor=pid, card=uid, discard=discard, mode=mode) for uid in turn.talent_cards(state, pid)
                 for discard, mode in turn._payments(state, uid, state.player(pid).hand)]
    return [move for move in made if rules.is_legal(state, move)]


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (8, 2), (11, 4), (5, 4)])
def test_the_draft_and_the_rounds_of_a_scoring_list_what_validate_allows_in_order(seed, players):
    """Line 52 (the factions picked in turn), line 200 (the active player orders the bases that
    score), line 210 ("Ich zuerst!": whose say it is passes or uses one special) and line 440 (Happy
    Zapper's talent as a special before its base scores): outside the playing step every player is
    offered exactly the moves validate lets go, in the slow listing's order."""
    assert _listings_checked(seed, players, 600, _outside_the_playing_step, _slow_round) > 20


def _outside_the_playing_step(state) -> bool:
    return state.phase != "play" and choices.pending(state) is None


def test_happy_zapper_is_offered_as_a_special_only_while_its_player_has_the_say():
    """Line 440: Happy Zapper's talent may be used as a special before its base scores, also when it
    was used this turn; line 210: only by the player whose say it is in the round ("Ich zuerst!")."""
    from tests.test_smashup import _fill_to_breakpoint, put_minion

    state = game_for("anna")
    zapper = put_minion(state, "mages-happy-zapper", "anna", 0)
    state, _ = rules.apply(state, A.UseTalent(actor="anna", card=zapper, discard=(state.player("anna").hand[0],)))
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    take(state, "thieves-clever-distraction", "ben")      # a special: ben has a say after anna
    _fill_to_breakpoint(state, "ben", 0)
    state, _ = rules.apply(state, A.FinishPlaying(actor="anna"))
    assert state.scoring is not None and scoring.next_to_decide(state) == "anna"
    talents = [m for m in listing.legal_actions(state, "anna") if isinstance(m, A.UseTalent)]
    assert [(m.card, m.discard) for m in talents] == [(zapper, tuple(state.player("anna").hand[:1]))]
    for seat in state.players:
        assert listing.legal_actions(state, seat.id) == _slow_round(state, seat.id)
    state, _ = rules.apply(state, A.PassSpecial(actor="anna", window=state.scoring.window))
    assert scoring.next_to_decide(state) == "ben"
    assert not any(isinstance(m, A.UseTalent) for m in listing.legal_actions(state, "anna"))
    for seat in state.players:
        assert listing.legal_actions(state, seat.id) == _slow_round(state, seat.id)


def _talents_of(state, pid: str) -> list[tuple]:
    with powers_fixed(state):
        listed = listing._talent_moves(state, pid)
    assert listed == _slow_talents(state, pid)
    return [(m.card, m.target, m.discard) for m in listed]


def test_talents_that_pick_nothing_are_offered_once_with_their_price():
    """Line 318 ("Talent": once in each of your turns, as an extra action; you need not use it): Elf
    Help Guru's talent asks nothing and is offered once, paying nothing; Happy Zapper's asks a card,
    offered paid with the first card of the hand and not at all with an empty hand; Blaster Master's
    (a card, and a minion of power 2 or less to destroy) once per minion it may destroy. A talent used
    this turn, a card whose abilities rest and a treasure on another player's minion are not
    offered; a card of the player's on another player's minion is. Each as validate decides, in the
    slow listing's order."""
    state = game_for("anna", ELVES)
    guru = put_minion(state, "elves-elf-help-guru", "anna", 0)
    zapper = put_minion(state, "mages-happy-zapper", "anna", 1)
    blaster = put_minion(state, "mages-blaster-master", "anna", 1)
    used = put_minion(state, "elves-lord-of-the-prance", "anna", 2)
    resting = put_minion(state, "elves-elf-help-guru", "anna", 2)
    weak = put_minion(state, "warriors-taunter", "ben", 0)
    elf = _attach_treasure(state, "elves-traveling-elf", "anna", weak)       # anna's card on ben's minion
    missile = _attach_treasure(state, "treasure-magic-missile", "ben", weak)  # a treasure: ben's talent there
    state.player("anna").used_this_turn.append(f"talent:{used}")
    state.silenced.append(resting)
    first = state.player("anna").hand[0]
    listed = _talents_of(state, "anna")
    assert (guru, None, ()) in listed and (zapper, None, (first,)) in listed
    assert (blaster, weak, (first,)) in listed
    assert any(card == elf for card, _, _ in listed)
    assert not [m for m in listed if m[0] in (used, resting, missile)]
    state.player("anna").hand = []
    assert list(dict.fromkeys(card for card, _, _ in _talents_of(state, "anna"))) == [guru, elf]


def _say_in_order(state) -> str | None:
    """Whose say it is, as the round's order is built seat by seat: from the active player, or from
    the player after the one who used the last special; the first who has not passed."""
    ids = [seat.id for seat in state.players]
    order = ids[state.active:] + ids[:state.active]
    if state.scoring.last in order:
        start = order.index(state.scoring.last) + 1
        order = order[start:] + order[:start]
    return next((pid for pid in order if pid not in state.scoring.passed), None)


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (11, 4), (7, 2)])
def test_the_say_in_a_round_of_specials_goes_round_from_the_right_player(seed, players):
    """Line 210 ("Ich zuerst!"): in a round of specials the say goes clockwise, starting with the
    active player, and after a special with the player after the one who used it; who passed has
    no say until the next special. The same answer at every step of random games, and with the
    player who used the last special gone from the table."""
    checked = 0
    for state in _states(seed, players, steps=600):
        if state.scoring is None or state.scoring.stage not in scoring.ROUND_MOMENTS:
            continue
        assert scoring.next_to_decide(state) == _say_in_order(state)
        assert scoring._round_order(state)[0] == _say_in_order(state.model_copy(
            update={"scoring": state.scoring.model_copy(update={"passed": []})}))
        checked += 1
        kept = state.scoring.last
        for last in [seat.id for seat in state.players] + ["left-the-table"]:
            state.scoring.last = last
            assert scoring.next_to_decide(state) == _say_in_order(state)
        state.scoring.last = kept
    assert checked > 5
