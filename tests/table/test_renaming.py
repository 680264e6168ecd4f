"""A name can be changed at any time ("appelle-moi Marie"), and the save keeps it."""

from __future__ import annotations

from pathlib import Path

from table_helpers import ENGINE, keys, make_table, settings_for

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.journal import Header, Journal, load, new_save_path

INTRODUCTIONS = ("appelle-moi Marie", "je m'appelle Marie", "euh moi c'est marie",
                 "tu peux m'appeler Marie s'il te plaît", "mon prénom c'est Marie")


def test_every_introduction_renames_the_player_who_spoke(grammar: Grammar) -> None:
    for said in INTRODUCTIONS:
        t = make_table(grammar, new_virtual_game(2, 3))
        before = ENGINE.dumps(t.state)
        says = t.hear(said, seat=1)
        assert keys(says) == ["renamed"], said
        assert says[0].text == "D'accord, Paul s'appelle maintenant Marie.", said
        assert t.session.players == ["Anne", "Marie"]
        assert ENGINE.dumps(t.state) == before  # the game did not change
        acting = t.session.acting_seat
        assert acting is not None
        t.hear("c'est à qui ?", seat=acting)
        assert "je m'appelle" not in " ".join(s.text for s in t.said).lower()


def test_a_name_already_taken_is_refused_and_the_voice_follows_the_player(
    grammar: Grammar,
) -> None:
    store = settings_for(["Anne", "Paul"], confirm="never", scan_check="never")
    store.update("Paul", rate_wpm=250)
    t = make_table(grammar, new_virtual_game(2, 3), settings=store)
    assert keys(t.hear("appelle-moi Anne", seat=1)) == ["setup.name_taken"]
    assert t.session.players == ["Anne", "Paul"]
    t.hear("appelle-moi Hugo", seat=1)
    assert t.session.prefs(1).rate_wpm == 250  # Hugo keeps the rate Paul chose


def test_with_one_microphone_the_table_is_asked_who_spoke(grammar: Grammar) -> None:
    t = make_table(grammar, new_virtual_game(2, 3))
    assert keys(t.hear("appelle-moi Marie")) == ["whose_input"]
    says = t.hear("Paul")
    assert keys(says) == ["renamed"] and t.session.players == ["Anne", "Marie"]


def test_a_resumed_game_keeps_the_new_name(grammar: Grammar, tmp_path: Path) -> None:
    state = new_virtual_game(2, 3)
    path = new_save_path("kingsbridge", tmp_path)
    header = Header(game="kingsbridge", mode="virtual", players=["Anne", "Paul"],
                    initial_notation=ENGINE.dumps(state), initial_state=ENGINE.to_json(state))
    journal = Journal.create(path, header, ENGINE)
    t = make_table(grammar, state, journal=journal)
    t.hear("je m'appelle Marie", seat=0)
    journal.close()
    assert load(path, engine_for).header.players == ["Marie", "Paul"]
