"""Smash Up's own numbers for the end-of-game summary (table/history.py): each base scored with
the VP it gave (rulebook "Die große Wertung"), and everybody's victory points at the end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from table.i18n import text

if TYPE_CHECKING:
    from table.render import Namer


class SmashUpTally:
    def __init__(self) -> None:
        self.scored: list[tuple[str, dict[str, int]]] = []     # (base design, player -> VP)

    def add(self, before: Any, events: list, after: Any) -> None:
        self.scored += [(e.params["base"], dict(e.params.get("vp", {}))) for e in events if e.kind == "base_scored"]

    def lines(self, state: Any, namer: Namer) -> list[str]:
        lang = namer.lang
        lines = [text(lang, "history", "summary_bases", count=len(self.scored))]
        for base, vp in self.scored:
            points = ", ".join(f"{namer.player(p)} +{n}" for p, n in sorted(vp.items(), key=lambda item: -item[1]))
            lines.append(text(lang, "history", "summary_base", base=namer.card(base),
                              points=points or text(lang, "history", "summary_no_points")))
        standings = ", ".join(f"{namer.player(p.id)} {p.vp}" for p in sorted(state.players, key=lambda p: -p.vp))
        lines.append(text(lang, "history", "summary_vp", standings=standings))
        return lines
