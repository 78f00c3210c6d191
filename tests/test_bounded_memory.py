"""A process serving many games keeps in memory only the games in play: the state cache and the bot
players never hold more than their bound, and a game that is over leaves nothing behind (its state,
deadlines, bot players, lock, and the publisher's queue and message slots)."""

from __future__ import annotations

import asyncio
import gc
import random
import types

from cogs.publisher import Publisher
from engine.games import rules_of
from engine.sim import RandomAgent
from table.cache import LRU
from table.service import TableService
from tests.conftest import seated_game
from tests.simcord_table import Table

CACHED = 3


def test_the_lru_keeps_the_most_recently_used_and_never_more_than_its_size():
    cache: LRU[int, str] = LRU(2)
    cache[1], cache[2] = "a", "b"
    assert cache.get(1) == "a"                  # 1 is now the most recent: 2 goes first
    cache[3] = "c"
    assert len(cache) == 2 and cache.get(2) is None and cache.get(1) == "a"
    cache.drop(lambda key: key == 1)
    assert len(cache) == 1 and cache.get(3) == "c"


async def _random_moves(service: TableService, game_id: int, moves: int, rng: random.Random) -> None:
    agent = RandomAgent(rng)
    for _ in range(moves):
        record = await service.store.get_game(game_id, with_state=False)
        if record.status != "active":
            return
        _, state = await service.state_of(record)
        rules = rules_of(record.kind)
        move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
        await service.act_in(game_id, move.actor, move)


async def test_the_state_cache_never_holds_more_games_than_its_bound(store, clock):
    service = TableService(store, clock, cache_games=CACHED)
    rng = random.Random(5)
    games = [(await seated_game(service, channel=f"c{n}", seed=n)).game_id for n in range(8)]
    for _ in range(3):
        for game_id in games:
            await _random_moves(service, game_id, 2, rng)
            held = service.held()
            assert held["states"] <= CACHED and held["deadlines"] <= CACHED, held
    # a game pushed out of the cache is read again when it next moves, and plays on
    await _random_moves(service, games[0], 3, rng)
    assert (await store.get_game(games[0], with_state=False)).version > 1


async def test_a_game_that_ends_leaves_no_state_bot_or_lock_behind(store, clock):
    service = TableService(store, clock)
    started = await seated_game(service)
    await service.seat_bot("g", "c1", "anna", "anna")          # Anna hands her seat to a bot player
    assert service.held()["bots"] == 1 and service.held()["states"] == 1
    await service.leave("g", "c1", "ben")
    await service.leave("g", "c1", "cleo")          # one player left: the game is over (Munchkin leave rule)
    assert (await store.get_game(started.game_id, with_state=False)).status == "finished"
    gc.collect()
    assert service.held() == {"states": 0, "deadlines": 0, "bots": 0, "locks": 0}


async def test_a_game_the_host_ends_is_forgotten(store, clock):
    service = TableService(store, clock)
    await seated_game(service)
    assert service.held()["states"] == 1
    await service.end("g", "c1", "anna")
    assert service.held()["states"] == 0


async def test_a_message_slot_lives_only_while_it_has_work_and_keeps_the_pace():
    publisher = Publisher(types.SimpleNamespace())
    publisher.edit_interval = 0.05
    loop = asyncio.get_running_loop()
    sent: list[tuple[str, float]] = []

    def change(name: str):
        async def send() -> None:
            sent.append((name, loop.time()))
        return send

    publisher._want(1, "#status", change("first"))
    await asyncio.sleep(0.01)
    assert publisher.held()["slots"] == 1            # within the second after a request it is remembered ...
    publisher._want(1, "#status", change("second"))
    await publisher.drain()
    assert [n for n, _ in sent] == ["first", "second"] and sent[1][1] - sent[0][1] >= 0.045   # ... for the pace
    await asyncio.sleep(0)
    assert publisher.held() == {"slots": 0, "queues": 0, "workers": 0}   # then forgotten


async def test_after_games_end_in_discord_the_bot_holds_nothing_of_them(table: Table):
    second = table.guild.create_text_channel("zweiter-tisch")
    for channel in (table.channel, second):
        await table.open_game(channel)
        state = await table.state(channel)
        await table.member(state.active_player.id).slash(channel, "tuer")
    await table.settle()
    anna = table.players[0]
    for channel in (table.channel, second):
        await anna.slash(channel, "beenden")
    await table.settle()
    await table.bot.publisher.drain()
    await asyncio.sleep(0)
    gc.collect()
    assert table.bot.publisher.held() == {"slots": 0, "queues": 0, "workers": 0}
    assert table.bot.table.held() == {"states": 0, "deadlines": 0, "bots": 0, "locks": 0}
