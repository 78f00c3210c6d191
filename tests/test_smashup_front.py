"""Smash Up – Munchkin's front ends outside Discord: the console table's words, what players read
(bases, hands, card texts, lookups), and bot players for empty seats."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.bot import BotPlayer, standing
from engine.smashup.cards import data, designs
from engine.smashup.listing import legal_actions
from engine.smashup.power import minion_power, power_at
from engine.smashup.report import automated
from engine.smashup.rules import apply, is_legal, new_game
from engine.smashup.state import Minion
from table.console import ConsoleTable
from table.lookup import card_answer, preferred, search
from table.render import Namer, private_view, public_view
from table.service import TableService
from table.smashup.render import card_text

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Anna", "Ben", "Cleo")


@pytest.fixture
async def table(store):
    out = io.StringIO()
    console = ConsoleTable(TableService(store), "su", "de", out)
    await console.setup(list(NAMES), "smashup", ["smashup"], {}, seed=7, fresh=True)
    console.out_buffer = out
    return console


async def _state(console: ConsoleTable):
    return (await console.namer()).state


def _printed(console: ConsoleTable) -> str:
    return console.out_buffer.getvalue()


def _faction_de(faction_id: str) -> str:
    return next(f.name_de for f in data().factions if f.id == faction_id)


async def _draft(console: ConsoleTable) -> None:
    state = await _state(console)
    while state.draft is not None:
        picker = state.player(state.draft.order[state.draft.next]).name
        await console.handle(f"{picker}: fraktion {_faction_de(state.draft.offered[-1])}")
        state = await _state(console)


# ---------------------------------------------------------------------- the console table
async def test_console_drafts_in_the_rulebook_order_and_refuses_out_of_turn(table):
    """"Spielvorbereitung": the start player picks first, clockwise, then back in reverse order."""
    state = await _state(table)
    order = [state.player(p).name for p in state.draft.order]
    assert order[:3] == order[3:][::-1]
    wrong = order[1]
    await table.handle(f"{wrong}: fraktion Zwerge")
    assert f"✗ {wrong}: Jetzt wählt {order[0]} eine Fraktion." in _printed(table)
    await table.handle(f"{order[0]}: fraktion {_faction_de(state.draft.offered[-1])}")
    printed = _printed(table)         # whose pick is next, said so, not as if it had been made already
    assert f"{order[1]} ist mit der Fraktionswahl dran." in printed
    assert f"{order[1]} wählt eine Fraktion." not in printed
    await _draft(table)
    state = await _state(table)
    assert state.phase == "play" and all(len(p.factions) == 2 for p in state.players)
    assert all(len(p.hand) == 5 for p in state.players)


async def test_console_an_unknown_faction_names_the_factions_on_offer_and_changes_nothing(table):
    """"Spielvorbereitung": a faction is picked from those still on offer; a name that fits none of them
    (Kleriker is no faction's German name: Priester is) is refused with the list to pick from."""
    state = await _state(table)
    picker = state.player(state.draft.order[0]).name
    before = state.model_dump_json()
    await table.handle(f"{picker}: fraktion Kleriker")
    offered = ", ".join(_faction_de(f) for f in state.draft.offered)
    assert f"✗ {picker}: Keine solche Fraktion zur Wahl: Kleriker. Zur Wahl stehen: {offered}." in _printed(table)
    assert (await _state(table)).model_dump_json() == before


async def test_console_plays_a_minion_to_a_base_by_names(table):
    await _draft(table)
    state = await _state(table)
    me = state.active_player
    move = next(m for m in legal_actions(state, me.id) if isinstance(m, A.PlayMinion) and m.target is None
                and not m.discard)
    card, base = state.card(move.card).name_de, state.card(move.base).name_de
    await table.handle(f"{me.name}: spielen {card} an {base}")
    assert f"{me.name} spielt {card} an {base}." in _printed(table)
    after = await _state(table)
    assert any(m.uid == move.card for m in after.base(move.base).minions)


async def test_console_refusals_name_the_reason_and_change_nothing(table):
    await _draft(table)
    state = await _state(table)
    me = state.active_player.name
    other = next(n for n in NAMES if n != me)
    lines = [f"{other}: fertig", f"{me}: spielen Gibtsnicht an Garnison", f"{me}: werten Garnison",
             f"{me}: passen", f"{me}: tür"]
    for line in lines:
        await table.handle(line)
    out = _printed(table)
    assert f"✗ {other}: Du bist nicht am Zug" in out
    assert f"✗ {me}: Keine passende Karte auf deiner Hand: Gibtsnicht." in out
    assert f"✗ {me}: Gerade wird keine Basis gewertet" in out
    assert f"✗ {me}: Unbekannter Befehl: tür." in out
    assert (await _state(table)).model_dump_json() == state.model_dump_json()


async def test_console_hand_is_private_and_explains_each_card(table):
    await _draft(table)
    state = await _state(table)
    await table.handle("Anna: hand")
    hand_lines = [line for line in _printed(table).splitlines() if "[privat an Anna]" in line]
    anna = state.player(next(p.id for p in state.players if p.name == "Anna"))
    for uid in anna.hand:
        assert any(card_text(state.card_ids[uid], "de") in line for line in hand_lines)


async def test_console_finishing_draws_two_and_passes_the_turn(table):
    """"So läuft dein Spielzug ab": after playing, bases are checked, then draw 2, then the next player."""
    await _draft(table)
    state = await _state(table)
    me = state.active_player
    await table.handle(f"{me.name}: fertig")
    after = await _state(table)
    assert len(after.player(me.id).hand) == len(me.hand) + 2
    assert after.active_player.id != me.id
    assert f"{me.name} zieht 2 Karten." in _printed(table)


def test_console_auto_play_with_a_bot_seat_finishes_smashup_games(tmp_path):
    run = subprocess.run([sys.executable, "bot.py", "--console", "--game", "smashup", "--auto", "2", "--players",
                          "2", "--bots", "1", "--seed", "3", "--db", str(tmp_path / "a.db")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "2/2 Spiele beendet" in run.stdout


# ---------------------------------------------------------------------- what players read
def _game_after_draft(seed: int = 5, players: int = 3):
    state, _ = new_game([(f"p{i}", NAMES[i]) for i in range(players)], seed=seed)
    while state.draft is not None:
        picker = state.draft.order[state.draft.next]
        state, _ = apply(state, A.PickFaction(actor=picker, faction=state.draft.offered[0]))
    return state


def test_public_view_shows_each_base_with_breakpoint_monsters_and_power():
    """"Monster und Schätze": monsters nobody controls raise the breakpoint by their power (what they
    have now: Poultrygeist grows with the other monsters beside it); the view shows both."""
    state = _game_after_draft()
    me = state.active_player.id
    move = next(m for m in legal_actions(state, me) if isinstance(m, A.PlayMinion) and m.target is None)
    state, _ = apply(state, move)
    namer = Namer("de", {p.id: p.name for p in state.players}, state, ("smashup",))
    text = "\n".join(public_view(state, namer))
    base = state.base(move.base)
    card = state.card(base.uid)
    monsters = sum(minion_power(state, base, m) for m in base.monsters)
    assert f"Zerstörungswert {card.breakpoint}" in text
    assert f"/{card.breakpoint + monsters} " in text
    assert f"{state.player(me).name}: {power_at(state, base, me)} – {state.card(move.card).name_de}" in text
    for monster in base.monsters:
        assert state.card(monster.uid).name_de in text


def test_private_view_shows_plays_left_and_owed_choices_only_to_that_player():
    state = _game_after_draft()
    me = state.active_player.id
    other = next(p.id for p in state.players if p.id != me)
    namer = Namer("de", {p.id: p.name for p in state.players}, state, ("smashup",))
    mine, theirs = "\n".join(private_view(state, me, namer)), "\n".join(private_view(state, other, namer))
    assert "Noch spielbar: 1 Kreatur, 1 Aktion" in mine and "Noch spielbar" not in theirs
    assert state.card(state.player(me).hand[0]).name_de in mine


def test_the_hand_marks_its_treasures_which_do_not_count_toward_the_limit():
    """Rulebook l.502 (treasures are no hand cards): with ten cards and two treasures in hand the
    count reads 10/10 and names the two treasures apart, each marked in the list."""
    from tests.test_smashup import take

    state = _game_after_draft()
    me = state.active_player.id
    seat = state.player(me)
    cards = [u for u in [*seat.hand, *seat.deck] if not state.card_ids[u].startswith("treasure-")]
    seat.hand[:], seat.deck[:] = cards[:10], cards[10:]
    treasures = [take(state, "treasure-tiger-steed", me), take(state, "treasure-bag-of-caltrops", me)]
    assert len(seat.hand) == 12
    names = {p.id: p.name for p in state.players}
    for lang, head, mark in (
            ("de", "Deine Hand (10/10, dazu 2 Schätze, ohne Limit):", "Schatz, zählt nicht zum Handlimit"),
            ("en", "Your hand (10/10, plus 2 treasures, not counted):", "treasure, not counted")):
        namer = Namer(lang, names, state, ("smashup",))
        view = private_view(state, me, namer)
        marked = [line for line in view if mark in line]
        assert view[0] == head and len(marked) == 2
        assert all(any(namer.card(t) in line for line in marked) for t in treasures)


def test_every_card_has_an_effect_text_in_german_and_english():
    """Every design has its effect in our words, both languages (that no text repeats the fact sheet's
    sentences is checked for all texts in tests/test_own_words.py)."""
    texts = yaml.safe_load((ROOT / "data" / "smashup" / "texts.yaml").read_text(encoding="utf-8"))
    assert set(texts) == set(designs())
    assert all(entry.get("de") and entry.get("en") for entry in texts.values())


def test_card_lookup_finds_smashup_cards_first_in_a_smashup_channel(monkeypatch):
    hits = search("Geburtstagsparty", "card", limit=3, prefer=preferred("card", ["smashup"]))
    title, body = card_answer(hits[0], "de")
    assert title == "Geburtstagsparty" and "Zerstörungswert 20" in body and "SP 4/2/1" in body
    assert card_text("base-birthday-party", "de") in body
    english = card_answer(search("Dork Orc", "card", limit=1, prefer=("smashup",))[0], "en")
    assert "Orcs" in english[1] and "The bot plays this card by itself." in english[1]
    played = card_answer(search("Stalling", "card", limit=1, prefer=("smashup",))[0], "de")
    assert "Der Bot führt diese Karte selbst aus." in played[1]
    from tests.smashup_helpers import redesign  # a card marked as settled by the table says so

    redesign(monkeypatch, "orcs-stalling", manual=True)
    manual = card_answer(search("Stalling", "card", limit=1, prefer=("smashup",))[0], "de")
    assert "Diese Karte spielt der Bot nicht selbst aus: die Spieler regeln sie am Tisch." in manual[1]


# ---------------------------------------------------------------------- rulings the front ends rely on
def _give(state, player_id: str, design_id: str) -> str:
    """A copy of a card put into a player's hand (for a situation the deal did not bring about)."""
    uid = f"x{len(state.card_ids) + 1}"
    state.card_ids[uid] = design_id
    state.owners[uid] = player_id
    state.player(player_id).hand.append(uid)
    return uid


def test_an_ongoing_action_not_played_on_a_minion_needs_a_base():
    """"Begriffe: Dauerhaft": an ongoing action stays on the base it is played on."""
    state = _game_after_draft()
    me = state.active_player.id
    uid = _give(state, me, "thieves-secret-stash")     # ongoing, played on a base
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor=me, card=uid, base=None))
    assert err.value.code == "needs_base"
    after, _ = apply(state, A.PlayAction(actor=me, card=uid, base=state.bases[0].uid))
    assert uid in after.bases[0].actions


def test_a_missing_target_names_the_cards_that_could_be_picked():
    state = _game_after_draft()
    me = state.active_player.id
    base = state.bases[0]
    other = next(p.id for p in state.players if p.id != me)
    victim = _give(state, other, "warriors-taunter")      # power 2
    state.player(other).hand.remove(victim)
    base.minions.append(Minion(uid=victim, owner=other, controller=other))
    zap = _give(state, me, "orcs-hammer-slammer")        # destroys power 2 or less
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor=me, card=zap, base=base.uid))
    assert err.value.code == "needs_target" and state.card_ids[victim] in err.value.params["choices"]


# ---------------------------------------------------------------------- bot players
def test_bot_plays_the_card_that_improves_its_standing_most():
    state = _game_after_draft(seed=9)
    me = state.active_player.id
    bot = BotPlayer(me)
    move = bot.choose(state)
    options = [m for m in legal_actions(state, me) if isinstance(m, A.PlayMinion | A.PlayAction | A.UseTalent)
               and automated(state.card(m.card))]
    best = max(standing(apply(state, m)[0], me) for m in options)
    assert isinstance(move, A.PlayMinion | A.PlayAction | A.UseTalent)
    assert standing(apply(state, move)[0], me) == best


def test_bot_seats_make_only_legal_moves_through_whole_games():
    """Two fixed games, a bot in the last of three seats against random legal players: every move it
    makes is legal and the games end. (Its win rate is measured by python -m engine.bots_bench --game
    smashup, not asserted here.)"""
    for seed in range(2):
        state, _ = new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=seed)
        bot, agent = BotPlayer("c"), random.Random(seed)
        while state.phase != "over":
            move = bot.choose(state)
            assert move is None or is_legal(state, move), move
            if move is None:
                moves = [m for p in ("a", "b") for m in legal_actions(state, p)]
                move = agent.choice(moves)
            state, _ = apply(state, move)
        assert state.winners


def test_console_words_answer_a_choice_and_name_picks():
    """"wählen keine", "wählen <Karte>", "wählen <Kreatur> nach <Basis>" answer a card's choice;
    "auswahl a, b" names an "any number of" card's picks."""
    from table.smashup.commands import build_action, parse_words
    from tests.test_smashup_cards import game_for, put_minion, set_base, take

    state = game_for("anna")
    set_base(state, 0, "base-dimension-doors")
    orc = take(state, "orcs-dork-orc", "anna")
    state, _ = apply(state, A.PlayMinion(actor="anna", card=orc, base=state.bases[0].uid))
    decision = state.decisions[0]
    none = build_action(state, "anna", "choose", parse_words(["keine"]))
    assert none == A.Choose(actor="anna", decision=decision.id, option="none")
    card = state.player("anna").hand[0]
    named = build_action(state, "anna", "choose", parse_words(state.card(card).name_de.split()))
    assert named.option in decision.options and state.card_ids[named.option] == state.card_ids[card]

    state = game_for("anna")
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    state, _ = apply(state, A.PlayAction(actor="anna", card=take(state, "treasure-potion-of-halitosis", "anna"),
                                         base=state.bases[0].uid, target="ben"))
    move = build_action(state, "ben", "choose", parse_words(["Spötterin", "nach", state.bases[2].uid]))
    assert move.option == f"{theirs}>{state.bases[2].uid}"

    state = game_for("anna", {"anna": ["halflings", "orcs"], "ben": ["warriors", "thieves"],
                              "cleo": ["mages", "dwarves"]})
    seat = state.player("anna")
    minions = [u for u in seat.deck if state.card(u).kind == "minion"][:2]
    for uid in minions:
        seat.deck.remove(uid)
        seat.discard.append(uid)
    take(state, "halflings-spoiled-brats", "anna")
    names = ", ".join(state.card(u).name_de for u in minions)
    play = build_action(state, "anna", "play", parse_words(["Verzogene", "Gören", "an",
                                                            *state.card(state.bases[0].uid).name_de.split(),
                                                            "auswahl", *names.split()]))
    assert sorted(state.card_ids[u] for u in play.picks) == sorted(state.card_ids[u] for u in minions)


def test_console_words_answer_a_may_a_player_and_the_loot():
    """"wählen ja" says yes to a "dürfen" ability, "wählen Cleo" names a player (Treehouse), a loot
    card is named like any card."""
    from table.smashup.commands import build_action, parse_words
    from tests.test_smashup_cards import game_for, set_base, take

    state = game_for("anna")
    set_base(state, 0, "base-treehouse")
    orc = take(state, "orcs-dork-orc", "anna")
    state, _ = apply(state, A.PlayMinion(actor="anna", card=orc, base=state.bases[0].uid))
    pick = build_action(state, "anna", "choose", parse_words(["Cleo"]))
    assert pick == A.Choose(actor="anna", decision=state.decisions[0].id, option="cleo")
    state, _ = apply(state, pick)
    yes = build_action(state, "cleo", "choose", parse_words(["ja"]))
    assert yes.option == "yes" and state.decisions[0].kind == "may_draw"
    for word in ("nein", "no", "keine"):             # issue #35: "nein" declines a "may" as "keine" does
        declined = build_action(state, "cleo", "choose", parse_words([word]))
        assert declined == A.Choose(actor="cleo", decision=state.decisions[0].id, option="none")
    from table.errors import TableError

    with pytest.raises(TableError):
        build_action(state, "anna", "choose", parse_words(["ja"]))          # nothing for Anna to decide


def test_a_keyword_inside_a_card_name_stays_part_of_it():
    """"Bis auf die Unterhose" holds "auf" (a base word) and "Nach Ihnen" begins with "nach"."""
    from table.smashup.commands import parse_words

    assert parse_words(["Bis", "auf", "die", "Unterhose", "an", "Tempel"]) == {"main": "Bis auf die Unterhose",
                                                                     "base": "Tempel"}
    assert parse_words(["Nach", "Ihnen"]) == {"main": "Nach Ihnen"}
    assert parse_words(["Berserker", "an", "Garnison"]) == {"main": "Berserker", "base": "Garnison"}


def _typed(state, move) -> str | None:
    """The console line for the moves that can end a game (they all close a turn)."""
    name = state.player(move.actor).name
    if isinstance(move, A.FinishPlaying):
        return f"{name}: fertig"
    if isinstance(move, A.PassSpecial):
        return f"{name}: passen"
    if isinstance(move, A.PlaySpecial) and not (move.target or move.target2 or move.picks or move.base):
        return f"{name}: extra {state.card(move.card).name_de}"     # (the last special of a scoring)
    if isinstance(move, A.DiscardDown):
        return f"{name}: ablegen {', '.join(move.cards)}"
    if isinstance(move, A.ScoreFirst):
        return f"{name}: werten {move.base}"
    if isinstance(move, A.Choose):
        return f"{name}: wählen {'keine' if move.option == 'none' else move.option}"
    return None


async def test_console_shows_the_winner_of_the_move_that_ends_the_game(store):
    """The last move's lines (the winner) are printed although the game has ended with it."""
    out = io.StringIO()
    console = ConsoleTable(TableService(store), "end", "de", out)
    await console.setup(["Anna", "Ben"], "smashup", ["smashup"], {}, seed=3, fresh=True)
    bots = {}
    for _ in range(2000):
        state = (await console.namer()).state
        if state.phase == "over":
            break
        move = next(m for m in (bots.setdefault(p.id, BotPlayer(p.id)).choose(state) for p in state.players) if m)
        ends = apply(state, move)[0].phase == "over"
        line = _typed(state, move) if ends else None
        if line is None:
            await console.service.act("console", "end", move.actor, move)
        else:
            await console.handle(line)
    assert "gewinnt das Spiel" in out.getvalue() and "✗" not in out.getvalue()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_smashup_help_looks_up_a_smashup_card_as_its_example(lang):
    """The help's lookup example at a Smash Up table names one of its cards, not a Munchkin card."""
    from table.i18n import text

    example = text(lang, "examples", "su_card").split(" ", 1)[1]
    answer = card_answer(search(example, "card", limit=1, prefer=preferred("card", ["smashup"]))[0], lang)
    assert answer[0] == example and any(d.name_de == example or d.name_en == example for d in designs().values())
