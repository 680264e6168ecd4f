"""Responses as a player hears them: numbers in words, natural lists, plurals, variants."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

from ludivox.grammars import Grammar


@pytest.fixture(scope="module")
def kb() -> Grammar:
    return grammar("kingsbridge")


def test_refusal_says_why_and_what_would_work(kb: Grammar) -> None:
    text = kb.say("refusal.needs_card", value=7, column=3, last=5, needed=6)
    assert text.startswith("La colonne trois finit par le cinq : seul un six peut la continuer")
    assert "pas le sept" in text


def test_numbers_are_words_and_lists_are_natural(kb: Grammar) -> None:
    said = kb.say("event.cards_placed", seat=0, cards=(4, 5, 6), column=1, player="Alice")
    assert said == "Alice pose le quatre, le cinq et le six sur la colonne un."
    assert kb.say("ask_column_for", cards=(7,)) == "Sur quelle colonne veux-tu poser le sept ?"


def test_numerals_do_not_elide(kb: Grammar) -> None:
    said = kb.say("event.cards_placed", seat=0, cards=(1, 8, 11), column=2, player="Bob")
    assert "le un, le huit et le onze" in said


def test_choice_between_columns(kb: Grammar) -> None:
    assert kb.say("choose_between", cards=(7,), columns=(3, 5)) == (
        "Le sept sur la colonne trois ou sur la colonne cinq ?"
    )


def test_counts_agree_in_gender_and_number(kb: Grammar) -> None:
    assert kb.say("answer.pile", count=0) == "Ta pioche est vide."
    assert kb.say("answer.pile", count=1) == "Il te reste une seule carte dans ta pioche."
    assert kb.say("answer.pile", count=21) == "Il te reste vingt-et-une cartes dans ta pioche."
    drawn = kb.say("event.cards_drawn", seat=1, count=1, pile_left=4, player="Bob")
    assert drawn == "Bob pioche une carte."  # the pile's count only when asked
    drawn = kb.say("event.cards_drawn", seat=1, count=2, pile_left=0, player="Bob")
    assert drawn == "Bob pioche deux cartes. Sa pioche est maintenant vide."


def test_hand_groups_equal_cards(kb: Grammar) -> None:
    assert kb.say("answer.hand", cards=(1, 8, 11, 11)) == (
        "Tu as en main un un, un huit et deux onze."
    )


def test_select_on_booleans_and_sequences(kb: Grammar) -> None:
    whole = kb.say("event.column_moved", seat=0, source=2, target=5, cards=(3, 4), whole=True,
                   player="Alice")
    part = kb.say("event.column_moved", seat=0, source=2, target=5, cards=(3, 4), whole=False,
                  player="Alice")
    assert "toute la colonne deux" in whole
    assert "le trois et le quatre de la colonne deux" in part
    one = kb.say("event.game_blocked", winners=(1,), cards_left=(4, 3), winner_names=("Bob",),
                 fewest=3)
    two = kb.say("event.game_blocked", winners=(0, 1), cards_left=(3, 3),
                 winner_names=("Alice", "Bob"), fewest=3)
    assert "Bob gagne avec trois cartes" in one
    assert "Alice et Bob gagnent ex æquo" in two


def test_column_descriptions_join_as_sentences(kb: Grammar) -> None:
    items = [
        kb.say("answer.columns_item", column=1, first=3, last=7, count=5),
        kb.say("answer.columns_item_empty", column=2),
        kb.say("answer.columns_item", column=3, first=9, last=9, count=1),
    ]
    assert kb.say("answer.columns", items=items) == (
        "Colonne un : du trois au sept. Colonne deux : vide. Colonne trois : le neuf."
    )


def test_fragments_stay_lowercase_for_insertion(kb: Grammar) -> None:
    action = kb.say("action.place", cards=(7,), column=3)
    assert action == "poser le sept sur la colonne trois"
    assert kb.say("confirm", action=action) == (
        "Tu veux poser le sept sur la colonne trois ? Dis oui ou non."
    )


def test_ordinals_and_quotes() -> None:
    common = grammar("common")
    assert common.say("choose_invalid", count=3) == (
        "Il n'y a que trois possibilités : choisis entre la première et la troisième."
    )
    hint = common.say("not_understood_hint", examples=["répète", "aide"])
    assert hint == "Je n'ai pas compris. Tu peux dire par exemple : « répète » ou « aide »."


def test_variants_first_by_default_seeded_otherwise() -> None:
    common = grammar("common")
    first = common.say("not_understood")
    assert all(common.say("not_understood") == first for _ in range(3))
    seeded = {common.say("not_understood", seed=s) for s in range(20)}
    assert len(seeded) == 2 and first in seeded


def test_unknown_key_and_missing_parameter_raise_key_error(kb: Grammar) -> None:
    with pytest.raises(KeyError, match="unknown response key"):
        kb.say("refusal.no_such_thing")
    with pytest.raises(KeyError, match="needs parameter 'needed'"):
        kb.say("refusal.needs_card", value=7, column=3, last=5)
    assert kb.has_response("refusal.needs_card")
    assert not kb.has_response("refusal.no_such_thing")


def test_extra_parameters_are_ignored(kb: Grammar) -> None:
    said = kb.say("refusal.same_column", column=2, seat=0, player="Alice")
    assert said.startswith("C'est la même colonne, la colonne deux")


def test_names_starting_with_a_vowel_are_elided_but_numbers_never() -> None:
    grammar = Grammar.load("kingsbridge")
    said = grammar.say("event.turn_ended", player="Anne", next_player="Bob")
    assert said.startswith("Fin du tour d'Anne.")
    assert grammar.say("event.turn_ended", player="Bob", next_player="Anne").startswith(
        "Fin du tour de Bob."
    )
    # a number word is never elided: "pas de huit", not "pas d'huit"
    assert grammar.say("answer.card_not_in_hand", card=8) == "Tu n'as pas de huit en main."


def test_a_piece_for_inside_a_sentence_loses_the_template_capital_not_a_name(
    kb: Grammar,
) -> None:
    assert kb.say("answer.column_empty", column=2, capitalize=False)[:1].islower()
    said = kb.say("event.turn_ended", player="Anne", next_player="Bob", capitalize=False)
    assert said.startswith("fin du tour d'Anne")
    placed = kb.say("event.cards_placed", seat=0, cards=(7,), column=1, player="Anne",
                    capitalize=False)
    assert placed.startswith("Anne pose")  # a name keeps its capital


def test_a_proper_noun_starting_a_piece_keeps_its_capital(kb: Grammar) -> None:
    # "Edgar" is written with a capital inside other sentences: it is a name
    assert kb.say("character.edgar", capitalize=False) == "Edgar"
