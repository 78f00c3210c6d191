"""The monsters' ops that act or wait as a card of their own says (King Tut, the Web Troll, a monster
that goes back on top of the monster deck); the monsters' moments are in engine.smashup.hooks."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.registry import Context, in_play, op
from engine.smashup.tx import Tx

in_play("tut")       # King Tut: the winners of its base discard a card after its scoring (scoring._clear_base)


@op("return_to_monster_deck_top")
def _return_to_monster_deck_top(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Ghoul: when destroyed it goes on top of the monster deck (see destroy)."""


@op("play_another_monster")
def _play_another_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Web Troll: when played, another monster comes to its base (hooks.after_monster_played)."""
