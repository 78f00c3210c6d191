"""The table's pictures on Discord (issues 20, 36), on simcord: the live table message carries the
picture of the table in a media gallery, is only re-sent when what it shows changed, and during a
combat shows the combat's picture too. (simcord's clients speak English; the table follows the server
default.)"""

from __future__ import annotations

import random

from cogs.pictures import PICTURE_EVERY, SPREAD, Throttle
from engine.munchkin.rules import legal_actions
from table.service import ActResult
from tests.simcord_table import Table


def status_messages(table: Table) -> list:
    return [table.live()]


def gallery(message) -> list[str]:
    """The file names the message's media gallery shows."""
    return [item.media.url.rsplit("/", 1)[-1] for c in message.components if hasattr(c, "items") for item in c.items]


async def test_the_status_message_carries_the_tables_picture(table: Table):
    await table.open_game()
    status = status_messages(table)[-1]
    assert [a.filename for a in status.attachments] == ["status.png"]
    assert status.attachments[0].size > 1000
    assert gallery(status) == ["status.png"]          # shown in the table message's media gallery


async def test_an_unchanged_table_sends_no_new_picture(table: Table):
    await table.open_game()
    game = await table.game_id()
    state = await table.state()
    uploads = [r for r in table.env.http_requests if r.method in ("POST", "PATCH") and "status" in str(r.json)]
    result = ActResult(game, str(table.channel.id), 0, state, origin="interaction")
    await table.bot.publisher._update_status(result)
    await table.settle()
    after = [r for r in table.env.http_requests if r.method in ("POST", "PATCH") and "status" in str(r.json)]
    assert after == uploads


async def test_a_combats_message_carries_the_combats_picture(table: Table):
    """Cthulhu l.142/148: a monster means a fight; the messages during it show the fight's picture."""
    await table.open_game()
    rng = random.Random(5)
    game = await table.game_id()
    pictures = table.bot.publisher.pictures
    pictures.every = 0.0                         # drawn with every change while the game gets to a fight
    for _ in range(200):                         # random legal moves until somebody fights
        state = await table.state()
        if state.combat is not None and state.combat.stage == "fight":
            break
        action = rng.choice([m for p in state.players for m in legal_actions(state, p.id)])
        await table.bot.table.act_in(game, action.actor, action, origin="table")   # posted by the publisher
        await table.bot.publisher.drain()
        await table.settle()
    else:
        raise AssertionError("nobody fought")
    live = table.live()              # the fight's picture alone (Discord's gallery would crop two)
    assert gallery(live) == ["combat.png"]
    assert "combat.png" in [a.filename for a in live.attachments]
    waiting = next(p for p in state.players if p.id not in state.combat.passed)
    drawn = [a.id for a in live.attachments]
    pictures.every = PICTURE_EVERY
    await table.member(waiting.id).slash(table.channel, "passen")   # a move through a command, at once
    await table.settle()
    again = table.live()
    assert [a.id for a in again.attachments] == drawn       # drawn again only after PICTURE_EVERY seconds ...
    assert set(gallery(again)) <= {a.filename for a in again.attachments}      # ... and no broken image


def test_a_games_picture_is_drawn_at_most_once_per_interval():
    now = [100.0]
    throttle = Throttle(every=15.0, clock=lambda: now[0])
    assert throttle.wait((1, "status")) == 0.0                   # never drawn: at once
    throttle.drew((1, "status"))
    now[0] += 5
    assert throttle.wait((1, "status")) == throttle.interval((1, "status")) - 5
    assert throttle.wait((2, "status")) == 0.0                   # games apart
    now[0] += 15 * (1 + SPREAD)
    assert throttle.wait((1, "status")) == 0.0


def test_games_drawn_together_wait_intervals_of_their_own():
    """Two hundred games opened in the same minute would otherwise all draw (and look below their
    table message) again in the same second: each game waits between every and every × (1 + SPREAD)."""
    throttle = Throttle(every=15.0, clock=lambda: 0.0)
    intervals = [throttle.interval((game, "status")) for game in range(1, 201)]
    assert all(15.0 <= seconds <= 15.0 * (1 + SPREAD) for seconds in intervals)
    assert len({round(seconds, 1) for seconds in intervals}) > 20         # spread, not a handful of steps
    assert throttle.interval((7, "status")) == throttle.interval((7, "below"))     # a game's own, every time


async def test_a_picture_that_cannot_be_drawn_costs_the_picture_not_the_status(table: Table, monkeypatch):
    """Should drawing fail (the drawing process died, say), the status still shows the current text."""
    import cogs.pictures

    async def broken(picture):
        raise RuntimeError("no drawing today")

    monkeypatch.setattr(cogs.pictures, "as_file", broken)
    monkeypatch.setattr("cogs.publisher.as_file", broken)
    await table.open_game()
    status = status_messages(table)[-1]
    assert status.attachments == [] and not gallery(status) and "to move" in status.components[0].content


async def test_a_dead_drawing_process_is_replaced(monkeypatch):
    from concurrent.futures.process import BrokenProcessPool

    import table.pictures as pictures
    from table.munchkin.samples import munchkin_game
    from table.pictures import PictureCache, render
    from table.pictures.samples import names_of

    class Dead:
        def submit(self, *args, **kwargs):
            raise BrokenProcessPool("gone")

        def shutdown(self, **kwargs):
            pass

    monkeypatch.setattr(pictures, "_drawer", Dead())
    state = munchkin_game(("cthulhu",), 3)
    content = pictures.contents(state, "de", names_of(state))["status.png"]
    drawn = await render(content, PictureCache())
    assert drawn.startswith(b"\x89PNG") and pictures._drawer is None       # drawn here; a new process next time


async def _move(table: Table, rng: random.Random) -> None:
    """A random legal move of the table's game, posted by the publisher as any move is."""
    state = await table.state()
    action = rng.choice([m for p in state.players for m in legal_actions(state, p.id)])
    await table.bot.table.act_in(await table.game_id(), action.actor, action, origin="table")
    await table.bot.publisher.drain()
    await table.settle()


def _edits_of(table: Table, message) -> int:
    return sum(1 for r in table.env.http_requests if r.method == "PATCH" and r.path.endswith(f"/{message.id}"))


async def test_a_due_picture_rides_on_the_next_moves_edit(table: Table, monkeypatch):
    """Issue 36 (few requests per move): a table picture that falls due between two moves is carried by
    the next move's edit of the table message, not sent in an edit of its own; without a next move it
    is sent alone PICTURE_GRACE seconds after it fell due, for the newest state."""
    import asyncio

    import cogs.publisher as publisher_module

    await table.open_game()
    game, rng, now = await table.game_id(), random.Random(3), [0.0]
    publisher = table.bot.publisher
    publisher.pictures = Throttle(every=PICTURE_EVERY, clock=lambda: now[0])
    monkeypatch.setattr(publisher_module, "PICTURE_GRACE", 0.5)
    interval = publisher.pictures.interval((game, "status"))
    await _move(table, rng)                       # drawn with this move (nothing drawn yet)
    now[0] = interval - 0.1                       # the next drawing is due in 0.1 s
    await _move(table, rng)                       # too soon: waits for its time
    now[0] = interval + 1                         # due now: the next move's edit draws it
    live, edits = table.live(), _edits_of(table, table.live())
    drawn = [a.id for a in live.attachments]
    await _move(table, rng)
    await asyncio.sleep(0.8)                      # past the time and the grace
    await table.bot.publisher.drain()
    await table.settle()
    assert _edits_of(table, live) == edits + 1                  # one edit for the move and its picture
    assert [a.id for a in table.live().attachments] != drawn    # ... which carried the new picture

    now[0] = 2 * interval + 0.9                   # due in about 0.1 s; no move follows
    await _move(table, rng)
    edits, drawn = _edits_of(table, live), [a.id for a in table.live().attachments]
    now[0] = 3 * interval
    await asyncio.sleep(0.8)
    await table.bot.publisher.drain()
    await table.settle()
    assert _edits_of(table, live) == edits + 1                  # the picture alone, after the grace
    assert [a.id for a in table.live().attachments] != drawn
