"""A card's rules in our own words, German or English, built from its data: what the numbers and
the effect vocabulary say. Cards with a named handler or ability carry their own text as well.
The phrases are in data/i18n/<lang>.yaml, section "describe"."""

from __future__ import annotations

from engine.munchkin.cards import Card, Effect
from table.i18n import counted, text


def _w(lang: str, key: str, **params) -> str:
    return text(lang, "describe", key, **params)


def effect_text(effect: Effect, lang: str) -> str:
    """One effect in words; a named handler has its own phrase ("handler_<name>")."""
    if effect.op == "handler":
        return _w(lang, f"handler_{effect.handler}", n=effect.n)
    slot = _w(lang, "slot_" + (effect.slot or "any"))
    return _w(lang, effect.op, n=effect.n, slot=slot)


# kinds whose rule is the card's whole effect (rulebooks: "Super Munchkin", "Halb-Blut",
# "Wanderndes Monster", "Steige eine Stufe auf")
KIND_EFFECTS = ("level_up", "super_munchkin", "half_breed", "wandering")


def trait_names(cards: dict[str, Card], lang: str) -> dict[str, str]:
    """What the traits of classes, races, loyalties, trainings and powers are called in a language,
    and the names of the cards by id."""
    names = {}
    for card in cards.values():
        names[card.id] = card.name_en if lang == "en" else card.name_de
        if card.kind in ("class", "race", "loyalty", "training", "power"):
            for trait in card.traits:
                names.setdefault(trait, card.name_en if lang == "en" else card.name_de)
    return names


def trait_text(trait: str, lang: str, names: dict[str, str]) -> str:
    """"class:thief" as "Dieb", "not_class:cultist" as "Nicht-Kultist", "monster:undead" as "Untote"."""
    negated = trait.startswith("not_")
    kind, _, value = trait.removeprefix("not_").partition(":")
    if kind == "sex":
        shown = _w(lang, "sex_" + value)
    elif kind in ("item", "monster"):
        shown = _w(lang, "keyword_" + value)
    elif kind == "monster_level_above":
        shown = _w(lang, "monsters_above") + value
    else:
        shown = names.get(value, value)
    return (_w(lang, "not") if negated else "") + shown


def _numbers(card: Card, lang: str, names: dict[str, str]) -> list[str]:
    parts: list[str] = []
    if card.kind == "monster":
        parts.append(f"{_w(lang, 'level')} {card.level}, {counted(lang, card.treasures, 'treasures', 'describe')}")
        if card.levels != 1:
            parts.append(f"{card.levels} {_w(lang, 'levels')}")
    elif card.bonus or card.kind in ("item", "oneshot", "enhancer"):
        parts.append(f"{_w(lang, 'bonus')} {card.bonus:+d}")
    if card.kind == "enhancer" and card.treasures:
        parts.append(f"{card.treasures:+d} {_w(lang, 'extra_treasures')}")
    if card.slot:
        parts.append(_w(lang, "slot_" + card.slot) + (f" ({_w(lang, 'big')})" if card.big else ""))
    if card.value:
        parts.append(f"{card.value} {_w(lang, 'gold')}")
    if card.rank:
        parts.append(f"{_w(lang, 'rank')} {card.rank}")
    parts += [f"{b:+d} {_w(lang, 'vs')} {trait_text(t, lang, names)}" for t, b in card.bonus_vs.items()]
    parts += [f"{b:+d} {_w(lang, 'with')} {trait_text(t, lang, names)}" for t, b in card.bonus_with.items()]
    if card.run_away or card.run_bonus:
        parts.append(f"{card.run_away + card.run_bonus:+d} {_w(lang, 'run_away')}")
    if card.no_pursue_max is not None:
        only = f" ({trait_text(card.no_pursue_only, lang, names)})" if card.no_pursue_only else ""
        parts.append(_w(lang, "no_pursue", n=card.no_pursue_max) + only)
    if card.usable_by:
        parts.append(f"{_w(lang, 'only')} " + ", ".join(trait_text(t, lang, names) for t in card.usable_by))
    return parts


def _abilities(card: Card, lang: str, names: dict[str, str]) -> list[str]:
    flags = [("wins_ties", card.wins_ties), ("helper_level", card.helper_gains_level),
             ("extra_big", card.extra_big_items > 0), ("reaches_10", card.reaches_level_10),
             ("defeats", card.defeats_monster)]
    parts = [_w(lang, key) for key, on in flags if on]
    if card.hand_limit:
        parts.append(_w(lang, "hand_limit", n=card.hand_limit))
    if card.extra_followers:
        parts.append(_w(lang, "followers", n=card.extra_followers))
    if card.bonus_per_combatant:
        parts.append(_w(lang, "per_combatant", n=card.bonus_per_combatant))
    if card.friendly_to:
        parts.append(_w(lang, "friendly") + " " + ", ".join(trait_text(t, lang, names) for t in card.friendly_to))
    if card.ally_item:
        parts.append(_w(lang, "ally_item"))
    if card.kills:
        parts.append(f"{_w(lang, 'kills')}: " + ", ".join(names.get(k, k) for k in card.kills))
    parts += [text(lang, "words", "ability_" + a) for a in card.abilities]
    shown_traits = [_w(lang, "keyword_" + t) for t in card.traits if card.kind in ("monster", "item")]
    if shown_traits:
        parts.append(f"{_w(lang, 'traits')}: " + ", ".join(shown_traits))
    return parts


def describe(card: Card, lang: str, names: dict[str, str] | None = None) -> str:
    """The numbers and abilities on one line, then bad stuff or effects. The card's own text follows."""
    names = names or {}
    parts = _numbers(card, lang, names) + _abilities(card, lang, names)
    lines = [" · ".join(parts)] if parts else []
    if card.bad_stuff:
        lines.append(f"{_w(lang, 'bad_stuff')}: " + "; ".join(effect_text(e, lang) for e in card.bad_stuff))
    if card.effects:
        line = "; ".join(effect_text(e, lang) for e in card.effects)
        lines.append(line[:1].upper() + line[1:])
    if card.on_meet:
        lines.append(f"{_w(lang, 'on_meet')}: " + "; ".join(effect_text(e, lang) for e in card.on_meet))
    if card.kind in KIND_EFFECTS:
        lines.append(_w(lang, f"kind_{card.kind}" + ("_to_10" if card.reaches_level_10 else "")))
    return "\n".join(lines)
