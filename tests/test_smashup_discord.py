"""Smash Up – Munchkin through discord.py's real command tree, buttons and menus (only the network
edge is fake, tests/discord_harness.py): a whole game from /neu to the winner, the draft with
buttons, the bases embed, private hands and refusals."""

from __future__ import annotations

import random

from engine.sim import RandomAgent
from engine.smashup import actions as A
from engine.smashup.rules import apply, breakpoint_of, legal_actions, new_game, power_at
from tests.discord_harness import (
    CHANNEL_ID,
    GUILD_ID,
    PLAYERS,
    SEED,
    Harness,
    dm_channel,
    state_of,
)


async def open_smashup(h: Harness) -> int:
    await h.slash("111", "neu", spiel="smashup")
    await h.slash("222", "beitreten")
    await h.slash("333", "beitreten")
    await h.slash("111", "start")
    return (await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))).id


def engine_game(agent_seed: int, limit: int = 2000):
    state, _ = new_game(list(PLAYERS.items()), seed=SEED)
    agent = RandomAgent(random.Random(agent_seed))
    moves = []
    while state.phase != "over" and len(moves) < limit:
        move = agent.choose([m for p in state.players for m in legal_actions(state, p.id)])
        state, _ = apply(state, move)
        moves.append(move)
    return state, moves


def _names(*uids: str) -> str | None:
    return ",".join(uids) or None


async def drive(h: Harness, game_id: int, number: int, action: A._Action) -> list:
    """One engine move the way a player makes it in Discord: buttons for the draft, passing and the
    scoring order, slash commands for cards (and, every other time, the button path instead)."""
    me = action.actor
    state = await state_of(h)
    if isinstance(action, A.PickFaction):
        if number % 2:
            return await h.slash(me, "fraktion", fraktion=action.faction)
        return await h.click(me, f"sl:su:pick:{game_id}:{state.draft.next}:{action.faction}")
    if isinstance(action, A.PlayMinion):
        return await h.slash(me, "kreatur", karte=action.card, basis=action.base, ziel=action.target,
                             ziel2=action.target2, zahlen=_names(*action.discard), modus=action.mode)
    if isinstance(action, A.PlayAction):
        return await h.slash(me, "aktion", karte=action.card, basis=action.base, ziel=action.target,
                             ziel2=action.target2, zahlen=_names(*action.discard), modus=action.mode,
                             auswahl=_names(*action.picks))
    if isinstance(action, A.UseTalent):
        return await h.slash(me, "talent", karte=action.card, ziel=action.target,
                             ziel2=action.target2, zahlen=_names(*action.discard), modus=action.mode)
    if isinstance(action, A.FinishPlaying):
        if number % 2:
            return await h.slash(me, "zugende")
        return await h.click(me, f"sl:su:finish:{game_id}:{state.turn}")
    if isinstance(action, A.ScoreFirst):
        decision = next(d for d in state.decisions if d.kind == "score_first")
        return await h.click(me, f"sl:su:score:{game_id}:{decision.id}:{decision.options.index(action.base)}")
    if isinstance(action, A.PlaySpecial):
        return await h.slash(me, "extra", karte=action.card, ziel=action.target, ziel2=action.target2,
                             basis=action.base, auswahl=_names(*action.picks))
    if isinstance(action, A.Choose):
        if number % 2:
            return await h.slash(me, "entscheiden", wahl=f"{action.decision}:{action.option}")
        return await h.click(me, f"sl:su:choose:{game_id}:{action.decision}", values=[action.option], in_dm=True,
                             channel_id=dm_channel(h, me))
    if isinstance(action, A.PassSpecial):
        if number % 2:
            return await h.slash(me, "passen")
        return await h.click(me, f"sl:su:pass:{game_id}:{action.window}")
    if isinstance(action, A.DiscardDown):
        decision = next(d for d in state.decisions if d.kind in ("discard_down", "discard_one"))
        return await h.click(me, f"sl:su:discard:{game_id}:{decision.id}", values=list(action.cards), in_dm=True,
                             channel_id=dm_channel(h, me))
    raise AssertionError(f"no Discord path for {action}")


async def test_whole_smashup_game_from_lobby_to_winner(h):
    """Rulebook "Aus und vorbei!": the game runs from the draft to a winner with 15 VP or more, every
    move made through Discord, and ends in exactly the state the engine reaches alone."""
    agent_seed = min(range(1, 8), key=lambda s: len(engine_game(s)[1]))
    final, moves = engine_game(agent_seed)
    assert final.phase == "over"
    game_id = await open_smashup(h)
    for number, move in enumerate(moves, start=1):
        sent = await drive(h, game_id, number, move)
        refusals = [s.content for s in sent if s.content.startswith("⛔")]
        assert not refusals, (number, move, refusals)
    await h.settle()
    finished = await h.bot.table.store.get_game(game_id)
    assert finished.status == "finished"
    assert finished.state_json == final.model_dump_json()
    public_text = "\n".join(s.text for s in h.public())
    assert "gewinnt das Spiel" in public_text and "wird gewertet" in public_text
    assert "Du bekommst" not in public_text            # nobody's drawn cards were shown in public
    dm_channels = set(h.recorder.dm_channels)
    assert all(s.channel_id not in dm_channels for s in h.public())
    for user_id in PLAYERS:
        assert any("Deine Hand" in s.text for s in h.dms_to(user_id))


async def test_draft_buttons_and_a_stale_faction_button(h):
    """"Spielvorbereitung": the start player picks first; a button from an earlier pick is refused
    privately and changes nothing."""
    sent = await h.slash("111", "neu", spiel="smashup")
    assert "Neues Spiel" in sent[0].content
    await h.slash("222", "beitreten")
    await h.slash("333", "beitreten")
    started = await h.slash("111", "start")
    game_id = (await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))).id
    buttons = [c for s in started for c in s.custom_ids() if c.startswith("sl:su:pick:")]
    assert len(buttons) == 8                         # all eight factions are on offer
    state = await state_of(h)
    first = state.draft.order[0]
    other = next(p for p in PLAYERS if p != first)
    wrong = await h.click(other, buttons[0])
    assert wrong[0].ephemeral and "wählt" in wrong[0].content
    picked = await h.click(first, buttons[0])
    assert not picked[0].ephemeral and "wählt" in picked[0].content
    before = (await state_of(h)).model_dump_json()
    second = state.draft.order[1]
    stale = await h.click(second, buttons[1])        # drawn for the first pick
    assert stale[0].ephemeral and "nicht mehr aktuell" in stale[0].content
    assert (await state_of(h)).model_dump_json() == before
    assert game_id


async def _play_draft(h: Harness) -> None:
    state = await state_of(h)
    while state.draft is not None:
        picker = state.draft.order[state.draft.next]
        await h.slash(picker, "fraktion", fraktion=state.draft.offered[0])
        state = await state_of(h)


async def test_bases_embed_shows_breakpoint_monsters_and_power(h):
    """The bases as an embed: breakpoint plus the monsters' power, the monsters, each player's power."""
    await open_smashup(h)
    await _play_draft(h)
    state = await state_of(h)
    me = state.active_player.id
    minion = next(m for m in legal_actions(state, me) if isinstance(m, A.PlayMinion))
    sent = await h.slash(me, "kreatur", karte=minion.card, basis=minion.base, ziel=minion.target,
                         zahlen=_names(*minion.discard), modus=minion.mode)
    assert not sent[0].ephemeral
    embed = sent[0].embeds[0]
    assert embed["title"] == "Die Basen"
    state = await state_of(h)
    base = state.base(minion.base)
    field = next(f for f in embed["fields"] if h.bot and state.card(base.uid).name_de in f["name"])
    assert f"/{breakpoint_of(state, base)}" in field["name"] and "Zerstörungswert" in field["name"]
    assert f"{PLAYERS[me]}: {power_at(state, base, me)}" in field["value"]
    for monster in base.monsters:
        assert state.card(monster.uid).name_de in field["value"]
    buttons = sent[0].custom_ids()
    assert any(c.startswith("sl:su:play:") for c in buttons) and any(c.startswith("sl:su:finish:") for c in buttons)


async def test_hand_is_private_and_the_dm_offers_the_plays(h):
    await open_smashup(h)
    await _play_draft(h)
    state = await state_of(h)
    me = state.active_player.id
    sent = await h.slash(me, "hand")
    assert sent and all(s.ephemeral for s in sent)
    first_card = state.card(state.player(me).hand[0]).name_de
    assert first_card in sent[0].text and "Noch spielbar" in sent[0].text
    await h.settle()
    dms = h.dms_to(me)
    assert any(c.startswith("sl:su:playsel:") for s in dms for c in s.custom_ids())
    public_text = "\n".join(s.text for s in h.public())
    hand_line = next(line for line in sent[0].text.splitlines() if line.startswith("Deine Hand"))
    assert hand_line not in public_text


async def test_refusals_in_smashup_are_private_and_change_nothing(h):
    await open_smashup(h)
    await _play_draft(h)
    state = await state_of(h)
    active = state.active_player.id
    other = next(p for p in PLAYERS if p != active)
    other_minion = next(u for u in state.player(other).hand if state.card(u).kind == "minion")
    minion = next(u for u in state.player(active).hand if state.card(u).kind == "minion")
    cases = [
        (await h.slash(other, "kreatur", karte=other_minion, basis=state.bases[0].uid), "nicht am Zug"),
        (await h.slash(active, "kreatur", karte="Gibtsnicht", basis=state.bases[0].uid), "Keine passende Karte"),
        (await h.slash(active, "kreatur", karte=minion, basis="Nirgendwo"), "Keine passende Karte"),
        (await h.slash(active, "werten", basis=state.bases[0].uid), "Diese Wahl steht dir gerade nicht offen"),
        (await h.slash(active, "tuer"), "gibt es in Smash Up nicht"),
        (await h.slash(active, "fraktion", fraktion="Zwerge"), "schon gewählt"),
    ]
    for sent, expected in cases:
        assert len(sent) == 1 and sent[0].ephemeral and expected in sent[0].content, (expected, sent)
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()


async def test_smashup_commands_in_a_munchkin_game_are_refused(h):
    await h.slash("111", "neu")
    await h.slash("222", "beitreten")
    await h.slash("111", "start")
    sent = await h.slash("111", "werten", basis="Tempel")
    assert sent[0].ephemeral and "gehört zu Smash Up" in sent[0].content


async def test_autocomplete_offers_own_minions_and_the_bases(h):
    await open_smashup(h)
    await _play_draft(h)
    state = await state_of(h)
    me = state.active_player.id
    minions = {u for u in state.player(me).hand if state.card(u).kind == "minion"}
    offered = {c["value"] for c in await h.autocomplete(me, "kreatur", "karte")}
    assert offered and offered <= minions
    bases = {c["value"] for c in await h.autocomplete(me, "kreatur", "basis")}
    assert bases == {b.uid for b in state.bases}
    assert await h.autocomplete("999", "kreatur", "karte") == []


async def test_english_client_reads_english_bases(h):
    await open_smashup(h)
    state = await state_of(h)
    picker = state.draft.order[0]
    sent = await h.slash(picker, "status", locale="en-US")
    assert sent[0].ephemeral and sent[0].embeds[0]["title"] == "The bases"
    assert "Faction draft" in sent[0].embeds[0]["description"]


async def test_target_autocomplete_offers_what_the_card_named_can_pick(h):
    """/kreatur or /aktion with karte and basis filled in: the ziel suggestions are that card's own
    candidates there (or, for a card that picks nothing, the cards in play and the bases)."""
    from engine.smashup.rules import pick_options
    from table.smashup.commands import targets

    await open_smashup(h)
    await _play_draft(h)
    state = await state_of(h)
    me = state.active_player.id
    base = state.bases[0].uid
    for uid in state.player(me).hand:
        command = "kreatur" if state.card(uid).kind == "minion" else "aktion"
        expected = set(pick_options(state, me, uid, base, playing=True)) or set(targets(state))
        suggestions = await h.autocomplete(me, command, "ziel", karte=uid, basis=base)
        assert {c["value"] for c in suggestions} == set(list(expected)[:25]) or len(expected) > 25, uid
