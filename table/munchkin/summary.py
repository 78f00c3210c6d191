"""Munchkin's own numbers for the end-of-game summary (table/history.py): the fights and who won
them, who helped whom, and the biggest monster killed. Counted from the replayed log: each fight
starts with "combat_started", a helper joins with "helper_joined", a fight is won with
"combat_won" (the monsters then in the fight are killed: Cthulhu l.164, l.218)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from table.i18n import text

if TYPE_CHECKING:
    from table.render import Namer


class MunchkinTally:
    def __init__(self) -> None:
        self.fights: Counter[str] = Counter()          # fighter -> fights
        self.won: Counter[str] = Counter()             # fighter -> fights won
        self.helped: Counter[tuple[str, str]] = Counter()   # (helper, fighter) -> times
        self.biggest: tuple[int, str, str] | None = None    # (level, monster uid, killer)

    def add(self, before: Any, events: list, after: Any) -> None:
        for event in events:
            params = event.params
            if event.kind == "combat_started":
                self.fights[params["fighter"]] += 1
            elif event.kind == "helper_joined":
                self.helped[(params["helper"], params["fighter"])] += 1
            elif event.kind == "combat_won":
                self.won[params["fighter"]] += 1
                self._killed(before, params["fighter"])

    def _killed(self, before: Any, fighter: str) -> None:
        if before.combat is None:
            return
        for monster in before.combat.monsters:
            level = before.card(monster.uid).level
            if self.biggest is None or level > self.biggest[0]:
                self.biggest = (level, monster.uid, fighter)

    def lines(self, state: Any, namer: Namer) -> list[str]:
        lang = namer.lang
        total = sum(self.fights.values())
        lines = [text(lang, "history", "summary_fights", count=total, won=sum(self.won.values()))]
        lines += [text(lang, "history", "summary_fighter", player=namer.player(p), count=n, won=self.won[p])
                  for p, n in self.fights.most_common()]
        lines += [text(lang, "history", "summary_helped", helper=namer.player(h), fighter=namer.player(f), n=n)
                  for (h, f), n in self.helped.most_common()]
        if not self.helped:
            lines.append(text(lang, "history", "summary_nobody_helped"))
        if self.biggest is None:
            lines.append(text(lang, "history", "summary_no_kill"))
        else:
            level, uid, killer = self.biggest
            lines.append(text(lang, "history", "summary_biggest", monster=namer.card(uid), level=level,
                              player=namer.player(killer)))
        return lines
