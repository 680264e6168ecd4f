"""Confirmations and short answers in 7 Kingdoms and Kingdom Builder, with their real
bindings: what cannot be taken back at a real table is confirmed first; experts hear short
table lines only when every human at the table chose them."""

from __future__ import annotations

from collections.abc import Sequence

from table_helpers import Table, keys, on, settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding, SevenKingdomsTableEngine
from ludivox.engines.kingdom_builder import SUGGESTED_FIRST_CARDS, SUGGESTED_FIRST_LAYOUT
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Say
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore

SK = SevenKingdomsTableEngine()
SK_GRAMMAR = Grammar.load("seven_kingdoms", "fr")
BUILDER_GRAMMAR = Grammar.load("kingdom_builder", "fr")
# the rulebook's example round: Denis (seat 3) plays first
EXAMPLE = (
    "7k first=3 turn=3 row=9,1,17,33,25,49,41 pile=rest hidden=rest revealed=x2,+3 "
    "s0=hand:2,3,44 s1=hand:4,5,38 s2=hand:6,7,18 s3=hand:8,10,28"
)
SK_NAMES = ["Anne", "Bruno", "Chloé", "Denis"]


def seven(store: SettingsStore | None = None) -> Table:
    binding = SevenKingdomsBinding(SK_NAMES)
    session = Session(binding, SK_GRAMMAR, Match(SK, SK.loads(EXAMPLE)), SK_NAMES,
                      settings=store)
    t = Table(session)
    t._run(session.start())
    return t


def play_round(t: Table) -> None:
    for text in ("je joue le vingt-huit", "je joue le quarante-quatre",
                 "je joue le trente-huit", "je joue le dix-huit"):
        t.hear(text)


def texts(says: Sequence[Say]) -> list[str]:
    return [s.text for s in says]


def test_seven_kingdoms_validating_a_card_is_confirmed_keeping_it_is_not() -> None:
    t = seven()
    play_round(t)  # playing a card face up is not asked about
    assert not [s for s in t.said if s.key == "confirm_move"]
    says = t.hear("je prends le un et je le valide")
    assert texts(says) == ["Prendre le un et tout valider, c'est bien ça ?"]
    assert t.state.seats[0].kingdom == ()  # nothing done yet
    t.hear("oui")
    assert t.state.seats[0].kingdom == (1,)
    says = t.hear("je prends la place trois en main")  # Bruno keeps it: can be taken back
    assert "event.cards_taken_kept" in keys(says)
    assert t.state.seats[1].hand == (4, 5, 17)


def test_seven_kingdoms_cancelled_validation_changes_nothing() -> None:
    t = seven()
    play_round(t)
    t.hear("je prends le un et je le valide")
    assert keys(t.hear("non")) == ["cancelled"]
    assert t.state.seats[0].kingdom == () and 1 in t.state.row


def test_seven_kingdoms_experts_hear_short_table_lines_only_all_together() -> None:
    t = seven(settings_for(SK_NAMES, verbosity="short", confirm="never"))
    t.hear("je joue le vingt-huit")
    said = t.hear("je joue le quarante-quatre")
    assert "Anne : le quarante-quatre, le paysan." in texts(on(said, "table"))
    t.session.settings.update("Chloé", verbosity="full")  # one beginner at the table
    said = t.hear("je joue le trente-huit")
    assert any(s.startswith("Bruno joue le trente-huit") for s in texts(on(said, "table")))


def kingdom_builder(store: SettingsStore | None = None) -> Table:
    binding = KingdomBuilderBinding(["Anne", "Paul"])
    engine = binding.engine
    state = engine.new_game(2, seed=7, mode="virtual", layout=SUGGESTED_FIRST_LAYOUT,
                            cards=SUGGESTED_FIRST_CARDS)
    session = Session(binding, BUILDER_GRAMMAR, Match(engine, state), ["Anne", "Paul"],
                      settings=store)
    t = Table(session)
    t._run(session.start())
    return t


def test_kingdom_builder_building_is_not_asked_ending_the_turn_is() -> None:
    t = kingdom_builder()
    for place in ("onze douze", "onze onze", "douze onze"):
        says = t.hear(f"je construis en {place}")
        assert "event.settlement_built" in keys(says)
    says = t.hear("j'ai fini")
    assert texts(says) == ["Finir ton tour, c'est bien ça ?"]
    assert t.state.current == 0
    says = t.hear("oui")
    assert "event.turn_ended" in keys(says) and t.state.current == 1


def test_kingdom_builder_short_lines_for_an_expert_table() -> None:
    t = kingdom_builder(settings_for(["Anne", "Paul"], verbosity="short", confirm="never"))
    said = t.hear("je construis en onze douze")
    assert "Anne en onze douze." in texts(on(said, "table"))
    t.hear("je construis en onze onze")
    t.hear("je construis en douze onze")
    said = t.hear("j'ai fini")
    assert "Anne a fini." in texts(on(said, "table"))
