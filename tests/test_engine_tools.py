"""The simulator's timing options and engine.bench: skipping the invariants changes no game, and the
per-phase costs add up to the whole."""

from __future__ import annotations

from engine import bench, sim
from engine.munchkin.state import Options


def test_no_invariants_plays_the_same_games_and_reports_cpu_time():
    with_checks = sim.run("munchkin", 3, 2, 4, ("testdeck",), Options())
    without = sim.run("munchkin", 3, 2, 4, ("testdeck",), Options(), checks=False)
    assert (without["actions"], without["turns"], without["finished"]) == \
        (with_checks["actions"], with_checks["turns"], with_checks["finished"])
    assert with_checks["invariants"] and not without["invariants"]
    assert without["actions_per_cpu_second"] > 0 and without["cpu_seconds"] > 0


def test_bench_splits_the_cpu_time_into_phases():
    report = bench.measure("smashup", 2, 1, 3, ("smashup",), Options())
    assert report["actions"] > 0
    parts = sum(report[p]["cpu_seconds"] for p in (*bench.PHASES, "other"))
    assert abs(parts - report["cpu_seconds"]) < 0.01
    assert report["legal"]["cpu_seconds"] > 0 and report["apply"]["cpu_seconds"] > 0


def test_the_simulator_sets_its_startup_objects_aside_from_the_garbage_collector():
    """engine.core.process: the card designs loaded before the clock starts are frozen, so full
    collections during the games do not walk them again (the figures of engine.sim count on it)."""
    import gc

    from engine.smashup.cards import designs

    gc.unfreeze()
    try:
        sim.prepare("smashup", ("smashup",))
        frozen = gc.get_freeze_count()
        assert frozen > 1_000
        assert all(not any(design is seen for seen in gc.get_objects(generation=2))
                   for design in list(designs().values())[:3])
    finally:
        gc.unfreeze()


def test_the_digest_is_the_same_for_the_same_games_and_differs_for_others():
    """Issue #35 (move first with the simulator's games unchanged): --digest hashes every listing,
    move, state and event, so the same seed gives the same digest and another seed another one."""
    first = sim.run("smashup", 2, 2, 7, (), Options(), digest=True)["digest"]
    assert sim.run("smashup", 2, 2, 7, (), Options(), digest=True)["digest"] == first
    assert sim.run("smashup", 2, 2, 8, (), Options(), digest=True)["digest"] != first
    assert "digest" not in sim.run("smashup", 2, 1, 7, (), Options())
