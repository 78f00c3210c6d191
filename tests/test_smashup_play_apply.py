"""Rules that the cheaper paths of a card played must keep. A card's play asks what its design does
once per design object (rules._when_played: whether the engine plays it, its price, its effects
acting now) and finds Fae Fighters, Bags of Caltrops and Stalling through the designs' op sets in
place: a design replaced while the game runs (a host's changed card file, a test) plays by its new
text. A minion leaving its base is taken off by identity: the very one destroyed goes, its twin of
the same design stays."""

from __future__ import annotations

from engine.smashup import actions as A
from engine.smashup.cards import Effect
from engine.smashup.hooks import destroy
from engine.smashup.rules import apply
from engine.smashup.tx import Tx
from tests.smashup_helpers import redesign
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import add_monster, game_for, kinds, play


def _replace_design(monkeypatch, state, uid: str, *effects: Effect) -> None:
    """The card's design gets these effects besides its own, for the rest of the test."""
    old = state.card(uid)
    redesign(monkeypatch, old.id, effects=(*old.effects, *effects))


def test_a_minion_whose_card_text_changed_plays_by_its_new_text(monkeypatch):
    """Rulebook line 474 ("Bei Verbot unwirksam": a card may be played even when its ability cannot
    happen) and the card's own text: a Dork Orc does nothing when played; given "draw a card" while
    the game runs, the next Dork Orc draws; given a price as well, one played without paying it is
    played without its ability."""
    state = game_for("anna")
    (state, events), first = play(state, "anna", "orcs-dork-orc", base_index=0)
    assert "cards_drawn" not in kinds(events)
    _replace_design(monkeypatch, state, first, Effect(op="draw", n=1))
    state.player("anna").minions_left = 1
    uid = take(state, "orcs-dork-orc", "anna")
    hand = len(state.player("anna").hand)
    state, events = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[1].uid))
    assert "cards_drawn" in kinds(events) and len(state.player("anna").hand) == hand   # one played, one drawn
    _replace_design(monkeypatch, state, first, Effect(op="draw", n=1), Effect(op="cost_discard", n=1))
    state.player("anna").minions_left = 1
    uid = take(state, "orcs-dork-orc", "anna")
    state, events = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[2].uid))
    assert "ability_unpaid" in kinds(events) and "cards_drawn" not in kinds(events)


def test_a_minion_given_fae_fighters_ability_during_the_game_answers_the_next_minion(monkeypatch):
    """Fae Fighter's card text (another player's minion played: her player may trade +1 counters) and
    rulebook lines 286-287 ("Dauerhaft": an ongoing ability works while its card is in play): a Dork
    Orc of anna's gets the ability after a minion was already played next to it without it; the next
    minion ben plays is answered."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-dork-orc", "anna", 1)
    (state, _), _ = play(state, "ben", "warriors-star-player", base_index=1)     # (asks nothing itself)
    assert not any(d.kind == "fae_counter" for d in state.decisions)
    _replace_design(monkeypatch, state, orc, Effect(op="fae_fighter"))
    state.player("ben").minions_left = 1
    (state, _), _ = play(state, "ben", "warriors-star-player", base_index=1)
    assert any(d.kind == "fae_counter" and d.player == "anna" for d in state.decisions)


def test_a_destroyed_minion_leaves_its_base_and_its_twin_stays():
    """Rulebook line 332 ("Zerstören"): the destroyed card and the cards played on it go to their
    owners' discard piles. Of two Topper Choppers side by side, the one destroyed goes with its
    card; the other stays with its counters; a monster destroyed there leaves the monsters alone."""
    state = game_for("ben")
    base = state.bases[1]
    first = put_minion(state, "orcs-topper-chopper", "anna", 1, power_bonus=2)
    second = put_minion(state, "orcs-topper-chopper", "anna", 1)
    last = put_minion(state, "orcs-dork-orc", "anna", 1)
    held = take(state, "warriors-taunter", "ben")          # any faction card of ben's, played on it
    state.player("ben").hand.remove(held)
    base.minions[1].attached.append(held)
    monster = add_monster(state, 1, "monster-bigfoot")
    tx = Tx(state)
    destroy(tx, second, "ben")
    assert [m.uid for m in base.minions] == [first, last] and base.minions[0].counters == 2
    assert state.player("anna").discard[-1] == second and state.player("ben").discard[-1] == held
    destroy(tx, monster, "ben")
    assert base.monsters == [] and [m.uid for m in base.minions] == [first, last]
