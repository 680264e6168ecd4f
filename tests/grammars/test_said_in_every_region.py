"""Ways players say a move found by held-out batch 10 of the natural corpus, each a property
over every test sentence or value it applies to: an intention said the Québécois way ("m'as
jouer le trente-cinq") or as a wish ("j'ai bien envie de mettre ..."), a tag said to the table
after the move ("..., savez-vous", "..., tsé", "..., évidemment"), a better choice said as a
correction ("..., euh non, mieux vaut la trois") and a value said twice with the word before
it ("la quatre, la quatre": once)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from grammar_helpers import (
    GAMES,
    Rotation,
    exact_cases,
    exact_meaning,
    grammar,
    infinitives,
    understood,
)

from ludivox.grammars.numbers import NumberWords
from ludivox.grammars.valuepasses import MAX_REWORDED

WORDS = NumberWords("fr")
CARD_WORDS = {v: WORDS.cardinal(v) for v in range(1, 14)}
INTENTIONS = ("m'as", "j'ai bien envie de", "tiens, j'ai bien envie de", "j'aurais envie de")
TAGS = ("savez-vous", "vous savez", "tsé", "tu vois", "évidemment", "désolé", "forcément",
        # batch 19: the moment, a hedge, a « d'accord ? », a thing handed over in words
        "c'te fois-ci", "ce coup-ci", "je pense", "j'imagine", "ça va ben", "tiens")


@cache
def _moves_said_by_me(game: str) -> tuple[tuple[str, str, str, tuple[str, dict[str, object]]],
                                          ...]:
    """(text, infinitive, rest, meaning) of each exact test sentence "je <verb> <rest>"
    understood exactly, whose verb has an infinitive in the language data (found once for
    the tests of this file)."""
    infinitive = infinitives(grammar(game).language)
    found = []
    for case in exact_cases(game):
        words = case.text.rstrip(" ?.").split(maxsplit=2)
        if len(words) < 3 or words[0] != "je" or words[1] not in infinitive:
            continue
        meant = exact_meaning(game, case.text, case.intents)
        if meant is not None:
            found.append((case.text, infinitive[words[1]], words[2], meant))
    return tuple(found)


@pytest.mark.parametrize("game", GAMES)
def test_an_intention_said_in_every_region_is_the_move(game: str) -> None:
    """Every exact test sentence "je <verb> ..." said "<intention> <infinitive> ..." means
    the same (when "je souhaite <infinitive> ..." already does), each with two intentions in
    turn (:class:`Rotation`, by intent): every intention is checked, on every intent with two
    such sentences or more."""
    intentions = Rotation(INTENTIONS, per_case=2)
    checked = 0
    said: set[str] = set()
    for _, verb, rest, meant in _moves_said_by_me(game):
        if exact_meaning(game, f"je souhaite {verb} {rest}") != meant:
            continue
        for intention in intentions(meant[0]):
            text = f"{intention} {verb} {rest}"
            assert exact_meaning(game, text) == meant, text
            checked += 1
            said.add(intention)
    assert checked >= 8, checked
    assert not intentions.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_tag_said_to_the_table_after_a_move_keeps_it(game: str) -> None:
    """Every exact test sentence "je <verb> ..." with a tag said after it means the same;
    each sentence with three tags in turn (:class:`Rotation`, by intent): every tag is
    checked, on every intent with three such sentences or more."""
    tags = Rotation(TAGS, per_case=3)
    checked = 0
    said: set[str] = set()
    for text, _, _, meant in _moves_said_by_me(game):
        for tag in tags(meant[0]):
            tagged = f"{text.rstrip(' ?.')}, {tag}"
            assert exact_meaning(game, tagged) == meant, tagged
            checked += 1
            said.add(tag)
    assert checked >= 7, checked
    assert not tags.missed(said)


CORRECTIONS = ("mieux vaut", "euh non, mieux vaut", "non, il vaut mieux", "ou mieux")


def test_a_better_choice_said_as_a_correction_is_the_move() -> None:
    """ "je mets le sept sur la quatre, euh non, mieux vaut la trois": the seven on the three,
    for every card, pair of columns and way of saying it."""
    checked = 0
    for card, (first, then) in itertools.product(range(1, 14, 2),
                                                 itertools.permutations(range(1, 7), 2)):
        for correction in CORRECTIONS:
            text = (f"je mets le {CARD_WORDS[card]} sur la {CARD_WORDS[first]}, {correction} "
                    f"la {CARD_WORDS[then]}")
            meant = ("place", {"cards": (f"card:{card}",), "column": f"column:{then}"})
            assert exact_meaning("kingsbridge", text) == meant, text
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_a_value_said_twice_with_the_word_before_it_counts_once(game: str) -> None:
    """Every exact test sentence of two to six words (:data:`MAX_REWORDED`) whose value comes
    after a word ("la quatre", "sur la trois", "le trente-cinq") said twice in a row means what
    it means once,
    whenever the doubled words do not fit as said; a value said twice alone ("deux deux")
    is never merged."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        keys = [t.key for t in lang.words(case.text)]
        numbers = [lang.number_value(k) is not None for k in keys]
        if not 2 <= len(keys) <= MAX_REWORDED or not any(numbers) or numbers[0]:
            continue
        meant = exact_meaning(game, case.text, case.intents)
        doubled = f"{case.text.rstrip(' ?.')}, {case.text.rstrip(' ?.')}"
        found = understood(game, doubled, case.intents)
        if meant is None or (found and found[0].cost == 0
                             and (found[0].name, dict(found[0].slots)) != meant):
            continue  # the doubled words mean something as said
        assert exact_meaning(game, doubled, case.intents) == meant, doubled  # read once: cached
        checked += 1
    assert checked >= 5, checked


@pytest.mark.parametrize("game", GAMES)
def test_who_a_move_is_for_said_before_its_verb_keeps_the_move(game: str) -> None:
    """ "je te mets le neuf sur la six", "j'te mets ...", "tu peux me mettre ...": every exact
    test sentence "je <verb> ..." with a pronoun saying who the move is for means the same,
    unless its verb has a receiver ("je te donne la laine": to whom matters, never dropped)."""
    lang = grammar(game).language
    checked = kept = 0
    for text, verb, rest, meant in _moves_said_by_me(game):
        said = text.rstrip(" ?.").split()[1]
        if lang.words(said)[0].key in lang.receiver_verbs:
            top = exact_meaning(game, f"je te {said} {rest}")
            assert top is None or top != meant, f"je te {said} {rest}"
            kept += 1
            continue
        forms = [f"je te {said} {rest}"]
        if exact_meaning(game, f"tu peux {verb} {rest}") == meant:
            # the modal said first too (batch 20: « pourrais-tu me prendre la princesse »)
            forms += [f"tu peux me {verb} {rest}", f"peux-tu me {verb} {rest}",
                      f"pourrais-tu me {verb} {rest}"]
        if said[0] not in "aeiouyéèh":
            forms.append(f"j'te {said} {rest}")
        for form in forms:
            assert exact_meaning(game, form) == meant, form
            checked += 1
    assert checked >= 5, checked
    assert kept or game != "world_without_end", "no giving sentence was checked"


ASKED_IN_THE_PRESENT = {"redis-moi": "tu me redis", "dis-moi": "tu me dis", "lis-moi": "tu me lis",
                        "rappelle-moi": "tu me rappelles", "décris-moi": "tu me décris"}


@pytest.mark.parametrize("game", GAMES)
def test_a_question_asked_in_the_present_is_the_question(game: str) -> None:
    """ "tu me redis mes cartes ?", "tu me lis les colonnes ?": every exact test sentence that
    asks with "redis-moi", "lis-moi" ... asked "tu me redis ...", "tu me lis ..." is the same."""
    checked = 0
    for case in exact_cases(game):
        said = next((s for s in ASKED_IN_THE_PRESENT if case.text.startswith(s + " ")), None)
        meant = exact_meaning(game, case.text, case.intents) if said else None
        if said is None or meant is None:
            continue
        text = ASKED_IN_THE_PRESENT[said] + case.text[len(said):]
        assert exact_meaning(game, text, case.intents) == meant, text
        checked += 1
    assert checked >= 1, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_number_begun_again_is_the_whole_number(game: str) -> None:
    """ "trente... trente-quatre": every exact test sentence with a number of two words or more
    ("trente-quatre", "vingt et un", "dix-huit") with its first word said once before it means
    the same, whenever those words do not fit as said ("en dix dix-huit" is a hex)."""
    g = grammar(game)
    checked = 0
    for case in exact_cases(game):
        words = case.text.rstrip(" ?.").split()
        at = next((i for i, w in enumerate(words) if "-" in w and all(
            g.language.number_value(t.key) is not None for t in g.language.words(w))), None)
        meant = exact_meaning(game, case.text, case.intents) if at is not None else None
        if at is None or meant is None:
            continue
        begun = " ".join([*words[:at], words[at].split("-")[0], *words[at:]])
        found = understood(game, begun, case.intents)  # read once, for both checks
        if found and found[0].cost == 0 and (found[0].name, dict(found[0].slots)) != meant:
            continue  # the words mean something as said
        assert exact_meaning(game, begun, case.intents) == meant, begun
        checked += 1
    assert checked >= 1 or game == "common", checked


@pytest.mark.parametrize("game", GAMES)
def test_moe_said_first_is_moi(game: str) -> None:
    """Québécois « moé » opening a move (« moé je prends dix-neuf neuf », batch 19) is « moi »:
    every exact test sentence "je <verb> ..." means the same with it."""
    checked = 0
    for text, _, _, meant in _moves_said_by_me(game):
        assert exact_meaning(game, f"moé {text}") == meant, text
        checked += 1
    assert checked >= 7, checked
