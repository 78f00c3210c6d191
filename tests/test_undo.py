"""Taking a move back before anything new is known (issue 20): the rule (engine/undo.py) on real
Munchkin and Smash Up moves, and the table's side of it (table/service.py): the log keeps the move,
marked, the state returns to the one before it, and the replay stays exact.

The rule: a move can be taken back by its own player while nobody else has acted after it, unless it
used the random generator (a die, a shuffle), changed a zone the player cannot see (a draw from a
face-down deck, another player's hand), told another player something privately, left a decision
or the turn to another player, or ended the game."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.games import rules_of
from engine.munchkin import actions as MA
from engine.smashup import actions as SA
from engine.smashup.cards import data as smashup_data
from engine.undo import undo_refusal
from table.errors import StaleVersion, TableError
from table.replay import replay_game
from table.service import TableService
from tests import munchkin_helpers as mh
from tests.test_smashup import clear_monsters, drafted, take

MUNCHKIN = rules_of("munchkin")
SMASHUP = rules_of("smashup")


def refusal(rules, before, action):
    after, events = rules.apply(before, action)
    return undo_refusal(rules, before, after, action.actor, events)


# ---------------------------------------------------------------------- the rule, Munchkin
def test_munchkin_an_item_played_from_ones_own_hand_can_be_taken_back():
    """Cthulhu l.286 (items in play): laying an item out shows only one's own card: undoable."""
    state = mh.game()
    helmet = mh.to_hand(state, "anna", "t_pot_helmet")
    assert refusal(MUNCHKIN, state, MA.PlayCard(actor="anna", card=helmet)) is None


def test_munchkin_an_item_put_in_the_backpack_can_be_taken_back():
    """Cthulhu l.286: an item turned sideways into the backpack changes nothing hidden: undoable."""
    state = mh.game()
    helmet = mh.to_table(state, "anna", "t_pot_helmet")
    assert refusal(MUNCHKIN, state, MA.Equip(actor="anna", card=helmet, in_use=False)) is None


def test_munchkin_kicking_open_the_door_draws_and_stands():
    """Cthulhu l.138 (Phase 1: the door card is drawn): the door deck changed: not undoable."""
    state = mh.game()
    mh.on_top(state, "t_slimeling")
    assert refusal(MUNCHKIN, state, MA.KickDoor(actor="anna")) == "undo_revealed"


def test_munchkin_running_away_rolls_the_die_and_stands():
    """Cthulhu l.226 (Weglaufen: roll the die): the random generator moved: not undoable."""
    state = mh.fight(mh.game(), "t_stone_troll")
    state, _ = mh.pass_all(state)
    run = mh.decision(state, "anna", "run_away")
    mh.rig_dice(state, 6)
    action = MA.Decide(actor="anna", decision=run.id, option=run.options[0])
    assert refusal(MUNCHKIN, state, action) == "undo_random"


def test_munchkin_asking_for_help_leaves_a_decision_to_another_and_stands():
    """Cthulhu l.176 (asking for help): the asked player now owes an answer: not undoable."""
    state = mh.fight(mh.game(), "t_stone_troll")
    assert refusal(MUNCHKIN, state, MA.AskHelp(actor="anna", helper="ben")) == "undo_others_owe"


def test_munchkin_a_curse_on_another_player_can_be_taken_back_before_they_act():
    """Cthulhu l.308 (a curse from the hand on any player at any time): everything about it is public;
    nobody owes anything after it: undoable while nobody has acted."""
    state = mh.game()
    mh.to_table(state, "ben", "t_pot_helmet")
    curse = mh.to_hand(state, "anna", "t_curse_headgear")
    assert refusal(MUNCHKIN, state, MA.PlayCard(actor="anna", card=curse, target_player="ben")) is None


def test_munchkin_winning_the_game_stands():
    """Cthulhu l.164 (killing the monster gives the level; level 10 wins): the game is over: not undoable."""
    state = mh.fight(mh.game(), "t_slimeling")
    state.player("anna").level = 9
    state, _ = mh.pass_all(state, except_for=("anna",))
    action = MA.Pass(actor="anna", window=state.combat.window)
    assert refusal(MUNCHKIN, state, action) == "undo_game_over"


# ---------------------------------------------------------------------- the rule, Smash Up
def _plain_minion(state, me) -> str:
    """A minion of the player's factions with no ability at all (the orcs have them)."""
    design = next(c.id for c in smashup_data().cards if c.faction in state.player(me).factions
                  and c.kind == "minion" and not c.effects)
    return take(state, design, me)


def test_smashup_a_minion_without_ability_can_be_taken_back():
    """Smash Up l.82 (playing a minion: lay it at a base, then its text): a minion with no text shows
    only the card itself: undoable."""
    state = drafted({p: ["orcs"] for p in ("anna", "ben", "cleo")})
    clear_monsters(state)
    me = state.active_player.id
    minion = _plain_minion(state, me)
    action = SA.PlayMinion(actor=me, card=minion, base=state.bases[0].uid)
    assert refusal(SMASHUP, state, action) is None


def test_smashup_an_action_that_draws_stands():
    """Smash Up l.86 (an action does what it says): Hidden Assets reveals treasures and draws a card:
    not undoable."""
    state = drafted({p: ["dwarves"] for p in ("anna", "ben", "cleo")})
    clear_monsters(state)
    me = state.active_player.id
    assert "dwarves" in state.player(me).factions
    card = take(state, "dwarves-hidden-assets", me)
    assert refusal(SMASHUP, state, SA.PlayAction(actor=me, card=card)) in ("undo_revealed", "undo_random")


def test_smashup_finishing_the_turn_draws_two_and_stands():
    """Smash Up l.92 (draw 2 at the end of the turn): the player's deck changed: not undoable."""
    state = drafted()
    clear_monsters(state)
    me = state.active_player.id
    assert refusal(SMASHUP, state, SA.FinishPlaying(actor=me)) in ("undo_revealed", "undo_random")


def test_smashup_a_draft_pick_hands_the_pick_on_and_stands():
    """Smash Up rulebook, the draft: after a pick the next player picks: not undoable."""
    state, _ = SMASHUP.new_game([("anna", "Anna"), ("ben", "Ben")], seed=1)
    picker = state.draft.order[state.draft.next]
    action = SA.PickFaction(actor=picker, faction=state.draft.offered[0])
    assert refusal(SMASHUP, state, action) == "undo_others_owe"


# ---------------------------------------------------------------------- the table
async def munchkin_table(service: TableService, seed: int = 1):
    """A Cthulhu game of Anna, Ben and Cleo where Anna starts (seed 1) with two items in hand."""
    await service.create("g", "c", "anna", "Anna")
    await service.join("g", "c", "ben", "Ben")
    await service.join("g", "c", "cleo", "Cleo")
    started = await service.start("g", "c", "anna", seed=seed)
    assert started.state.active_player.id == "anna"
    return started


def _items_in_hand(state, player: str) -> list:
    return [m for m in MUNCHKIN.legal_actions(state, player)
            if m.type == "play_card" and state.card(m.card).kind == "item"]


async def test_a_taken_back_move_restores_the_state_and_stays_in_the_log_marked(service, store):
    started = await munchkin_table(service)
    before = started.state.model_dump_json()
    item = _items_in_hand(started.state, "anna")[0]
    played = await service.act("g", "c", "anna", item)
    result = await service.undo("g", "c", "anna")
    assert result.state.model_dump_json() == before
    assert [e.kind for e in result.events] == ["move_taken_back"]
    _, now = await TableService(store).seated("g", "c")        # what the store holds, read afresh
    assert now.model_dump_json() == before
    log = await store.actions(started.game_id)
    assert [(e.seq, e.undone, e.undo_of) for e in log] == [(1, True, None), (2, False, 1)]
    assert json.loads(log[0].action_json)["card"] == item.card
    record = await store.get_game(started.game_id)
    assert record.version == played.version + 1
    report = await replay_game(store, record)
    assert report["clean"], report


async def test_after_taking_back_the_game_goes_on_and_replays_exactly(service, store):
    started = await munchkin_table(service)
    first, second = _items_in_hand(started.state, "anna")[:2]
    await service.act("g", "c", "anna", first)
    await service.undo("g", "c", "anna")
    await service.act("g", "c", "anna", second)
    await service.act("g", "c", "anna", MA.KickDoor(actor="anna"))
    report = await replay_game(store, await store.get_game(started.game_id))
    assert report["clean"] and report["actions"] == 4, report


async def test_another_process_takes_a_move_back_from_the_log(service, store, clock):
    """Without the state remembered in memory (another process, a restart) the log is replayed."""
    started = await munchkin_table(service)
    before = started.state.model_dump_json()
    await service.act("g", "c", "anna", _items_in_hand(started.state, "anna")[0])
    other = TableService(store, clock=clock)
    result = await other.undo("g", "c", "anna")
    assert result.state.model_dump_json() == before
    assert (await replay_game(store, await store.get_game(started.game_id)))["clean"]


async def test_someone_elses_move_cannot_be_taken_back(service, store):
    started = await munchkin_table(service)
    await service.act("g", "c", "anna", _items_in_hand(started.state, "anna")[0])
    with pytest.raises(TableError) as err:
        await service.undo("g", "c", "ben")
    assert err.value.code == "undo_not_last" and err.value.params["player"] == "anna"
    assert [e.undone for e in await store.actions(started.game_id)] == [False]


async def test_a_move_another_player_acted_after_stands(service, store):
    """Ben plays a card out of turn after Anna's move (Cthulhu l.308: curses any time): Anna's move stands."""
    started = await munchkin_table(service)
    await service.act("g", "c", "anna", _items_in_hand(started.state, "anna")[0])
    _, state = await service.seated("g", "c")
    ben_plays = [m for m in MUNCHKIN.legal_actions(state, "ben") if m.type == "play_card"]
    await service.act("g", "c", "ben", ben_plays[0])
    with pytest.raises(TableError) as err:
        await service.undo("g", "c", "anna")
    assert err.value.code == "undo_not_last" and err.value.params["player"] == "ben"


async def test_a_stale_undo_is_refused_and_changes_nothing(service, store):
    """An undo meant for an earlier version (a second click, an old button) takes back nothing."""
    started = await munchkin_table(service)
    first, second = _items_in_hand(started.state, "anna")[:2]
    played = await service.act("g", "c", "anna", first)
    again = await service.act("g", "c", "anna", second)
    with pytest.raises(StaleVersion):
        await service.undo("g", "c", "anna", expected_version=played.version)
    _, state = await service.seated("g", "c")
    assert state.model_dump_json() == again.state.model_dump_json()
    assert all(not e.undone for e in await store.actions(started.game_id))


async def test_taking_back_twice_in_a_row_is_refused(service):
    started = await munchkin_table(service)
    first, second = _items_in_hand(started.state, "anna")[:2]
    await service.act("g", "c", "anna", first)
    await service.act("g", "c", "anna", second)
    await service.undo("g", "c", "anna")
    with pytest.raises(TableError) as err:
        await service.undo("g", "c", "anna")
    assert err.value.code == "undo_once"


async def test_a_move_that_drew_a_card_is_refused_at_the_table_and_nothing_changes(service, store):
    """Cthulhu l.138: the door card is drawn; the move stands and the log has no undo line."""
    started = await munchkin_table(service)
    kicked = await service.act("g", "c", "anna", MA.KickDoor(actor="anna"))
    with pytest.raises(IllegalAction) as err:
        await service.undo("g", "c", "anna")
    assert err.value.code == "undo_revealed"
    _, state = await service.seated("g", "c")
    assert state.model_dump_json() == kicked.state.model_dump_json()
    assert len(await store.actions(started.game_id)) == 1


async def test_a_smashup_minion_is_taken_back_at_the_table_and_replays(service, store):
    """Smash Up l.82: a minion with no ability laid at a base, taken back before anyone acts."""
    await service.create("g", "su", "anna", "Anna", kind="smashup")
    await service.join("g", "su", "ben", "Ben")
    started = await service.start("g", "su", "anna", seed=4)     # the orcs' player starts
    state = started.state
    while state.draft is not None:
        picker = state.draft.order[state.draft.next]
        faction = "orcs" if "orcs" in state.draft.offered else state.draft.offered[0]
        state = (await service.act("g", "su", picker, SA.PickFaction(actor=picker, faction=faction))).state
    me = state.active_player.id
    plain = [m for m in SMASHUP.legal_actions(state, me) if m.type == "play_minion"
             and not state.card(m.card).effects]
    assert plain, "the orcs' player holds a minion without an ability"
    before = state.model_dump_json()
    await service.act("g", "su", me, plain[0])
    result = await service.undo("g", "su", me)
    assert result.state.model_dump_json() == before
    assert (await replay_game(store, await store.get_game(started.game_id)))["clean"]


async def test_both_stores_keep_the_taken_back_move_marked_and_replay_it_exactly(any_store, clock):
    """SQLite and PostgreSQL write the undo line and the mark in the same transaction as the state."""
    service = TableService(any_store, clock=clock)
    started = await munchkin_table(service)
    await service.act("g", "c", "anna", _items_in_hand(started.state, "anna")[0])
    await service.undo("g", "c", "anna")
    log = await any_store.actions(started.game_id)
    assert [(e.undone, e.undo_of) for e in log] == [(True, None), (False, 1)]
    report = await replay_game(any_store, await any_store.get_game(started.game_id))
    assert report["clean"] and report["version"] == 3, report


async def test_a_log_that_no_longer_leads_to_the_stored_state_takes_nothing_back(service, store, clock):
    """Should the stored state and the log disagree (what table.replay reports as "differs"), a move is
    not taken back from a replay that would land elsewhere."""
    started = await munchkin_table(service)
    played = await service.act("g", "c", "anna", _items_in_hand(started.state, "anna")[0])
    await store._write([("UPDATE games SET state = ? WHERE id = ?",
                         (started.state.model_dump_json(), started.game_id))])
    other = TableService(store, clock=clock)          # nothing remembered: it must replay
    with pytest.raises(TableError) as err:
        await other.undo("g", "c", "anna")
    assert err.value.code == "undo_unavailable"
    assert [e.undone for e in await store.actions(started.game_id)] == [False]
    assert (await store.get_game(started.game_id)).version == played.version
