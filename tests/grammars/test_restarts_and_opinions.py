"""Sentences said the way people hesitate and ask: a restart after "euh" ("en dix-huit euh
dix-huit douze"), an opinion asked around a question ("à ton avis, je joue quoi ?"), a
complement corrected by another ("en main, non, dans mon royaume"), and a place said first
("en dix-sept treize, j'y mets une cité"). Each over every test sentence it applies to."""

from __future__ import annotations

import itertools

import pytest
from grammar_helpers import GAMES, exact_cases, grammar, understood

from ludivox.grammars.valuepasses import MAX_REWORDED

OPINIONS = ("à ton avis", "d'après toi", "selon vous", "tu crois que")


def _meaning(found: list[object]) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in found[:1]]  # type: ignore[attr-defined]


# "le neuf... ouais le neuf" (batch 18); "trois neuf… oui c'est ça, trois neuf" (batch 36)
@pytest.mark.parametrize("marker", ["euh", "ouais", "oui c'est ça", "c'est bien ça"])
@pytest.mark.parametrize("game", GAMES)
def test_words_said_again_after_euh_count_once(game: str, marker: str) -> None:
    """Every test sentence, its first words said, then "euh" (or a phrase that confirms
    them), then said again from the
    start of a run of up to three words, means what the sentence means, unless the words
    said twice mean something else as said (then they are two values, as "deux euh deux")."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        words = case.text.replace("?", "").split()
        meant = _meaning(understood(game, case.text, case.intents))
        last = lang.words(words[-1])
        if not last or lang.number_value(last[-1].key) is None:
            continue  # the sentences that end on a value: their restarts are the risky ones
        for at in range(2, min(len(words), 4)):
            for size in (1, 2):
                if not any(ch.isalnum() for w in words[at - size:at] for ch in w):
                    continue  # a colon said again is nothing said
                doubled = " ".join([*words[:at], *words[at - size:]])
                as_said = understood(game, doubled, case.intents)[:1]
                if as_said and as_said[0].cost == 0 and _meaning(as_said) != meant:
                    continue  # the words said twice fit as said, as something else
                said = " ".join([*words[:at], marker, *words[at - size:]])
                assert _meaning(g.understand(said, intents=case.intents)) == meant, (
                    said, case.text)
                checked += 1
    assert checked > 20
    assert MAX_REWORDED >= 3 and lang.hesitations


@pytest.mark.parametrize("tail", [", hein, une fois", " moi en ce moment", " là, pour ce tour"])
@pytest.mark.parametrize("game", GAMES)
def test_two_endings_said_for_nothing_change_nothing(game: str, tail: str) -> None:
    """Every test sentence that ends on a value, then two words said for nothing in a row
    (« le six sur la cinq, hein, une fois », batch 18), means what the sentence means."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        text = case.text.replace("?", "").strip()
        last = lang.words(text.split()[-1])
        if not last or lang.number_value(last[-1].key) is None:
            continue
        meant = _meaning(understood(game, text, case.intents))
        said = f"{text}{tail}"
        assert _meaning(g.understand(said, intents=case.intents)) == meant, (said, case.text)
        checked += 1
    assert checked > 20


COACH = {"kingsbridge": "ask_best", "seven_kingdoms": "ask_coach",
         "kingdom_builder": "ask_coach"}


@pytest.mark.parametrize("game", sorted(COACH))
@pytest.mark.parametrize("opinion", OPINIONS)
def test_advice_asked_with_an_opinion_around_it_is_advice(game: str, opinion: str) -> None:
    """Every way to ask the coach, with "à ton avis" (or another way to ask an opinion)
    before it, or after it, asks the coach."""
    g = grammar(game)
    asks = [c.text.rstrip(" ?") for c in exact_cases(game) if c.intent == COACH[game]]
    assert asks
    for text in asks:
        said = [f"{opinion}, {text} ?"]
        if not opinion.endswith("que"):
            said.append(f"{text}, {opinion} ?")
        for sentence in said:
            found = g.understand(sentence)
            assert found and found[0].name == COACH[game], (sentence, found[:1])


@pytest.mark.parametrize("game", GAMES)
def test_a_complement_corrected_by_another_reads_as_the_second(game: str) -> None:
    """Two test sentences of one intent that differ only in their last complement (from its
    preposition: "en main" / "dans mon royaume", "sur la trois" / "sur la colonne quatre"):
    the first said, then "non", then the second's complement, means the second."""
    g = grammar(game)
    lang = g.language
    by_head: dict[tuple[str, tuple[str, ...]], dict[tuple[str, ...], str]] = {}
    for case in exact_cases(game):
        keys = [t.key for t in lang.words(case.text)]
        at = max((i for i, k in enumerate(keys) if k in lang.prepositions), default=0)
        tail = keys[at:]
        if at < 2 or len(tail) > 4 or any(lang.number_value(k) is not None for k in tail):
            continue  # one complement, no value in it (values: test_self_corrections.py)
        by_head.setdefault((case.intent or "", tuple(keys[:at])), {})[tuple(keys[at:])] = (
            case.text.rstrip(" ?"))
    checked = 0
    for (_, head), tails in by_head.items():
        texts = list(tails.items())
        for (_, first), (_, second) in itertools.pairwise(texts):
            meant = _meaning(g.understand(second))
            if not meant or meant == _meaning(g.understand(first)):
                continue
            again = " ".join(t.text for t in lang.words(second)[len(head):])
            said = f"{first}, non, {again}"
            assert _meaning(g.understand(said)) == meant, (said, second)
            checked += 1
    if game == "seven_kingdoms":  # "en main" / "dans mon royaume"
        assert checked, "no two sentences of one intent differ only in their complement"


def test_a_place_said_first_goes_after_the_object() -> None:
    """"en dix-sept treize, j'y mets une cité": every hex of the board said first, taken up
    by "y", is built there; "sur la six, je pose le neuf" is the nine on column six."""
    g = grammar("kingdom_builder")
    names = ["un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
             "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
             "dix-neuf", "vingt"]
    for row in (2, 5, 8, 13, 17):  # "dix neuf" said apart is another test's matter
        for col in (1, 6, 11, 16, 20):
            for said in (f"en {names[row - 1]} {names[col - 1]}, j'y mets une cité",
                         f"en {names[row - 1]} {names[col - 1]}, je vais y construire une cité"):
                found = g.understand(said)
                assert found and found[0].name == "build" and found[0].slots == {
                    "row": f"row:{row}", "col": f"col:{col}"}, (said, found[:1])
    ks = grammar("kingsbridge").understand("sur la six, je pose le neuf")
    assert ks[0].name == "place" and ks[0].slots == {"column": "column:6",
                                                     "cards": ("card:9",)}
