"""The command words shared by the console table and the slash commands, and turning a command with
its arguments into an engine action. German words first; the English names are accepted too."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.munchkin import actions as A
from engine.munchkin.character import owned_in_play
from engine.munchkin.registry_load import PLAYS
from engine.munchkin.state import GameState
from table.errors import TableError
from table.text_match import fold
from table.words import (
    Args,
    WordTable,
    need,
    resolve_card,
    resolve_player,
    split_cards,
    typed_number,
    worded_answer,
)

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
SIDES = {"spieler": "players", "players": "players", "player": "players", "monster": "monsters",
         "monsters": "monsters"}


@cache
def card_names() -> frozenset[str]:
    """Every Munchkin card's name, folded (all sets: a keyword inside any of them stays in it)."""
    from engine.munchkin.cards import available_sets, load_set

    return frozenset(fold(n) for key in available_sets()
                     for card in load_set(key)[0].values() for n in (card.name_de, card.name_en))


WORDS = WordTable(COMMANDS, KEYWORDS, frozenset({"first", "alone"}), card_names)


def command_name(word: str) -> str:
    return WORDS.command_name(word)


def parse_words(name: str, words: list[str]) -> Args:
    """Split "Fluch Stufe futsch auf Ben" into {"main": "Fluch Stufe futsch", "target_player": "Ben"}."""
    return WORDS.parse(words)


def _own_cards(state: GameState, player_id: str) -> list[str]:
    player = state.player(player_id)
    return [*player.hand, *owned_in_play(player)]


# the words that name an ability (German first), for "fähigkeit Krieger berserker mit ..."
ABILITY_WORDS = {
    "berserk": ("berserker", "berserk"), "turning": ("vertreiben", "turning", "turn"),
    "flight": ("fluchtzauber", "flucht", "flight"), "charm": ("bezaubern", "charm"),
    "backstab": ("rücken", "ruecken", "backstab"), "battle_roll": ("kampfwurf", "wurf", "roll"),
    "steal": ("stehlen", "steal"), "resurrection": ("auferstehung", "auferstehen", "resurrection", "resurrect"),
}
WORD_TO_ABILITY = {fold(w): a for a, names in ABILITY_WORDS.items() for w in names}


def _combat_monsters(state: GameState) -> list[str]:
    return [m.uid for m in state.combat.monsters] if state.combat else []


MAX_BRIBE = 99     # treasures promised to a helper: no fight ever turns up this many


def _bribe(value: Any) -> int:
    return typed_number(value, 0, MAX_BRIBE)


def _decision(state: GameState, player_id: str, kinds: tuple[str, ...] = ()):
    for decision in state.decisions:
        if decision.player == player_id and (not kinds or decision.kind in kinds):
            return decision
    raise TableError("no_decision")



# ---------------------------------------------------------------------- building actions
def build_action(state: GameState, player_id: str, name: str, args: dict[str, Any]) -> A.Action:
    """Turn a command and its arguments (names as typed) into an engine action for this player."""
    me = player_id
    player = state.player(me)
    items = [i.uid for i in player.items]
    if name == "door":
        pay = resolve_card(state, player.hand, args["with_card"], "hand") if args.get("with_card") else None
        return A.KickDoor(actor=me, resurrect_with=pay)
    if name == "loot":
        return A.LootRoom(actor=me)
    if name == "end":
        return A.EndTurn(actor=me)
    if name == "trouble":
        return A.LookForTrouble(actor=me, card=resolve_card(state, player.hand, need(args, "main", "monster"), "hand"))
    if name == "play":
        return _play(state, me, args)
    if name in ("equip", "backpack"):
        uid = resolve_card(state, items, need(args, "main", "item"), "items")
        return A.Equip(actor=me, card=uid, in_use=name == "equip")
    if name == "discard":
        return A.Discard(actor=me, card=resolve_card(state, _own_cards(state, me), need(args, "main", "card"), "own"))
    if name == "sell":
        return A.Sell(actor=me, cards=split_cards(state, _own_cards(state, me), need(args, "main", "items"), "own"))
    if name == "trade":
        other = resolve_player(state, need(args, "main", "player"))
        theirs = [i.uid for i in state.player(other).items]
        return A.OfferTrade(actor=me, to=other, give=split_cards(state, items, args.get("give"), "items"),
                            want=split_cards(state, theirs, args.get("want"), "their_items"))
    if name == "ask":
        return A.AskHelp(actor=me, helper=resolve_player(state, need(args, "main", "player")),
                         items=split_cards(state, items, args.get("give"), "items"),
                         treasures=_bribe(args.get("treasures", 0)), helper_first=bool(args.get("first")))
    if name == "offer":
        return A.OfferHelp(actor=me, treasures=_bribe(args.get("treasures") or args.get("main") or 0),
                           helper_first=bool(args.get("first")))
    if name == "pass":
        if state.combat is None:
            raise TableError("no_combat")
        return A.Pass(actor=me, window=state.combat.window)
    if name == "run":
        combat = state.combat
        if combat is not None and combat.stage == "fight" and me in (combat.fighter, combat.helper):
            raise TableError("run_after_losing")      # one runs once the fight is lost, not to leave it
        decision = _decision(state, me, ("run_away",))
        option = (resolve_card(state, decision.options, args["main"], "pursuers") if args.get("main")
                  else decision.default)
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
        uid = resolve_card(state, player.followers, need(args, "main", "follower"), "followers")
        return A.Sacrifice(actor=me, card=uid, helper_escapes=not args.get("alone"))
    if name == "claim":
        return A.Claim(actor=me, card=resolve_card(state, player.hand, need(args, "main", "level_card"), "hand"))
    raise TableError("unknown_command", word=name)


def _ability(state: GameState, me: str, args: dict[str, Any]) -> A.UseAbility:
    """"fähigkeit Dieb rücken mit Schleuder auf Anna": the card with the ability, optionally the
    ability's word, the cards discarded for it, and a target player."""
    player = state.player(me)
    typed = need(args, "main", "ability_card").split()
    ability = args.get("ability") or (WORD_TO_ABILITY.get(fold(typed[-1])) if len(typed) > 1 else None)
    if ability is not None and not args.get("ability"):
        typed = typed[:-1]
    holders = [u for u in owned_in_play(player) if state.card(u).abilities]
    uid = resolve_card(state, holders, " ".join(typed), "abilities")
    usable = [a for a in state.card(uid).abilities if a not in ("double_sale", "resurrection")]
    if ability is None:
        if not usable:
            raise TableError("missing_argument", what="ability")
        ability = usable[0]
    discard = split_cards(state, _own_cards(state, me), args.get("with_card"), "own")
    if ability == "charm" and not discard:
        discard = tuple(player.hand)
    target = resolve_player(state, args["target_player"]) if args.get("target_player") else None
    return A.UseAbility(actor=me, card=uid, ability=ability, discard=discard, target_player=target)


def _play(state: GameState, me: str, args: dict[str, Any]) -> A.PlayCard:
    player = state.player(me)
    playable = [*player.hand, *(i.uid for i in player.items)]
    uid = resolve_card(state, playable, need(args, "main", "card"), "playable")
    card = state.card(uid)
    if card.ally_item and args.get("target_player"):   # "spielen Cop-Schild auf Wexter": an ally carries it
        return A.PlayCard(actor=me, card=uid,
                          target_item=resolve_card(state, player.followers, args["target_player"], "followers"))
    if card.kind == "item_enhancer" or card.lifts_item_limits:     # "spielen Wetzstein auf Kurzschwert": an own item
        items = [i.uid for i in player.items]
        target_item = resolve_card(state, items, args["target_player"], "items") if args.get("target_player") else None
        return A.PlayCard(actor=me, card=uid, target_item=target_item)
    target = resolve_player(state, args["target_player"]) if args.get("target_player") else None
    # only while the fight is on does a card without a named monster or side take the one monster or
    # the players' side; while running away it is played as it is
    fighting = state.combat is not None and state.combat.stage == "fight"
    if card.kind in ("curse", "trap") and target is None:
        raise TableError("missing_argument", what="target_player")
    monster = None
    if args.get("monster"):
        monster = resolve_card(state, _combat_monsters(state), args["monster"], "combat")
    elif (card.kind == "enhancer" or card.defeats_monster) and fighting:
        monsters = _combat_monsters(state)
        monster = monsters[0] if len(monsters) == 1 else None
    side = _side(args.get("side"))
    if card.kind == "oneshot" and fighting and side is None and not card.defeats_monster:
        side = "players"
    with_card = None
    if args.get("with_card"):
        with_card = resolve_card(state, _with_cards(state, player, uid), args["with_card"], "hand")
    return A.PlayCard(actor=me, card=uid, target_player=target, target_monster=monster, side=side, with_card=with_card)


def _with_cards(state: GameState, player, uid: str) -> list[str]:
    """The cards "mit KARTE" may name: from the hand, or for a card with a play of its own the ones
    it offers (Ia! R'lyeh!: a discard pile's top; O R'lyeh?: a card in the fight)."""
    card = state.card(uid)
    if card.play is None or not state.cards_played_by_engine:
        return player.hand
    return [m.with_card for m in PLAYS[card.play].forms(state, player, uid) if m.with_card] or player.hand


def _side(value: str | None) -> str | None:
    """"für spieler" / "für monster"; anything else is refused rather than ignored."""
    if not value:
        return None
    side = SIDES.get(fold(value))
    if side is None:
        raise TableError("bad_side", value=value)
    return side


def _choose(state: GameState, me: str, args: dict[str, Any]) -> A.Decide:
    decision = _decision(state, me)
    query = need(args, "main", "choice")
    if query in decision.options:
        return A.Decide(actor=me, decision=decision.id, option=query)
    worded = worded_answer(decision, query)
    if worded is not None:
        return A.Decide(actor=me, decision=decision.id, option=worded)
    if decision.kind == "charity_give":
        to = resolve_player(state, need(args, "target_player", "player"))
        uids = sorted({o.split(">")[0] for o in decision.options})
        return A.Decide(actor=me, decision=decision.id, option=f"{resolve_card(state, uids, query, 'options')}>{to}")
    if decision.kind == "set_die" and fold(query) in ("behalten", "keep"):    # the Gezinkter Würfel
        return A.Decide(actor=me, decision=decision.id, option="keep")
    cards = [o for o in decision.options if o in state.card_ids]
    return A.Decide(actor=me, decision=decision.id, option=resolve_card(state, cards, query, "options"))
