"""Kingsbridge scans: a scanned card that fits one column only is offered ("oui" places it,
"non" leaves it, a column still answers), and the chip's UID tells the same physical card
scanned again from another copy of the same value."""

from __future__ import annotations

from table_helpers import (
    Table,
    card,
    keys,
    make_table,
    on,
    one_column_game,
    position,
    settings_for,
)

from ludivox.engines.kingsbridge import new_table_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Say, TagSeen

SEAT1, SEAT2 = "seat:1", "seat:2"
NAMES = ["Anne", "Paul"]


def chip(table: Table, n: int, uid: str, seat: int | None = None) -> list[Say]:
    """Card ``n`` scanned from the chip ``uid`` (what the reader gives the session)."""
    return table._run(table.session.handle(TagSeen(card(n), uid=uid, seat=seat)))


# --- one column: the placement offered -----------------------------------------------


def test_oui_after_a_scan_with_one_column_places_the_card(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    before = table.state
    says = table.scan(card(7))
    assert keys(says) == ["scan.hand_card_one_column"] and says[0].channel == SEAT1
    assert "colonne deux" in says[0].text and "« oui »" in says[0].text
    assert table.state == before
    says = table.hear("oui")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (5, 6, 7)
    assert 7 not in table.state.players[0].hand


def test_non_after_a_scan_with_one_column_changes_nothing(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    before = table.state
    table.scan(card(7))
    says = table.hear("non")
    assert keys(says) == ["cancelled"] and says[0].channel == SEAT1
    assert table.state == before
    says = table.hear("oui")  # the offer is gone: nothing was asked any more
    assert table.state == before and "event.cards_placed" not in keys(says)


def test_the_column_still_answers_the_offer(grammar: Grammar) -> None:
    for answer in ("la deux", "sur la colonne deux", "deux", "je le pose"):
        table = make_table(grammar, one_column_game())
        table.scan(card(7))
        says = table.hear(answer)
        assert keys(on(says, "table")) == ["event.cards_placed"], answer
        assert table.state.columns[1] == (5, 6, 7), answer
    table = make_table(grammar, one_column_game())
    table.scan(card(7))
    says = table.hear("la trois")  # a column where it does not go: refused, nothing moves
    assert keys(says)[0].startswith("refusal.") and says[0].channel == SEAT1
    assert table.state == one_column_game()


def test_two_scanned_cards_offered_together_then_oui(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    table.scan(card(7))
    says = table.scan(card(8))
    assert keys(says) == ["scan.hand_card_one_column"] and "« oui »" in says[0].text
    assert "sept" in says[0].text and "huit" in says[0].text
    says = table.hear("oui")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (5, 6, 7, 8)


def test_oui_is_the_confirmation_when_every_move_is_confirmed(grammar: Grammar) -> None:
    settings = settings_for(NAMES, confirm="never", scan_check="always")
    table = make_table(grammar, new_table_game(2), NAMES, settings=settings)
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    table.hear("j'ai pioché le six, le neuf et le treize")
    settings.update("Anne", confirm="always")
    says = table.scan(card(6))  # fits only after the five
    assert keys(says) == ["scan.hand_card_one_column"]
    says = table.hear("oui")  # neither a scan check (it was scanned) nor a second question
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[0][-1] == 6


def test_several_columns_are_not_a_yes_no_question(grammar: Grammar) -> None:
    state = position(
        columns=[[3], [5, 6], [], [10], [12], [13]],
        players=[{"hand": [7, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )
    table = make_table(grammar, state)
    table.scan(card(7))
    says = table.hear("oui")
    assert keys(says) == ["help.choose", "scan.hand_card_columns"] and table.state == state
    says = table.hear("la trois")
    assert keys(on(says, "table")) == ["event.cards_placed"]


# --- the chip's UID ------------------------------------------------------------------


def started_table(grammar: Grammar) -> Table:
    table = make_table(grammar, new_table_game(2))
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    return table


def test_the_same_chip_twice_is_the_same_card_another_chip_another_copy(
    grammar: Grammar,
) -> None:
    table = started_table(grammar)
    for n in (2, 4, 6, 10, 11):  # Paul tells his hand by scanning it, during Anne's turn
        says = chip(table, n, f"04:{n:02d}:aa", seat=1)
        assert keys(says) == ["event.cards_revealed"] and says[0].channel == SEAT2
    says = chip(table, 4, "04:04:aa", seat=1)  # the very same four
    assert keys(says) == ["scan.same_card"] and says[0].channel == SEAT2
    assert "déjà montrée" in says[0].text and "quatre" in says[0].text
    assert table.state.players[1].hand == (2, 4, 6, 10, 11)
    says = chip(table, 4, "04:04:bb", seat=1)  # another four: his sixth card, noted
    assert keys(says) == ["event.cards_revealed"] and says[0].channel == SEAT2
    assert sorted(table.state.players[1].hand) == [2, 4, 4, 6, 10, 11]
    assert keys(chip(table, 4, "04:04:bb", seat=1)) == ["scan.same_card"]
    assert keys(chip(table, 4, "04:04:aa", seat=1)) == ["scan.same_card"]
    says = chip(table, 4, "04:04:cc", seat=1)  # a third four: he has only two
    assert keys(says) == ["scan.extra_copy"] and says[0].channel == SEAT2
    assert "deux quatre" in says[0].text
    assert sorted(table.state.players[1].hand) == [2, 4, 4, 6, 10, 11]
    assert not [s for s in on(table.said, "table") if s.key.startswith("scan.")]


def test_a_review_after_the_game_moved_on_confirms_the_chips_again(grammar: Grammar) -> None:
    table = started_table(grammar)
    for n in (2, 4, 6, 10, 11, 13):
        chip(table, n, f"chip-{n}", seat=1)
    assert table.state.players[1].unknown == 0
    assert keys(chip(table, 4, "chip-4", seat=1)) == ["scan.same_card"]
    table.hear("j'ai pioché le six")
    table.hear("je pose le six sur la colonne un")
    says = chip(table, 4, "chip-4", seat=1)  # a new review: the four is confirmed again
    assert keys(says) == ["scan.hand_card"] and says[0].channel == SEAT2
    assert keys(chip(table, 4, "chip-4", seat=1)) == ["scan.same_card"]


def test_in_a_virtual_game_another_chip_of_a_known_card_is_not_yours(grammar: Grammar) -> None:
    table = make_table(grammar, one_column_game())
    says = chip(table, 11, "eleven-a")
    assert keys(says) == ["scan.hand_card_stuck"]
    assert keys(chip(table, 11, "eleven-a")) == ["scan.same_card"]
    says = chip(table, 11, "eleven-b")
    assert keys(says) == ["scan.extra_copy"] and "qu'un onze" in says[0].text
    assert table.state == one_column_game()
    # without a UID (a reader that gives none), the old rule: the value alone counts
    assert keys(table.scan(card(11))) == ["scan.hand_card_stuck"]
