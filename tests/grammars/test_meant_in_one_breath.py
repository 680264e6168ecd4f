"""A slip corrected in the same breath, the correction saying what was meant (batch 31: « en
cinq quinze attends non c'est en cinq seize que je voulais », « je joue la piété zut non la
récolte je voulais dire »): the words meant, said with a cleft (« c'est … que je voulais »)
or followed by « je voulais dire », read as if said alone after the correction. Over every
exact test sentence of every game that names a value, each with a correction word and a
form in turn; a disowning « non, c'est pas ce que je voulais » is never taken for a value."""

from __future__ import annotations

import pytest
from grammar_helpers import (
    GAMES,
    Rotation,
    exact_cases,
    first_value_run,
    grammar,
    understood,
)

FORMS = ("c'est {meant} que je voulais", "{meant}, je voulais dire",
         "c'était {meant} que je voulais dire", "non c'est {meant} que je voulais dire")
MARKERS = ("non", "attends non", "zut non", "pardon", "ah non", "euh non")


def _meaning(game: str, text: str, intents: frozenset[str] | None = None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in grammar(game).understand(text, intents=intents)[:1]]


@pytest.mark.parametrize("game", GAMES)
def test_a_value_corrected_with_what_was_meant_reads_as_the_correction(game: str) -> None:
    """« <the sentence with another value>, <correction>, c'est <the value and what
    follows it> que je voulais » means the sentence itself."""
    lang = grammar(game).language
    forms = Rotation(FORMS, per_case=2)
    markers = Rotation(MARKERS, per_case=1)
    said: set[str] = set()
    checked = 0
    for case in exact_cases(game):
        tokens = [t.text for t in lang.tokens(case.text)]
        run = first_value_run(game, tokens)
        if run is None:
            continue
        start, end = run
        wrong = [str((lang.number_value(t) or 0) + 1) for t in tokens[start:end]]
        first = start - 1 if start and tokens[start - 1] in lang.cheap_words else start
        if any(t.key in lang.cleft_joints or t.key in lang.dislocation_subjects
               for t in lang.tokens(" ".join(tokens[start:]))):
            continue  # a cleft already, or a verb after the value: no complement to front
        meant = [(i.name, dict(i.slots)) for i in understood(game, case.text, case.intents)[:1]]
        slip = " ".join([*tokens[:start], *wrong, *tokens[end:]])
        right = " ".join(tokens[first:])
        marker = markers(case.intent)[0]
        if _meaning(game, f"{slip}, {marker}, {right}", case.intents) != meant:
            continue  # the correction said plainly is not read so either (not this test's)
        for form in forms(case.intent):
            text = f"{slip}, {marker}, " + form.format(meant=right)
            assert _meaning(game, text, case.intents) == meant, f"{text!r} (meant {case.text!r})"
            checked += 1
            said.add(form)
    assert checked > 20
    assert not forms.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_disowned_slip_is_not_read_as_what_was_meant(game: str) -> None:
    """« …, non, c'est pas ce que je voulais » takes the slip back and names nothing meant:
    never read as a move of its words (« pas ce »)."""
    for case in exact_cases(game)[:40]:
        text = f"{case.text}, non, c'est pas ce que je voulais"
        got = grammar(game).understand(text, intents=case.intents)[:1]
        assert not got or got[0].cost > 0 or (got[0].name, dict(got[0].slots)) != (
            case.intent, {}), text


@pytest.mark.parametrize(("game", "said", "meant"), [
    ("kingsbridge", "je pose le huit sur la trois, non, c'est le sept sur la quatre que je "
     "voulais poser", "je pose le sept sur la quatre"),
    ("kingsbridge", "le neuf sur la six, attends non, c'est sur la cinq que je voulais le "
     "mettre", "le neuf sur la cinq"),
    ("kingdom_builder", "je construis en cinq quinze, zut, c'est en cinq seize que je voulais "
     "construire", "je construis en cinq seize"),
    ("world_without_end", "je joue la piété, non, c'est la récolte que je voulais jouer",
     "je joue la récolte"),
])
def test_what_was_meant_with_its_verb_reads_as_the_correction(game: str, said: str,
                                                                meant: str) -> None:
    """« … que je voulais poser / jouer / construire »: the verb said again after what was
    meant changes nothing."""
    assert _meaning(game, said) == _meaning(game, meant) != [], said
