"""Issue 16, third batch of classes: a complement said first ("le neuf, je le pose sur la
six"), questions read by their topic when no template fits ("la colonne cinq, elle finit par
quoi ?"), and what must never be read that way (chatter, negations)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import pytest
from grammar_helpers import GAMES, cases_for, exact_cases, grammar

from ludivox.grammars.testcases import Case
from ludivox.grammars.topics import TOPIC_COST


def _reading(game: str, text: str, intents: object) -> list[tuple[str, dict[str, object]]]:
    got = grammar(game).understand(text, intents=intents)[:1]  # type: ignore[arg-type]
    return [(i.name, dict(i.slots)) for i in got]


def _verb_first(game: str, determiners: Iterable[str]) -> Iterator[tuple[Case, list[str]]]:
    """The exact test sentences "je <verb of the game> <determiner> <word> ...", with their
    words."""
    lang = grammar(game).language
    for case in exact_cases(game):
        words = [t.text for t in lang.tokens(case.text)]
        if (len(words) >= 4 and words[0] == "je"
                and lang.words(words[1])[0].key in lang.meaning_words
                and words[2] in determiners):
            yield case, words


# Games whose moves name a numbered thing right after the verb ("je pose le sept", "je
# construis en quinze un"); Un monde sans fin's moves name cards and goods ("je joue la
# récolte"), so none of its sentences has the shape this property rewrites.
NUMBERED_MOVES = [game for game in GAMES if game != "world_without_end"]


@pytest.mark.parametrize("subject", ["je", "on"])
@pytest.mark.parametrize("game", NUMBERED_MOVES)
def test_a_complement_said_first_reads_as_said_after_its_verb(game: str, subject: str) -> None:
    """Every test sentence "je <verb> le <n> ..." said "le <n>, je le <verb> ..." means the
    same, and "je <verb> en <hex>" said "en <hex>, je <verb>" (moves on a card or a hex);
    said with "on" ("le neuf, on le pose sur la six") it is still the speaker's move."""
    lang = grammar(game).language
    checked = 0
    for case, words in _verb_first(game, ("le", "la", "en")):
        if lang.number_value(lang.words(words[3])[0].key) is None:
            continue
        if words[2] == "en":  # the place said first: "en quinze un, je construis"
            said = f"en {' '.join(words[3:])}, {subject} {words[1]}"
        else:
            said = f"{words[2]} {words[3]}, {subject} {words[2]} {words[1]} {' '.join(words[4:])}"
        assert _reading(game, said, case.intents) == _reading(game, case.text, case.intents), said
        checked += 1
    assert checked >= 3


PRONOUN = {"le": "le", "mon": "le", "un": "le", "la": "la", "ma": "la", "une": "la",
           "les": "les", "mes": "les"}


@pytest.mark.parametrize("game", GAMES)
def test_a_noun_said_first_and_taken_up_reads_as_said_after_its_verb(game: str) -> None:
    """Every test sentence "je <verb> <determiner> <noun> ..." (a noun, no number) said
    "<determiner> <noun>, je <pronoun> <verb> ..." means the same ("ma colonie, je la pose
    en vingt treize", "la récolte, je la joue")."""
    lang = grammar(game).language
    checked = 0
    for case, words in _verb_first(game, PRONOUN):
        if (lang.number_value(words[3]) is not None or words[3] in lang.cheap_words
                or (len(words) > 4 and words[4] not in lang.cheap_words)):
            continue  # "les places deux et cinq", "les places vides": the noun goes on
        said = f"{words[2]} {words[3]}, je {PRONOUN[words[2]]} {words[1]} {' '.join(words[4:])}"
        assert _reading(game, said, case.intents) == _reading(game, case.text, case.intents), said
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("said", [
    "le sept, je ne le pose pas", "le sept je le pose pas", "le neuf, je le pioche",
])
def test_a_negated_or_other_verb_complement_is_no_move(said: str) -> None:
    for intent in grammar("kingsbridge").understand(said):
        assert intent.name not in ("place", "move", "exchange") or intent.cost > 0.35, said


@pytest.mark.parametrize("column", range(1, 7))
@pytest.mark.parametrize("form", [
    "la colonne {n} elle finit par quoi ?", "elle finit par quoi la colonne {n} ?",
    "la colonne {n}, il y a quoi au bout ?",
])
def test_a_column_question_in_any_order_names_its_column(column: int, form: str) -> None:
    n = ("un", "deux", "trois", "quatre", "cinq", "six")[column - 1]
    got = grammar("kingsbridge").topic(form.format(n=n))
    wanted = [("ask_column", {"column": f"column:{column}"})]
    assert [(i.name, dict(i.slots)) for i in got[:1]] == wanted
    assert TOPIC_COST <= got[0].cost < 0.35  # answered at once, below any confirmation


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("said", [
    "tu veux un café Paul ?", "qui veut à boire ?", "tu as vu le match hier ?",
    "il fait chaud ici", "où sont mes lunettes ?", "c'est joli ce plateau",
    "quelle heure est-il ?", "tu as faim ?", "on commande une pizza ?",
])
def test_chatter_is_never_read_by_topic(game: str, said: str) -> None:
    assert grammar(game).topic(said) == [], said


@pytest.mark.parametrize("game", GAMES)
def test_a_negated_question_is_never_read_by_topic(game: str) -> None:
    g = grammar(game)
    for case in cases_for(game):
        if isinstance(case, Exception) or case.intent is None:
            continue
        assert g.topic(f"je ne {case.text} pas ?") == []


WORDS = ("un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
         "onze", "douze", "treize")


@pytest.mark.parametrize("card", range(1, 14))
@pytest.mark.parametrize("form", [
    "le {n}, je vais le poser sur la {c}", "le {n}, tu peux le mettre sur la {c}",
    "le {n} je veux le poser sur la {c}",
])
def test_a_complement_said_first_before_an_auxiliary(card: int, form: str) -> None:
    """"le huit, je vais le jouer": the auxiliary stays, the card goes after the verb, for
    every card and the columns."""
    for column in range(1, 7):
        said = form.format(n=WORDS[card - 1], c=WORDS[column - 1])
        got = grammar("kingsbridge").understand(said)[:1]
        assert [(i.name, dict(i.slots)) for i in got] == [
            ("place", {"cards": (f"card:{card}",), "column": f"column:{column}"})], said
        assert got[0].cost < 0.35, said  # acted on as said, never a look-alike
