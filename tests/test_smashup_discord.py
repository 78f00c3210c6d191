"""Smash Up – Munchkin through discord.py's real command tree, buttons and menus on simcord's
simulated Discord (tests/simcord_table.py): a whole game from /neu to the winner, the draft with
buttons, the bases embed, private hands and refusals. simcord's clients are en-US, so the answers
checked are English."""

from __future__ import annotations

import random

from cogs.limits import BUTTON_OPTIONS
from cogs.paging import page_start
from cogs.smashup.views import choice_option_id
from engine.sim import RandomAgent
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.power import breakpoint_of, power_at
from engine.smashup.rules import apply, new_game
from tests.simcord_table import FIXED_CLOCK, Table, custom_ids, refusals, said, texts

SEED = int(FIXED_CLOCK * 1000) & 0xFFFFFFFF      # the seed the table picks from its clock


async def open_smashup(table: Table) -> int:
    await table.open_game(spiel="smashup")
    return await table.game_id()


def engine_game(table: Table, agent_seed: int, limit: int = 2000):
    state, _ = new_game([(table.uid(m), m.user.global_name) for m in table.players], seed=SEED)
    agent = RandomAgent(random.Random(agent_seed))
    moves = []
    while state.phase != "over" and len(moves) < limit:
        move = agent.choose([m for p in state.players for m in legal_actions(state, p.id)])
        state, _ = apply(state, move)
        moves.append(move)
    return state, moves


def _names(*uids: str) -> str | None:
    return ",".join(uids) or None


async def drive(table: Table, game_id: int, number: int, action: A._Action):
    """One engine move the way a player makes it in Discord: buttons for the draft, passing and the
    scoring order, slash commands for cards (and, every other time, the button path instead)."""
    member, channel = table.member(action.actor), table.channel
    state = await table.state()

    async def click(custom_id: str):
        return await member.click(table.carrying(channel.history(viewer=member), custom_id), custom_id=custom_id)

    async def select_in_dm(custom_id: str, values: list[str]):
        message = table.carrying(table.dms(member), custom_id)
        for _ in range(20):          # a menu of more than 25 options: its pages turned until the values show
            shown = _menu_values(message, custom_id)
            onward = next((v for v in shown if page_start(v) is not None), None)
            if onward is None or set(values) <= set(shown):
                break
            message = (await member.user.select(message, [onward], custom_id=custom_id)).response.message
        return await member.user.select(message, values, custom_id=custom_id)

    if isinstance(action, A.PickFaction):
        if number % 2:
            return await member.slash(channel, "fraktion", fraktion=action.faction)
        return await click(f"sl:su:pick:{game_id}:{state.draft.next}:{action.faction}")
    if isinstance(action, A.PlayMinion):
        return await member.slash(channel, "kreatur", **_options(karte=action.card, basis=action.base,
                                  ziel=action.target, ziel2=action.target2, zahlen=_names(*action.discard),
                                  modus=action.mode))
    if isinstance(action, A.PlayAction):
        return await member.slash(channel, "aktion", **_options(karte=action.card, basis=action.base,
                                  ziel=action.target, ziel2=action.target2, zahlen=_names(*action.discard),
                                  modus=action.mode, auswahl=_names(*action.picks)))
    if isinstance(action, A.UseTalent):
        return await member.slash(channel, "talent", **_options(karte=action.card, ziel=action.target,
                                  ziel2=action.target2, zahlen=_names(*action.discard), modus=action.mode))
    if isinstance(action, A.FinishPlaying):
        if number % 2:
            return await member.slash(channel, "zugende")
        return await click(f"sl:su:finish:{game_id}:{state.turn}")
    if isinstance(action, A.ScoreFirst):
        decision = next(d for d in state.decisions if d.kind == "score_first")
        return await click(f"sl:su:score:{game_id}:{decision.id}:{decision.options.index(action.base)}")
    if isinstance(action, A.PlaySpecial):
        return await member.slash(channel, "extra", **_options(karte=action.card, ziel=action.target,
                                  ziel2=action.target2, basis=action.base, auswahl=_names(*action.picks)))
    if isinstance(action, A.Choose):
        if number % 2:
            return await member.slash(channel, "entscheiden", wahl=f"{action.decision}:{action.option}")
        decision = next(d for d in state.decisions if d.id == action.decision)
        if len(decision.options) <= BUTTON_OPTIONS:      # issue 36: a yes/no is a button each
            button = choice_option_id(game_id, decision.id, action.option)
            return await member.user.click(table.carrying(table.dms(member), button), custom_id=button)
        return await select_in_dm(f"sl:su:choose:{game_id}:{action.decision}", [action.option])
    if isinstance(action, A.PassSpecial):
        if number % 2:
            return await member.slash(channel, "passen")
        return await click(f"sl:su:pass:{game_id}:{action.window}")
    if isinstance(action, A.DiscardDown):
        decision = next(d for d in state.decisions if d.kind in ("discard_down", "discard_one"))
        return await select_in_dm(f"sl:su:discard:{game_id}:{decision.id}", list(action.cards))
    raise AssertionError(f"no Discord path for {action}")


def _menu_values(message, custom_id: str) -> list[str]:
    """The values of the message's select menu with this id."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return [option.value for option in child.options]
    raise LookupError(custom_id)


def _options(**options):
    return {k: v for k, v in options.items() if v is not None}


async def test_whole_smashup_game_from_lobby_to_winner(table: Table):
    """Rulebook "Aus und vorbei!": the game runs from the draft to a winner with 15 VP or more, every
    move made through Discord, and ends in exactly the state the engine reaches alone."""
    agent_seed = min(range(1, 8), key=lambda s: len(engine_game(table, s)[1]))
    final, moves = engine_game(table, agent_seed)
    assert final.phase == "over"
    # the server speaks English, so the moves clicked in DMs are posted in English like the others
    await table.bot.languages.choose("guild", str(table.guild.id), "en")
    game_id = await open_smashup(table)
    for number, move in enumerate(moves, start=1):
        result = await drive(table, game_id, number, move)
        await table.settle()
        assert not refusals(result), (number, move, refusals(result))
    finished = await table.bot.table.store.get_game(game_id)
    assert finished.status == "finished"
    assert finished.state_json == final.model_dump_json()
    public_text = table.public_text()          # the posts of what matters, and the live table message
    assert "wins the game" in public_text and "scores:" in public_text
    assert "You receive" not in public_text            # nobody's drawn cards were shown in public
    for member in table.players:
        assert any("Your hand" in _text(m) for m in table.dms(member))


def _text(message) -> str:
    return "\n".join([message.content or "", *[f"{e.title or ''}\n{e.description or ''}" for e in message.embeds]])


async def test_draft_buttons_and_a_stale_faction_button(table: Table):
    """"Spielvorbereitung": the start player picks first (anyone else's click is refused privately and
    changes nothing); the table message's buttons are those of the pick due (issue 36)."""
    anna, ben, cleo = table.players
    opened = await anna.slash(table.channel, "neu", spiel="smashup")
    assert "New game" in opened.response.content
    await ben.slash(table.channel, "beitreten")
    await cleo.slash(table.channel, "beitreten")
    await anna.slash(table.channel, "start")
    await table.settle()
    message = table.live()                           # the live table message carries the draft's buttons
    buttons = [c for c in custom_ids(message) if c.startswith("sl:su:pick:")]
    assert len(buttons) == 8                         # all eight factions are on offer
    state = await table.state()
    first = table.member(state.draft.order[0])
    other = next(m for m in table.players if m is not first)
    wrong = await other.click(message, custom_id=buttons[0])
    assert wrong.ephemeral and "picks a faction now" in wrong.response.content
    picked = await first.click(message, custom_id=buttons[0])
    assert not picked.ephemeral and picked.response.message.id == message.id   # the click edits the table ...
    await table.settle()
    assert "picks" in said(table.live())                                    # ... which shows the pick
    # the buttons drawn for the first pick are gone from it: the second pick has its own
    assert not set(buttons) & set(custom_ids(table.live()))


async def _play_draft(table: Table) -> None:
    state = await table.state()
    while state.draft is not None:
        picker = table.member(state.draft.order[state.draft.next])
        await picker.slash(table.channel, "fraktion", fraktion=state.draft.offered[0])
        state = await table.state()
    await table.settle()


async def test_no_hand_dm_is_opened_while_the_factions_are_drafted_and_each_player_gets_one_after(table: Table):
    """"Spielvorbereitung": the factions are picked first and the hands dealt from their decks after, so
    during the draft a hand message would only say that the hand is empty: none is sent until then."""
    await open_smashup(table)
    await table.settle()
    assert (await table.state()).draft is not None
    assert all(table.dms(member) == [] for member in table.players)
    await _play_draft(table)
    state = await table.state()
    for member in table.players:
        hand = state.player(table.uid(member)).hand
        assert len(hand) >= 5 and any(state.card(hand[0]).name_en in _text(m) for m in table.dms(member))


async def test_bases_embed_shows_breakpoint_monsters_and_power(table: Table):
    """The bases as an embed: breakpoint plus the monsters' power, the monsters, each player's power."""
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    me = state.active_player.id
    minion = next(m for m in legal_actions(state, me) if isinstance(m, A.PlayMinion))
    result = await table.member(me).slash(table.channel, "kreatur", **_options(
        karte=minion.card, basis=minion.base, ziel=minion.target, zahlen=_names(*minion.discard), modus=minion.mode))
    assert not refusals(result)
    await table.settle()
    live = table.live()              # issue 36: the bases are shown in the live table message
    body = next(c.content for c in live.components if "🏰" in (getattr(c, "content", None) or ""))
    state = await table.state()
    base = state.base(minion.base)
    title = next(line for line in body.splitlines() if state.card(base.uid).name_en in line and "🏰" in line)
    assert f"/{breakpoint_of(state, base)}" in title and "breakpoint" in title
    shown = body[body.index(title):]
    assert f"{table.member(me).user.global_name}: {power_at(state, base, me)}" in shown
    for monster in base.monsters:
        assert state.card(monster.uid).name_en in shown
    buttons = custom_ids(live)
    assert any(c.startswith("sl:su:play:") for c in buttons) and any(c.startswith("sl:su:finish:") for c in buttons)


async def test_hand_is_private_and_the_dm_offers_the_plays(table: Table):
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    me = table.member(state.active_player.id)
    result = await me.slash(table.channel, "hand")
    assert result.ephemeral
    shown = texts(result)[0]
    first_card = state.card(state.player(table.uid(me)).hand[0]).name_en
    assert first_card in shown and "Plays left" in shown
    await table.settle()
    assert any(c.startswith("sl:hand:") for m in table.dms(me) for c in custom_ids(m))
    public_text = table.public_text()          # the posts of what matters, and the live table message
    hand_line = next(line for line in shown.splitlines() if line.startswith("Your hand"))
    assert hand_line not in public_text


async def test_refusals_in_smashup_are_private_and_change_nothing(table: Table):
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    active = table.member(state.active_player.id)
    other = next(m for m in table.players if m is not active)
    other_minion = next(u for u in state.player(table.uid(other)).hand if state.card(u).kind == "minion")
    minion = next(u for u in state.player(table.uid(active)).hand if state.card(u).kind == "minion")
    channel, base = table.channel, state.bases[0].uid
    cases = [
        (await other.slash(channel, "kreatur", karte=other_minion, basis=base), "It is not your turn"),
        (await active.slash(channel, "kreatur", karte="Gibtsnicht", basis=base), "No matching card"),
        (await active.slash(channel, "kreatur", karte=minion, basis="Nirgendwo"), "No matching card"),
        (await active.slash(channel, "werten", basis=base), "That choice is not open to you now"),
        (await active.slash(channel, "tuer"), "Smash Up has no such command"),
        (await active.slash(channel, "fraktion", fraktion="Zwerge"), "picked already"),
    ]
    for result, expected in cases:
        assert result.ephemeral and expected in result.response.content, (expected, result)
    assert (await table.state()).model_dump_json() == state.model_dump_json()


async def test_smashup_commands_in_a_munchkin_game_are_refused(table: Table):
    anna, ben, _ = table.players
    await anna.slash(table.channel, "neu")
    await ben.slash(table.channel, "beitreten")
    await anna.slash(table.channel, "start")
    result = await anna.slash(table.channel, "werten", basis="Tempel")
    assert result.ephemeral and "belongs to Smash Up" in result.response.content


async def test_autocomplete_offers_own_minions_and_the_bases(table: Table):
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    me = table.member(state.active_player.id)
    minions = {u for u in state.player(table.uid(me)).hand if state.card(u).kind == "minion"}
    offered = {c["value"] for c in await me.autocomplete(table.channel, "kreatur", "karte", "")}
    assert offered and offered <= minions
    bases = {c["value"] for c in await me.autocomplete(table.channel, "kreatur", "basis", "")}
    assert bases == {b.uid for b in state.bases}
    stranger = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    assert await stranger.autocomplete(table.channel, "kreatur", "karte", "") == []


async def test_english_client_reads_english_bases(table: Table):
    await open_smashup(table)
    state = await table.state()
    picker = table.member(state.draft.order[0])
    result = await picker.slash(table.channel, "status")
    embed = result.response.embeds[0]
    assert result.ephemeral and embed.title == "The bases"
    assert "Faction draft" in embed.description


async def test_target_autocomplete_offers_what_the_card_named_can_pick(table: Table):
    """/kreatur or /aktion with karte and basis filled in: the ziel suggestions are that card's own
    candidates there (or, for a card that picks nothing, the cards in play and the bases)."""
    from engine.smashup.turn import pick_options
    from table.smashup.commands import targets

    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    me = state.active_player.id
    base = state.bases[0].uid
    for uid in state.player(me).hand:
        command = "kreatur" if state.card(uid).kind == "minion" else "aktion"
        expected = set(pick_options(state, me, uid, base, playing=True)) or set(targets(state))
        suggestions = await table.member(me).autocomplete(table.channel, command, "ziel", "", karte=uid, basis=base)
        assert {c["value"] for c in suggestions} == set(list(expected)[:25]) or len(expected) > 25, uid


def _button_labels(message) -> dict[str, str]:
    """The labels of the message's buttons, by custom id (a layout message's rows included)."""
    found: dict[str, str] = {}

    def walk(items) -> None:
        for item in items:
            if getattr(item, "custom_id", None) and getattr(item, "label", None):
                found[item.custom_id] = item.label
            walk(getattr(item, "children", None) or getattr(item, "components", None) or [])

    walk(message.components)
    return found


async def test_a_choice_on_the_table_says_whose_it_is_and_what_it_is_about(table: Table):
    """Issue 36 (decisions shown whole): while a card's choice is open, the live table message's button
    for it names the player who decides and what the choice is about, in the third person, as the
    public line of the move does ("Ben: Hinhalten: ob …", not "Ben decides …")."""
    from engine.smashup import choices
    from table.render import Namer

    agent_seed = next(s for s in range(1, 30) if any(isinstance(m, A.Choose) for m in engine_game(table, s)[1]))
    _, moves = engine_game(table, agent_seed)
    game_id = await open_smashup(table)
    for number, move in enumerate(moves, start=1):
        result = await drive(table, game_id, number, move)
        await table.settle()
        assert not refusals(result), (number, move, refusals(result))
        state = await table.state()
        decision = choices.pending(state)
        if decision is not None:
            break
    else:
        raise AssertionError("no choice came up")
    labels = Namer("en", {p.id: p.name for p in state.players}, state, ("smashup",)).labels()
    owner, topic = labels.player(decision.player), labels.topic(decision.kind, decision.player)
    button = _button_labels(table.live())[f"sl:su:choice:{game_id}:{decision.id}"]
    assert button.startswith(f"{owner}: ") and topic[:40] in button and len(button) <= 80
    assert "decides …" not in button
