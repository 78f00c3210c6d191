"""Smash Up – Munchkin's command words, shared by the console table and the slash commands, and
turning them into engine actions. German words first; the English ones are accepted too.

    fraktion Zwerge
    spielen Zwergen-Krieger an Tempel ziel Goblin mit Schild,Dolch modus monster
    spielen Schlachtruf ziel Großfuß und Spötterin         (a second pick: "und" / "ziel2")
    talent Zauberer ziel Orks
    werten Tempel · extra Ich zuerst · passen · fertig · ablegen Karte,Karte
    spielen Verzogene Gören auswahl Held, Bardling · wählen Schild · wählen keine · wählen Spötterin nach Tempel
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.smashup import actions as A
from engine.smashup.cards import data, designs
from engine.smashup.rules import is_legal
from engine.smashup.state import GameState
from engine.smashup.targets import base_of
from engine.smashup.turn import pick_candidates, pick_options, talent_cards
from table.errors import TableError
from table.text_match import fold
from table.words import (
    Args,
    WordTable,
    copies_named,
    first_that_acts,
    match_name,
    need,
    resolve_card,
    resolve_player,
    split_cards,
    worded_answer,
)

COMMANDS: dict[str, tuple[str, ...]] = {
    "pick": ("fraktion", "faction", "pick"),
    "play": ("spielen", "spiele", "play", "kreatur", "minion", "aktion", "action"),
    "talent": ("talent",),
    "finish": ("fertig", "ende", "zugende", "done", "end"),
    "score": ("werten", "wertung", "score"),
    "special": ("extra", "spezial", "special"),
    "pass": ("passen", "pass"),
    "discard": ("ablegen", "abwerfen", "discard"),
    "choose": ("wählen", "waehlen", "wahl", "choose"),
    "leave": ("verlassen", "leave"),
    "hand": ("hand",),
    "status": ("status", "tisch", "basen", "table", "bases"),
    "help": ("befehle", "hilfe", "commands", "help"),
    "rule": ("regel", "rule"),
    "card": ("karte", "card"),
}

KEYWORDS = {
    "base": ("an", "auf", "at", "on"),
    "target": ("ziel", "gegen", "target", "against"),
    "target2": ("ziel2", "und", "target2", "and"),
    "discard": ("mit", "zahle", "with", "paying"),
    "mode": ("modus", "als", "mode", "as"),
    "picks": ("auswahl", "picks"),
    "destination": ("nach", "to"),
}


@cache
def names() -> frozenset[str]:
    """Every card's, base's and faction's name, folded: a keyword inside one stays part of it."""
    found = [n for d in designs().values() for n in (d.name_de, d.name_en)]
    found += [n for f in data().factions for n in (f.name_de, f.name_en)]
    return frozenset(fold(n) for n in found)


WORDS = WordTable(COMMANDS, KEYWORDS, frozenset(), names)

# the slash commands both games share (/zugende, /wählen), by the Smash Up command they mean
SHARED_COMMANDS = {"end": "finish", "choose": "pick"}

# the plain modes a card may ask for, with their words; a faction's name is a mode too
MODE_WORDS = {
    "monster": ("monster",), "clear": ("räumen", "raeumen", "clear"), "take": ("nehmen", "take"),
    "action": ("aktion", "action"), "recycle": ("mischen", "recycle"),
}


def command_name(word: str) -> str:
    return WORDS.command_name(word)


def parse_words(words: list[str]) -> Args:
    """"Zwergen-Krieger an Tempel ziel Goblin" -> {"main": "Zwergen-Krieger", "base": "Tempel", "target": "Goblin"}.
    A keyword inside a name ("Bis auf die Unterhose", "Nach Ihnen") is part of the name."""
    return WORDS.parse(words)


# ---------------------------------------------------------------------- resolving names
def in_play(state: GameState) -> list[str]:
    """Every card at a base that a card can pick: minions, monsters, what is played on them or the base."""
    found: list[str] = []
    for base in state.bases:
        for minion in (*base.minions, *base.monsters):
            found += [minion.uid, *minion.attached]
        found += base.actions
    return found


def targets(state: GameState) -> list[str]:
    """What a card can pick: a card in play, or a base (a destination for a move)."""
    return [*in_play(state), *(b.uid for b in state.bases)]


def resolve_base(state: GameState, query: str) -> str:
    return resolve_card(state, [b.uid for b in state.bases], query, "bases")


def resolve_faction(query: str, offered: list[str]) -> str:
    hits = match_name(query, {f.id: (f.id, f.name_de, f.name_en) for f in data().factions if f.id in offered})
    if len(hits) == 1:
        return hits[0]
    raise TableError("no_such_faction", name=query, factions=list(offered))


def resolve_mode(query: str) -> str:
    wanted = fold(query)
    for mode, words in MODE_WORDS.items():
        if wanted == mode or wanted in (fold(w) for w in words):
            return mode
    return resolve_faction(query, [f.id for f in data().factions])



# ---------------------------------------------------------------------- building actions
def build_action(state: GameState, me: str, name: str, args: dict[str, Any]) -> A._Action:
    """Turn a command and its arguments (names as typed, or uids) into a Smash Up action for ``me``."""
    hand = state.player(me).hand
    if name == "pick":
        if state.draft is None:
            raise TableError("draft_over")
        return A.PickFaction(actor=me, faction=resolve_faction(need(args, "main", "faction"), state.draft.offered))
    if name == "play":
        return _play(state, me, args)
    if name == "talent":
        copies = copies_named(state, talent_cards(state, me), need(args, "main", "talent_card"), "talents")
        return first_that_acts(copies, lambda uid: A.UseTalent(actor=me, card=uid, **_choices(
            state, me, args, uid, base_of(state, uid))), lambda action: is_legal(state, action))
    if name == "finish":
        return A.FinishPlaying(actor=me)
    if name == "score":
        return A.ScoreFirst(actor=me, base=resolve_base(state, need(args, "main", "base")))
    if name == "special":
        uid = resolve_card(state, hand, need(args, "main", "special"), "hand")
        base = resolve_base(state, args["base"]) if args.get("base") else None
        where = base or (state.scoring.base if state.scoring else None)
        chosen = _choices(state, me, args, uid, where)
        return A.PlaySpecial(actor=me, card=uid, target=chosen["target"], target2=chosen["target2"], base=base,
                             picks=_picks(state, me, args, uid, where))
    if name == "pass":
        if state.scoring is None:
            raise TableError("no_specials_round")
        return A.PassSpecial(actor=me, window=state.scoring.window)
    if name == "discard":
        return A.DiscardDown(actor=me, cards=split_cards(state, hand, need(args, "main", "cards"), "hand"))
    if name == "leave":
        return A.Leave(actor=me)
    if name == "choose":
        return _choose(state, me, args)
    raise TableError("not_in_smashup", word=name)


# the words that answer a choice with "none": nothing picked, or a "may" declined


def _choose(state: GameState, me: str, args: dict[str, Any]) -> A.Choose:
    """"wählen Schild", "wählen keine", "wählen Spötterin nach Tempel": the answer to one's open choice."""
    from engine.smashup.choices import HANDLERS

    decision = next((d for d in state.decisions if d.player == me and d.kind in HANDLERS), None)
    if decision is None:
        raise TableError("no_decision")
    query = need(args, "main", "choice")
    if query in decision.options:
        return A.Choose(actor=me, decision=decision.id, option=query)
    worded = worded_answer(decision, query)
    if worded is not None:
        return A.Choose(actor=me, decision=decision.id, option=worded)
    if all(state.has_player(o) for o in decision.options):      # a player (Treehouse)
        return A.Choose(actor=me, decision=decision.id, option=_resolve_pick(state, decision.options, query))
    if args.get("destination"):                    # a minion and where it goes
        pairs = [o.split(">") for o in decision.options if ">" in o]
        minion = resolve_card(state, sorted({m for m, _ in pairs}), query, "options")
        base = resolve_card(state, sorted({b for m, b in pairs if m == minion}), args["destination"], "options")
        return A.Choose(actor=me, decision=decision.id, option=f"{minion}>{base}")
    if any("|" in o for o in decision.options):
        return A.Choose(actor=me, decision=decision.id, option=_where_to_play(state, decision.options, query, args))
    cards = [o for o in decision.options if o in state.card_ids]
    return A.Choose(actor=me, decision=decision.id, option=resolve_card(state, cards, query, "options"))


def _where_to_play(state: GameState, options: list[str], query: str, args: dict[str, Any]) -> str:
    """"wählen Tempel ziel Goblin": an option "base|target|target2" of a card played at once."""
    plays = [o.split("|") for o in options if "|" in o]
    base = resolve_card(state, sorted({p[0] for p in plays}), query, "options")
    fitting = [p for p in plays if p[0] == base]
    if args.get("target"):
        target = resolve_card(state, sorted({p[1] for p in fitting if p[1]}), args["target"], "options")
        fitting = [p for p in fitting if p[1] == target]
    return "|".join(fitting[0])


def _choices(state: GameState, me: str, args: dict[str, Any], uid: str, base: str | None,
             playing: bool = False) -> dict[str, Any]:
    """The picks, the cards paid and the mode a card's ability asks for; picks are looked up among
    what the card can pick (a card in play, a base, a treasure in a pile), else among all in play."""
    hand = state.player(me).hand
    target = target2 = None
    if args.get("target"):
        target = _resolve_pick(state, _options(state, me, uid, base, None, playing) or targets(state), args["target"])
    if args.get("target2"):
        options = _options(state, me, uid, base, target, playing) or targets(state)
        target2 = _resolve_pick(state, options, args["target2"])
    mode = resolve_mode(args["mode"]) if args.get("mode") else None
    discard = split_cards(state, hand, args.get("discard"), "hand")
    return {"target": target, "target2": target2, "discard": discard, "mode": mode}


def _picks(state: GameState, me: str, args: dict[str, Any], uid: str, base: str | None) -> tuple[str, ...]:
    """"auswahl Held, Bardling": the cards an "any number of" card picks, among those it can pick."""
    if not args.get("picks"):
        return ()
    return split_cards(state, pick_candidates(state, me, uid, base), args["picks"], "options")


def _resolve_pick(state: GameState, options: list[str], query: str) -> str:
    """A pick by name: a card (or base) among the options, or a player when the card picks players."""
    if query in options:
        return query
    cards = [o for o in options if o in state.card_ids]
    if cards:
        return resolve_card(state, cards, query, "options")
    player = resolve_player(state, query)
    if player not in options:
        raise TableError("no_such_player", name=query)
    return player


def _options(state: GameState, me: str, uid: str, base: str | None, first: str | None, playing: bool) -> list[str]:
    try:
        return pick_options(state, me, uid, base, first=first, playing=playing)
    except KeyError:          # a card that needs a base, asked without one: any card in play will do
        return []


def _play(state: GameState, me: str, args: dict[str, Any]) -> A._Action:
    """A minion goes to a base; an action names a base when it is played on one or affects one."""
    uid = resolve_card(state, state.player(me).hand, need(args, "main", "card"), "hand")
    card = state.card(uid)
    base = resolve_base(state, args["base"]) if args.get("base") else None
    if base is None and len(state.bases) == 1:
        base = state.bases[0].uid
    if card.kind == "minion":
        if base is None:
            raise TableError("missing_argument", what="base")
        return A.PlayMinion(actor=me, card=uid, base=base, **_choices(state, me, args, uid, base, playing=True))
    if base is None and args.get("target"):     # an action on a minion: its base is the minion's
        try:
            target = resolve_card(state, in_play(state), args["target"], "in_play")
            base = next((b.uid for b in state.bases if target in _uids_at(b)), None)
        except TableError:
            pass                                    # it picks something else (a player, a pile's card)
    return A.PlayAction(actor=me, card=uid, base=base, picks=_picks(state, me, args, uid, base),
                        **_choices(state, me, args, uid, base, playing=True))


def _uids_at(base) -> list[str]:
    return [u for m in (*base.minions, *base.monsters) for u in (m.uid, *m.attached)] + base.actions
