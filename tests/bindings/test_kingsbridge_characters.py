"""Kingsbridge full game by voice: every character used by speaking, its missing choices
asked for, the questions about characters, columns told with Edgar, holes and the 7th column."""

from __future__ import annotations

from typing import Any

from table_helpers import ENGINE, Table, keys, make_table, on, position

from ludivox.engines.kingsbridge.actions import EndTurn, Move, Place
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    RetrieveEdgar,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.grammars.grammar import Grammar

SEAT1 = "seat:1"


def solo(revealed: tuple[str, ...], columns: list[list[int]], hand: list[int],
         discard: list[int] | None = None, pile: list[int] | None = None,
         **extra: Any) -> Any:
    """A solo position with these three characters face up."""
    deck = [c for c in CHARACTERS if c not in revealed]
    return position(
        columns=columns, discard=discard or [],
        players=[{"hand": hand, "pile": pile if pile is not None else [4, 4, 4, 8, 8, 8]}],
        options={"characters": True, "mode": "solo"}, revealed=list(revealed), deck=deck,
        **extra,
    )


def does(table: Table, text: str, action: Any, seat: int | None = None) -> list[Any]:
    """Say ``text``: the game must change exactly as ``action`` does, and the table hears it."""
    before = table.state
    expected, events = ENGINE.apply(before, action)
    says = table.hear(text, seat=seat)
    assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (text, [s.text for s in says])
    heard = keys(on(says, "table"))
    for event in events:
        if event.private_to is None:
            assert f"event.{event.kind}" in heard, (text, event.kind, heard)
    return says


def texts(says: list[Any], channel: str) -> str:
    """What one channel heard (names inside sentences may be written in lower case: the
    session lowers the first letter of nested sentences; espeak says them the same)."""
    return " ".join(s.text for s in says if s.channel == channel)


def test_ragna_skips_a_value_then_the_card_after_the_hole_is_placed(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    says = does(table, "j'utilise Ragna pour sauter le quatre sur la colonne deux",
                UseRagna(2, 4))
    assert "Ragna" in texts(says, "table")
    says = does(table, "je pose le cinq sur la deux", Place((5,), 2))
    assert "event.hole_left" in keys(says)
    says = table.hear("qu'y a-t-il sur la colonne deux ?")
    assert "il y manque le quatre" in texts(says, SEAT1)


def test_ragna_with_another_wording(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    does(table, "Ragna, je saute le quatre sur la deux", UseRagna(2, 4))


def test_gytha_takes_two_cards_from_the_discard(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2], [3, 4], [13], [5, 6, 7], [12]],
                                     [7, 8, 9, 10, 11, 2], discard=[5, 6]), names=["Anne"])
    says = does(table, "Gytha : je prends le cinq et le six dans la défausse pour la colonne "
                       "trois", UseGytha(3, (5, 6)))
    assert "event.cards_from_discard" in keys(says)
    does(table, "je pose le sept, le huit et le neuf sur la trois", Place((7, 8, 9), 3))


def test_the_sheriff_empties_a_column(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2], [3, 4, 5], [13], [5, 6, 7], [12]],
                                     [7, 8, 9, 10, 11, 2]), names=["Anne"])
    says = does(table, "le shérif sur la colonne trois", UseDen(3))
    assert "event.cards_discarded" in keys(says)
    assert table.state.columns[2] == ()


def test_the_bishop_removes_two_cards(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("wynstan", "gytha", "den"),
                                     [[3], [1, 2], [3, 4, 5], [13], [5, 6, 7], [12]],
                                     [6, 7, 9, 10, 11, 2]), names=["Anne"])
    does(table, "j'utilise l'évêque pour retirer deux cartes de la colonne cinq",
         UseWynstan(5, 2))
    does(table, "je pose le six et le sept sur la colonne cinq", Place((6, 7), 5))


def test_solo_a_second_character_is_said_in_the_same_turn(grammar: Grammar) -> None:
    # solo: "Utilisez 1 carte Personnage à la fois, puis remettez-la dans la boîte et
    # révélez-en une nouvelle": the bishop, then Ragna, by voice in one turn
    table = make_table(grammar, solo(("wynstan", "ragna", "den"),
                                     [[3, 4, 5], [1, 2], [9, 10], [13], [5, 6, 7], [12]],
                                     [7, 8, 9, 10, 11, 2]), names=["Anne"])
    does(table, "j'utilise l'évêque pour retirer une carte de la colonne trois",
         UseWynstan(3, 1))
    does(table, "j'utilise Ragna pour sauter le six sur la colonne un", UseRagna(1, 6))
    does(table, "je pose le sept et le huit sur la colonne un", Place((7, 8), 1))


def test_edgar_is_laid_told_in_the_columns_and_taken_back(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("edgar", "gytha", "den"),
                                     [[3], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [10, 11, 2, 1, 4, 6], pile=[10, 4, 4, 8, 8, 8]),
                       names=["Anne"])
    says = table.hear("j'utilise Edgar")
    assert keys(says) == ["ask_use_value"]
    does(table, "le dix", UseEdgar(3, 10))  # only the colonne trois takes a ten
    says = table.hear("qu'y a-t-il sur la colonne trois ?")
    assert "avec Edgar à la place du dix" in texts(says, SEAT1)
    says = table.hear("lis les colonnes")
    assert "Edgar à la place du dix" in texts(says, SEAT1)
    does(table, "je pose le onze sur la trois", Place((11,), 3))
    does(table, "j'ai fini", EndTurn())
    says = does(table, "je reprends Edgar", RetrieveEdgar())
    assert "event.edgar_swapped" in keys(says)


def test_edgar_is_taken_back_by_naming_the_card_he_stands_for(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("edgar", "gytha", "den"),
                                     [[3], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [10, 11, 2, 1, 4, 6], pile=[10, 4, 4, 8, 8, 8]),
                       names=["Anne"])
    table.hear("j'utilise Edgar")
    does(table, "le dix", UseEdgar(3, 10))
    does(table, "je pose le onze sur la trois", Place((11,), 3))
    does(table, "j'ai fini", EndTurn())
    before = table.state
    says = table.hear("je pose le quatre à la place d'Edgar")
    assert keys(says) == ["retrieve_wrong_card"] and table.state == before
    assert says[0].text.startswith("Edgar tient la place du dix, pas du quatre")
    says = does(table, "je pose le dix à la place d'Edgar", RetrieveEdgar())
    assert "event.edgar_swapped" in keys(says)


def test_the_king_adds_a_seventh_column(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ethelred", "gytha", "den"),
                                     [[3], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [10, 11, 2, 1, 4, 6]), names=["Anne"])
    says = does(table, "le roi : je pose le dix et le onze sur une nouvelle colonne",
                UseEthelred((10, 11)))
    assert "event.column_added" in keys(says)
    says = table.hear("qu'y a-t-il sur la colonne sept ?")
    assert "colonne supplémentaire" in texts(says, SEAT1)


def test_wilwulf_sets_cards_aside_and_they_are_told(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("wilwulf", "gytha", "den"),
                                     [[3], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [7, 9, 2, 1, 4, 6]), names=["Anne"])
    says = does(table, "je mets le sept et le neuf devant moi avec Wilwulf",
                UseWilwulf((7, 9)))
    assert "event.cards_set_aside" in keys(says)
    says = table.hear("qu'y a-t-il devant moi ?")
    assert "Devant toi : un sept et un neuf." in texts(says, SEAT1)


def test_edgar_is_moved_as_the_card_he_stands_for(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("edgar", "gytha", "den"),
                                     [[3], [1, 2], [8, 9], [13], [5, 6, 7], [7, 8, 9]],
                                     [10, 11, 2, 1, 4, 6]), names=["Anne"])
    does(table, "Edgar à la place du dix sur la trois", UseEdgar(3, 10))
    does(table, "déplace le dix de la colonne trois sur la colonne six", Move(3, 2, 6))


def test_aldred_then_a_card_at_the_start_of_a_column(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("aldred", "gytha", "den"),
                                     [[3, 4], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [2, 9, 11, 1, 4, 6]), names=["Anne"])
    does(table, "j'utilise Aldred", UseAldred())
    says = does(table, "je pose le deux sur la colonne un", Place((2,), 1))
    assert "event.cards_placed_at_start" in keys(says)


def test_mother_agatha_stacks_identical_cards(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("agatha", "gytha", "den"),
                                     [[3, 4], [1, 2], [8, 9], [13], [5, 6, 7], [12]],
                                     [4, 4, 11, 1, 10, 6]), names=["Anne"])
    does(table, "j'utilise la mère supérieure", UseAgatha())
    does(table, "je pose le quatre et le quatre sur la colonne un", Place((4, 4), 1))


def test_wigelm_gives_the_first_cards_to_the_three_others(grammar: Grammar) -> None:
    players = [
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["wigelm", "den"]},
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["ragna", "edgar"]},
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["aldred", "agatha"]},
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["gytha", "wilwulf"]},
    ]
    state = position(columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
                     players=players, options={"characters": True, "mode": "standard"},
                     box=["wynstan", "ethelred"])
    table = make_table(grammar, state, names=["Anne", "Paul", "Léa", "Tom"])
    says = table.hear("quel est mon personnage ?", seat=0)
    assert "wigelm" in texts(says, SEAT1).lower()
    says = does(table, "Wigelm : je donne le premier de la colonne quatre, puis deux fois "
                       "la deux", UseWigelm((4, 2, 2)), seat=0)
    table_text = texts(says, "table")
    assert "Paul" in table_text and "Léa" in table_text and "Tom" in table_text
    assert "event.character_passed" in keys(says)


def test_a_missing_choice_is_asked_for_then_answered(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    says = table.hear("j'utilise Ragna")
    assert keys(says) == ["ask_use_skip"]
    says = table.hear("le quatre")
    assert table.state.power == ""
    assert "ask_use_column" in keys(says) or "choose_among" in keys(says)
    does(table, "la deux", UseRagna(2, 4))


def test_the_sheriff_without_a_column_is_asked_which(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    says = table.hear("j'utilise le shérif")
    assert keys(says) == ["ask_use_column"]
    does(table, "la cinq", UseDen(5))


def test_a_character_that_cannot_be_used_is_refused_at_once_with_the_alternatives(
    grammar: Grammar,
) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    before = ENGINE.dumps(table.state)
    says = table.hear("j'utilise Edgar à la place du dix")
    assert keys(says) == ["refusal.character_not_revealed"]
    assert "ragna" in says[0].text.lower() and says[0].channel == SEAT1
    assert ENGINE.dumps(table.state) == before


def test_questions_about_characters(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3], [1, 2, 3], [9], [13], [5, 6, 7], [12]],
                                     [5, 7, 9, 10, 11, 2]), names=["Anne"])
    says = table.hear("quels personnages sont révélés ?")
    assert "ragna" in texts(says, SEAT1).lower() and "sept" in texts(says, SEAT1)
    says = table.hear("que fait Edgar ?")
    assert keys(says) == ["power.edgar"] and "joker" in says[0].text
    for character in CHARACTERS:
        assert grammar.has_response(f"power.{character}")
    says = table.hear("que fait le shérif ?")
    assert keys(says) == ["power.den"]
    for character in CHARACTERS:  # the name said first, taken up by a pronoun (batch 10)
        name = grammar.say(f"character.{character}") if grammar.has_response(
            f"character.{character}") else character.capitalize()
        for asked in (f"{name}, il fait quoi exactement ?", f"{name}, elle sert à quoi ?"):
            assert keys(table.hear(asked)) == [f"power.{character}"], asked


def test_solo_malus_is_private_and_the_score_counts_it(grammar: Grammar) -> None:
    table = make_table(grammar, solo(("ragna", "gytha", "den"),
                                     [[3, 4, 5], [1, 2, 3], [9, 10], [13], [5, 6, 7], [12]],
                                     [1, 1, 2, 2, 1, 2]), names=["Anne"])
    says = table.hear("quel est le score ?")
    assert "dix points" in texts(says, SEAT1)
    says = does(table, "je mets le un sur la pile de malus", Malus(1))
    assert "event.malus_card" in keys(on(says, SEAT1))
    assert "event.malus_card" not in keys(on(says, "table"))
    assert "le un" not in texts(says, "table")
    says = table.hear("quel est le score ?")
    assert "cinq points" in texts(says, SEAT1) and "une carte de malus" in texts(says, SEAT1)


def test_table_set_up_of_character_piles_by_voice(grammar: Grammar) -> None:
    table = make_table(grammar, ENGINE.new_table_game(2, characters=True))
    says = table.hear("les colonnes sont cinq, huit, douze, un, trois et sept", seat=0)
    # each player is asked by name, on the table (one loudspeaker says it; no card told)
    asked = [s.text for s in on(says, "table") if s.key == "setup_characters"]
    assert [t.split(",")[0] for t in asked] == ["Anne", "Paul"]
    table.hear("mes personnages sont Ragna, Edgar, le roi, l'évêque et le shérif", seat=0)
    says = table.hear("mes personnages sont Gytha, Aldred, la mère supérieure, Wigelm et "
                      "Wilwulf", seat=1)
    assert "event.characters_set" in keys(says) and "your_turn" in keys(says)
    assert table.state.players[0].characters == ("ragna", "edgar", "ethelred", "wynstan", "den")
    says = table.hear("quel est mon personnage ?", seat=1)
    assert "gytha" in texts(says, "seat:2").lower()


def test_table_solo_characters_turned_up_are_told(grammar: Grammar) -> None:
    table = make_table(grammar, ENGINE.new_table_game(1, mode="solo"), names=["Anne"])
    table.hear("les colonnes sont cinq, huit, douze, un, trois et sept")
    for name in ("Ragna", "le shérif", "Edgar"):
        says = table.hear(f"le personnage retourné est {name}")
        assert "event.character_revealed" in keys(says), [s.text for s in says]
    assert table.state.revealed == ("ragna", "den", "edgar")


def test_help_rules_and_playable_cards_in_the_full_game(grammar: Grammar) -> None:
    state = solo(("ragna", "gytha", "den"), [[3], [1, 2], [9], [13], [5, 6, 7], [12]],
                 [1, 1, 1, 1, 1, 1])
    state = ENGINE.loads(ENGINE.dumps(state))
    table = make_table(grammar, state, names=["Anne"])
    assert "help.shared" in keys(table.hear("aide"))
    assert "rules.solo" in keys(table.hear("rappelle-moi les règles"))
    players = [{"hand": [1, 1, 1, 1, 1, 1], "pile": [2], "characters": [], "aside": [10]}]
    aside = position(columns=[[3], [1, 2], [9], [13], [5, 6, 7], [12]], discard=[],
                     players=players, options={"characters": True, "mode": "solo"},
                     revealed=["ragna", "gytha", "den"],
                     deck=[c for c in CHARACTERS if c not in ("ragna", "gytha", "den")])
    table = make_table(grammar, aside, names=["Anne"])
    says = table.hear("qu'est-ce que je peux poser ?")
    assert "le dix sur la colonne trois" in texts(says, SEAT1)
    does(table, "je pose le dix sur la trois", Place((10,), 3, (10,)))


def test_score_in_a_standard_game_tells_the_cards_left(grammar: Grammar) -> None:
    players = [
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7, 7], "characters": ["den"]},
        {"hand": [1, 2, 3, 4, 5, 6], "pile": [7], "characters": ["edgar"]},
    ]
    state = position(columns=[[3], [5, 6], [8, 9], [13], [10], [12]], discard=[],
                     players=players, options={"characters": True, "mode": "standard"},
                     box=[c for c in CHARACTERS if c not in ("den", "edgar")])
    table = make_table(grammar, state)
    says = table.hear("quel est le score ?", seat=0)
    assert keys(says) == ["answer.counts"]
    assert "Anne : huit cartes" in says[0].text and "Paul : sept cartes" in says[0].text
