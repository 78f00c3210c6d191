"""The load benchmark (cogs.loadbench) itself: a short run through its command line plays moves in
several games at once, answers every interaction, and reports what the README's Tools table names."""

from __future__ import annotations

import json

from cogs import loadbench

REPORTED = {"response_p50_ms", "response_p99_ms", "publish_p99_ms", "requests_per_move",
            "peak_edits_per_message_per_s", "unanswered"}


def test_a_short_load_run_answers_every_interaction_and_keeps_each_message_to_one_edit_a_second(capsys):
    assert loadbench.main(["--games", "3", "--moves", "4", "--latency-ms", "20", "--think-ms", "100",
                           "--rate-limited", "0.3", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(report) >= REPORTED
    assert report["moves"] >= 6 and report["unanswered"] == 0 and report["refused"] == 0
    assert report["rate_limited"] > 0                       # the simulated Discord did answer some with 429
    assert report["peak_edits_per_message_per_s"] <= 1     # the publisher's pace held through them
    assert report["response_p50_ms"] >= 20                  # every answer went over the simulated network
