"""Issue 36, "decisions shown whole, answered in one click", on simcord (tests/simcord_table.py): a trade
and a help request name their terms in the channel (the game's language, German here, third person) and
in the deciding player's DM (their own language: simcord's clients are English); a yes/no or a
one-option choice is a button each, not a menu; a pick made in the DM redraws that DM message and
leaves no "done" behind."""

from __future__ import annotations

from engine.munchkin import combat as cb
from engine.munchkin.cards import catalog
from tests.munchkin_helpers import game, to_table
from tests.simcord_table import Table, custom_ids, texts
from tests.test_discord import _combat_clock, open_game


async def _cached_state(table: Table):
    """The game's state as the table holds it, to lay out the starting situation."""
    record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
    return (await table.bot.table.state_of(record))[1]


def _name(card_id: str, lang: str) -> str:
    card = catalog(("cthulhu",))[card_id]
    return card.name_de if lang == "de" else card.name_en


def _dm_text(table: Table, member) -> str:
    message = table.dms(member)[-1]
    return "\n".join([message.content or ""] + [e.description or "" for e in message.embeds])


def _public_text(table: Table) -> str:
    """The channel's posts and the live table message (its last events name the decision)."""
    return table.public_text()


async def test_a_trade_names_who_offers_what_for_what_and_is_accepted_by_one_click_in_the_dm(table: Table):
    await open_game(table, sprache="de")
    anna, ben, _ = table.players
    state = await _cached_state(table)
    pin = to_table(state, table.uid(anna), "bowling_pin")
    knucks = to_table(state, table.uid(ben), "brass_knucks")
    offered = await anna.slash(table.channel, "handeln", spieler=table.uid(ben), gib=pin, will=knucks)
    await table.settle()
    assert offered.acknowledged, texts(offered)
    # public, German, third person: who offers, and the cards on both sides by name
    assert (f"Ben muss entscheiden – den Handel annehmen oder ablehnen: Anna bietet {_name('bowling_pin', 'de')}"
            f" und will dafür {_name('brass_knucks', 'de')}") in _public_text(table), _public_text(table)
    # Anna's own answer (her English) speaks of Ben's decision, not to him: "do you accept" is his DM's
    mine = "\n".join(texts(offered))
    assert "Ben must decide – whether to accept the trade: Anna offers" in mine and "do you accept" not in mine, mine
    # Ben's DM, in his English
    assert (f"Anna offers {_name('bowling_pin', 'en')} and wants {_name('brass_knucks', 'en')} in return"
            in _dm_text(table, ben)), _dm_text(table, ben)
    decision = (await table.state()).decisions[0]
    game_id = await table.game_id()
    dm = table.dms(ben)[-1]
    accept = f"sl:decopt:{game_id}:{decision.id}:accept"
    assert accept in custom_ids(dm) and f"sl:decopt:{game_id}:{decision.id}:decline" in custom_ids(dm)
    assert not any(c.startswith("sl:decsel:") for c in custom_ids(dm)), custom_ids(dm)   # no menu of yes/no
    answer = await ben.user.click(dm, custom_id=accept)
    await table.settle()
    # the click redraws its own DM message: no "Done." left behind, and the answered decision is gone from it
    assert answer.response.message.id == dm.id and not answer.followups, texts(answer)
    assert "Done" not in "\n".join(texts(answer))
    assert accept not in custom_ids(table.dms(ben)[-1])
    after = await table.state()
    assert [i.uid for i in after.player(table.uid(ben)).items] == [pin]


async def test_a_help_request_names_fighter_monster_strengths_and_bribe_and_running_is_one_button(table: Table):
    await open_game(table, _combat_clock(table), sprache="de")
    state = await _cached_state(table)
    fighter = table.member(state.active_player.id)
    helper = next(m for m in table.players if m is not fighter)
    sword = to_table(state, table.uid(fighter), "bowling_pin")
    await fighter.slash(table.channel, "tuer")
    await table.settle()
    asked = await fighter.slash(table.channel, "hilfe_bitten", spieler=table.uid(helper), schaetze=2, gib=sword)
    await table.settle()
    assert asked.acknowledged, texts(asked)
    state = await table.state()
    monster = state.combat.monsters[0]
    monster_de, monster_en = (getattr(state.card(monster.uid), f"name_{lang}") for lang in ("de", "en"))
    fighter_name, helper_name = fighter.user.global_name, helper.user.global_name
    side, against = cb.players_strength(state), cb.monsters_strength(state)
    public = _public_text(table)
    assert (f"{helper_name} muss entscheiden – helfen oder nicht: {fighter_name} kämpft mit Stärke {side} gegen "
            f"{monster_de} ({against}), Monster zusammen {against}") in public, public
    assert f"Bestechung: 2 Schätze, {_name('bowling_pin', 'de')}" in public, public
    dm = _dm_text(table, helper)
    assert f"{fighter_name} fights at strength {side} against {monster_en} ({against})" in dm, dm
    assert f"bribe: 2 treasures, {_name('bowling_pin', 'en')}" in dm, dm
    # declined with one click in the DM; then all pass, and the lost fight's run from its one monster
    # is a button of its own, not a menu with one option
    game_id = await table.game_id()
    decline = f"sl:decopt:{game_id}:{state.decisions[0].id}:decline"
    answer = await helper.user.click(table.carrying(table.dms(helper), decline), custom_id=decline)
    await table.settle()
    assert not answer.followups, texts(answer)
    assert f"{helper_name} hilft nicht." in _public_text(table)
    state = await table.state()
    assert side < against, "the seed's fight is lost by the fighter alone"
    for member in table.players:
        pass_id = f"sl:pass:{game_id}:{(await table.state()).combat.window}"
        await member.click(table.carrying(table.public(), pass_id), custom_id=pass_id)
        await table.settle()
    run = next(d for d in (await table.state()).decisions if d.kind == "run_away")
    assert len(run.options) == 1
    run_id = f"sl:decopt:{game_id}:{run.id}:{run.options[0]}"
    dm = table.carrying(table.dms(fighter), run_id)
    assert not any(c.startswith("sl:decsel:") for c in custom_ids(dm)), custom_ids(dm)
    ran = await fighter.user.click(dm, custom_id=run_id)
    await table.settle()
    assert ran.response.message.id == dm.id and not ran.followups, texts(ran)
    assert not any(d.kind == "run_away" for d in (await table.state()).decisions)


async def test_the_console_names_the_same_terms_of_a_trade(store, monkeypatch):
    """Issue 36: the console prints the decisions with the same render, so the terms show there too."""
    from tests.test_typed_answers import console_at, said

    state = game(sets=("cthulhu",))
    to_table(state, "anna", "bowling_pin")
    to_table(state, "ben", "brass_knucks")
    console, out = await console_at(store, monkeypatch, state)
    line = await said(console, out, "Anna: handeln Ben gib Kegel will Schlagring")
    assert "Ben muss entscheiden – nimmst du den Handel an? Anna bietet Kegel und will dafür Schlagring" in line, line


async def test_the_console_names_the_same_terms_of_a_help_request(store):
    from tests.test_console import _table
    from tests.test_typed_answers import said

    console, out = await _table(store)      # seed 7: Anna's door is a monster
    await console.run_lines(["Anna: tür"], echo=False)
    line = await said(console, out, "Anna: bitten Ben schätze 3")
    assert "Ben muss entscheiden – hilfst du? Anna kämpft mit Stärke" in line, line
    assert "Bestechung: 3 Schätze" in line, line
