"""The side-by-side speed check against RLCard's UNO environment (issue #19: the engine's goal is
stated as a multiple of RLCard's steps per CPU second on the same machine)."""

from __future__ import annotations

import json
import sys

import pytest

from engine import versus_rlcard


def test_without_rlcard_installed_it_says_how_to_get_it_and_measures_nothing(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "rlcard", None)        # import rlcard raises ImportError
    ran = []
    monkeypatch.setattr(versus_rlcard, "ours", lambda *args: ran.append(args))
    assert versus_rlcard.main(["--rounds", "1"]) == 2
    out, err = capsys.readouterr()
    assert "pip install rlcard" in err and out == ""
    assert ran == []


def test_each_round_compares_with_that_rounds_rlcard_figure_and_the_median_is_reported(monkeypatch, capsys):
    rlcard_rates = iter([10_000, 20_000, 40_000])        # the host's speed swings between rounds
    monkeypatch.setattr(versus_rlcard, "rlcard_uno", lambda: {"steps": next(rlcard_rates), "cpu_seconds": 1.0})
    ours_rates = {"munchkin": [12_000, 24_000, 48_000], "smashup": [5_000, 10_000, 30_000]}
    monkeypatch.setattr(versus_rlcard, "ours",
                        lambda game, *rest: {"steps": ours_rates[game].pop(0), "cpu_seconds": 1.0})
    assert versus_rlcard.main(["--rounds", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [row["munchkin_ratio"] for row in result["rounds"]] == [1.2, 1.2, 1.2]
    assert [row["smashup_ratio"] for row in result["rounds"]] == [0.5, 0.5, 0.75]
    assert result["median"]["smashup_ratio"] == 0.5 and result["median"]["rlcard_uno"] == 20_000


def test_a_round_count_below_one_is_refused(capsys):
    with pytest.raises(SystemExit) as refused:
        versus_rlcard.main(["--rounds", "0"])
    assert refused.value.code == 2
    assert "--rounds must be at least 1" in capsys.readouterr().err
