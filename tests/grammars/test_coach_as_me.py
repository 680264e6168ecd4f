"""Issue 16: the coach asked as if it sat in the player's seat ("à ta place tu ferais
quoi ?", "si tu étais moi, qu'est-ce que tu ferais ?"), the place said first or last, is the
coach's advice in every game that has a coach."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from grammar_helpers import grammar

COACH = {"kingsbridge": "ask_best", "seven_kingdoms": "ask_coach", "kingdom_builder": "ask_coach"}
PLACES = ["à ta place", "à ma place", "si tu étais moi", "toi"]
QUESTIONS = ["tu ferais quoi", "qu'est-ce que tu ferais", "que ferais-tu"]


@pytest.mark.parametrize("game", sorted(COACH))
def test_the_coach_asked_in_my_place_said_first_or_last(game: str) -> None:
    g = grammar(game)
    for place in PLACES:
        for question in QUESTIONS:
            for said in (f"{place}, {question} ?", f"{question} {place} ?"):
                got = g.understand(said)
                assert got and got[0].name == COACH[game] and got[0].cost == 0.0, (said, got[:1])


def _forms(rule: str) -> list[str]:
    """The alternatives of a shared expansion rule ``(a|b|c)``, read from its source, so a
    form added there is tested here."""
    path = Path(__file__).parents[2] / "src/ludivox/grammars/common/fr/sentences.yaml"
    text = yaml.safe_load(path.read_text(encoding="utf-8"))["expansion_rules"][rule]
    assert text.startswith("(") and text.endswith(")")
    return text[1:-1].split("|")


VERBS = {
    "kingsbridge": ["jouer", "faire", "poser"],
    "seven_kingdoms": ["jouer", "faire"],
    "kingdom_builder": ["jouer", "faire", "construire"],
}


@pytest.mark.parametrize("game", sorted(COACH))
def test_the_coach_asked_with_a_conditional_in_every_form(game: str) -> None:
    # "qu'est-ce que je devrais jouer ?", "il vaudrait mieux poser quoi ?": every form of
    # the shared rules, with every verb of the game, is the coach's advice, exactly.
    g = grammar(game)
    said = [f"{form} {verb} ?" for form in _forms("que_devrais") for verb in VERBS[game]]
    said += [f"{form} {verb} quoi ?" for form in _forms("je_devrais") for verb in VERBS[game]]
    for sentence in said:
        got = g.understand(sentence)
        assert got and got[0].name == COACH[game] and got[0].cost == 0.0, (sentence, got[:1])


def test_what_could_i_play_stays_the_playable_cards_in_kingsbridge() -> None:
    # "je pourrais" asks what is possible, not what is best: not one of the advice forms.
    got = grammar("kingsbridge").understand("qu'est-ce que je pourrais jouer ?")
    assert got and got[0].name == "ask_playable"


IDEAS = ["t'aurais une idée pour moi", "tu as une idée", "t'as une idée ?", "une idée pour moi ?",
         "tu aurais une idée"]


@pytest.mark.parametrize("game", sorted(COACH))
def test_an_idea_asked_for_is_the_advice(game: str) -> None:
    """Batch 33: « t'aurais une idée pour moi » was not understood in Kingdom Builder."""
    g = grammar(game)
    for said in IDEAS:
        got = g.understand(said)
        assert got and got[0].name == COACH[game] and got[0].cost == 0.0, (said, got[:1])
