"""Menus longer than one Discord select: a hand of cards that pick targets can open more plays than
the 25 options a select holds (a Zzzzzap alone makes one play per minion in play), and before
this every play past the 25th was missing from the menus. Each page now shows 24 options and a
25th that opens the next page; every play can be reached and made from the menus."""

from __future__ import annotations

from cogs.paging import PAGE, page_of, page_start
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from tests.simcord_table import Table, custom_ids, refusals, select_options, texts
from tests.test_smashup_discord import _play_draft, open_smashup


def _walk(options: list[tuple[str, str]], lang: str = "de") -> tuple[list[tuple[str, str]], list[list]]:
    """Every real option met following the page options from the first page back to it, and the pages."""
    seen, pages, start = [], [], 0
    while True:
        page = page_of(options, start, lang)
        pages.append(page)
        seen += [option for option in page if page_start(option[1]) is None]
        onward = [option for option in page if page_start(option[1]) is not None]
        if not onward:
            return seen, pages
        assert onward == [page[-1]]          # the way on is always the last option
        start = page_start(onward[0][1])
        if start == 0:
            return seen, pages


def test_every_option_is_reached_page_by_page_and_no_page_exceeds_a_select():
    options = [(f"Karte {n}", f"v{n}") for n in range(60)]
    seen, pages = _walk(options)
    assert seen == options
    assert [len(page) for page in pages] == [25, 25, 13]
    assert pages[0][-1] == ("▶ Weitere: 25–48 von 60", f"{PAGE}24")
    assert pages[-1][-1] == ("⏮ Zurück zum Anfang: 1–24 von 60", f"{PAGE}0")
    assert page_of(options, 24, "en")[-1][0] == "▶ More: 49–60 of 60"


def test_a_menu_that_fits_one_select_has_no_page_option():
    options = [(f"Karte {n}", f"v{n}") for n in range(25)]
    assert page_of(options, 0, "de") == options
    assert _walk(options)[0] == options


def test_a_page_option_that_no_longer_fits_opens_the_first_page():
    options = [(f"Karte {n}", f"v{n}") for n in range(30)]
    assert page_of(options, 48, "de")[0] == options[0]
    assert page_start("s12") is None and page_start(f"{PAGE}x") == 0


async def test_smashup_plays_past_the_25th_are_reached_by_the_next_page_and_played(table: Table):
    """Smash Up rulebook "So läuft dein Spielzug ab", 2. Karten spielen (l.76-82): a minion played goes
    to a base of the player's choice; a hand of a dozen minions makes far more plays than one menu holds."""
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()            # the table's own copy: cards moved here are in the game
    seat = state.active_player
    for uid in [u for u in seat.deck if state.card(u).kind == "minion"]:
        seat.deck.remove(uid)
        seat.hand.append(uid)
    plays = [m for m in legal_actions(state, seat.id) if isinstance(m, (A.PlayMinion, A.PlayAction, A.UseTalent))]
    assert len(plays) > 2 * 24
    me, game_id = table.member(seat.id), await table.game_id()
    play_button = f"sl:su:play:{game_id}:{state.turn}"
    first = await me.click(table.carrying(table.channel.history(viewer=me), play_button), custom_id=play_button)
    menu = f"sl:su:playsel:{game_id}:{state.turn}"
    page_one = select_options(first.response.message, menu)
    assert first.ephemeral and len(page_one) == 25 and page_start(page_one[-1][1]) == 24
    second = await me.select(first.response.message, [page_one[-1][1]], custom_id=menu)
    page_two = select_options(second.response.message, menu)
    assert second.ephemeral and len(page_two) == 25 and page_start(page_two[-1][1]) == 48
    assert not {v for _, v in page_one[:-1]} & {v for _, v in page_two[:-1]}
    value = next(value for _, value in page_two if value.startswith("m|"))     # a minion played at a base
    played = await me.select(second.response.message, [value], custom_id=menu)
    assert not refusals(played), texts(played)
    card, base = value.split("|")[1:3]
    after = await table.state()
    assert card not in after.active_player.hand
    assert any(m.uid == card for b in after.bases if b.uid == base for m in b.minions)


async def test_a_page_of_an_old_turn_is_refused_and_changes_nothing(table: Table):
    await open_smashup(table)
    await _play_draft(table)
    state = await table.state()
    seat = state.active_player
    for uid in [u for u in seat.deck if state.card(u).kind == "minion"]:
        seat.deck.remove(uid)
        seat.hand.append(uid)
    me, game_id = table.member(seat.id), await table.game_id()
    play_button = f"sl:su:play:{game_id}:{state.turn}"
    first = await me.click(table.carrying(table.channel.history(viewer=me), play_button), custom_id=play_button)
    menu = f"sl:su:playsel:{game_id}:{state.turn}"
    onward = select_options(first.response.message, menu)[-1][1]
    await me.slash(table.channel, "zugende")
    await table.settle()
    before = (await table.state()).model_dump_json()
    stale = await me.select(first.response.message, [onward], custom_id=menu)
    assert stale.ephemeral and "out of date" in stale.response.content
    assert (await table.state()).model_dump_json() == before
    assert menu not in custom_ids(stale.response.message)
