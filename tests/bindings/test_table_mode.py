"""Physical cards: the set-up told by voice or scans, hand cards revealed, scans of cards."""

from __future__ import annotations

from table_helpers import keys, make_table, on, position

from ludivox.engines.kingsbridge import new_table_game
from ludivox.grammars.grammar import Grammar


def test_setup_by_voice_then_reveals_and_unknown_cards(grammar: Grammar) -> None:
    table = make_table(grammar, new_table_game(2))
    assert keys(table.said) == ["welcome", "setup_deal", "setup_columns"]
    says = table.hear("je pose le six sur la colonne un")
    assert keys(says) == ["refusal.setup_pending"]
    says = table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    # Anne is asked for her hand by name on the table (the loudspeaker says it; no card told)
    assert keys(on(says, "table")) == ["event.columns_set", "your_turn", "setup_hand"]
    assert on(says, "table")[-1].text.startswith("Anne, dis-moi les cartes de ta main")
    assert not on(says, "seat:1")
    assert table.state.columns == ((5,), (8,), (12,), (1,), (3,), (7,))
    says = table.hear("j'ai pioché le six")
    assert keys(says) == ["event.cards_revealed"] and says[0].channel == "seat:1"
    assert table.state.players[0].hand == (6,)
    says = table.hear("je pose le six sur la colonne un")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    # a card the assistant did not know yet can be placed: it came from the unknown cards
    unknown = table.state.players[0].unknown
    says = table.hear("je pose le neuf sur la colonne deux")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (8, 9)
    assert table.state.players[0].unknown == unknown - 1
    says = table.hear("qu'est-ce que j'ai en main")
    assert keys(says) == ["answer.hand_unknown"] and says[0].channel == "seat:1"


def test_setup_one_column_at_a_time_by_voice_and_scans(grammar: Grammar) -> None:
    table = make_table(grammar, new_table_game(3), ("Anne", "Paul", "Zoé"))
    says = table.hear("la colonne deux commence par le huit")
    assert keys(says) == ["setup_column_noted", "setup_columns_missing"]
    assert "un" in says[1].text  # column 1 is still missing
    table.scan("ludivox:kingsbridge/event/5")  # the first missing column: 1
    table.scan("kingsbridge:12")
    table.hear("un")  # a bare number: the next missing column
    table.scan("ludivox:kingsbridge/event/3")
    says = table.scan("ludivox:kingsbridge/event/7")
    assert "event.columns_set" in keys(says)
    assert table.state.columns == ((5,), (8,), (12,), (1,), (3,), (7,))
    says = table.hear("annule")  # a misheard set-up can be taken back before the first move
    assert keys(says) == ["undone"]
    assert not table.state.setup_done


def test_scan_by_the_current_player_reveals_privately(grammar: Grammar) -> None:
    table = make_table(grammar, new_table_game(2))
    table.hear("les colonnes sont cinq huit douze un trois sept")
    says = table.scan("ludivox:kingsbridge/event/4")
    assert keys(says) == ["event.cards_revealed"] and says[0].channel == "seat:1"
    assert table.state.players[0].hand == (4,)
    says = table.scan("ludivox:kingsbridge/event/9", seat=1)  # Paul scans one of his cards
    assert says[0].channel == "seat:2"
    assert table.state.players[1].hand == (9,)
    assert not on(says, "table")


def test_scan_fills_a_pending_placement(grammar: Grammar) -> None:
    state = position(
        columns=[[3], [6], [], [], [], []],
        players=[{"hand": [7, 8, 13], "pile": [5, 5]}, {"hand": [2, 4], "pile": [9]}],
    )
    table = make_table(grammar, state)
    says = table.hear("je pose sur la trois")
    assert keys(says) == ["ask_cards_for"]
    says = table.scan("ludivox:kingsbridge/event/7")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[2] == (7,)


def test_scan_in_a_virtual_game_tells_privately_where_the_card_goes(grammar: Grammar) -> None:
    state = position(
        columns=[[3], [6], [9], [10], [12], [13]],
        players=[{"hand": [7, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )
    table = make_table(grammar, state)
    says = table.scan("kingsbridge:7")  # scan first, speak second: the column is asked
    assert keys(says) == ["scan.hand_card_one_column"] and says[0].channel == "seat:1"
    assert "deux" in says[0].text
    says = table.scan("kingsbridge:2")
    assert keys(says) == ["scan.not_in_hand"]
    assert table.state == state


def test_bad_tags_are_refused_privately_and_change_nothing(grammar: Grammar) -> None:
    table = make_table(grammar, new_table_game(2))
    before = table.state
    assert keys(table.scan("n'importe quoi")) == ["scan.unreadable"]
    says = table.scan("ludivox:seven_kingdoms/card/3")
    assert keys(says) == ["scan.wrong_game"] and "autre jeu" in says[0].text
    says = table.scan("ludivox:kingsbridge/event/42")  # no such card: the chip is wrong
    assert keys(says) == ["scan.unknown_card"]
    assert says[0].text.startswith("Carte inconnue")
    assert "ludivox nfc write kingsbridge --only" in says[0].text
    assert all(s.channel == "seat:1" for s in table.said[-3:])
    assert table.state == before
