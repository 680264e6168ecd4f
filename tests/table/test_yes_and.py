""""Oui, …": a yes said first, then more words. Understood words are the request, the yes
only opened it ("oui, je pose le sept sur la colonne deux"); words that are not understood
only restate the yes to the question waiting ("oui, je suis sûre", "oui je prends les trois
ors"); with nothing waiting, they are not understood and nothing changes."""

from __future__ import annotations

import pytest
from table_helpers import (
    ENGINE,
    exchange_answered,
    keys,
    make_table,
    one_column_game,
    settings_for,
)

from ludivox.grammars.grammar import Grammar

YES = ("oui", "oui oui", "oui c'est ça", "exactement", "bien sûr", "tout à fait")
REQUESTS = ("je pose le sept sur la colonne deux", "qu'est-ce que j'ai en main ?",
            "lis les colonnes", "je pose le huit sur la colonne deux")


@pytest.mark.parametrize("yes", YES)
@pytest.mark.parametrize("asked", REQUESTS)
def test_a_yes_before_a_request_only_opens_it(grammar: Grammar, yes: str, asked: str) -> None:
    plain, opened = make_table(grammar, one_column_game()), make_table(grammar, one_column_game())
    expected = plain.hear(asked)
    said = opened.hear(f"{yes}, {asked}")
    assert [s.text for s in said] == [s.text for s in expected]
    assert ENGINE.dumps(opened.state) == ENGINE.dumps(plain.state)


# words said for nothing before the yes (batch 20: « attends où est-ce que j'en étais oui huit
# dix-huit »)
BEFORE_YES = ("attends où est-ce que j'en étais", "euh alors", "bon attends voir", "ah")


@pytest.mark.parametrize("before", BEFORE_YES)
@pytest.mark.parametrize("asked", REQUESTS)
def test_a_yes_after_words_said_for_nothing_still_only_opens_the_request(
        grammar: Grammar, before: str, asked: str) -> None:
    plain, opened = make_table(grammar, one_column_game()), make_table(grammar, one_column_game())
    expected = plain.hear(asked)
    said = opened.hear(f"{before} oui {asked}")
    assert [s.text for s in said] == [s.text for s in expected]
    assert ENGINE.dumps(opened.state) == ENGINE.dumps(plain.state)


@pytest.mark.parametrize("before", BEFORE_YES)
def test_a_yes_after_words_said_for_nothing_answers_the_confirmation(
        grammar: Grammar, before: str) -> None:
    t = make_table(grammar, one_column_game(), settings=settings_for(
        ["Anne", "Paul"], confirm="always", scan_check="never"))
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]
    t.hear(f"{before} oui je suis sûre de moi")
    assert t.state.columns[1][-1] == 7


@pytest.mark.parametrize("yes", YES)
def test_a_yes_restated_answers_the_confirmation(grammar: Grammar, yes: str) -> None:
    t = make_table(grammar, one_column_game(), settings=settings_for(
        ["Anne", "Paul"], confirm="always", scan_check="never"))
    assert keys(t.hear("je pose le sept sur la colonne deux")) == ["confirm_move"]
    t.hear(f"{yes}, je suis sûre de moi")
    assert t.state.columns[1][-1] == 7


@pytest.mark.parametrize("yes", YES)
def test_with_nothing_waiting_a_yes_and_noise_changes_nothing(grammar: Grammar,
                                                              yes: str) -> None:
    t = make_table(grammar, one_column_game())
    before = ENGINE.dumps(t.state)
    said = t.hear(f"{yes}, je suis sûre de moi")
    assert keys(said)[0].startswith("not_understood")
    assert ENGINE.dumps(t.state) == before


def test_a_restated_yes_accepts_the_games_own_question() -> None:
    """Un monde sans fin asks each player in turn whether they take an exchange offer."""
    assert exchange_answered("oui") == exchange_answered("oui je prends les trois ors")


@pytest.mark.parametrize("again", ["pose-le", "vas-y pose-le", "pose-le sur la colonne deux",
                                   "je pose le sept sur la deux"])
def test_the_move_asked_about_said_again_is_the_yes(grammar: Grammar, again: str) -> None:
    """"Oui, pose-le" to "le sept sur la colonne deux, c'est bien ça ?": incomplete alone,
    or the very move asked about: it is the yes, and the move is made once."""
    t = make_table(grammar, one_column_game(), settings=settings_for(
        ["Anne", "Paul"], confirm="always", scan_check="never"))
    t.hear("je pose le sept sur la colonne deux")
    t.hear(f"oui, {again}")
    assert t.state.columns[1][-1] == 7
    assert t.session.pending is None
