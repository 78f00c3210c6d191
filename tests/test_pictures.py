"""The table pictures: what they show (levels, items by slot, the combat's two sides, the Smash Up
bases against their breakpoints), what they never show (a card in a hand), their size on a phone,
and that a picture is drawn again only when what it shows changed.

Rulebook lines: C = munchkin-cthulhu.de.txt, SU = smash-up-munchkin.de.txt (German rulebooks)."""

from __future__ import annotations

import asyncio
import io
import json
import re
import subprocess
import sys

import pytest
from PIL import Image

from engine.munchkin import combat as cb
from engine.smashup.power import breakpoint_of, total_power
from table.munchkin.render import combat_view, fighting_strength
from table.munchkin.samples import in_combat, munchkin_game, with_big_item
from table.pictures import PictureCache, PictureFolder, contents, digest, render
from table.pictures.draw import png
from table.pictures.samples import names_of
from table.render import Namer
from table.smashup.samples import smashup_game
from tests.test_console import ROOT

SETS = [("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",),
        ("cthulhu", "impossible", "shakespeare", "axecop")]


def shown_text(content) -> str:
    return json.dumps(content, ensure_ascii=False)


def card_names(state, uids, lang="de") -> set[str]:
    namer = Namer(lang, names_of(state), state, tuple(getattr(state, "sets", ("smashup",))))
    return {namer.card(u) for u in uids}


def hidden_names(state, lang="de") -> set[str]:
    """Names of cards in a hand that no card in play shares (a second copy may lie on the table)."""
    held = {u for p in state.players for u in p.hand}
    return card_names(state, held, lang) - card_names(state, set(state.card_ids) - held, lang)


def shown_names(content) -> set[str]:
    """Every name the picture draws: its texts split at the separators between names ("Kopf: A, B + C",
    "Monster: A 5 → Ben"), with a power after a name taken off."""
    texts = [content["title"], content.get("subtitle", "")]
    for panel in content["panels"]:
        texts += [panel["head"], panel.get("right", "")] + [line["text"] for line in panel.get("lines", [])]
    parts = {part.strip() for t in texts for part in re.split(r": |, | \+ | → ", t)}
    faces = {face["name"] for panel in content["panels"] for face in panel.get("faces", [])}
    return parts | {re.sub(r" -?\d+$", "", part) for part in parts} | faces


def assert_no_hand_card(state, content, lang="de") -> None:
    hidden = hidden_names(state, lang)
    assert hidden                        # there are hands to keep secret
    assert not hidden & shown_names(content)


def png_size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


@pytest.mark.parametrize("sets", SETS, ids="+".join)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_status_picture_shows_every_player_and_no_card_from_a_hand(sets, players):
    # C 300: showing one's hand is the player's own choice, so the table never shows it;
    # C 154/218: cards go to a hand face down. The count of cards is public (the text status shows it).
    state = with_big_item(munchkin_game(sets, players, seed=players))
    content = contents(state, "de", names_of(state))["status.png"]
    # C 103/125: a character has a sex (curses and items ask for it), so each panel names it
    assert [p["head"] for p in content["panels"]] == [f"{p.name} ({p.sex[0].replace('f', 'w')})" for p in state.players]
    for panel, player in zip(content["panels"], state.players, strict=True):
        assert panel["right"].startswith(f"Stufe {player.level} · Stärke {fighting_strength(state, player)}")
        assert {"text": f"Handkarten: {len(player.hand)}", "color": state.players.index(player)} in panel["lines"]
    # issue 36: the cards in front of a player are drawn as their faces, a Big item marked as such
    first = state.players[0]
    in_front = card_names(state, [u for u in [*first.classes, *first.races, *first.loyalties, *first.trainings,
                                  *first.extras, *first.powers, *first.followers, *first.curses, first.super_munchkin,
                                  first.half_breed,
                                  *(u for i in first.items for u in (i.uid, *i.enhancers))] if u])
    assert {face["name"] for face in content["panels"][0]["faces"]} == in_front
    assert any(face.get("big") == "Groß" for face in content["panels"][0]["faces"])
    assert_no_hand_card(state, content)
    width, height = png_size(PictureCache().png(content))
    assert width >= 800 and height > 100 * players


def test_the_status_picture_says_whose_turn_and_where_in_it():
    # C 131-156: a turn has four phases, from kicking the door open to charity; the status
    # picture, like the text status, says which part of the turn the active player is in
    state = munchkin_game(("cthulhu",), 3, seed=3)
    state.phase = "start"
    subtitle = contents(state, "de", names_of(state))["status.png"]["subtitle"]
    assert subtitle == f"{state.active_player.name} ist dran (vor dem Türöffnen)"
    assert contents(state, "en", names_of(state))["status.png"]["subtitle"].endswith("(before kicking the door)")


@pytest.mark.parametrize("sets", SETS, ids="+".join)
def test_the_combat_picture_shows_both_sides_with_the_text_views_strengths(sets):
    # C 164: strength is level plus modifiers, against the monsters; C 182: a helper's strength is added.
    state = in_combat(munchkin_game(sets, 4, seed=3))
    shown = contents(state, "de", names_of(state))
    content = shown["combat.png"]
    fighter, helper = state.player(state.combat.fighter), state.player(state.combat.helper)
    heads = [p["head"] for p in content["panels"]]
    assert heads[:2] == [f"Kämpfer: {fighter.name}", f"Helfer: {helper.name}"]
    assert content["panels"][1]["right"] == f"Stärke {fighting_strength(state, helper)}"
    monsters = card_names(state, [m.uid for m in state.combat.monsters])
    assert monsters <= set(heads[2:4])
    sides = f"Spieler {cb.players_strength(state)} : {cb.monsters_strength(state)} Monster"
    assert heads[4] == sides
    view = combat_view(state, Namer("de", names_of(state), state, sets))[0]
    assert view.endswith(f"Monster zusammen {cb.monsters_strength(state)}")
    assert {"text": f"Gepasst: {helper.name}"} in content["panels"][4]["lines"]
    assert_no_hand_card(state, content)
    assert png_size(PictureCache().png(content))[0] >= 800


def test_a_monster_enhancer_is_listed_under_its_monster():
    state = in_combat(munchkin_game(("cthulhu",), 3, seed=3))
    enhancer = card_names(state, state.combat.monsters[0].enhancers, "en")
    assert enhancer
    lines = contents(state, "en", names_of(state))["combat.png"]["panels"][2]["lines"]
    assert {"text": f"Enhancers: {enhancer.pop()}"} in lines


def test_the_smashup_picture_shows_five_bases_for_four_players_and_the_vp_track():
    # SU 200: a base scores when the power on it reaches its breakpoint plus its monsters' power;
    # SU 11: 15 victory points win.
    state = smashup_game(4)
    assert len(state.bases) == 5
    content = contents(state, "de", names_of(state))["smashup.png"]
    bases, track = content["panels"][:5], content["panels"][5]
    for panel, base in zip(bases, state.bases, strict=True):
        assert panel["right"] == f"{total_power(state, base)}/{breakpoint_of(state, base)}"
    assert track["head"] == "Siegpunkte (Ziel 15)"
    assert [line["bar"] for line in track["lines"] if "bar" in line] == [[p.vp, 15] for p in state.players]
    colours = {line.get("color") for panel in bases for line in panel["lines"]}
    assert len(colours & {0, 1, 2, 3}) >= 3          # several players' minions, each in their own colour
    assert_no_hand_card(state, content)
    assert png_size(PictureCache().png(content))[0] >= 800


def test_the_smashup_picture_says_the_breakpoint_and_an_empty_base_as_the_text_does():
    """Issue #35, SU l.180: a free monster raises the breakpoint; the picture says it as the text view
    does ("Zerstörungswert 19 + 8 Monster"), and calls a base "noch leer" only with no monster on it."""
    from table.smashup.render import base_lines, base_title

    state = smashup_game(2, seed=2)
    for base in state.bases:
        base.minions.clear()
        base.actions.clear()
    with_monsters = next(b for b in state.bases if b.monsters)
    bare = next((b for b in state.bases if not b.monsters), None)
    if bare is None:
        bare = state.bases[-1]
        state.monster_discard.extend(m.uid for m in bare.monsters)
        bare.monsters.clear()
    content = contents(state, "de", names_of(state))["smashup.png"]
    namer = Namer("de", names_of(state), state, ("smashup",))
    for panel, base in zip(content["panels"], state.bases, strict=False):
        lines = [line["text"] for line in panel["lines"]]
        printed, extra = state.card(base.uid).breakpoint, breakpoint_of(state, base) - state.card(base.uid).breakpoint
        words = f"Zerstörungswert {printed}" + (f" + {extra} Monster" if extra else "")
        assert lines[0].startswith(words) and f"({words})" in base_title(state, base, namer)
        assert ("noch leer" in lines) == (base is bare) == ("(noch leer)" in base_lines(state, base, namer))
    assert with_monsters is not bare


@pytest.mark.parametrize("players", [2, 3])
def test_smashup_pictures_for_smaller_tables(players):
    state = smashup_game(players, seed=players)
    content = contents(state, "en", names_of(state))["smashup.png"]
    assert len(content["panels"]) == players + 2
    assert_no_hand_card(state, content, "en")


def test_in_the_draft_the_smashup_picture_names_who_picks_a_faction():
    state = smashup_game(3, moves=1)
    assert state.draft is not None
    picker = state.player(state.draft.order[state.draft.next]).name
    assert contents(state, "de", names_of(state))["smashup.png"]["subtitle"] == f"{picker} ist dran"


def test_labels_follow_the_language():
    state = munchkin_game(("cthulhu",), 3)
    german = shown_text(contents(state, "de", names_of(state))["status.png"])
    english = shown_text(contents(state, "en", names_of(state))["status.png"])
    assert "Stufe" in german and "Handkarten" in german
    assert "Level" in english and "Cards in hand" in english and "Stufe" not in english


def test_a_picture_is_drawn_again_only_when_what_it_shows_changed():
    state = munchkin_game(("cthulhu",), 3)
    cache = PictureCache()
    first = cache.png(contents(state, "de", names_of(state))["status.png"])
    # a different card in the same hand: the picture shows only the count, so nothing is drawn
    swapped = state.model_copy(deep=True)
    holder = next(p for p in swapped.players if p.hand)
    holder.hand[0], swapped.door_deck[0] = swapped.door_deck[0], holder.hand[0]
    assert cache.png(contents(swapped, "de", names_of(swapped))["status.png"]) == first
    assert cache.drawn == 1
    swapped.players[1].level += 1
    assert cache.png(contents(swapped, "de", names_of(swapped))["status.png"]) != first
    assert cache.drawn == 2


def test_the_folder_writes_only_the_pictures_that_changed(tmp_path):
    state = in_combat(munchkin_game(("cthulhu",), 3))
    folder = PictureFolder(tmp_path)
    assert folder.update(state, "de", names_of(state)) == ["status.png", "combat.png"]
    assert folder.update(state, "de", names_of(state)) == []
    state.combat.passed.append(state.combat.fighter)
    assert folder.update(state, "de", names_of(state)) == ["combat.png"]
    before = contents(state, "de", names_of(state))["status.png"]
    state.combat, state.phase = None, "after"
    # the status is written again only if what it shows changed (a fighter's strength may count combat cards)
    status_changed = contents(state, "de", names_of(state))["status.png"] != before
    assert folder.update(state, "de", names_of(state)) == (["status.png"] if status_changed else [])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["status.png"]      # the finished fight's picture is gone


def test_the_async_helper_draws_off_the_event_loop():
    state = smashup_game(2)
    content = contents(state, "de", names_of(state))["smashup.png"]
    cache = PictureCache()
    assert asyncio.run(render(content, cache)) == cache.png(content)
    assert cache.drawn == 1
    assert digest(content) == digest(json.loads(shown_text(content)))


def test_sharp_s_and_umlauts_are_drawn_as_themselves():
    """Issue 36: "Großfuß" is drawn with its ß, not spelled "Grossfuss" (the bundled font has the glyphs)."""
    from table.pictures.fonts import font

    def drawn(text: str) -> bytes:
        return png({"title": text, "panels": [{"head": text, "lines": [{"text": "Stärke – Öl, Übel, Ähre"}]}]})

    assert drawn("Großfuß") != drawn("Grossfuss")
    missing = bytes(font(31).getmask("\uffff"))
    assert all(bytes(font(31).getmask(char)) != missing for char in "ßäöüÄÖÜ–→▶")


def test_the_console_writes_the_status_and_combat_pictures(tmp_path):
    # seed 7: Anna starts and her door is a monster (the command of the example)
    script = tmp_path / "moves.txt"
    script.write_text("Anna: status\nAnna: tür\nAnna: status\n", encoding="utf-8")
    images = tmp_path / "bilder"
    run = subprocess.run(
        [sys.executable, "bot.py", "--console", "--db", str(tmp_path / "c.db"),
         "--seed", "7", "--players", "Anna,Ben,Cleo",
         "--images", str(images), "--script", str(script)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in images.iterdir()) == ["combat.png", "status.png"]
    assert png_size((images / "combat.png").read_bytes())[0] >= 800


def test_the_benchmark_prints_milliseconds_per_picture():
    run = subprocess.run([sys.executable, "-m", "table.pictures", "--bench", "--rounds", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert len(re.findall(r"^.+: \d+\.\d ms per image$", run.stdout, re.M)) == 3


def test_every_card_in_the_data_draws_a_face_in_both_languages():
    """Issue 36: each card design of every set (Munchkin's and Smash Up's) has a face, in German and
    in English, with its name on it and no blank card."""
    from engine.munchkin.cards import available_sets, catalog
    from engine.smashup.cards import designs
    from table.munchkin.picture import card_face as munchkin_face
    from table.pictures.faces import face_image
    from table.smashup.picture import card_face as smashup_face

    cards = [(munchkin_face, c) for s in available_sets() for c in catalog((s,)).values()]
    cards += [(smashup_face, c) for c in designs().values()]
    assert len(cards) > 500
    for lang in ("de", "en"):
        for face_of, card in cards:
            face = face_of(card, lang)
            assert face["name"] == (card.name_en if lang == "en" else card.name_de)
            image = face_image(face, 60)
            assert image.size == (60, 84) and len(image.getcolors(4096) or range(4097)) > 3


def test_faces_show_the_numbers_that_matter():
    """A monster's level and treasures, an item's bonus and gold and its Big marker, a minion's power,
    a base's breakpoint and victory points (C: monster cards, items; SU l.180 breakpoints)."""
    from engine.munchkin.cards import catalog
    from engine.smashup.cards import data
    from table.munchkin.picture import card_face as munchkin_face
    from table.smashup.picture import card_face as smashup_face

    cards = list(catalog(("cthulhu",)).values())
    monster = next(c for c in cards if c.kind == "monster" and c.treasures > 1)
    expected = {"badge": str(monster.level), "foot": f"{monster.treasures} Schätze", "icon": "monster",
                "style": "monster"}
    assert expected.items() <= munchkin_face(monster, "de").items()
    big = next(c for c in cards if c.kind == "item" and c.big and c.bonus)
    face = munchkin_face(big, "en")
    assert face["big"] == "Big" and face["badge"] == f"+{big.bonus}" and face["value"] == f"{big.value} gold"
    minion = next(c for c in data().cards if c.kind == "minion")
    assert smashup_face(minion, "de")["badge"] == str(minion.power) and smashup_face(minion, "de", 7)["badge"] == "7"
    base = data().bases[0]
    assert smashup_face(base, "de")["badge"] == str(base.breakpoint)
    assert smashup_face(base, "de")["foot"] == "SP " + "/".join(map(str, base.vp))


@pytest.mark.parametrize("game", ["munchkin", "smashup"])
def test_the_hand_picture_shows_the_hand_and_changes_with_it(game):
    """Issue 36: the hand's picture has one face per card in the hand, named as the cards are, and a
    different hand is a different picture (its digest changes)."""
    from table.munchkin.picture import hand_content as munchkin_hand
    from table.smashup.picture import hand_content as smashup_hand

    state = munchkin_game(("cthulhu",), 3, seed=3) if game == "munchkin" else smashup_game(3, seed=2)
    hand_of = munchkin_hand if game == "munchkin" else smashup_hand
    seat = next(p for p in state.players if len(p.hand) >= 2)
    content = hand_of(state, seat.id, "de", names_of(state))
    faces = content["panels"][0]["faces"]
    namer = Namer("de", names_of(state), state, tuple(getattr(state, "sets", ("smashup",))))
    assert [face["name"] for face in faces] == [namer.card(u) for u in seat.hand]
    drawn = png(content)
    with Image.open(io.BytesIO(drawn)) as image:
        assert len(image.convert("RGB").getcolors(1 << 16) or range(1 << 16)) > 20     # not a blank picture
    seat.hand.pop()
    fewer = hand_of(state, seat.id, "de", names_of(state))
    assert len(fewer["panels"][0]["faces"]) == len(faces) - 1 and digest(fewer) != digest(content)


def test_smashup_treasures_in_a_hand_are_marked_as_not_counted():
    """SU l.502: treasures do not count toward the hand limit; the hand picture says so on each."""
    from engine.smashup.turn import hand_cards
    from table.smashup.picture import hand_content

    state = smashup_game(3, seed=2)
    seat = state.active_player
    treasure = next(u for u, design in state.card_ids.items() if design.startswith("treasure-")
                    and u not in seat.hand)
    for holder in state.players:       # the treasure taken from wherever the sample put it
        if treasure in holder.hand:
            holder.hand.remove(treasure)
    seat.hand.append(treasure)
    content = hand_content(state, seat.id, "de", names_of(state))
    notes = [face.get("note") for face in content["panels"][0]["faces"]]
    assert notes[-1] == "zählt nicht zum Limit" and notes.count("zählt nicht zum Limit") == (
        len(seat.hand) - len(hand_cards(state, seat.id)))
    assert content["subtitle"].startswith(f"{len(hand_cards(state, seat.id))} von höchstens 10")
