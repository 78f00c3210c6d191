"""Running the bot as a service (issue #39): a graceful stop on SIGTERM loses no move and leaves no
interaction unanswered; /healthz, /readyz and /metrics answer what an operator asks; errors are one
searchable line with their error id and game id, as text or JSON; a mistake in these settings stops
the start in one line."""

from __future__ import annotations

import io
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestServer

from cogs.health import application, discord_trace
from table.logs import JsonFormatter, log_error
from table.metrics import Metrics, route_of
from tests.simcord_table import Table

ROOT = Path(__file__).resolve().parents[1]


def test_sigterm_in_the_middle_of_the_load_benchmark_loses_no_move_and_answers_every_interaction():
    run = subprocess.run([sys.executable, "-m", "cogs.loadbench", "--games", "12", "--moves", "8", "--think-ms", "300",
                          "--latency-ms", "50", "--stop-after", "3", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["stopped_by_sigterm"] and report["moves"] > 0
    assert report["unanswered"] == 0                   # before and during the stop
    assert report["told_to_wait"] > 0                  # players kept clicking while it stopped, and heard so
    assert report["lost_moves"] == 0
    assert report["replayed"] > 0 and report["replayed_clean"] == report["replayed"]


async def _scrape(table: Table, path: str) -> tuple[int, str]:
    server = TestServer(application(table.bot), host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession() as session, session.get(server.make_url(path)) as response:
            return response.status, await response.text()
    finally:
        await server.close()


def _value(page: str, name: str) -> float:
    """The sum of a metric's samples on a scraped page."""
    return sum(float(line.rsplit(" ", 1)[1]) for line in page.splitlines()
               if line.startswith(name) and not line.startswith("#") and line[len(name)] in " {")


async def test_the_metrics_page_shows_the_actions_answers_and_games_of_a_played_game(table: Table):
    await table.open_game()
    state = await table.state()
    await table.member(state.active_player.id).slash(table.channel, "tuer")
    await table.settle()
    status, page = await _scrape(table, "/metrics")
    assert status == 200
    assert _value(page, "spielleiter_actions_total") >= 1
    assert _value(page, "spielleiter_action_seconds_count") == _value(page, "spielleiter_actions_total")
    # neu, beitreten, beitreten, start, tuer: each answered once, and timed from its arrival
    assert _value(page, "spielleiter_interaction_first_answer_seconds_count") >= 5
    assert _value(page, "spielleiter_games_in_memory") == 1
    assert _value(page, "spielleiter_publish_queue_depth") == 0       # everything published by now
    for name in ("spielleiter_actions_per_second", "spielleiter_event_loop_lag_seconds",
                 "spielleiter_store_busy_retries_total", "spielleiter_scheduler_lag_seconds_count",
                 "spielleiter_stopping"):
        assert f"\n{name}" in page, name


async def test_healthz_says_alive_and_readyz_reports_the_store_and_the_stop(table: Table):
    await table.open_game()
    status, body = await _scrape(table, "/healthz")
    assert status == 200 and json.loads(body)["status"] == "alive"
    status, body = await _scrape(table, "/readyz")
    report = json.loads(body)
    assert report["store"] is True and report["taking_moves"] is True
    assert status == (200 if report["gateway"] else 503)
    table.bot.stopping = True
    try:
        status, body = await _scrape(table, "/readyz")
    finally:
        table.bot.stopping = False
    assert status == 503 and json.loads(body)["taking_moves"] is False


async def test_an_interaction_while_the_bot_stops_is_told_to_come_back_and_changes_nothing(table: Table):
    await table.open_game()
    state = await table.state()
    table.bot.stopping = True
    try:
        result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    finally:
        table.bot.stopping = False
    assert result.ephemeral and "restarting" in result.response.content
    assert (await table.state()).model_dump_json() == state.model_dump_json()


async def test_discord_rate_limits_and_server_errors_are_counted_by_route(table: Table):
    """The bot's aiohttp trace sees every answer of the API, also the ones discord.py retries."""
    async def answer(request: web.Request) -> web.Response:
        return web.Response(status=int(request.query["status"]))

    app = web.Application()
    app.router.add_route("*", "/api/v10/channels/{channel}/messages/{message}", answer)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server()
    try:
        async with aiohttp.ClientSession(trace_configs=[discord_trace(table.bot)]) as session:
            for status in (429, 429, 503, 200, 404):
                url = server.make_url(f"/api/v10/channels/123456789012/messages/987654321098?status={status}")
                async with session.patch(url):
                    pass
    finally:
        await server.close()
    page = table.bot.table.metrics.render().decode()
    route = 'route="PATCH /channels/{id}/messages/{id}"'
    assert f'spielleiter_discord_responses_failed_total{{{route},status="429"}} 2.0' in page
    assert f'spielleiter_discord_responses_failed_total{{{route},status="503"}} 1.0' in page
    assert 'status="200"' not in page and 'status="404"' not in page


def test_routes_name_no_ids_or_tokens():
    assert route_of("POST", "/api/v10/interactions/1234567890123/aW50ZXJhY3Rpb24.x-y/callback") == \
        "POST /interactions/{id}/{token}/callback"
    assert route_of("PATCH", "/api/v10/webhooks/1234567890123/tok.en/messages/@original") == \
        "PATCH /webhooks/{id}/{token}/messages/@original"


def test_actions_per_second_count_the_last_minute_only():
    now = [1000.0]
    metrics = Metrics(clock=lambda: now[0])
    for _ in range(30):
        metrics.action_done("munchkin", "interaction", 0.002)
    assert metrics.actions_per_second() == 0.5
    now[0] += 61
    assert metrics.actions_per_second() == 0.0


def test_an_error_is_one_searchable_line_with_its_error_id_and_game_id_as_text_and_as_json():
    logger = logging.getLogger("spielleiter.test_operations")
    text_out, json_out = io.StringIO(), io.StringIO()
    text_handler, json_handler = logging.StreamHandler(text_out), logging.StreamHandler(json_out)
    text_handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    json_handler.setFormatter(JsonFormatter())
    logger.addHandler(text_handler)
    logger.addHandler(json_handler)
    try:
        try:
            raise RuntimeError("the table fell over")
        except RuntimeError:
            error_id = log_error(logger, "publishing version %s failed", 12, game_id=17)
    finally:
        logger.removeHandler(text_handler)
        logger.removeHandler(json_handler)
    first = text_out.getvalue().splitlines()[0]
    assert first == f"ERROR error {error_id} game=17: publishing version 12 failed"
    lines = json_out.getvalue().splitlines()
    assert len(lines) == 1                            # the traceback inside the one line
    entry = json.loads(lines[0])
    assert entry["error_id"] == error_id and entry["game_id"] == 17 and entry["level"] == "ERROR"
    assert "the table fell over" in entry["traceback"]


def _start(**env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "bot.py", "--check-commands", "--lang", "en"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env={**os.environ, "DISCORD_TOKEN": "", **env})


def test_a_bad_log_format_or_health_port_stops_the_start_in_one_line():
    for setting, value, expected in (("LOG_FORMAT", "xml", "text or json"), ("HEALTH_PORT", "٣", "0 to 65535"),
                                     ("HEALTH_PORT", "70000", "0 to 65535")):
        run = _start(**{setting: value})
        assert run.returncode == 2, (setting, value, run.stderr)
        assert run.stderr.count("\n") == 1 and expected in run.stderr and "Traceback" not in run.stderr
