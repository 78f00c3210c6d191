"""The command words shared by the console table and the slash commands, and turning a command with
its arguments into an engine action. German words first; the English names are accepted too."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.munchkin import actions as A
from engine.munchkin.character import owned_in_play
from engine.munchkin.state import GameState
from table.errors import TableError
from table.text_match import fold

# canonical command -> words that name it (German first)
COMMANDS: dict[str, tuple[str, ...]] = {
    "door": ("tür", "tuer", "door", "kick"),
    "trouble": ("ärger", "aerger", "trouble"),
    "loot": ("plündern", "pluendern", "loot"),
    "end": ("ende", "zugende", "end"),
    "play": ("spielen", "spiele", "play"),
    "equip": ("ausrüsten", "ausruesten", "equip"),
    "backpack": ("rucksack", "backpack"),
    "discard": ("ablegen", "discard"),
    "sell": ("verkaufen", "sell"),
    "trade": ("handeln", "trade"),
    "ask": ("bitten", "ask"),
    "offer": ("anbieten", "offer"),
    "pass": ("passen", "pass"),
    "run": ("weglaufen", "run"),
    "accept": ("annehmen", "accept"),
    "decline": ("ablehnen", "decline"),
    "choose": ("wahl", "wählen", "waehlen", "choose"),
    "leave": ("verlassen", "leave"),
    "ability": ("fähigkeit", "faehigkeit", "ability"),
    "sacrifice": ("opfern", "sacrifice"),
    "claim": ("beanspruchen", "claim"),
    "hand": ("hand",),
    "status": ("status", "tisch", "table"),
    "help": ("befehle", "hilfe", "commands", "help"),
    "rule": ("regel", "rule"),
    "card": ("karte", "card"),
}
WORD_TO_COMMAND = {fold(w): c for c, words in COMMANDS.items() for w in words}

KEYWORDS = {
    "target_player": ("auf", "on", "an", "to"),
    "monster": ("gegen", "against"),
    "side": ("für", "fuer", "for"),
    "with_card": ("mit", "with"),
    "give": ("gib", "give"),
    "want": ("will", "want"),
    "treasures": ("schätze", "schaetze", "treasures"),
    "first": ("zuerst", "first"),
    "alone": ("allein", "alone"),
}
WORD_TO_KEYWORD = {fold(w): k for k, words in KEYWORDS.items() for w in words}
SIDES = {"spieler": "players", "players": "players", "player": "players", "monster": "monsters",
         "monsters": "monsters"}


@dataclass
class Command:
    name: str
    rest: str = ""
    args: dict[str, Any] = field(default_factory=dict)


def command_name(word: str) -> str:
    name = WORD_TO_COMMAND.get(fold(word))
    if name is None:
        raise TableError("unknown_command", word=word)
    return name


def parse_words(name: str, words: list[str]) -> dict[str, Any]:
    """Split "Fluch Stufe futsch auf Ben" into {"card": "Fluch Stufe futsch", "target_player": "Ben"}."""
    args: dict[str, Any] = {}
    current = "main"
    buffer: dict[str, list[str]] = {"main": []}
    for token in words:
        keyword = WORD_TO_KEYWORD.get(fold(token))
        if keyword in ("first", "alone"):
            args[keyword] = True
            continue
        if keyword is not None:
            current = keyword
            buffer.setdefault(current, [])
            continue
        buffer.setdefault(current, []).append(token)
    for key, tokens in buffer.items():
        if tokens:
            args[key] = " ".join(tokens)
    return args


# ---------------------------------------------------------------------- resolving names
def resolve_card(state: GameState, uids: list[str], query: str) -> str:
    """The card among ``uids`` that the query names (German or English name, or a uid)."""
    if query in uids:
        return query
    wanted = fold(query)
    if not wanted:
        raise TableError("missing_argument", name="card")
    names = {uid: (fold(state.card(uid).name_de), fold(state.card(uid).name_en)) for uid in uids}
    for test in (lambda n: n == wanted, lambda n: n.startswith(wanted), lambda n: wanted in n):
        hits = [uid for uid, both in names.items() if any(test(n) for n in both)]
        designs = {state.card_ids[u] for u in hits}
        if len(designs) == 1:
            return hits[0]
        if len(designs) > 1:
            raise TableError("ambiguous_card", name=query, options=", ".join(sorted(
                state.card(h).name_de for h in {state.card_ids[u]: u for u in hits}.values())))
    raise TableError("no_such_card", name=query)


def resolve_player(state: GameState, query: str) -> str:
    wanted = fold(query)
    for player in state.players:
        if wanted in (fold(player.id), fold(player.name)):
            return player.id
    hits = [p.id for p in state.players if fold(p.name).startswith(wanted)]
    if len(hits) == 1:
        return hits[0]
    raise TableError("no_such_player", name=query)


def _own_cards(state: GameState, player_id: str) -> list[str]:
    player = state.player(player_id)
    return [*player.hand, *owned_in_play(player)]


# the words that name an ability (German first), for "fähigkeit Krieger berserker mit ..."
ABILITY_WORDS = {
    "berserk": ("berserker", "berserk"), "turning": ("vertreiben", "turning", "turn"),
    "flight": ("fluchtzauber", "flucht", "flight"), "charm": ("bezaubern", "charm"),
    "backstab": ("rücken", "ruecken", "backstab"), "battle_roll": ("kampfwurf", "wurf", "roll"),
}
WORD_TO_ABILITY = {fold(w): a for a, words in ABILITY_WORDS.items() for w in words}


def _combat_monsters(state: GameState) -> list[str]:
    return [m.uid for m in state.combat.monsters] if state.combat else []


def _split_cards(state: GameState, uids: list[str], value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(resolve_card(state, uids, part.strip()) for part in value.split(",") if part.strip())


def _number(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TableError("bad_number", value=value) from None


def _decision(state: GameState, player_id: str, kinds: tuple[str, ...] = ()):
    for decision in state.decisions:
        if decision.player == player_id and (not kinds or decision.kind in kinds):
            return decision
    raise TableError("no_decision")


# the Munchkin commands that have a Smash Up meaning, by their Smash Up name
SMASHUP_WORDS = {"end": "finish", "choose": "pick"}


# ---------------------------------------------------------------------- building actions
def build_action(state: GameState, player_id: str, name: str, args: dict[str, Any]) -> A.Action:
    """Turn a command and its arguments (names as typed) into an engine action for this player; in a
    Smash Up game the shared words (end, pass, discard, leave, play) mean its moves."""
    if state.game == "smashup":
        from table import smashup_commands

        return smashup_commands.build_action(state, player_id, SMASHUP_WORDS.get(name, name), args)  # type: ignore
    me = player_id
    if name == "door":
        pay = resolve_card(state, state.player(me).hand, args["with_card"]) if args.get("with_card") else None
        return A.KickDoor(actor=me, resurrect_with=pay)
    if name == "loot":
        return A.LootRoom(actor=me)
    if name == "end":
        return A.EndTurn(actor=me)
    if name == "trouble":
        return A.LookForTrouble(actor=me, card=resolve_card(state, state.player(me).hand, _need(args, "main")))
    if name == "play":
        return _play(state, me, args)
    if name in ("equip", "backpack"):
        uid = resolve_card(state, [i.uid for i in state.player(me).items], _need(args, "main"))
        return A.Equip(actor=me, card=uid, in_use=name == "equip")
    if name == "discard":
        return A.Discard(actor=me, card=resolve_card(state, _own_cards(state, me), _need(args, "main")))
    if name == "sell":
        return A.Sell(actor=me, cards=_split_cards(state, _own_cards(state, me), _need(args, "main")))
    if name == "trade":
        other = resolve_player(state, _need(args, "main"))
        mine = [i.uid for i in state.player(me).items]
        theirs = [i.uid for i in state.player(other).items]
        return A.OfferTrade(actor=me, to=other, give=_split_cards(state, mine, args.get("give")),
                            want=_split_cards(state, theirs, args.get("want")))
    if name == "ask":
        return A.AskHelp(actor=me, helper=resolve_player(state, _need(args, "main")),
                         items=_split_cards(state, [i.uid for i in state.player(me).items], args.get("give")),
                         treasures=_number(args.get("treasures", 0)), helper_first=bool(args.get("first")))
    if name == "offer":
        return A.OfferHelp(actor=me, treasures=_number(args.get("treasures", args.get("main", 0))),
                           helper_first=bool(args.get("first")))
    if name == "pass":
        if state.combat is None:
            raise TableError("no_combat")
        return A.Pass(actor=me, window=state.combat.window)
    if name == "run":
        decision = _decision(state, me, ("run_away",))
        option = resolve_card(state, decision.options, args["main"]) if args.get("main") else decision.default
        return A.Decide(actor=me, decision=decision.id, option=option)
    if name in ("accept", "decline"):
        decision = _decision(state, me, ("help", "help_offer", "trade"))
        return A.Decide(actor=me, decision=decision.id, option=name)
    if name == "choose":
        return _choose(state, me, args)
    if name == "leave":
        return A.Leave(actor=me)
    if name == "ability":
        return _ability(state, me, args)
    if name == "sacrifice":
        uid = resolve_card(state, state.player(me).followers, _need(args, "main"))
        return A.Sacrifice(actor=me, card=uid, helper_escapes=not args.get("alone"))
    if name == "claim":
        return A.Claim(actor=me, card=resolve_card(state, state.player(me).hand, _need(args, "main")))
    raise TableError("unknown_command", word=name)


def _ability(state: GameState, me: str, args: dict[str, Any]) -> A.UseAbility:
    """"fähigkeit Dieb rücken mit Schleuder auf Anna": the card with the ability, optionally the
    ability's word, the cards discarded for it, and a target player."""
    player = state.player(me)
    words = _need(args, "main").split()
    ability = args.get("ability") or (WORD_TO_ABILITY.get(fold(words[-1])) if len(words) > 1 else None)
    if ability is not None and not args.get("ability"):
        words = words[:-1]
    holders = [u for u in owned_in_play(player) if state.card(u).abilities]
    uid = resolve_card(state, holders, " ".join(words))
    usable = [a for a in state.card(uid).abilities if a not in ("double_sale", "resurrection")]
    if ability is None:
        if not usable:
            raise TableError("missing_argument", name="ability")
        ability = usable[0]
    discard = _split_cards(state, _own_cards(state, me), args.get("with_card"))
    if ability == "charm" and not discard:
        discard = tuple(player.hand)
    target = resolve_player(state, args["target_player"]) if args.get("target_player") else None
    return A.UseAbility(actor=me, card=uid, ability=ability, discard=discard, target_player=target)


def _need(args: dict[str, Any], key: str) -> str:
    value = args.get(key)
    if not value:
        raise TableError("missing_argument", name=key)
    return str(value)


def _play(state: GameState, me: str, args: dict[str, Any]) -> A.PlayCard:
    player = state.player(me)
    playable = [*player.hand, *(i.uid for i in player.items)]
    uid = resolve_card(state, playable, _need(args, "main"))
    card = state.card(uid)
    if card.ally_item and args.get("target_player"):   # "spielen Cop-Schild auf Wexter": an ally carries it
        return A.PlayCard(actor=me, card=uid, target_item=resolve_card(state, player.followers, args["target_player"]))
    if card.kind == "item_enhancer":     # "spielen Wetzstein auf Kurzschwert": the target is an own item
        items = [i.uid for i in player.items]
        target_item = resolve_card(state, items, args["target_player"]) if args.get("target_player") else None
        return A.PlayCard(actor=me, card=uid, target_item=target_item)
    target = resolve_player(state, args["target_player"]) if args.get("target_player") else None
    if card.kind in ("curse", "trap") and target is None:
        raise TableError("missing_argument", name="target_player")
    monster = None
    if args.get("monster"):
        monster = resolve_card(state, _combat_monsters(state), args["monster"])
    elif card.kind == "enhancer" or card.defeats_monster:
        monsters = _combat_monsters(state)
        monster = monsters[0] if len(monsters) == 1 else None
    side = SIDES.get(fold(args.get("side", ""))) if args.get("side") else None
    if card.kind == "oneshot" and state.combat is not None and side is None and not card.defeats_monster:
        side = "players"
    with_card = resolve_card(state, player.hand, args["with_card"]) if args.get("with_card") else None
    return A.PlayCard(actor=me, card=uid, target_player=target, target_monster=monster, side=side, with_card=with_card)


def _choose(state: GameState, me: str, args: dict[str, Any]) -> A.Decide:
    decision = _decision(state, me)
    query = _need(args, "main")
    if query in decision.options:
        return A.Decide(actor=me, decision=decision.id, option=query)
    if decision.kind == "charity_give":
        to = resolve_player(state, _need(args, "target_player"))
        uids = sorted({o.split(">")[0] for o in decision.options})
        return A.Decide(actor=me, decision=decision.id, option=f"{resolve_card(state, uids, query)}>{to}")
    if fold(query) in ("annehmen", "accept", "ablehnen", "decline"):
        return A.Decide(actor=me, decision=decision.id,
                        option="accept" if fold(query) in ("annehmen", "accept") else "decline")
    return A.Decide(actor=me, decision=decision.id, option=resolve_card(state, decision.options, query))
