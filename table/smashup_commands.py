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
from engine.smashup.effects import base_of
from engine.smashup.rules import pick_candidates, pick_options, talent_cards
from engine.smashup.state import GameState
from table.commands import resolve_card, resolve_player
from table.errors import TableError
from table.text_match import fold

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
WORD_TO_COMMAND = {fold(w): c for c, words in COMMANDS.items() for w in words}

KEYWORDS = {
    "base": ("an", "auf", "at", "on"),
    "target": ("ziel", "gegen", "target", "against"),
    "target2": ("ziel2", "und", "target2", "and"),
    "discard": ("mit", "zahle", "with", "paying"),
    "mode": ("modus", "als", "mode", "as"),
    "picks": ("auswahl", "picks"),
    "destination": ("nach", "to"),
}
WORD_TO_KEYWORD = {fold(w): k for k, words in KEYWORDS.items() for w in words}

# the plain modes a card may ask for, with their words; a faction's name is a mode too
MODE_WORDS = {
    "monster": ("monster",), "clear": ("räumen", "raeumen", "clear"), "take": ("nehmen", "take"),
    "action": ("aktion", "action"), "recycle": ("mischen", "recycle"),
}


def command_name(word: str) -> str:
    name = WORD_TO_COMMAND.get(fold(word))
    if name is None:
        raise TableError("unknown_command", word=word)
    return name


@cache
def _name_prefixes() -> frozenset[str]:
    """Every beginning (in words) of a card's, base's or faction's name, folded: "bis auf" of "Bis auf
    die Unterhose", so that a keyword inside a name stays part of it."""
    names = [n for d in designs().values() for n in (d.name_de, d.name_en)]
    names += [n for f in data().factions for n in (f.name_de, f.name_en)]
    prefixes = set()
    for name in names:
        parts = fold(name).split()
        prefixes |= {" ".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return frozenset(prefixes)


def parse_words(words: list[str]) -> dict[str, str]:
    """"Zwergen-Krieger an Tempel ziel Goblin" -> {"main": "Zwergen-Krieger", "base": "Tempel", "target": "Goblin"}.
    A keyword that continues a name ("Bis auf die Unterhose", "Nach Ihnen") is part of the name."""
    buffer: dict[str, list[str]] = {"main": []}
    current = "main"
    for token in words:
        keyword = WORD_TO_KEYWORD.get(fold(token))
        if keyword is not None and fold(" ".join([*buffer.get(current, []), token])) in _name_prefixes():
            keyword = None
        if keyword is not None:
            current = keyword
            buffer.setdefault(current, [])
            continue
        buffer.setdefault(current, []).append(token)
    return {key: " ".join(tokens) for key, tokens in buffer.items() if tokens}


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
    return resolve_card(state, [b.uid for b in state.bases], query)


def resolve_faction(query: str, offered: list[str]) -> str:
    wanted = fold(query)
    for test in (lambda n: n == wanted, lambda n: n.startswith(wanted), lambda n: wanted in n):
        hits = [f.id for f in data().factions
                if f.id in offered and any(test(fold(n)) for n in (f.id, f.name_de, f.name_en))]
        if len(hits) == 1:
            return hits[0]
    raise TableError("no_such_faction", name=query)


def resolve_mode(query: str) -> str:
    wanted = fold(query)
    for mode, words in MODE_WORDS.items():
        if wanted == mode or wanted in (fold(w) for w in words):
            return mode
    return resolve_faction(query, [f.id for f in data().factions])


def _cards(state: GameState, uids: list[str], value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(resolve_card(state, uids, part.strip()) for part in value.split(",") if part.strip())


def _need(args: dict[str, Any], key: str) -> str:
    value = args.get(key)
    if not value:
        raise TableError("missing_argument", name=key)
    return str(value)


# ---------------------------------------------------------------------- building actions
def build_action(state: GameState, me: str, name: str, args: dict[str, Any]) -> A._Action:
    """Turn a command and its arguments (names as typed, or uids) into a Smash Up action for ``me``."""
    hand = state.player(me).hand
    if name == "pick":
        if state.draft is None:
            raise TableError("draft_over")
        return A.PickFaction(actor=me, faction=resolve_faction(_need(args, "main"), state.draft.offered))
    if name == "play":
        return _play(state, me, args)
    if name == "talent":
        uid = resolve_card(state, talent_cards(state, me), _need(args, "main"))
        return A.UseTalent(actor=me, card=uid, **_choices(state, me, args, uid, base_of(state, uid)))
    if name == "finish":
        return A.FinishPlaying(actor=me)
    if name == "score":
        return A.ScoreFirst(actor=me, base=resolve_base(state, _need(args, "main")))
    if name == "special":
        uid = resolve_card(state, hand, _need(args, "main"))
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
        return A.DiscardDown(actor=me, cards=_cards(state, hand, _need(args, "main")))
    if name == "leave":
        return A.Leave(actor=me)
    if name == "choose":
        return _choose(state, me, args)
    raise TableError("not_in_smashup", word=name)


def _choose(state: GameState, me: str, args: dict[str, Any]) -> A.Choose:
    """"wählen Schild", "wählen keine", "wählen Spötterin nach Tempel": the answer to one's open choice."""
    from engine.smashup.choices import HANDLERS, NONE, YES

    decision = next((d for d in state.decisions if d.player == me and d.kind in HANDLERS), None)
    if decision is None:
        raise TableError("no_decision")
    query = _need(args, "main")
    if query in decision.options:
        return A.Choose(actor=me, decision=decision.id, option=query)
    if fold(query) in ("keine", "keins", "none", "nichts", "nothing") and NONE in decision.options:
        return A.Choose(actor=me, decision=decision.id, option=NONE)
    if fold(query) in ("ja", "yes") and YES in decision.options:
        return A.Choose(actor=me, decision=decision.id, option=YES)
    if all(state.has_player(o) for o in decision.options):      # a player (Treehouse)
        return A.Choose(actor=me, decision=decision.id, option=_resolve_pick(state, decision.options, query))
    if args.get("destination"):                    # a minion and where it goes
        pairs = [o.split(">") for o in decision.options if ">" in o]
        minion = resolve_card(state, sorted({m for m, _ in pairs}), query)
        base = resolve_card(state, sorted({b for m, b in pairs if m == minion}), args["destination"])
        return A.Choose(actor=me, decision=decision.id, option=f"{minion}>{base}")
    cards = [o for o in decision.options if o in state.card_ids]
    return A.Choose(actor=me, decision=decision.id, option=resolve_card(state, cards, query))


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
    return {"target": target, "target2": target2, "discard": _cards(state, hand, args.get("discard")), "mode": mode}


def _picks(state: GameState, me: str, args: dict[str, Any], uid: str, base: str | None) -> tuple[str, ...]:
    """"auswahl Held, Bardling": the cards an "any number of" card picks, among those it can pick."""
    if not args.get("picks"):
        return ()
    return _cards(state, pick_candidates(state, me, uid, base), args["picks"])


def _resolve_pick(state: GameState, options: list[str], query: str) -> str:
    """A pick by name: a card (or base) among the options, or a player when the card picks players."""
    if query in options:
        return query
    cards = [o for o in options if o in state.card_ids]
    if cards:
        return resolve_card(state, cards, query)
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
    uid = resolve_card(state, state.player(me).hand, _need(args, "main"))
    card = state.card(uid)
    base = resolve_base(state, args["base"]) if args.get("base") else None
    if base is None and len(state.bases) == 1:
        base = state.bases[0].uid
    if card.kind == "minion":
        if base is None:
            raise TableError("missing_argument", name="base")
        return A.PlayMinion(actor=me, card=uid, base=base, **_choices(state, me, args, uid, base, playing=True))
    if base is None and args.get("target"):     # an action on a minion: its base is the minion's
        try:
            target = resolve_card(state, in_play(state), args["target"])
            base = next((b.uid for b in state.bases if target in _uids_at(b)), None)
        except TableError:
            pass                                    # it picks something else (a player, a pile's card)
    return A.PlayAction(actor=me, card=uid, base=base, picks=_picks(state, me, args, uid, base),
                        **_choices(state, me, args, uid, base, playing=True))


def _uids_at(base) -> list[str]:
    return [u for m in (*base.minions, *base.monsters) for u in (m.uid, *m.attached)] + base.actions
