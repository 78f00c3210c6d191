"""Standing preferences apply at once: auto-pass when holding nothing playable, and "I am away",
where the table plays the defaults for the player and says so in the log."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from engine.munchkin.rules import apply, new_game, window_plays


@pytest.fixture
def store(any_store):
    """Time banks, deadlines and reminders behave the same on both backends."""
    return any_store

PLAYERS = [("anna", "Anna"), ("ben", "Ben"), ("cleo", "Cleo")]


def _seed(wanted_playable: bool) -> int:
    """A seed whose first door is a monster, with Ben holding (or not) a card he could play in that fight."""
    for seed in range(1, 3000):
        state, _ = new_game(PLAYERS, seed=seed, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind != "monster" or state.active_player.id == "ben":
            continue
        state, _ = apply(state, A.KickDoor(actor=state.active_player.id))
        playable = bool(window_plays(state, "ben"))
        if playable == wanted_playable:
            return seed
    raise AssertionError("no seed")


async def _start(service, seed: int):
    await service.create("g", "p1", "anna", "Anna")
    for pid, name in PLAYERS[1:]:
        await service.join("g", "p1", pid, name)
    return await service.start("g", "p1", "anna", seed=seed)


async def test_auto_pass_when_holding_nothing_playable(service):
    started = await _start(service, _seed(wanted_playable=False))
    await service.set_preferences("g", "p1", "ben", auto_pass=True)
    active = started.state.active_player.id
    kicked = await service.act("g", "p1", active, A.KickDoor(actor=active))
    _, state = await service.seated("g", "p1")
    assert "ben" in state.combat.passed
    actions = await service.store.actions(started.game_id)
    assert any('"pass"' in a.action_json and a.actor == "ben" for a in actions)
    assert kicked.version < (await service.store.get_game(started.game_id)).version


async def test_auto_pass_waits_while_a_card_could_be_played(service):
    started = await _start(service, _seed(wanted_playable=True))
    await service.set_preferences("g", "p1", "ben", auto_pass=True)
    active = started.state.active_player.id
    await service.act("g", "p1", active, A.KickDoor(actor=active))
    _, state = await service.seated("g", "p1")
    assert "ben" not in state.combat.passed


async def test_away_player_gets_the_defaults_at_once_and_the_log_says_so(service, clock):
    started = await _start(service, _seed(wanted_playable=True))
    active = started.state.active_player.id
    away = next(pid for pid, _ in PLAYERS if pid != active)
    seen = []
    async def listen(result):
        seen.extend(result.events)
    service.listeners.append(listen)
    await service.set_preferences("g", "p1", away, away_hours=5)
    await service.act("g", "p1", active, A.KickDoor(actor=active))
    _, state = await service.seated("g", "p1")
    if state.combat is not None and state.combat.stage == "fight":
        assert away in state.combat.passed
        await service.act("g", "p1", active, A.AskHelp(actor=active, helper=away))
        _, state = await service.seated("g", "p1")
        assert not [d for d in state.decisions if d.player == away]      # declined by default at once
    assert any(e.kind == "played_for_away" and e.params["player"] == away for e in seen)


async def test_away_active_player_turn_is_played_through(service, clock):
    started = await _start(service, 5)
    active = started.state.active_player.id
    await service.set_preferences("g", "p1", active, away_hours=1)
    _, state = await service.seated("g", "p1")
    assert state.active_player.id != active or state.phase == "over"
    prefs = (await service.store.preferences(started.game_id))[active]
    assert prefs.away(clock()) and not prefs.away(clock() + 2 * 3600)   # back after the hour


async def _async_game(service):
    await service.create("g", "r1", "anna", "Anna", pace="async")
    for pid, name in PLAYERS[1:]:
        await service.join("g", "r1", pid, name)
    return await service.start("g", "r1", "anna", seed=7)


async def test_reminder_goes_once_to_exactly_the_owing_player(service, clock):
    started = await _async_game(service)
    active = started.state.active_player.id
    assert await service.send_reminders() == []             # too early: the turn timer has just begun
    clock.advance(13 * 3600)                                  # past half of the 24-hour turn timer
    sent = await service.send_reminders()
    assert [(r.user_id, r.target) for r in sent] == [(active, f"turn:{started.state.turn}")]
    assert await service.send_reminders() == []              # at most once per prompt


async def test_reminders_can_be_turned_off(service, clock):
    started = await _async_game(service)
    await service.set_preferences("g", "r1", started.state.active_player.id, reminders="off")
    clock.advance(13 * 3600)
    assert await service.send_reminders() == []


async def test_reminders_sent_survive_a_restart(backend, clock):
    from table.service import TableService

    store = await backend.open()
    service = TableService(store, clock)
    await _async_game(service)
    clock.advance(13 * 3600)
    assert len(await service.send_reminders()) == 1
    await store.close()
    store = await backend.open()
    try:
        again = TableService(store, clock)
        await again.recover()
        assert await again.send_reminders() == []
    finally:
        await store.close()


async def test_a_bot_takes_a_seat_its_player_hands_over_and_plays_it(service):
    started = await _start(service, 11)
    idle = started.state.active_player.id
    other = next(pid for pid, _ in PLAYERS if pid not in (idle, "anna"))
    from table.errors import TableError

    try:
        await service.seat_bot("g", "p1", other, idle)           # neither host nor the seat's player
        raise AssertionError("refused expected")
    except TableError as exc:
        assert exc.code == "host_only"
    await service.seat_bot("g", "p1", idle, idle)            # the player's own choice (issue 34 point 5)
    _, state = await service.seated("g", "p1")
    # the bot played on until the game waits for someone else (or its turn is over)
    from engine.munchkin.rules import open_prompts

    owed = {p for target, players in open_prompts(state) if not target.startswith("turn") for p in players}
    assert state.active_player.id != idle or state.phase == "over" or (owed and idle not in owed)
    assert any(a.actor == idle for a in await service.store.actions(started.game_id))
    seats = {s.user_id: s for s in await service.store.seats(started.game_id)}
    assert seats[idle].bot
    logged = [a for a in await service.store.actions(started.game_id) if a.actor == idle]
    assert logged                                                     # its moves are in the log
    from table.replay import replay_game

    report = await replay_game(service.store, await service.store.get_game(started.game_id))
    assert report["clean"], report


async def _finish_turn(service, channel: str, player: str) -> None:
    """The player's turn runs out step by step (as its turn timer would do)."""
    for _ in range(30):
        _, state = await service.seated("g", channel)
        if state.active_player.id != player or state.phase == "over":
            return
        await service.act("g", channel, "system", A.Timeout(actor=A.SYSTEM, turn=state.turn))


async def test_time_bank_spends_what_a_turn_took_and_refills(service, clock):
    """Correspondence-style clock: 24 h to start, +12 h per turn (asynchronous pace)."""
    started = await _async_game(service)
    first = started.state.active_player.id
    clock.advance(10 * 3600)                      # the first player takes ten hours for the turn
    await _finish_turn(service, "r1", first)
    _, state = await service.seated("g", "r1")
    clocks = await service.store.clocks(started.game_id)
    assert clocks[first].bank == (24 - 10 + 12) * 3600 and clocks[first].started is None
    second = state.active_player.id
    deadline = {d.target: d.due_at for d in await service.store.deadlines(started.game_id)}[f"turn:{state.turn}"]
    assert clocks[second].started == clock() and deadline == clock() + clocks[second].bank


async def test_time_bank_stops_at_its_cap(service, clock):
    await service.create("g", "r2", "anna", "Anna", pace="async;cap=90000")      # a 25-hour cap
    for pid, name in PLAYERS[1:]:
        await service.join("g", "r2", pid, name)
    started = await service.start("g", "r2", "anna", seed=7)
    first = started.state.active_player.id
    clock.advance(3600)
    await _finish_turn(service, "r2", first)
    assert (await service.store.clocks(started.game_id))[first].bank == 90000


async def test_custom_pace_numbers(service):
    from table.pace import pace_of

    pace = pace_of("async;turn=172800;window=600")
    assert pace.turn_seconds == 172800 and pace.window_seconds == 600 and pace.decision_seconds == 12 * 3600
    await service.create("g", "x1", "anna", "Anna", pace="async;turn=172800")
    from table.errors import TableError

    try:
        await service.create("g", "x2", "anna", "Anna", pace="async;nonsense=3")
        raise AssertionError("refused expected")
    except TableError as exc:
        assert exc.code == "pace_override"


async def test_waiting_on_another_player_does_not_spend_your_bank(service, clock):
    for seed in range(1, 200):                   # a start whose first door is a monster
        state, _ = new_game(PLAYERS, seed=seed, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            break
    await service.create("g", "w1", "anna", "Anna", pace="async")
    for pid, name in PLAYERS[1:]:
        await service.join("g", "w1", pid, name)
    started = await service.start("g", "w1", "anna", seed=seed)
    me = started.state.active_player.id
    helper = next(pid for pid, _ in PLAYERS if pid != me)
    await service.act("g", "w1", me, A.KickDoor(actor=me))
    await service.act("g", "w1", me, A.AskHelp(actor=me, helper=helper))
    paused = (await service.store.clocks(started.game_id))[me]
    assert paused.paused == clock()
    assert not [d for d in await service.store.deadlines(started.game_id) if d.target.startswith("turn:")]
    clock.advance(5 * 3600)                                       # the helper thinks for five hours
    _, state = await service.seated("g", "w1")
    decision = state.decisions[0]
    await service.act("g", "w1", helper, A.Decide(actor=helper, decision=decision.id, option="decline"))
    resumed = (await service.store.clocks(started.game_id))[me]
    assert resumed.paused is None and resumed.started == paused.started + 5 * 3600
    turn = {d.target: d.due_at for d in await service.store.deadlines(started.game_id)}[f"turn:{state.turn}"]
    assert turn == resumed.started + resumed.bank


async def test_reminders_turned_down_come_only_for_own_turns(service, clock):
    started = await _async_game(service)
    active = started.state.active_player.id
    await service.set_preferences("g", "r1", active, reminders="turns")
    clock.advance(13 * 3600)
    sent = await service.send_reminders()
    assert [r.target.split(":")[0] for r in sent] == ["turn"]
