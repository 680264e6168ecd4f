"""Issue 16, batch 6 classes: a complement put in front by a cleft ("c'est le huit que je
joue"), the future of the game's verbs ("je jouerai le huit"), questions whose values fill
several slots ("la case seize douze c'est quel terrain ?") or take a complement up with a
pronoun ("le château le plus proche, il est où ?"), and what is left in hand."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars.topics import TOPIC_COST

# Games whose moves name a numbered thing right after the verb (see the dislocation test).
NUMBERED_MOVES = [game for game in GAMES if game != "world_without_end"]
CONFIRM = 0.35  # a reading at or above this cost is asked, never acted on

WORDS = ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
         "onze", "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
         "dix-neuf", "vingt")


def _reading(game: str, text: str, intents: object) -> list[tuple[str, dict[str, object]]]:
    got = grammar(game).understand(text, intents=intents)[:1]  # type: ignore[arg-type]
    return [(i.name, dict(i.slots)) for i in got]


def _numbered(game: str) -> list[tuple[list[str], object, str]]:
    """The game's test sentences "je <verb> le|la|en <number> ...", as words."""
    g = grammar(game)
    lang = g.language
    found = []
    for case in exact_cases(game):
        words = [t.text for t in lang.tokens(case.text)]
        if (len(words) >= 4 and words[0] == "je" and lang.words(words[1])[0].key
                in lang.meaning_words and words[2] in ("le", "la", "en")
                and lang.number_value(lang.words(words[3])[0].key) is not None):
            found.append((words, case.intents, case.text))
    return found


@pytest.mark.parametrize("opener", ["c'est", "ce sera"])
@pytest.mark.parametrize("game", NUMBERED_MOVES)
def test_a_cleft_reads_as_the_plain_sentence(game: str, opener: str) -> None:
    """Every test sentence "je <verb> le <n> <rest>" said "c'est le <n> que je <verb>
    <rest>" (and "je construis en <hex>" said "c'est en <hex> que je construis") means the
    same, at the same cost: the cleft only moves the complement."""
    checked = 0
    for words, intents, text in _numbered(game):
        said = f"{opener} {words[2]} {words[3]} que je {words[1]} {' '.join(words[4:])}"
        assert _reading(game, said, intents) == _reading(game, text, intents), said
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("said", [
    "c'est le sept que je ne pose pas", "c'est le sept que je pose pas sur la trois",
    "c'est le neuf que tu poses sur la six", "c'est le sept qu'il pose sur la trois",
])
def test_a_cleft_negated_or_about_someone_else_is_no_move(said: str) -> None:
    for intent in grammar("kingsbridge").understand(said):
        assert intent.name not in ("place", "move", "exchange") or intent.cost >= CONFIRM, said


FUTURES = {"joue": "jouerai", "pose": "poserai", "mets": "mettrai", "place": "placerai",
           "prends": "prendrai", "construis": "construirai", "garde": "garderai",
           "valide": "validerai", "utilise": "utiliserai", "déplace": "déplacerai"}


@pytest.mark.parametrize("game", NUMBERED_MOVES)
def test_the_future_of_a_verb_reads_as_its_present(game: str) -> None:
    """"je jouerai le huit" is "je joue le huit": acted on (below the confirmation cost),
    for every test sentence of the game whose verb has a future form in the data."""
    checked = 0
    for words, intents, text in _numbered(game):
        future = FUTURES.get(words[1])
        if future is None:
            continue
        said = " ".join(["je", future, *words[2:]])
        got = grammar(game).understand(said, intents=intents)  # type: ignore[arg-type]
        assert [(i.name, dict(i.slots)) for i in got[:1]] == _reading(game, text, intents)
        assert got[0].cost < CONFIRM, said
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("row", range(2, 21))
@pytest.mark.parametrize("form", [
    "la case {r} {c} c'est quel terrain ?", "la case {r} {c} c'est quoi ?",
])
def test_a_hex_question_names_its_row_and_column_in_order(row: int, form: str) -> None:
    """Two numbers either slot could take go to the slots in the template's order: the
    row first, then the column, for every row and column of the board but "un", which is
    also an article (see the next test)."""
    for col in range(2, 21):
        said = form.format(r=WORDS[row - 1], c=WORDS[col - 1])
        got = grammar("kingdom_builder").topic(said)
        assert [(i.name, dict(i.slots)) for i in got[:1]] == [
            ("ask_hex", {"row": f"row:{row}", "col": f"col:{col}"})], said
        assert TOPIC_COST <= got[0].cost < CONFIRM


@pytest.mark.parametrize("said", [
    "la case un un c'est quel terrain ?", "la case deux un c'est quoi ?",
    "la case un deux c'est quel terrain ?",
])
def test_a_hex_question_with_un_is_never_another_question(said: str) -> None:
    """"un" is a value there, never an article said for nothing: the hex, or no reading
    (never "what is my terrain card")."""
    got = grammar("kingdom_builder").topic(said)
    assert [i.name for i in got[:1]] in (["ask_hex"], []), said


@pytest.mark.parametrize(("game", "said", "intent"), [
    ("kingdom_builder", "le château le plus proche, il est où ?", "ask_nearest"),
    ("kingdom_builder", "mes colonies, elles sont où ?", "ask_settlements"),
    ("kingsbridge", "la colonne cinq, elle se termine par quoi ?", "ask_column"),
])
def test_a_pronoun_taking_up_a_complement_is_said_for_nothing(
        game: str, said: str, intent: str) -> None:
    got = grammar(game).topic(said)
    assert [i.name for i in got[:1]] == [intent], said


@pytest.mark.parametrize("game", ["kingsbridge", "seven_kingdoms"])
@pytest.mark.parametrize("said", [
    "il me reste quoi comme cartes ?", "qu'est-ce qu'il me reste en main ?",
    "il me reste quoi en main ?", "il me reste quelles cartes ?", "j'ai quoi comme cartes ?",
])
def test_what_is_left_in_hand_is_the_hand(game: str, said: str) -> None:
    got = grammar(game).understand(said)
    assert [i.name for i in got[:1]] == ["ask_hand"], said
    assert got[0].cost < CONFIRM


def test_what_is_left_in_the_pile_is_still_the_pile() -> None:
    got = grammar("kingsbridge").understand("combien il me reste de cartes dans la pioche ?")
    assert [i.name for i in got[:1]] == ["ask_pile"]


@pytest.mark.parametrize("first", range(1, 13))
@pytest.mark.parametrize("det", ["mes", "les"])
def test_values_joined_by_et_after_a_plural_determiner_are_each_a_card(
        first: int, det: str) -> None:
    """"je pose mes dix et onze sur la trois": the cards 10 and 11 (never a count), for
    every pair of card values and both determiners."""
    for second in range(first + 1, 14):
        said = f"je pose {det} {WORDS[first - 1]} et {WORDS[second - 1]} sur la colonne trois"
        got = grammar("kingsbridge").understand(said)[:1]
        assert [(i.name, dict(i.slots)) for i in got] == [
            ("place", {"cards": (f"card:{first}", f"card:{second}"), "column": "column:3"})]
        assert got[0].cost < CONFIRM, said
