"""Issue 34, points 1 and 7, played at the console table (and on simcord's Discord): a decision is
answered with the words its question names and anything else is refused in words, never a
traceback; a card named twice is two copies of it; of two copies the one that can act is taken."""

from __future__ import annotations

import dataclasses
import io

from engine.games import rules_of
from table.console import ConsoleTable
from table.service import TableService
from tests.munchkin_helpers import game, to_hand, to_table
from tests.simcord_table import Table, refusals, texts
from tests.test_smashup_cards import game_for, set_base
from tests.test_smashup_cards import take as su_take


async def console_at(store, monkeypatch, state, lang: str = "de") -> tuple[ConsoleTable, io.StringIO]:
    """A console table whose game starts in ``state`` (the starting situation is built by hand; every
    step after it is a console line)."""
    prepared = dataclasses.replace(rules_of(state.game), new_game=lambda *args, **kwargs: (state, []))
    monkeypatch.setattr("table.service.rules_of", lambda kind: prepared if kind == state.game else rules_of(kind))
    out = io.StringIO()
    console = ConsoleTable(TableService(store), "konsole", lang, out)
    sets = ["smashup"] if state.game == "smashup" else list(state.sets)
    await console.setup([p.name for p in state.players], state.game, sets, {}, seed=1, fresh=True)
    return console, out


async def said(console: ConsoleTable, out: io.StringIO, line: str) -> str:
    """What the console printed for one line."""
    before = len(out.getvalue())
    await console.handle(line)
    return out.getvalue()[before:]


async def state_of(console: ConsoleTable):
    return (await console.namer()).state


def _two_wishing_rings():
    state = game(sets=("cthulhu",))
    rings = [to_hand(state, "anna", "wishing_ring") for _ in range(2)]
    return state, rings


# ---------------------------------------------------------------------- 1. answering a decision
async def test_answering_a_trade_with_wählen_ja_is_refused_in_words_not_a_crash(store, monkeypatch):
    """Issue 34.1: the trade asks for `annehmen` or `ablehnen`; `wählen ja` and `wählen nein` are refused
    naming them (it ended the console with KeyError 'accept'), and the offer still waits."""
    state = game(sets=("cthulhu",))
    to_table(state, "anna", "bowling_pin")
    to_table(state, "ben", "brass_knucks")
    console, out = await console_at(store, monkeypatch, state)
    await said(console, out, "Anna: handeln Ben gib Kegel will Schlagring")
    before = (await state_of(console)).model_dump_json()
    for answer in ("wählen ja", "wählen nein", "wählen Kegel", "wählen 3"):
        line = await said(console, out, f"Ben: {answer}")
        assert "beantwortet diese Frage nicht – antworte mit `annehmen` oder `ablehnen`." in line, line
    assert (await state_of(console)).model_dump_json() == before
    await said(console, out, "Ben: wählen annehmen")
    after = await state_of(console)
    assert [after.card_ids[i.uid] for i in after.player("ben").items] == ["bowling_pin"]


async def test_a_help_request_answered_in_english_words_is_refused_in_english(store):
    """Issue 34.1, --lang en (seed 7: Anna's door is a monster): `choose yes` on a request for help
    names `accept` or `decline`; `choose accept` takes it."""
    from tests.test_console import _table

    console, out = await _table(store, "en")
    assert "You have nothing to decide right now." in await said(console, out, "Ben: choose yes")
    await console.run_lines(["Anna: door", "Anna: ask Ben"], echo=False)
    line = await said(console, out, "Ben: choose yes")
    assert "\"yes\" does not answer this question – answer with `accept` or `decline`." in line
    await said(console, out, "Ben: choose accept")
    assert (await state_of(console)).combat.helper == "ben"


async def test_a_help_request_refuses_wählen_ja_and_takes_wählen_ablehnen(store):
    """Issue 34.1 on the usual console game (seed 7: Anna's door is a monster): Ben owes an answer to
    Anna's request; `wählen ja` is refused in words, `wählen ablehnen` declines."""
    from tests.test_console import _table

    console, out = await _table(store)
    await console.run_lines(["Anna: tür", "Anna: bitten Ben"], echo=False)
    line = await said(console, out, "Ben: wählen ja")
    assert line.startswith("✗ Ben: „ja“ beantwortet diese Frage nicht – antworte mit `annehmen` oder `ablehnen`.")
    assert "Traceback" not in out.getvalue()
    line = await said(console, out, "Ben: wählen ablehnen")
    assert "Ben hilft nicht." in line and not (await state_of(console)).decisions


async def test_a_may_ability_is_declined_with_wählen_nein_and_asked_with_ja_or_nein(store, monkeypatch):
    """Issue 34.1, Smash Up: Mage's Tower asks whether Anna draws a card ("dürfen"): the question names
    `wählen ja` or `wählen nein`; `nein` declines (only `keine` did), other words are refused."""
    state = game_for("anna")
    set_base(state, 0, "base-mages-tower")
    orc = su_take(state, "orcs-dork-orc", "anna")
    tower = state.card(state.bases[0].uid).name_de
    console, out = await console_at(store, monkeypatch, state)
    asked = await said(console, out, f"Anna: spielen {state.card(orc).name_de} an {tower}")
    assert "→ `wählen ja` oder `wählen nein`" in asked
    hand = len((await state_of(console)).player("anna").hand)
    line = await said(console, out, "Anna: wählen vielleicht")
    assert "„vielleicht“ beantwortet diese Frage nicht – antworte mit `wählen ja` oder `wählen nein`." in line
    await said(console, out, "Anna: wählen nein")
    after = await state_of(console)
    assert not after.decisions and len(after.player("anna").hand) == hand


async def test_entscheiden_wahl_ja_on_a_help_request_is_refused_not_an_error_id(table: Table):
    """Issue 34.1 in Discord: /entscheiden wahl:ja while a help answer is owed got the generic error id;
    it is refused in words (the English client's), and wahl:accept answers."""
    from tests.test_discord import _combat_clock, open_game

    await open_game(table, _combat_clock(table))
    state = await table.state()
    fighter = table.member(state.active_player.id)
    await fighter.slash(table.channel, "tuer")
    helper = next(m for m in table.players if m is not fighter)
    await fighter.slash(table.channel, "hilfe_bitten", spieler=table.uid(helper))
    result = await helper.slash(table.channel, "entscheiden", wahl="ja")
    assert result.ephemeral and refusals(result), texts(result)
    assert "does not answer this question – answer with `accept` or `decline`" in refusals(result)[0]
    assert "error" not in " ".join(texts(result))
    await helper.slash(table.channel, "entscheiden", wahl="accept")
    assert (await table.state()).combat.helper == table.uid(helper)


# ---------------------------------------------------------------------- 7. two copies of one card
async def test_two_wishing_rings_named_twice_are_both_sold(store, monkeypatch):
    """Issue 34.7: `verkaufen Wunschring, Wunschring` with two in hand sells both (it was refused as
    "Nenne jede Karte nur einmal"); three times is refused naming the card and how many there are."""
    state, rings = _two_wishing_rings()
    console, out = await console_at(store, monkeypatch, state)
    line = await say_refused(console, out, "Anna: verkaufen Wunschring, Wunschring, Wunschring")
    assert "Du nennst Wunschring 3-mal, auf deiner Hand oder vor dir gibt es die Karte aber nur 2-mal." in line
    line = await said(console, out, "Anna: verkaufen Wunschring, Wunschring")
    assert "Anna verkauft Wunschring, Wunschring für 1000 Goldstücke." in line
    after = await state_of(console)
    assert after.player("anna").level == 2 and not set(rings) & set(after.player("anna").hand)


async def test_naming_a_card_more_often_than_held_is_refused_in_english_by_its_name(store, monkeypatch):
    state, _ = _two_wishing_rings()
    console, out = await console_at(store, monkeypatch, state, lang="en")
    line = await say_refused(console, out, "Anna: sell Wishing Ring, Wishing Ring, Wishing Ring")
    assert "You name Wishing Ring 3 times, but in your hand or in front of you there are only 2 of it." in line


async def say_refused(console: ConsoleTable, out: io.StringIO, line: str) -> str:
    """A line the table refuses: it says so and changes nothing."""
    before = (await state_of(console)).model_dump_json()
    answer = await said(console, out, line)
    assert answer.startswith("✗"), answer
    assert (await state_of(console)).model_dump_json() == before
    return answer


async def test_two_pickpockets_named_twice_are_both_discarded_down(store, monkeypatch):
    """Issue 34.7, Smash Up (So läuft dein Spielzug ab, 4): `ablegen Taschendieb, Taschendieb` takes
    both copies (it answered "s106,s106 hast du nicht auf der Hand"); naming no internal id ever."""
    state = game_for("anna", {"anna": ["thieves", "mages"], "ben": ["orcs", "dwarves"], "cleo": ["elves", "clerics"]})
    seat = state.player("anna")
    pickpockets = [u for u, d in state.card_ids.items() if d == "thieves-pickpocket" and u not in seat.hand][:2]
    for uid in pickpockets:
        seat.deck.remove(uid) if uid in seat.deck else seat.discard.remove(uid)
        seat.hand.append(uid)
    while len(seat.hand) < 12:
        seat.hand.append(seat.deck.pop())
    seat.deck += [seat.discard.pop() for _ in range(len(seat.discard))]
    console, out = await console_at(store, monkeypatch, state)
    await said(console, out, "Anna: fertig")
    excess = len((await state_of(console)).player("anna").hand) - 10
    others = [state.card(u).name_de for u in seat.hand if state.card_ids[u] != "thieves-pickpocket"]
    named = ", ".join(["Taschendieb", "Taschendieb", *others[:excess - 2]])
    line = await said(console, out, f"Anna: ablegen {named}")
    assert "✗" not in line and "s1" not in line, line
    after = await state_of(console)
    assert len(after.player("anna").hand) == 10 and set(pickpockets) <= set(after.player("anna").discard)


async def test_with_two_zappers_in_play_talent_takes_the_one_not_yet_used(store, monkeypatch):
    """Issue 34.7, Smash Up: Verrückte Zapperin's talent (once a turn each); with two in play the second
    `talent Verrückte Zapperin` uses the other copy, not the one already used."""
    from tests.test_smashup import put_minion

    state = game_for("anna")
    zappers = [put_minion(state, "mages-happy-zapper", "anna", 0), put_minion(state, "mages-happy-zapper", "anna", 1)]
    console, out = await console_at(store, monkeypatch, state)
    for _ in zappers:
        pay = state.card((await state_of(console)).player("anna").hand[0]).name_de
        line = await said(console, out, f"Anna: talent Verrückte Zapperin mit {pay}")
        assert "✗" not in line, line
    used = (await state_of(console)).player("anna").used_this_turn
    assert sorted(used) == sorted(f"talent:{uid}" for uid in zappers)
    line = await said(console, out, "Anna: talent Verrückte Zapperin mit "
                      + state.card((await state_of(console)).player("anna").hand[0]).name_de)
    assert line.startswith("✗ Anna:")


# ---------------------------------------------------------------------- numbers typed in a game line
async def test_a_page_or_a_bribe_in_another_script_or_far_too_big_is_refused_like_minus_one(store):
    """Issue 34.2 inside the console's lines: `verlauf ²` ended the console; `schätze 99999999999999999999999999`
    went to the engine. Each is refused in words (the usage shown) and the next line plays."""
    from tests.test_console import _table

    console, out = await _table(store)
    for page in ("²", "٣", "１２", "0", "-1", "99999999999999999999999999"):
        line = await say_refused(console, out, f"Anna: verlauf {page}")
        assert "So geht's: verlauf [alles] [SEITE]" in line, line
    assert "📜" in await said(console, out, "Anna: verlauf 1")
    await said(console, out, "Anna: tür")
    for bribe in ("99999999999999999999999999", "-1", "３", "²"):
        line = await say_refused(console, out, f"Anna: bitten Ben schätze {bribe}")
        assert "Zahl" in line and "So geht's: bitten SPIELER" in line, line
    assert "Diese Zahl geht hier nicht: -1 – erlaubt ist 0 bis 99." in out.getvalue()
    assert "Das ist keine Zahl: ²." in out.getvalue()
    await said(console, out, "Anna: bitten Ben schätze 1")
    assert (await state_of(console)).decisions[0].params["treasures"] == 1


async def test_two_wishing_rings_typed_twice_in_verkaufen_karten_are_both_sold(table: Table, monkeypatch):
    """Issue 34.7 in Discord: the cards option of /verkaufen is read as the console reads it, so two
    copies typed by name are both sold, and a third is refused naming the card (English client)."""
    real = rules_of("munchkin")

    def with_two_rings(players, **options):
        state, events = real.new_game(players, **options)
        for _ in range(2):
            to_hand(state, state.active_player.id, "wishing_ring")
        return state, events

    prepared = dataclasses.replace(real, new_game=with_two_rings)
    monkeypatch.setattr("table.service.rules_of", lambda kind: prepared if kind == "munchkin" else rules_of(kind))
    await table.open_game()
    state = await table.state()
    seller = table.member(state.active_player.id)
    level = state.active_player.level
    result = await seller.slash(table.channel, "verkaufen", karten="Wishing Ring, Wishing Ring, Wishing Ring")
    assert "You name Wishing Ring 3 times" in refusals(result)[0]
    result = await seller.slash(table.channel, "verkaufen", karten="Wishing Ring, Wishing Ring")
    assert not refusals(result), texts(result)
    after = await table.state()
    assert after.player(table.uid(seller)).level == level + 1
    assert not [u for u in after.player(table.uid(seller)).hand if after.card_ids[u] == "wishing_ring"]


async def test_entscheiden_wahl_no_declines_a_smashup_may_ability(table: Table, monkeypatch):
    """Issue 34.1 in Discord, Smash Up: Mage's Tower asks whether the player draws; /entscheiden with
    typed words answers it as the console does ("no" declines; "maybe" is refused naming yes or no)."""
    from engine.smashup import actions as A
    from engine.smashup.listing import legal_actions
    from engine.smashup.rules import apply

    real = rules_of("smashup")

    def drafted_at_the_tower(players, **options):
        state, events = real.new_game(players, **options)
        while state.draft is not None:
            picker = state.draft.order[state.draft.next]
            state, _ = apply(state, A.PickFaction(actor=picker, faction=state.draft.offered[0]))
        set_base(state, 0, "base-mages-tower")
        return state, events

    prepared = dataclasses.replace(real, new_game=drafted_at_the_tower)
    monkeypatch.setattr("table.service.rules_of", lambda kind: prepared if kind == "smashup" else rules_of(kind))
    await table.open_game(spiel="smashup")
    state = await table.state()
    player = table.member(state.active_player.id)
    minion = next(m.card for m in legal_actions(state, state.active_player.id) if isinstance(m, A.PlayMinion)
                  and m.base == state.bases[0].uid and m.target is None and not m.discard and not m.mode)
    played = await player.slash(table.channel, "kreatur", karte=minion, basis=state.bases[0].uid)
    state = await table.state()
    assert [d.kind for d in state.decisions] == ["may_draw"], texts(played)
    assert [d.kind for d in state.decisions] == ["may_draw"]
    hand = len(state.active_player.hand)
    result = await player.slash(table.channel, "entscheiden", wahl="maybe")
    assert "\"maybe\" does not answer this question – answer with `choose yes` or `choose no`." in refusals(result)[0]
    result = await player.slash(table.channel, "entscheiden", wahl="no")
    assert not refusals(result), texts(result)
    after = await table.state()
    assert not after.decisions and len(after.active_player.hand) == hand
