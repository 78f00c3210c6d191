"""A base's power table (engine.smashup.power.powers_at) works out every minion and monster there in
one pass, with the minions that boost their controller's others found once for the whole table: each
one gets what its cards and abilities give it, the same answer inside a read-only block and asked
alone (rulebook line 492: at a base a minion's power is its printed power as abilities change it,
never below 0)."""

from __future__ import annotations

from contextlib import nullcontext

from engine.smashup.power import minion_power, power_sum, powers_at, powers_fixed
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import FACTIONS, game_for, play


def _powers(state, uids: list[str], block: bool) -> list[int]:
    """The minions' powers, from the bases' tables in a read-only block or each worked out alone."""
    with powers_fixed(state) if block else nullcontext():
        found = []
        for uid in uids:
            base, minion = next((b, m) for b in state.bases for m in (*b.minions, *b.monsters) if m.uid == uid)
            found.append(minion_power(state, base, minion))
        return found


def _printed(state, uid: str) -> int:
    return state.card(uid).power


def test_sword_lord_gives_its_players_other_minions_one_at_every_base_but_not_itself():
    """Sword Lord: "your other minions" get +1, wherever they are; not itself, not another player's
    minion; while its abilities rest (Last Call, until the end of the turn) nobody gets it."""
    state = game_for()
    lord = put_minion(state, "orcs-sword-lord", "anna", 0)
    here, there = put_minion(state, "orcs-dork-orc", "anna", 0), put_minion(state, "mages-wand-whiz", "anna", 1)
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    uids = [lord, here, there, theirs]
    boosted = [_printed(state, lord), _printed(state, here) + 1, _printed(state, there) + 1, _printed(state, theirs)]
    assert _powers(state, uids, block=True) == _powers(state, uids, block=False) == boosted
    state.silenced.append(lord)
    assert _powers(state, uids, block=True) == _powers(state, uids, block=False) == [
        _printed(state, u) for u in uids]


def test_a_minion_whose_power_is_taken_counts_nothing_and_the_others_keep_theirs():
    """Curse of Uselessness on a minion: its power is 0 whatever else it has (Sword Lord's +1, its own
    +1 counters); the other minions at the base keep theirs, in the table as alone."""
    state = game_for("ben", {**FACTIONS, "ben": ["clerics", "thieves"]})
    put_minion(state, "orcs-sword-lord", "anna", 1)
    cursed = put_minion(state, "orcs-hammer-slammer", "anna", 0, power_bonus=2)
    other = put_minion(state, "mages-wand-whiz", "anna", 0)
    assert _powers(state, [cursed, other], block=False) == [_printed(state, cursed) + 3, _printed(state, other) + 1]
    (state, _), _ = play(state, "ben", "clerics-curse-of-uselessness", target=cursed)
    assert _powers(state, [cursed, other], block=True) == _powers(state, [cursed, other], block=False) == [
        0, _printed(state, other) + 1]
    base = state.bases[0]
    alone = {id(m): minion_power(state, base, m) for m in (*base.minions, *base.monsters)}
    with powers_fixed(state):
        assert powers_at(state, base) == alone


def _on(state, base, minion_uid: str, design: str, player: str) -> None:
    """A card from the player's hand (or wherever it waits) lying on that minion."""
    uid = take(state, design, player)
    state.player(player).hand.remove(uid)
    next(m for m in base.minions if m.uid == minion_uid).attached.append(uid)


def test_kneepads_count_before_the_floor_of_zero_and_a_curse_leaves_nothing():
    """Rulebook line 492: power never goes below 0, once every ability that changes it is counted.
    Kneepads of Allure on one minion gives every minion at its base +1 (the whole base's table sums
    it on the way and adds it at the end); Curse of Uselessness takes all of its minion's power. A
    minion at -1 before the Kneepads stands at 0, one at 0 before them at 1, the cursed one at 0, the
    Kneepads' carrier at its printed power + 1: in the base's table and worked out for each alone."""
    state = game_for("anna", {**FACTIONS, "cleo": ["clerics", "dwarves"]})
    base = state.bases[0]
    carrier = put_minion(state, "orcs-topper-chopper", "anna", 0)
    below = put_minion(state, "thieves-fence", "ben", 0)
    level = put_minion(state, "thieves-pickpocket", "ben", 0)
    cursed = put_minion(state, "orcs-hammer-slammer", "anna", 0)
    _on(state, base, carrier, "treasure-kneepads-of-allure", "anna")
    _on(state, base, cursed, "clerics-curse-of-uselessness", "cleo")
    minions = {m.uid: m for m in base.minions}
    minions[below].until_end_of_turn = -_printed(state, below) - 1         # -1 before the Kneepads
    minions[level].until_end_of_turn = -_printed(state, level)             # 0 before the Kneepads
    want = {carrier: _printed(state, carrier) + 1, below: 0, level: 1, cursed: 0}
    with powers_fixed(state):
        table = powers_at(state, base)
        assert {uid: table[id(m)] for uid, m in minions.items()} == want
    assert {uid: minion_power(state, base, m) for uid, m in minions.items()} == want


def test_a_players_total_counts_kneepads_lying_on_a_minion_whose_power_is_not_summed():
    """Rulebook line 492 with Kneepads of Allure (every minion at its base +1): a base's total for
    some players only (engine.smashup.power.power_sum, as the check for a base at its breakpoint
    asks it) leaves the other minions' powers out, yet still counts what the cards on them give
    everyone there. Anna's minion gets the +1 of the Kneepads on Ben's minion."""
    state = game_for("anna", {**FACTIONS})
    base = state.bases[0]
    mine = put_minion(state, "orcs-topper-chopper", "anna", 0)
    carrier = put_minion(state, "thieves-pickpocket", "ben", 0)
    _on(state, base, carrier, "treasure-kneepads-of-allure", "ben")
    for block in (powers_fixed(state), nullcontext()):
        with block:
            assert power_sum(state, base, None, {"anna"}) == _printed(state, mine) + 1
            assert power_sum(state, base, None, {"ben"}) == _printed(state, carrier) + 1
            assert power_sum(state, base, None, {"anna", "ben"}) == sum(powers_at(state, base).values())
