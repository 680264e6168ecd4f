""""Non, …" to a yes / no question: a no said first, then words that only deny again what
was asked (« non merci, je veux pas », « non, ça m'intéresse pas l'échange ») are the no;
words naming something the question did not (« non, pas le sept, le huit ») are a correction,
never a bare no. Set phrases whose « pas » negates nothing (« pourquoi pas », « pas de
souci ») are a yes."""

from __future__ import annotations

import pytest
from table_helpers import (
    Table,
    exchange_answered,
    keys,
    make_table,
    one_column_game,
    settings_for,
)

from ludivox.grammars.grammar import Grammar

DENIALS = ("non merci je veux pas", "non je ne le pose pas", "non ne le pose pas",
           "non je ne veux pas poser le sept", "non ce n'est pas ce que je veux",
           "non surtout pas le sept", "non merci ça ira pas")
AGREEING = ("bah oui pourquoi pas", "pourquoi pas", "oui pas de souci", "pas de problème",
            "oui avec plaisir", "ouais ça roule")


def _confirming(grammar: Grammar) -> Table:
    t = make_table(grammar, one_column_game(), settings=settings_for(
        ["Anne", "Paul"], confirm="always", scan_check="never"))
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]
    return t


@pytest.mark.parametrize("no", DENIALS)
def test_a_no_said_again_in_words_declines_the_move(grammar: Grammar, no: str) -> None:
    t = _confirming(grammar)
    before = list(t.state.columns[1])
    said = keys(t.hear(no))
    assert said[0] == "cancelled" and not any(k.startswith("not_understood") for k in said)
    assert list(t.state.columns[1]) == before
    assert t.session.pending is None


@pytest.mark.parametrize("yes", AGREEING)
def test_a_yes_in_a_set_phrase_with_pas_confirms_the_move(grammar: Grammar, yes: str) -> None:
    t = _confirming(grammar)
    t.hear(yes)
    assert t.state.columns[1][-1] == 7


def test_a_no_naming_another_card_is_no_bare_no(grammar: Grammar) -> None:
    """The eight named after the no is what the player wants: it is tried, not dropped."""
    t = _confirming(grammar)
    plain = make_table(grammar, one_column_game())
    expected = keys(plain.hear("je pose le huit sur la colonne deux"))
    said = keys(t.hear("non pas le sept le huit"))
    assert said == ["cancelled", *expected]


@pytest.mark.parametrize("no", ["non merci je veux pas", "non ça m'intéresse pas l'échange",
                                "non je veux pas échanger", "non ça ne m'intéresse pas"])
def test_a_no_said_again_in_words_refuses_the_games_own_offer(no: str) -> None:
    assert exchange_answered(no) == exchange_answered("non") != exchange_answered("oui")


@pytest.mark.parametrize("yes", AGREEING)
def test_a_yes_in_a_set_phrase_accepts_the_games_own_offer(yes: str) -> None:
    assert exchange_answered(yes) == exchange_answered("oui") != exchange_answered("non")


def test_a_no_naming_other_goods_does_not_refuse_the_offer() -> None:
    """« non, je veux pas ma pierre » names goods the offer does not: not a plain no."""
    assert exchange_answered("non je veux pas ma pierre") != exchange_answered("non")
