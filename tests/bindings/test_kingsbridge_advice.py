"""The coach's advice at the table (issue 14, item 3): the plan as short steps with why,
"pourquoi ?", "et sinon ?" and "aide-moi seulement pour la colonne trois", privately, and
never changing the game."""

from __future__ import annotations

from table_helpers import keys, make_table

from ludivox.engines.kingsbridge import KingsbridgeEngine, new_virtual_game
from ludivox.engines.kingsbridge.advice import advise
from ludivox.grammars.grammar import Grammar

ENGINE = KingsbridgeEngine()


def test_advice_why_and_the_next_best(grammar: Grammar) -> None:
    state = new_virtual_game(1, 2, mode="solo")
    table = make_table(grammar, state, names=["Anne"])
    found = advise(state)
    assert len(found) >= 2
    best = table.hear("quel est le meilleur coup ?")
    assert keys(best) == ["coach.advice"] and best[0].channel == "seat:1"
    assert best[0].text.count("Étape") == len(found[0].plan.actions)
    why = table.hear("pourquoi ?")
    assert keys(why) == ["coach.why"]
    assert why[0].text.rstrip(".") in best[0].text  # the reasons the advice gave
    other = table.hear("et sinon ?")
    assert keys(other) == ["coach.other"] and other[0].text.startswith("Sinon")
    assert other[0].text != best[0].text
    assert ENGINE.dumps(table.state) == ENGINE.dumps(state)  # questions change nothing


def test_help_for_one_column_only(grammar: Grammar) -> None:
    state = new_virtual_game(1, 2, mode="solo")
    table = make_table(grammar, state, names=["Anne"])
    says = table.hear("aide-moi seulement pour la colonne deux")
    assert keys(says) == ["coach.advice_column"]
    assert "colonne deux" in says[0].text and "colonne cinq" not in says[0].text
    # columns two and four both hold a 1: the 2 goes on either (the search tries only one)
    says = table.hear("aide-moi seulement pour la colonne quatre")
    assert keys(says) == ["coach.advice_column"] and "le deux sur la colonne quatre" in says[0].text
    assert keys(table.hear("aide-moi pour la colonne trois")) == ["coach.column_none"]
    assert keys(table.hear("aide-moi seulement pour cette colonne")) == ["coach.which_column"]
    assert keys(table.hear("aide-moi pour la colonne sept")) == ["refusal.no_such_column"]


def test_follow_ups_out_of_turn_name_who_plays(grammar: Grammar) -> None:
    state = new_virtual_game(2, 4, mode="coop")
    table = make_table(grammar, state)
    for text in ("pourquoi ?", "et sinon ?", "aide-moi pour la colonne deux"):
        says = table.hear(text, seat=1)
        assert keys(says) == ["answer.coach_not_your_turn"] and says[0].channel == "seat:2"
