"""How much of the card file the engine plays: ``python -m engine.cards`` counts a card as automated
when the engine plays it and a test exercises its ability (data/smashup/card_tests.yaml)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.smashup.cards import Design, card_tests, data
from engine.smashup.turn import playable


def automated(card) -> bool:
    """Played by the engine and proved so: a test exercises its ability (data/smashup/card_tests.yaml)."""
    return playable(card) and card.id in card_tests()


def smashup_report() -> dict:
    d = data()
    count: Counter[str] = Counter()
    groups: dict[str, Sequence[Design]] = {"faction_cards": d.cards, "bases": d.bases, "monsters": d.monsters,
                                          "treasures": d.treasures}
    report: dict = {}
    not_automated = []
    for name, cards in groups.items():
        copies = sum(getattr(c, "count", 1) for c in cards)
        report[name] = copies
        for card in cards:
            n = getattr(card, "count", 1)
            count[card.provenance.origin] += n
            count["automated" if automated(card) else "not_automated"] += n
            if not automated(card):
                not_automated.append(card.id)
    report["factions"] = len(d.factions)
    report["cards"] = sum(report[g] for g in groups)
    report.update(official=count["official"], partly_ours=count["partly_ours"], ours=count["ours"],
                  automated=count["automated"],
                  automated_share=round(count["automated"] / report["cards"], 3),
                  not_automated=sorted(not_automated))
    return report
