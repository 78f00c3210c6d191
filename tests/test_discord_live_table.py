"""Issue 36, "one live table message per game" and "a turn played by buttons", on simcord
(tests/simcord_table.py): the game's channel has one table message, edited in place, whose buttons
are the steps legal now for the player whose turn it is; a whole Munchkin turn and a Smash Up turn are
played by clicks alone; a stranger's click is refused privately and changes nothing; several moves in
quick succession become fewer edits; and a move posts a message of its own only when it matters."""

from __future__ import annotations

import asyncio
import random

from cogs.munchkin.views import turn_options
from engine.munchkin.rules import legal_actions
from engine.smashup import actions as S
from engine.smashup.listing import legal_actions as su_legal_actions
from table.render import Namer
from table.service import ActResult
from tests.simcord_table import COMPONENTS_V2, Table, custom_ids, refusals, said, select_options, texts
from tests.test_discord import _combat_clock, open_game


def tables(table: Table) -> list:
    """The channel's components-v2 messages: the live table message (there is to be one)."""
    return [m for m in table.public() if m.flags.value & COMPONENTS_V2]


def turn_buttons(message) -> list[str]:
    """The turn's steps the table message offers ("door", "loot", "end", …)."""
    return [c.split(":")[3] for c in custom_ids(message) if c.startswith("sl:turn:")]


def heading(table: Table) -> str:
    """The live table's first line: whose turn, and what the turn is at."""
    return table.live().components[0].content.splitlines()[0]


async def click_on_table(table: Table, member, custom_id: str):
    result = await member.click(table.live(), custom_id=custom_id)
    await table.settle()
    return result


async def test_a_whole_munchkin_turn_is_played_by_clicks_on_the_table_message(table: Table):
    """Cthulhu l.142/148: kick the door; a monster means a fight; the fight's Pass buttons; the lost
    fight's run away; end the turn: every step a button of the one table message."""
    await open_game(table, _combat_clock(table))         # the start player's door is a monster
    game_id = await table.game_id()
    state = await table.state()
    active = table.member(state.active_player.id)
    live = table.live()
    assert turn_buttons(live) == ["door"]                # only what is legal now for the one to move
    assert f"{active.user.global_name} is to move" in live.components[0].content   # said of the player
    kicked = await click_on_table(table, active, f"sl:turn:{game_id}:door")
    assert not refusals(kicked) and kicked.response.message.id == live.id          # the click edits the table
    state = await table.state()
    assert state.combat is not None and state.combat.stage == "fight"
    assert heading(table).endswith("· combat")          # the heading names the fight, not the turn's phase
    for _ in range(10):                                  # everyone passes by the table's Pass button
        state = await table.state()
        if state.combat is None or state.combat.stage != "fight":
            break
        waiting = next(p for p in state.players if p.id not in state.combat.passed)
        passed = await click_on_table(table, table.member(waiting.id), f"sl:pass:{game_id}:{state.combat.window}")
        assert not refusals(passed), texts(passed)
    state = await table.state()
    if any(d.kind == "run_away" for d in state.decisions):      # lost: run away, a button on the table
        assert "run" in turn_buttons(table.live())
        while any(d.kind == "run_away" for d in (await table.state()).decisions):
            runner = table.member(next(d.player for d in (await table.state()).decisions if d.kind == "run_away"))
            ran = await click_on_table(table, runner, f"sl:turn:{game_id}:run")
            if ran.response.message is not None and ran.response.message.id != table.live().id:   # a choice of monsters
                menu = ran.response.message
                value = select_options(menu, f"sl:turnsel:{game_id}:run")[0][1]
                ran = await runner.select(menu, [value], custom_id=f"sl:turnsel:{game_id}:run")
                await table.settle()
            assert not refusals(ran), texts(ran)
    for _ in range(10):                  # whatever else the turn asks by button (charity aside), then its end
        state = await table.state()
        if state.combat is None and state.active_player.id == table.uid(active):
            assert not heading(table).endswith("· combat")    # the fight is over
        if state.active_player.id != table.uid(active) or state.phase == "over":
            break
        if "end" in turn_buttons(table.live()):
            ended = await click_on_table(table, active, f"sl:turn:{game_id}:end")
            assert not refusals(ended), texts(ended)
            continue
        if "loot" in turn_buttons(table.live()):
            await click_on_table(table, active, f"sl:turn:{game_id}:loot")
            continue
        break
    state = await table.state()
    assert state.active_player.id != table.uid(active) or state.phase == "charity"
    assert len(tables(table)) == 1                        # one table message all along, edited in place


async def test_a_smashup_turn_is_played_by_clicks_on_the_table_message(table: Table):
    """Smash Up rulebook, "Spielvorbereitung" and the turn: the draft's factions, a minion played by
    the table's Play button and its private menu, then Finish, all by clicks."""
    await table.open_game(spiel="smashup")
    game_id = await table.game_id()
    while (state := await table.state()).draft is not None:
        picker = table.member(state.draft.order[state.draft.next])
        assert f"{picker.user.global_name} is to move" in table.live().components[0].content   # who picks now
        faction = state.draft.offered[0]
        picked = await click_on_table(table, picker, f"sl:su:pick:{game_id}:{state.draft.next}:{faction}")
        assert not refusals(picked), texts(picked)
    state = await table.state()
    me = table.member(state.active_player.id)
    turn = state.turn
    minion = next(a for a in legal_actions_su(state) if isinstance(a, S.PlayMinion) and not a.target)
    opened = await click_on_table(table, me, f"sl:su:play:{game_id}:{turn}")
    menu = opened.response.message
    assert opened.ephemeral and f"sl:su:playsel:{game_id}:{turn}" in custom_ids(menu)
    value = next(v for _, v in select_options(menu, f"sl:su:playsel:{game_id}:{turn}")
                 if v.split("|")[1] == minion.card and v.split("|")[2] == minion.base)
    played = await me.select(menu, [value], custom_id=f"sl:su:playsel:{game_id}:{turn}")
    await table.settle()
    assert not refusals(played), texts(played)
    assert minion.card in [m.uid for b in (await table.state()).bases for m in b.minions]
    finished = await click_on_table(table, me, f"sl:su:finish:{game_id}:{turn}")
    assert not refusals(finished), texts(finished)
    state = await table.state()
    assert state.turn > turn or state.scoring is not None or state.decisions      # the turn went on
    assert len(tables(table)) == 1


def legal_actions_su(state):
    return su_legal_actions(state, state.active_player.id)


async def test_a_strangers_click_is_refused_privately_and_changes_nothing(table: Table):
    await open_game(table)
    game_id = await table.game_id()
    state = await table.state()
    other = next(m for m in table.players if table.uid(m) != state.active_player.id)
    stranger = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    before = state.model_dump_json()
    live = table.live()
    for member, expected in ((stranger, "You are not seated"), (other, "It is not your turn")):
        answer = await click_on_table(table, member, f"sl:turn:{game_id}:door")
        assert answer.ephemeral and expected in answer.response.content, texts(answer)   # privately, in words
    assert (await table.state()).model_dump_json() == before
    assert [said(m) for m in tables(table)] == [said(live)]       # the table did not change


async def test_several_quick_moves_make_fewer_edits_of_the_table_message(table: Table):
    """Moves in quick succession: the table message is edited at most once per interval, with the
    newest content (cogs/publisher.py MessageSlot)."""
    await open_game(table)
    publisher = table.bot.publisher
    publisher.edit_interval = 0.5
    game_id = await table.game_id()
    live = table.live()
    path = f"/channels/{table.channel.id}/messages/{live.id}"
    before = len([r for r in table.env.http_requests if r.method == "PATCH" and r.path == path])
    rng = random.Random(4)
    moves = 6
    for _ in range(moves):                   # six moves made at once, through the table (as the clock's are)
        state = (await table.bot.table.state_of(await table.bot.table.store.get_game(game_id, with_state=False)))[1]
        action = rng.choice([a for p in state.players for a in legal_actions(state, p.id)])
        await table.bot.table.act_in(game_id, action.actor, action, origin="interaction")
    await asyncio.sleep(1.2)
    await publisher.drain()
    await table.settle()
    edits = len([r for r in table.env.http_requests if r.method == "PATCH" and r.path == path]) - before
    assert 1 <= edits < moves
    current = await publisher.live_view(ActResult(game_id, str(table.channel.id), 0, await table.state()), [])
    heading = next(c.content for c in table.live().components if getattr(c, "content", None))
    assert heading == current.children[0].content          # the newest state: whose turn it is now


async def test_a_move_posts_a_message_of_its_own_only_when_it_matters(table: Table):
    """Kicking the door open is shown in the table message; a fight beginning gets a post of its own;
    the table message stays one. Every move costs at most one new public message."""
    await open_game(table)
    game_id = await table.game_id()
    posts = len(table.public())
    state = await table.state()
    active = table.member(state.active_player.id)
    kicked = await click_on_table(table, active, f"sl:turn:{game_id}:door")
    state = await table.state()
    new = table.public()[posts:]
    if state.combat is None:
        assert new == [] and not kicked.followups           # a door without a fight: the table says it
    else:
        assert len(new) == 1 and "Combat" in said(new[0])   # a fight begins: one post
    assert "kicks open the door" in said(table.live())
    moves = 0
    while moves < 12:                           # more moves, each by its button or command
        state = await table.state()
        if state.phase == "over":
            break
        before = len(table.public())
        options = {move: turn_options(state, state.active_player.id, move) for move in ("loot", "end")}
        move = next((m for m, o in options.items() if len(o) == 1), None)
        if move is None:
            break
        await click_on_table(table, table.member(state.active_player.id), f"sl:turn:{game_id}:{move}")
        moves += 1
        assert len(table.public()) - before <= 1
    assert len(tables(table)) == 1


def _quiet_door_clock(table: Table) -> float:
    """A clock whose seed makes the start player's first door no monster (the room may be looted)."""
    from engine.munchkin.rules import new_game
    from tests.simcord_table import FIXED_CLOCK

    seats = [(table.uid(m), m.user.global_name) for m in table.players]
    for step in range(2000):
        clock = FIXED_CLOCK + step
        state, _ = new_game(seats, seed=int(clock * 1000) & 0xFFFFFFFF, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind not in ("monster", "curse"):
            return clock
    raise AssertionError("no clock")


async def _loot_by_the_table(table: Table, dms_closed: bool = False):
    """The start player kicks the door (no monster) and loots the room, both by the table's buttons."""
    await open_game(table, _quiet_door_clock(table))
    game_id, state = await table.game_id(), await table.state()
    active = table.member(state.active_player.id)
    await click_on_table(table, active, f"sl:turn:{game_id}:door")
    assert "loot" in turn_buttons(table.live())
    if dms_closed:       # as the publisher marks a DM that Discord refused (error 50007)
        record = await table.bot.table.store.private_message(game_id, state.active_player.id)
        record.closed = 2
        await table.bot.table.store.save_private_message(record)
    before = (await table.state()).player(state.active_player.id).hand
    looted = await click_on_table(table, active, f"sl:turn:{game_id}:loot")
    after = await table.state()
    (card,) = [uid for uid in after.player(state.active_player.id).hand if uid not in before]
    return looted, active, card, after


async def test_the_card_looted_face_down_is_told_in_the_hand_message_not_in_a_message_of_its_own(table: Table):
    """Cthulhu l.150: looting the room draws a door card face down, for the looter alone. The click on the
    table answers by editing it; the card is named in the looter's hand message ("Just now"), not in an
    extra private message."""
    looted, active, card, state = await _loot_by_the_table(table)
    assert not refusals(looted) and looted.response.message.id == table.live().id
    assert not looted.followups, texts(looted)
    hand = table.dms(active)[-1]
    field = next(f for f in hand.embeds[0].fields if f.name == "Just now")
    name = Namer("en", {}, state, ("cthulhu",)).card(card)     # the looter's client is an English one
    assert name.split()[0] in field.value, (name, field.value)
    assert all(name.split()[0] not in said(m) for m in table.public())       # nobody else reads it


async def test_with_dms_closed_the_card_looted_is_told_privately_after_the_click(table: Table):
    """The same loot with the looter's DMs closed: the card comes as a private follow-up to the click."""
    looted, _, card, state = await _loot_by_the_table(table, dms_closed=True)
    assert not refusals(looted)
    (told,) = looted.followups
    name = Namer("en", {}, state, ("cthulhu",)).card(card)
    assert told.ephemeral and name.split()[0] in told.content, told.content
