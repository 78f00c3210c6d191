"""Seats belong to their players (issue 34, point 5), through Discord on simcord: the host's
/bot_einsetzen and /vertretung_annehmen for a present player's seat are refused in words; the seat's
player hands it over with the button in their DM (or their own /vertretung_annehmen); the stand-in
sees nothing of the hand before that, and the seat's hand, moves and history after; a button that is
out of date says so privately. simcord's clients are en-US, so the answers are English."""

from __future__ import annotations

from tests.simcord_table import Table, custom_ids, refusals, texts

AGREE, KEEP = ":yes", ":no"


async def _restart(table: Table) -> None:
    """A new bot process on the same database; the old one's store is closed."""
    old = table.bot
    clock = old.table.clock
    await table.env.restart_bot(type(old)(old.settings, run_scheduler=False))
    table.bot.table.clock = clock
    table.bot.publisher.edit_interval = table.bot.publisher.hand_interval = 0.0   # as the fixture's bot
    await old.table.store.close()


def _button(table: Table, member, ending: str):
    """The newest message in the member's DMs with a stand-in button, and that button's custom id."""
    for message in reversed(table.dms(member)):
        found = [c for c in custom_ids(message) if c.startswith("sl:standin:") and c.endswith(ending)]
        if found:
            return message, found[0]
    raise LookupError(ending)


def _hand_dms(table: Table, member) -> list:
    return [m for m in table.dms(member) if any("Your hand" in (e.title or "") for e in m.embeds)]


async def test_the_hosts_bot_for_a_present_player_is_refused_and_the_player_may_seat_one(table: Table):
    await table.open_game()
    anna, ben, _ = table.players
    refused = await anna.slash(table.channel, "bot_einsetzen", spieler=table.uid(ben))
    assert refused.ephemeral and "Ben plays this seat" in refused.response.content
    seats = {s.user_id: s.bot for s in await table.bot.table.store.seats(await table.game_id())}
    assert not any(seats.values())
    done = await ben.slash(table.channel, "bot_einsetzen", spieler=table.uid(ben))
    assert not done.ephemeral and "A bot (easy) takes over Ben's seat" in done.response.content


async def test_a_stand_in_sees_nothing_until_the_player_clicks_to_hand_over(table: Table):
    await table.open_game()
    anna, ben, cleo = table.players
    dora = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    asked = await dora.slash(table.channel, "vertreten", spieler=table.uid(ben))
    assert "wants to take over Ben's seat" in asked.response.content
    await table.settle()
    message, agree = _button(table, ben, AGREE)
    assert "Dora would like to take over your seat" in message.content
    # before the handover: no hand, no moves, no private history for Dora, and the host cannot decide
    hand = await dora.slash(table.channel, "hand")
    assert not any("Your hand" in t for t in texts(hand))
    assert table.dms(dora) == []
    history_before = texts(await dora.slash(table.channel, "verlauf"))
    host = await anna.slash(table.channel, "vertretung_annehmen", person=table.uid(dora))
    assert host.ephemeral and "Ben plays this seat" in host.response.content
    other = await cleo.slash(table.channel, "vertretung_annehmen", person=table.uid(dora))
    assert other.ephemeral and "Ben decides on this stand-in" in other.response.content
    assert await table.bot.table.player_for(await table.game_id(), table.uid(dora)) == table.uid(dora)
    # Ben clicks in his DM: Dora now has the seat, its hand and its history
    clicked = await ben.user.click(message, custom_id=agree)
    await table.bot.publisher.drain()
    await table.settle()
    assert clicked.ephemeral and "Dora now plays Ben's seat" in clicked.response.content
    assert any("Dora now plays Ben's seat" in m.content for m in table.public())   # the game's language (en-US)
    assert _hand_dms(table, dora)                                  # the hand came at once, by DM
    closed = [m for m in table.dms(ben) if any("Dora now plays your seat" in (e.description or "") for e in m.embeds)]
    assert len(closed) == 1 and custom_ids(closed[0]) == []        # Ben's hand message says where it went
    assert not _hand_dms(table, ben)                               # and was the only one he had
    hand = await dora.slash(table.channel, "hand")
    assert any("Your hand" in t for t in texts(hand))
    history_after = texts(await dora.slash(table.channel, "verlauf"))
    assert history_after == texts(await ben.slash(table.channel, "verlauf")) != history_before
    again = await ben.user.click(message, custom_id=agree)          # answered already
    assert again.ephemeral and "out of date" in again.response.content


async def test_the_hosts_second_account_waits_for_the_player_and_the_button_outlives_a_restart(table: Table):
    await table.open_game()
    anna, _, cleo = table.players
    second = table.guild.add_member(table.env.create_user("anna2", global_name="Zweitanna"))
    await second.slash(table.channel, "vertreten", spieler=table.uid(cleo))
    await table.settle()
    refused = await anna.slash(table.channel, "vertretung_annehmen", person=table.uid(second))
    assert refused.ephemeral and "Cleo plays this seat" in refused.response.content
    message, agree = _button(table, cleo, AGREE)
    await _restart(table)                                           # the request is stored, not in memory
    assert await table.bot.table.player_for(await table.game_id(), table.uid(second)) == table.uid(second)
    clicked = await cleo.user.click(message, custom_id=agree)
    await table.bot.publisher.drain()
    await table.settle()
    assert clicked.ephemeral and not refusals(clicked), texts(clicked)
    await _restart(table)
    try:
        hand = await second.slash(table.channel, "hand")
        assert any("Your hand" in t for t in texts(hand))
    finally:
        await table.bot.table.store.close()         # the last process's database (the fixture closes the first)


async def test_a_player_hands_over_with_the_command_when_dms_are_closed(table: Table):
    await table.open_game()
    _, ben, _ = table.players
    dora = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    await dora.slash(table.channel, "vertreten", spieler=table.uid(ben))
    offered = await ben.autocomplete(table.channel, "vertretung_annehmen", "person", "")
    assert [c["value"] for c in offered] == [table.uid(dora)]
    agreed = await ben.slash(table.channel, "vertretung_annehmen", person=table.uid(dora))
    assert not agreed.ephemeral and "Dora now plays Ben's seat" in agreed.response.content
    assert await table.bot.table.player_for(await table.game_id(), table.uid(dora)) == table.uid(ben)


async def test_keeping_the_seat_and_a_game_that_ended_make_the_buttons_stale(table: Table):
    await table.open_game()
    anna, ben, _ = table.players
    dora = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    await dora.slash(table.channel, "vertreten", spieler=table.uid(ben))
    await table.settle()
    message, keep = _button(table, ben, KEEP)
    kept = await ben.user.click(message, custom_id=keep)
    assert kept.ephemeral and "Ben keeps the seat" in kept.response.content
    late = await ben.user.click(message, custom_id=keep.replace(KEEP, AGREE))
    assert late.ephemeral and "out of date" in late.response.content
    await dora.slash(table.channel, "vertreten", spieler=table.uid(ben))
    await table.settle()
    message, agree = _button(table, ben, AGREE)
    game_id = await table.game_id()
    await anna.slash(table.channel, "beenden")
    over = await ben.user.click(message, custom_id=agree)
    assert over.ephemeral and "out of date" in over.response.content
    assert await table.bot.table.player_for(game_id, table.uid(dora)) == table.uid(dora)


async def _dora_stands_in_for_ben(table: Table):
    _, ben, _ = table.players
    dora = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    await dora.slash(table.channel, "vertreten", spieler=table.uid(ben))
    await ben.slash(table.channel, "vertretung_annehmen", person=table.uid(dora))
    await table.bot.publisher.drain()
    await table.settle()
    return ben, dora


async def test_a_seat_handed_over_is_played_by_its_stand_in_alone(table: Table):
    """Seats belong to their players, and one seat has one player at a time: once Dora stands in for
    Ben, Ben's own move is refused privately (naming Dora and how to take the seat back) and changes
    nothing."""
    await table.open_game()
    ben, _dora = await _dora_stands_in_for_ben(table)
    version = (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version
    tried = await ben.slash(table.channel, "tuer")
    assert tried.ephemeral and "Dora is playing your seat as a stand-in" in tried.response.content
    assert "end the standing in first in the game menu" in tried.response.content
    assert (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version == version


async def test_the_seats_player_takes_the_seat_back_and_the_stand_ins_hand_closes(table: Table):
    """/spiel vertretung_beenden by the seat's player: the channel hears it, the stand-in's hand message
    says the standing in ended and keeps no menus, the hand comes back to the player's DMs, and Dora
    sees the hand no more. Someone with no stand-in is told so and nothing changes."""
    await table.open_game()
    _, _, cleo = table.players
    ben, dora = await _dora_stands_in_for_ben(table)
    nobody = await cleo.slash(table.channel, "vertretung_beenden")
    assert nobody.ephemeral and "Nobody stands in for your seat here" in nobody.response.content
    assert await table.bot.table.player_for(await table.game_id(), table.uid(dora)) == table.uid(ben)
    ben_hands_before = len(_hand_dms(table, ben))
    ended = await ben.slash(table.channel, "vertretung_beenden")
    await table.bot.publisher.drain()
    await table.settle()
    assert not ended.ephemeral and "Ben plays their own seat again; Dora no longer stands in" in ended.response.content
    assert await table.bot.table.player_for(await table.game_id(), table.uid(dora)) == table.uid(dora)
    closed = _hand_dms(table, dora) or [m for m in table.dms(dora) if m.embeds]
    last = table.dms(dora)[-1]
    assert closed and "You no longer stand in for Ben" in (last.embeds[0].description or "")
    assert custom_ids(last) == []
    assert len(_hand_dms(table, ben)) > ben_hands_before           # the hand is Ben's again, by DM
    hand = await dora.slash(table.channel, "hand")
    assert not any("Your hand" in t for t in texts(hand))
    moved = await ben.slash(table.channel, "tuer")
    assert "stand-in" not in " ".join(texts(moved))


async def test_the_stand_in_gives_the_seat_back(table: Table):
    await table.open_game()
    _ben, dora = await _dora_stands_in_for_ben(table)
    ended = await dora.slash(table.channel, "vertretung_beenden")
    assert not ended.ephemeral and "Ben plays their own seat again" in ended.response.content
    again = await dora.slash(table.channel, "vertretung_beenden")
    assert again.ephemeral and "Nobody stands in" in again.response.content
