"""Smash Up – Munchkin at the table: the same store, log, deadlines and replay as Munchkin (the
front ends are tested in tests/test_smashup_front.py and tests/test_smashup_discord.py)."""

from __future__ import annotations

import random

from engine.smashup import actions as A
from engine.smashup import listing as su
from engine.smashup.invariants import violations
from table.replay import replay_game
from table.service import TableService


async def smashup_game(service: TableService, players=("anna", "ben", "cleo"), seed: int = 3):
    await service.create("g", "su", players[0], players[0].title(), kind="smashup")
    for pid in players[1:]:
        await service.join("g", "su", pid, pid.title())
    return await service.start("g", "su", players[0], seed=seed)


async def test_a_smashup_game_is_created_drafted_and_played_through_the_table(service, store):
    started = await smashup_game(service)
    state = started.state
    assert state.phase == "draft"
    rng = random.Random(1)
    for _ in range(60):
        _, state = await service.seated("g", "su")
        if state.phase == "over":
            break
        moves = [m for p in state.players for m in su.legal_actions(state, p.id)]
        move = rng.choice(moves)
        await service.act("g", "su", move.actor, move)
    _, state = await service.seated("g", "su")
    assert state.draft is None and violations(state) == []
    record = await store.get_game(started.game_id)
    report = await replay_game(store, record)
    assert report["clean"], report


async def test_a_smashup_game_survives_a_restart(service, store, clock, tmp_path):
    started = await smashup_game(service)
    picker = started.state.draft.order[0]
    await service.act("g", "su", picker, A.PickFaction(actor=picker, faction="orcs"))
    _, before = await service.seated("g", "su")
    again = TableService(store, clock=clock)
    await again.recover()
    _, after = await again.seated("g", "su")
    assert after.model_dump_json() == before.model_dump_json()


async def test_a_passed_deadline_plays_the_default(service, clock):
    await service.create("g", "su", "anna", "Anna", kind="smashup", pace="async")
    await service.join("g", "su", "ben", "Ben")
    started = await service.start("g", "su", "anna", seed=5)
    picker = started.state.draft.order[0]
    clock.advance(60 * 60 * 72)
    await service.fire_due()
    _, state = await service.seated("g", "su")
    assert state.player(picker).factions            # the first faction on offer was taken for them


async def test_leaving_takes_the_players_cards_with_them(service):
    await smashup_game(service)
    _, state = await service.seated("g", "su")
    while state.draft is not None:
        picker = state.draft.order[state.draft.next]
        await service.act("g", "su", picker, A.PickFaction(actor=picker, faction=state.draft.offered[0]))
        _, state = await service.seated("g", "su")
    leaver = next(p.id for p in state.players if p.id != state.active_player.id)
    await service.leave("g", "su", leaver)
    _, state = await service.seated("g", "su")
    assert not state.has_player(leaver) and violations(state) == []
    assert len(state.removed) >= 40 - 5


async def test_a_bot_takes_a_smashup_seat_and_plays_its_picks_and_turns(service, store):
    """A bot on a seat its player handed over drafts for it and plays its turns; its moves are in the log and
    the game replays cleanly."""
    started = await smashup_game(service)
    first = started.state.draft.order[0]
    await service.seat_bot("g", "su", first, first)        # its player hands the seat to a bot
    _, state = await service.seated("g", "su")
    assert state.draft.order[state.draft.next] != first            # the bot picked and waits
    assert any(a.actor == first for a in await store.actions(started.game_id))
    for _ in range(400):                                            # the humans pass their moves quickly
        _, state = await service.seated("g", "su")
        if state.phase == "over" or state.turn > 8:
            break
        moves = [m for p in state.players if p.id != first for m in su.legal_actions(state, p.id)]
        plain = [m for m in moves if isinstance(m, A.PickFaction | A.FinishPlaying | A.PassSpecial | A.ScoreFirst
                                                  | A.DiscardDown)]
        move = (plain or moves)[0]
        await service.act("g", "su", move.actor, move)
    _, state = await service.seated("g", "su")
    assert state.turn > 8 or state.phase == "over"
    played = [a for a in await store.actions(started.game_id) if a.actor == first]
    assert len(played) > 4                                          # picks and plays of several turns
    report = await replay_game(store, await store.get_game(started.game_id))
    assert report["clean"], report
