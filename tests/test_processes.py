"""Several processes on one database: two table services with their own connections act on the same
games and both run the deadline scheduler. Every action applies once, every deadline fires once,
every reminder goes out once, and every game replays clean (on PostgreSQL and on SQLite)."""

from __future__ import annotations

import asyncio
import json
import random

from engine.games import rules_of
from engine.sim import RandomAgent
from table.errors import StaleVersion
from table.replay import replay_store
from table.scheduler import DeadlineScheduler
from table.service import TableService

PLAYERS = ("anna", "ben", "cleo")
GAMES = 4


async def _async_games(service: TableService) -> list[int]:
    ids = []
    for number in range(GAMES):
        channel = f"c{number}"
        await service.create("g", channel, PLAYERS[0], "Anna", pace="async")
        for pid in PLAYERS[1:]:
            await service.join("g", channel, pid, pid.title())
        ids.append((await service.start("g", channel, PLAYERS[0], seed=number + 3)).game_id)
    return ids


async def _same_move_from_both(first: TableService, second: TableService, game_id: int, agent) -> int:
    """Both processes submit the move chosen at one version: exactly one applies it."""
    record = await first.store.get_game(game_id, with_state=False)
    if record.status != "active":
        return 0
    _, state = await first.state_of(record)
    rules = rules_of(record.kind)
    move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
    outcomes = await asyncio.gather(first.act_in(game_id, move.actor, move, expected_version=record.version),
                                    second.act_in(game_id, move.actor, move, expected_version=record.version),
                                    return_exceptions=True)
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(applied) == 1 and all(isinstance(o, StaleVersion) for o in outcomes if o not in applied), outcomes
    return 1


async def test_two_processes_apply_every_action_and_fire_every_deadline_once(backend, clock):
    stores = [await backend.open(), await backend.open()]
    try:
        first, second = (TableService(store, clock) for store in stores)
        reminded: list[tuple[int, str, str]] = []

        async def remember(reminder) -> bool:
            reminded.append((reminder.game_id, reminder.target, reminder.user_id))
            return True

        for service in (first, second):
            service.reminder_listeners.append(remember)
        schedulers = [DeadlineScheduler(first), DeadlineScheduler(second)]
        claims: list[tuple[int, str, int]] = []
        for store in stores:
            claim = store.claim_due

            async def claim_and_note(now, until, limit, claim=claim):
                claimed = await claim(now, until, limit)
                claims.extend((d.game_id, d.target, d.version) for d in claimed)
                return claimed

            store.claim_due = claim_and_note
        games = await _async_games(first)
        agent = RandomAgent(random.Random(5))
        moves, fired = 0, []
        for round_number in range(14):
            for game_id in games:
                moves += await _same_move_from_both(first, second, game_id, agent)
            clock.advance((1, 3, 5, 13)[round_number % 4] * 3600)        # reminders and deadlines come due
            for results in await asyncio.gather(*(s.tick() for s in schedulers)):
                fired += results

        logged = {g: await stores[0].actions(g) for g in games}
        assert sum(len(entries) for entries in logged.values()) == moves + len(fired)
        timeouts = [(g, key, value) for g, entries in logged.items() for e in entries
                    if (action := json.loads(e.action_json))["type"] == "timeout"
                    for key, value in action.items() if key in ("window", "decision") and value is not None]
        assert len(timeouts) == len(set(timeouts))                        # each window or decision timed out once
        assert fired and reminded and len(reminded) == len(set(reminded))
        assert len(claims) >= len(fired) and len(claims) == len(set(claims))   # no deadline went to both
        sent = set()
        for g in games:
            sent |= {(g, target, user) for target, user in await stores[0].reminders_sent(g)}
        assert sent == set(reminded)
        assert all(d.due_at > clock() for d in await stores[1].deadlines())  # nothing due was left behind
        reports = await replay_store(stores[1])
        assert len(reports) == GAMES and all(r["clean"] for r in reports), reports
    finally:
        for store in stores:
            await store.close()


def test_shard_settings_make_a_process_serve_its_own_shards(monkeypatch):
    """SHARD_COUNT and SHARD_IDS: this process connects only the shards named; unset, one process
    serves the whole bot."""
    import bot

    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1, 3")
    sharded = bot.make_bot(bot.Settings.from_env())
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])
    monkeypatch.delenv("SHARD_IDS")
    assert bot.make_bot(bot.Settings.from_env()).shard_ids == [0, 1, 2, 3]
    monkeypatch.delenv("SHARD_COUNT")
    single = bot.make_bot(bot.Settings.from_env())
    assert not isinstance(single, bot.ShardedSpielleiter) and single.shard_count is None
