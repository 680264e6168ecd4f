"""A self-correction keeps the last value said ("le sept, non, le huit" is the huit), over
every test sentence of every game that names a value, for each correction word."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from grammar_helpers import (
    GAMES,
    Rotation,
    exact_cases,
    first_value_run,
    grammar,
    understood,
)

from ludivox.grammars.intents import Intent
from ludivox.table.session_core import CONFIRM_COST

# one correction word, or several said in a row ("ou plutôt non", "ah non zut")
MARKERS = ("non", "pardon", "je veux dire", "non attends", "non, plutôt", "pardon, enfin",
           "ou plutôt non", "ah non zut", "mince", "oups, je me suis trompé",
           # with a pause to look, or the slip owned, between the two (batch 19)
           "attends que je vérifie, non", "euh non attends, je me suis emmêlée",
           "euh attendez que je regarde, non",
           # with the reason said before what is meant (batch 33: « … ah non elle finit par
           # neuf alors sur la cinquième »)
           "ah non, ça va pas, alors", "non, il y a déjà trop de cartes, donc")


@pytest.mark.parametrize("game", GAMES)
def test_a_value_said_then_corrected_reads_as_the_correction(game: str) -> None:
    """Every exact test sentence naming a value, each with three of the correction words in
    turn (:class:`Rotation`, by intent): every correction word is checked, on every intent
    with four such sentences or more."""
    g = grammar(game)
    lang = g.language
    markers = Rotation(MARKERS, per_case=3)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        tokens = [t.text for t in lang.tokens(case.text)]
        run = first_value_run(game, tokens)
        if run is None:
            continue
        start, end = run
        wrong = [str((lang.number_value(t) or 0) + 1) for t in tokens[start:end]]
        meant = understood(game, case.text, case.intents)[:1]
        for marker in markers(case.intent):
            text = " ".join([*tokens[:start], *wrong, marker, *tokens[start:]])
            got = g.understand(text, intents=case.intents)[:1]
            assert [(i.name, dict(i.slots)) for i in got] == [
                (i.name, dict(i.slots)) for i in meant
            ], f"{text!r} (meant {case.text!r})"
            checked += 1
            said.add(marker)
    assert checked > 20
    assert not markers.missed(said)


def _last_word_pairs(game: str, keep: Callable[[list[str]], bool]
                     ) -> list[tuple[str, list[str], list[Intent]]]:
    """(the first sentence, the second's words, what the second means) for every two exact
    test sentences of one intent that differ only in their last word, both kept by ``keep``
    (their words), the second meaning something else than the first."""
    lang = grammar(game).language
    by_intent: dict[tuple[str, tuple[str, ...]], list[tuple[str, list[str]]]] = {}
    for case in exact_cases(game):
        words = [t.text for t in lang.tokens(case.text)]
        if keep(words):
            by_intent.setdefault((case.intent, tuple(words[:-1])), []).append(
                (case.text, words))
    pairs = []
    for group in by_intent.values():
        for (wrong, _), (right, words) in itertools.pairwise(group):
            meant = understood(game, right)[:1]
            if meant and meant != understood(game, wrong)[:1]:
                pairs.append((wrong, words, meant))
    return pairs


@pytest.mark.parametrize("game", GAMES)
def test_a_word_said_then_corrected_reads_as_the_correction(game: str) -> None:
    """A named thing that is no number, corrected ("je prends une pierre, non, du bois",
    "j'utilise Ragna, non, Edgar"): for every two test sentences of one intent that differ
    only in their last word, the first said then corrected to the second's last words means
    the second, with its slot values (never the first). Each pair with three of the
    correction words in turn (:class:`Rotation`): every one is checked."""
    g = grammar(game)
    lang = g.language
    markers = Rotation(MARKERS, per_case=3)
    said: set[str] = set()

    def thing_last(words: list[str]) -> bool:
        last = lang.words(words[-1])[0].key
        # a value or a little word is corrected as such (above); "non" is no thing said
        # that a correction could take back
        return len(words) >= 2 and lang.number_value(words[-1]) is None \
            and last not in lang.cheap_words and not any(last in p for p in lang.corrections)

    checked = 0
    for wrong, words, meant in _last_word_pairs(game, thing_last):
        for marker in markers():
            text = f"{wrong}, {marker}, {' '.join(words[-2:])}"
            got = g.understand(text)[:1]
            assert got and (got[0].name, got[0].slots) == (meant[0].name, meant[0].slots), (
                text, got)
            checked += 1
            said.add(marker)
    assert checked, "no two sentences of one intent differ only in their last word"
    assert checked < len(MARKERS) or not markers.missed(said), said


PARTITIVES = {"un": "du", "une": "de la"}  # "une pierre, non, du bois"


@pytest.mark.parametrize("game", GAMES)
def test_a_thing_corrected_with_another_article_reads_as_the_correction(game: str) -> None:
    """« je prends une pierre, non, du bois », « …, non, de la pierre plutôt »: the thing
    said again with another article (a partitive) than the one said first, the choice
    word maybe after it. For every two test sentences of one intent that differ only in
    their last word said after « un » or « une », as in the test above."""
    g = grammar(game)
    lang = g.language

    def said_with_un(words: list[str]) -> bool:
        return len(words) >= 3 and words[-2] in PARTITIVES \
            and lang.number_value(words[-1]) is None

    checked = 0
    for wrong, words, meant in _last_word_pairs(game, said_with_un):
        article = PARTITIVES[words[-2]]
        for ending in ("", " plutôt"):
            marker = MARKERS[checked % len(MARKERS)]
            text = f"{wrong}, {marker}, {article} {words[-1]}{ending}"
            got = g.understand(text)[:1]
            assert got and (got[0].name, got[0].slots) == (meant[0].name, meant[0].slots), (
                text, got)
            checked += 1
    assert checked or game != "world_without_end"


@pytest.mark.parametrize("verb", ["j'oriente", "je vais orienter", "tourne"])
def test_a_correction_reads_in_another_form_of_the_sentence_too(verb: str) -> None:
    """The correction is read after the sentence's other readings (an elision, a modal, "on"
    for "je"): "j'oriente la flèche vers Anne, non, vers moi" is the arrow towards me, for
    every two players or sides said, whatever their lengths."""
    g = grammar("world_without_end")
    sides = {"moi": "who:me", "joueur": "who:named", "mon voisin de gauche": "who:left",
             "celui d'en face": "who:front", "le côté vide": "who:nobody"}
    for (a, _), (b, meant) in itertools.permutations(sides.items(), 2):
        for marker in MARKERS[:3]:
            said = f"{verb} la flèche vers {a}, {marker}, vers {b}"
            got = g.understand(said)[:1]
            assert [(i.name, dict(i.slots), i.cost) for i in got] == [
                ("orient_to", {"who": meant}, 0.0)], said


@pytest.mark.parametrize("game", GAMES)
def test_a_correction_that_changes_its_value_article_gender_is_asked(game: str) -> None:
    """"je mets le huit sur la trois, non, le sept": the correction's article is not the one of
    the value before it (a column become a card?) and may be meant for the card said first.
    For every test sentence ending on a value said with a gendered article, that value
    corrected with the other gender's article is never read for sure (at most a question,
    costing a confirmation), whatever the correction word. Each sentence with four of the
    (correction word, article) pairs in turn (:class:`Rotation`, by intent): every pair is
    checked, on every intent with three such sentences or more."""
    g = grammar(game)
    lang = g.language
    other = {gender: Rotation(list(itertools.product(
                 MARKERS[:2], [w for w, g2 in lang.genders.items() if g2 != gender])), 4)
             for gender in set(lang.genders.values())}
    said_with: set[tuple[str, str]] = set()
    checked = 0
    for case in exact_cases(game):
        tokens = [t.key for t in lang.tokens(case.text)]
        start = len(tokens)
        while start > 0 and lang.number_value(tokens[start - 1]) is not None:
            start -= 1
        if start in (0, len(tokens)) or tokens[start - 1] not in lang.genders:
            continue
        value = (lang.number_value(tokens[-1]) or 0) % 9 + 1
        for marker, article in other[lang.genders[tokens[start - 1]]](case.intent):
            said = f"{case.text}, {marker}, {article} {value}"  # "un huit" too: an eight
            got = g.understand(said, intents=case.intents)[:1]
            assert not got or got[0].cost >= CONFIRM_COST, (said, got)
            checked += 1
            said_with.add((marker, article))
    assert checked > 10 or game != "kingsbridge"
    assert game != "kingsbridge" or not any(r.missed(said_with) for r in other.values())


@pytest.mark.parametrize(("said", "first", "second"), [
    ("je mets le huit sur la trois, non, le sept",
     {"cards": ("card:7",), "column": "column:3"}, {"cards": ("card:8",), "after": "card:7"}),
    ("je pose mon huit sur la deux, ah zut, mon sept",
     {"cards": ("card:7",), "column": "column:2"}, {"cards": ("card:8",), "after": "card:7"}),
    ("je mets le neuf sur le deux, pardon, la quatre",
     {"cards": ("card:9",), "column": "column:4"}, None),
    ("je pose un sept sur la trois, non, un huit",
     {"cards": ("card:8",), "column": "column:3"}, {"cards": ("card:7",), "after": "card:8"}),
])
def test_both_readings_of_a_regendered_correction_are_offered_card_first(
        said: str, first: dict[str, object], second: dict[str, object] | None) -> None:
    """The value with the same article corrected first ("le huit" -> "le sept": the card
    played), then the value just before the correction (the only one when no other value has
    the correction's article); each asked, never done at once."""
    got = grammar("kingsbridge").understand(said)[:2]
    assert [dict(i.slots) for i in got] == [first, second][:1 + (second is not None)]
    assert all(i.cost >= CONFIRM_COST for i in got)
