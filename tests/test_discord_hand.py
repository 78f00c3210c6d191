"""The hand on Discord (issue 36): the DM and /hand show a picture of the hand's cards beside the text,
and a menu in two steps, first the card (each once), then, only for a card with a choice, its target.
A stale second step is refused privately and changes nothing.

Rulebook lines: C = munchkin-cthulhu.de.txt, SU = smash-up-munchkin.de.txt (German rulebooks)."""

from __future__ import annotations

from cogs.hand import BACK
from cogs.munchkin.views import hand_prompt
from cogs.smashup.views import HAND_MENU
from engine.munchkin import actions as M
from engine.munchkin.rules import legal_actions as munchkin_moves
from engine.smashup import actions as S
from engine.smashup.listing import legal_actions as smashup_moves
from tests.simcord_table import Table, custom_ids, refusals, said, select_options, texts
from tests.test_smashup_discord import _play_draft, open_smashup


async def _curses_in_hand(table: Table, count: int = 3):
    """The first seat given ``count`` curses from the door deck; a move brings the DMs up to date."""
    await table.open_game()
    state = await table.state()            # the table's own copy: cards moved here are in the game
    seat = state.players[0]
    curses = [u for u in state.door_deck if state.card(u).kind == "curse"][:count]
    for uid in curses:
        state.door_deck.remove(uid)
        seat.hand.append(uid)
    await table.member(state.active_player.id).slash(table.channel, "tuer")
    await table.settle()
    return seat.id, curses


async def test_the_dm_menu_offers_each_card_once_and_a_curse_asks_for_its_target(table: Table):
    """C l.308: a curse may be played on any player; the DM's first menu names the curse once (not once
    per player), and picking it opens a second menu of the players it can go to."""
    seat, curses = await _curses_in_hand(table)
    state = await table.state()
    me, game_id = table.member(seat), await table.game_id()
    window = hand_prompt(state)      # the turn, in a combat or not
    menu = f"sl:hand:{game_id}:{window}"
    dm = table.carrying(table.dms(me), menu)
    cards = [value for _, value in select_options(dm, menu)]
    playable = [m for m in munchkin_moves(state, seat) if isinstance(m, M.PlayCard)]
    assert cards == list(state.player(seat).hand)        # the whole hand, one entry per card, in its order
    assert set(curses) <= set(cards)
    curse = curses[0]
    step_two = await me.user.select(dm, [curse], custom_id=menu)
    targets_menu = f"sl:handto:{game_id}:{window}:{curse}"
    # the second step takes the first's place in the hand message itself (one edit, no new message)
    assert not step_two.ephemeral and step_two.response.message.id == dm.id, texts(step_two)
    assert targets_menu in custom_ids(step_two.response.message) and menu not in custom_ids(step_two.response.message)
    assert step_two.response.message.embeds[0].description == dm.embeds[0].description     # the hand stays shown
    *targets, back = select_options(step_two.response.message, targets_menu)
    assert back[1] == BACK and len(targets) == len([m for m in playable if m.card == curse]) > 1
    victim = next(p for p in state.players if p.id != seat)
    value = next(v for label, v in targets if victim.name in label)
    version = (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version
    played = await me.user.select(step_two.response.message, [value], custom_id=targets_menu)
    await table.settle()
    assert not refusals(played), texts(played)
    after = await table.state()
    assert curse not in after.player(seat).hand
    assert (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version == version + 1
    assert victim.name in said(table.live())      # the live table's last events say whom it hit


async def test_a_card_without_a_choice_is_played_with_one_pick(table: Table):
    """A class, race or item from the hand has one way to be played: the first pick plays it (C l.103)."""
    await table.open_game()
    state = await table.state()
    game_id = await table.game_id()
    for seat in state.players:
        plays = [m for m in munchkin_moves(state, seat.id) if isinstance(m, M.PlayCard)]
        single = [c for c in dict.fromkeys(m.card for m in plays) if [m.card for m in plays].count(c) == 1]
        if not single:
            continue
        me = table.member(seat.id)
        menu = f"sl:hand:{game_id}:{hand_prompt(state)}"
        dm = table.carrying(table.dms(me), menu)
        answer = await me.user.select(dm, [single[0]], custom_id=menu)
        await table.settle()
        assert not refusals(answer) and not any("sl:handto:" in c for c in custom_ids(answer.response.message))
        assert single[0] not in (await table.state()).player(seat.id).hand
        return
    raise AssertionError("no seat had a card with a single play at the start")


async def test_a_stale_second_step_is_refused_privately_and_changes_nothing(table: Table):
    """Issue 36: the target menu of a curse already played is out of date; picking in it is refused
    for the player alone, and the game stays as it was."""
    seat, curses = await _curses_in_hand(table, 1)
    state = await table.state()
    me, game_id = table.member(seat), await table.game_id()
    window = hand_prompt(state)      # the turn, in a combat or not
    menu, curse = f"sl:hand:{game_id}:{window}", curses[0]
    dm = table.carrying(table.dms(me), menu)
    step_two = await me.user.select(dm, [curse], custom_id=menu)
    shown = await me.slash(table.channel, "hand")                     # the same hand, in /hand's private view
    opened_again = await me.select(shown.response.message, [curse], custom_id=menu)
    targets_menu = f"sl:handto:{game_id}:{window}:{curse}"
    targets = select_options(step_two.response.message, targets_menu)
    first = await me.user.select(step_two.response.message, [targets[0][1]], custom_id=targets_menu)
    await table.settle()
    assert not refusals(first)
    before = (await table.state()).model_dump_json()
    posts = len(table.public())
    stale = await me.select(opened_again.response.message, [targets[1][1]], custom_id=targets_menu)
    await table.settle()
    assert stale.ephemeral and refusals(stale) and "out of date" in stale.response.content
    assert (await table.state()).model_dump_json() == before
    assert len(table.public()) == posts


async def test_smashup_minion_is_played_in_two_steps_card_then_base(table: Table):
    """SU l.76-82: a minion goes to a base of the player's choice: the card first, then the base."""
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    seat = state.active_player
    me, game_id = table.member(seat.id), await table.game_id()
    menu = f"sl:hand:{game_id}:{HAND_MENU}"
    dm = table.carrying(table.dms(me), menu)
    minions = [m for m in smashup_moves(state, seat.id) if isinstance(m, S.PlayMinion)]
    minion = minions[0].card
    cards = [value for _, value in select_options(dm, menu)]
    assert cards.count(minion) == 1
    step_two = await me.user.select(dm, [minion], custom_id=menu)
    targets_menu = f"sl:handto:{game_id}:{HAND_MENU}:{minion}"
    *bases, back = select_options(step_two.response.message, targets_menu)
    assert back[1] == BACK
    mine = [m for m in minions if m.card == minion]
    assert len(bases) == len(mine) and {m.base for m in mine} == {b.uid for b in state.bases}   # every base offered
    chosen = bases[-1][1]
    played = await me.user.select(step_two.response.message, [chosen], custom_id=targets_menu)
    await table.settle()
    assert not refusals(played), texts(played)
    assert menu.rsplit(":", 1)[0] in " ".join(custom_ids(played.response.message))   # the hand's menus again, there
    base = chosen.split("|")[2]
    assert any(m.uid == minion for m in next(b for b in (await table.state()).bases if b.uid == base).minions)


async def test_the_hand_message_and_slash_hand_carry_the_picture_of_the_hand(table: Table):
    """Issue 36: the hand DM and /hand show the hand's cards as a picture, the text beside it."""
    seat, _ = await _curses_in_hand(table)
    me = table.member(seat)
    dm = table.dms(me)[-1]
    assert [a.filename for a in dm.attachments] == ["hand.png"] and dm.attachments[0].size > 1000
    assert dm.embeds[0].image.url == "attachment://hand.png" and dm.embeds[0].description
    shown = await me.slash(table.channel, "hand")
    assert shown.ephemeral and [a.filename for a in shown.response.attachments] == ["hand.png"]


async def test_a_card_with_no_play_now_is_refused_for_the_player_alone_and_the_menu_stays(table: Table):
    """Issue 36: the DM's menu lists the whole hand, so it need not be redrawn at every moment of a turn;
    a card picked that cannot be played now (C l.103: a monster only when looking for trouble or by a
    card's word) gets a private answer, changes nothing and leaves the hand message as it was."""
    await table.open_game()
    state = await table.state()
    game_id = await table.game_id()
    for seat in state.players:
        plays = {m.card for m in munchkin_moves(state, seat.id) if isinstance(m, M.PlayCard)}
        idle = [card for card in seat.hand if card not in plays]
        if not idle:
            continue
        me = table.member(seat.id)
        menu = f"sl:hand:{game_id}:{hand_prompt(state)}"
        dm = table.carrying(table.dms(me), menu)
        before, posts, menus = state.model_dump_json(), len(table.public()), select_options(dm, menu)
        answer = await me.user.select(dm, [idle[0]], custom_id=menu)
        await table.settle()
        assert answer.ephemeral and refusals(answer), texts(answer)
        said_now = answer.response.content     # in the player's own language
        assert "kannst du gerade nicht spielen" in said_now or "cannot play this card right now" in said_now
        assert (await table.state()).model_dump_json() == before
        assert len(table.public()) == posts
        assert select_options(table.carrying(table.dms(me), menu), menu) == menus
        return
    raise AssertionError("no seat held a card it could not play at the start")


async def test_the_second_step_leads_back_to_the_cards_and_changes_nothing(table: Table):
    """Issue 36: a card picked by mistake: the second step's last option shows the hand's cards again in
    the same message; nothing is played."""
    seat, curses = await _curses_in_hand(table, 1)
    state = await table.state()
    me, game_id = table.member(seat), await table.game_id()
    menu = f"sl:hand:{game_id}:{hand_prompt(state)}"
    dm = table.carrying(table.dms(me), menu)
    step_two = await me.user.select(dm, [curses[0]], custom_id=menu)
    targets_menu = f"sl:handto:{game_id}:{hand_prompt(state)}:{curses[0]}"
    before, posts = (await table.state()).model_dump_json(), len(table.public())
    back = await me.user.select(step_two.response.message, [BACK], custom_id=targets_menu)
    await table.settle()
    assert not refusals(back) and back.response.message.id == dm.id
    assert select_options(back.response.message, menu) == select_options(dm, menu)
    assert (await table.state()).model_dump_json() == before and len(table.public()) == posts


async def test_a_smashup_hand_menu_stays_between_turns_and_refuses_a_card_out_of_turn(table: Table):
    """SU l.76-82: minions and actions are played in one's own turn. The hand's menu lists the hand in
    everyone's DM all the time (it is not redrawn at every turn's end); a card picked out of turn gets
    a private answer and changes nothing."""
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    game_id = await table.game_id()
    waiting = next(p for p in state.players if p.id != state.active_player.id)
    me, menu = table.member(waiting.id), f"sl:hand:{game_id}:{HAND_MENU}"
    dm = table.carrying(table.dms(me), menu)
    assert [value for _, value in select_options(dm, menu)] == list(waiting.hand)
    before, posts = (await table.state()).model_dump_json(), len(table.public())
    answer = await me.user.select(dm, [waiting.hand[0]], custom_id=menu)
    await table.settle()
    assert answer.ephemeral and refusals(answer), texts(answer)
    assert (await table.state()).model_dump_json() == before and len(table.public()) == posts
