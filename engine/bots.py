"""Computer players of three strengths for both games, and one plain call that makes a bot's move
from a stored state (for a process pool: everything in and out is picklable)."""

from __future__ import annotations

from engine.search import LEVELS


def make_bot(game: str, player_id: str, level: str = "leicht", budget_s: float | None = None, seed: int = 0,
             iterations: int | None = None):
    """A player for a seat: ``leicht`` (a simple heuristic), ``mittel`` (a better one) or ``schwer``
    (a search with ``budget_s`` seconds per decision, or ``iterations`` rounds)."""
    if level not in LEVELS:
        from engine.core.errors import IllegalAction

        raise IllegalAction("unknown_bot_level", level=level)
    if game == "smashup":
        from engine.smashup.bot import player
    else:
        from engine.munchkin.bot import player
    return player(player_id, level, budget_s=budget_s, seed=seed, iterations=iterations)


def decide(game: str, state_json: str, player_id: str, level: str = "leicht", budget_s: float | None = None,
           seed: int = 0, memory: dict | None = None) -> tuple[str | None, dict]:
    """The bot's move as action JSON (None when it has nothing to do now) and what it remembers for
    its next call. A plain function of its arguments, to run in a worker process off the event loop;
    the caller keeps ``memory`` per seat and passes it back (a Munchkin bot remembers whom it already
    asked for help in this fight, so that a refusal is not asked again)."""
    from engine.games import rules_of

    rules = rules_of(game)
    bot = make_bot(game, player_id, level, budget_s, seed)
    heuristic = getattr(bot, "guide", bot)
    if memory is not None and hasattr(heuristic, "asked"):
        heuristic.asked = memory
    move = bot.choose(rules.load_state(state_json))
    return (None if move is None else rules.dump_action(move)), getattr(heuristic, "asked", {})


def start_search_worker() -> None:
    """A search worker's start (the process pool's initializer): both games' rules and bots imported
    once, then set aside from the garbage collector, as the bot's own process does."""
    from engine import games as _games  # noqa: F401
    from engine.core.process import freeze_startup_objects
    from engine.munchkin import bot as _munchkin_bot  # noqa: F401
    from engine.smashup import bot as _smashup_bot  # noqa: F401

    freeze_startup_objects()
