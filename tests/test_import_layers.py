"""The project's modules depend downwards (issue #14, "One room per game"): no import circle inside
the Munchkin engine, none across folders anywhere. The graph is read from the source
(tests/import_graph.py), imports inside functions included, so a circle cannot hide in one."""

from __future__ import annotations

import pytest

from engine.munchkin.abilities import ABILITIES
from engine.munchkin.cards import ABILITY_NAMES, HANDLER_NAMES
from engine.munchkin.registry import handler
from engine.munchkin.registry_load import HANDLERS
from tests.import_graph import ROOT, circles, import_graph, imports_inside_functions, project_modules


def _named(found: list[list[str]]) -> str:
    return "; ".join(" <-> ".join(group) for group in found)


def test_no_import_circle_inside_the_munchkin_engine():
    graph = import_graph()
    munchkin = {m: {t for t in targets if t.startswith("engine.munchkin")}
                for m, targets in graph.items() if m.startswith("engine.munchkin")}
    found = circles(munchkin)
    assert not found, f"modules of engine/munchkin import each other: {_named(found)}"


def test_no_import_circle_inside_the_smash_up_engine():
    """Issue #35: engine/smashup's modules depend downwards (cards, state, tx, registry, power, targets,
    choices, hooks, the card ops, turn, scoring, rules, listing), so each card and each mechanic has
    one place."""
    graph = import_graph()
    smashup = {m: {t for t in targets if t.startswith("engine.smashup")}
               for m, targets in graph.items() if m.startswith("engine.smashup")}
    found = circles(smashup)
    assert not found, f"modules of engine/smashup import each other: {_named(found)}"


# engine/smashup's rules from the bottom up (issue #35, point 1): the turn's phases, the scoring, the
# dispatch (validate, apply), the legal moves (listed as what validate lets go); each module imports
# only those before it
SMASHUP_RULES = ("turn", "scoring", "rules", "listing")
# what they stand on (the cards, the state and each mechanic): none of these imports any of them
SMASHUP_BELOW = ("actions", "cards", "state", "tx", "registry", "power", "targets", "choices", "hooks", "ops")


def _upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """The imports that break SMASHUP_RULES' order, or reach up from SMASHUP_BELOW into it."""
    layer = {f"engine.smashup.{name}": i for i, name in enumerate(SMASHUP_RULES)}
    wrong = [f"{module} -> {target}" for module, i in layer.items() for target in sorted(graph.get(module, ()))
             if layer.get(target, -1) > i]
    below = tuple(f"engine.smashup.{name}" for name in SMASHUP_BELOW)
    for module, targets in sorted(graph.items()):
        if module in below or module.startswith(tuple(f"{b}." for b in below)):
            wrong += [f"{module} -> {target}" for target in sorted(targets) if target in layer]
    return wrong


def test_the_smash_up_rules_are_layered_turn_scoring_rules_listing():
    """Issue #35, point 1: turn (playing cards, talents, the end of the turn) imports none of scoring,
    rules, listing; scoring (the breakpoints, the rounds of specials, VP, loot) none of rules and
    listing; rules (the dispatch) not listing; and the cards' and mechanics' modules none of the four."""
    graph = import_graph()
    assert all(f"engine.smashup.{name}" in graph for name in SMASHUP_RULES)
    wrong = _upward_imports(graph)
    assert not wrong, "imports against the order turn, scoring, rules, listing: " + ", ".join(wrong)


def test_the_layer_check_sees_an_import_upwards():
    """The check above would fail: turn importing rules, and hooks importing scoring, are found."""
    graph = {"engine.smashup.turn": {"engine.smashup.rules", "engine.smashup.hooks"},
             "engine.smashup.listing": {"engine.smashup.rules", "engine.smashup.turn"},
             "engine.smashup.hooks": {"engine.smashup.scoring"}, "engine.smashup.ops.orcs": {"engine.smashup.hooks"}}
    assert _upward_imports(graph) == ["engine.smashup.turn -> engine.smashup.rules",
                                      "engine.smashup.hooks -> engine.smashup.scoring"]


def test_no_import_inside_a_function_in_the_smash_up_engine():
    """Issue #35: an import inside a function is how a circle hides; engine/smashup has none."""
    found = [f"{path.relative_to(ROOT)}:{line}" for path, line in imports_inside_functions(ROOT / "engine" / "smashup")]
    assert not found, "imports inside functions: " + ", ".join(found)


def test_the_checks_see_a_circle_and_an_import_inside_a_function(tmp_path):
    """The two checks above would fail: a module importing inside a function is found, and two modules
    that import each other are a circle."""
    package = tmp_path / "engine" / "smashup"
    package.mkdir(parents=True)
    for init in (tmp_path / "engine" / "__init__.py", package / "__init__.py"):
        init.write_text("")
    (package / "low.py").write_text("import os\n\n\ndef f():\n    from engine.smashup.high import g\n    return g\n")
    (package / "high.py").write_text("from engine.smashup.low import f\n\n\ndef g():\n    return f\n")
    for folder in ("table", "cogs"):
        (tmp_path / folder).mkdir()
    (tmp_path / "bot.py").write_text("")
    assert [(path.name, line) for path, line in imports_inside_functions(package)] == [("low.py", 5)]
    assert circles(import_graph(tmp_path)) == [["engine.smashup.high", "engine.smashup.low"]]


def test_no_import_circle_between_folders():
    """Modules of one folder may lean on each other; an import from another folder that closes a
    circle means two layers know each other."""
    graph, where = import_graph(), project_modules()
    crossing = []
    for group in circles(graph):
        members = set(group)
        crossing += [f"{a} -> {b}" for a in group for b in sorted(graph[a] & members)
                     if where[a].parent != where[b].parent]
    assert not crossing, "imports across folders inside a circle: " + ", ".join(crossing)


def test_the_graph_sees_imports_inside_functions_and_relative_ones(tmp_path):
    """The helper itself: a function-level import and a relative one are edges, and the circle they
    close is found."""
    package = tmp_path / "engine"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from engine.high import g\n")
    (package / "high.py").write_text("from .low import f\n")
    (tmp_path / "bot.py").write_text("import engine.low\n")
    for folder in ("table", "cogs"):
        (tmp_path / folder).mkdir()
    graph = import_graph(tmp_path)
    assert graph["engine.low"] == {"engine.high"} and graph["engine.high"] == {"engine.low"}
    assert graph["bot"] == {"engine.low"}
    assert circles(graph) == [["engine.high", "engine.low"]]


def test_every_handler_and_ability_the_card_data_may_name_is_there():
    """cards.py lists the names a card may give (so reading a card needs no engine code); the engine
    registers a function under each of them, and under no other."""
    assert set(HANDLERS) == HANDLER_NAMES
    assert set(ABILITIES) == ABILITY_NAMES


def test_a_handler_under_a_name_no_card_may_give_is_refused():
    with pytest.raises(ValueError, match="HANDLER_NAMES"):
        handler("lose_nothing_at_all")
