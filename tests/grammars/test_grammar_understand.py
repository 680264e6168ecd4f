"""Understanding beyond the test files: normalisation, ranking, restrictions, safety."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

from ludivox.grammars import Grammar, Intent


@pytest.fixture(scope="module")
def kb() -> Grammar:
    return grammar("kingsbridge")


def test_load_is_cached() -> None:
    assert Grammar.load("kingsbridge", "fr") is Grammar.load("kingsbridge")


def test_normalisation(kb: Grammar) -> None:
    assert kb.normalize("Euh… J’ai PIOCHÉ le 7, s'il te plaît !") == "j'ai pioché le 7"
    assert kb.normalize("bon, mets-le sur la dix-sept") == "mets le sur la 17"
    assert kb.normalize("quatre-vingt-dix-neuf") == "99"
    assert kb.normalize("non merci") == "non"
    assert kb.normalize("merci") == "merci"  # never strip everything that was said


def test_typed_input_without_accents_matches(kb: Grammar) -> None:
    best = kb.understand("deplace la colonne deux sur la cinq")[0]
    assert best.name == "move" and best.cost == 0


def test_ids_are_canonical_whatever_the_spelling(kb: Grammar) -> None:
    for text in ("pose le sept sur la trois", "pose le 7 sur la 3", "POSE LE SEPT SUR LA 3"):
        best = kb.understand(text)[0]
        assert dict(best.slots) == {"cards": ("card:7",), "column": "column:3"}
        assert best.numbers("cards") == (7,) and best.number("column") == 3


def test_article_reading_comes_first_but_the_other_is_offered(kb: Grammar) -> None:
    results = kb.understand("j'ai un sept")
    assert [r.numbers("cards") for r in results[:2]] == [(7,), (1, 7)]
    assert results[0].cost == 0 < results[1].cost


def test_restriction_to_what_can_be_said_now(kb: Grammar) -> None:
    assert kb.understand("je passe", intents={"ask_hand", "ask_columns"}) == []
    assert kb.understand("je passe", intents={"pass"})[0].name == "pass"
    with pytest.raises(ValueError, match="unknown intents"):
        kb.understand("je passe", intents={"fly"})


def test_alternatives_are_used_and_ranked_after_the_transcript(kb: Grammar) -> None:
    results = kb.understand("j'ai fondu", alternatives=["j'ai fini", "je passe"])
    assert [r.name for r in results] == ["end_turn", "pass"]
    assert results[0].cost == pytest.approx(0.05)
    assert results[1].cost == pytest.approx(0.10)
    exact_first = kb.understand("je passe", alternatives=["j'ai fini"])
    assert exact_first[0].name == "pass" and exact_first[0].cost == 0


def test_fuzzy_gives_the_corrected_text(kb: Grammar) -> None:
    best = kb.understand("je pause le sept sur la trois")[0]
    assert best.name == "place" and 0 < best.cost <= 0.9
    assert best.text == "je pose le sept sur la trois"


@pytest.mark.parametrize(
    "text",
    [
        "pose le quatorze sur la trois",  # quatorze is not quatre
        "pose le seize sur la trois",
        "je pose le sept sur la colonne neuf",
        "je pose le sept sur",
        "sur",
        "quoi de neuf",
        "",
        "   ",
        "euh",
    ],
)
def test_far_or_empty_input_gives_nothing(kb: Grammar, text: str) -> None:
    assert kb.understand(text) == []


def test_numbers_are_never_invented_or_dropped(kb: Grammar) -> None:
    for result in kb.understand("je pose le sept huit sur la trois quatre"):
        assert result.cost > 0 or result.numbers("cards") == (7, 8)
        said = {7, 8, 3, 4}
        values = set(result.numbers("cards")) | {
            n for name in ("column", "source", "target", "card") if (n := result.number(name))
        }
        assert values <= said


def test_intent_value_helpers() -> None:
    intent = Intent("move", {"source": "column:2", "card": "card:9"}, "x", 0.0)
    assert intent.number("source") == 2 and intent.number("target") is None
    assert intent.numbers("card") == (9,) and intent.slot("target") is None
