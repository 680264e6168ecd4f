"""Ways players really say a move, each a property over every value, column or test
sentence it applies to: a list after a plural determiner ("les quatre, cinq et six"), a
whole move corrected by another ("le quatre sur la un, ah zut non, le sept sur la trois"), a
word said twice in a row ("je... je mets"), a command done "for me" ("mets-moi le sept"),
a courteous request ("auriez-vous l'amabilité de ..."), a card taken up by a pronoun ("le
sept, il va sur la quatre") and a move then a closing word ("... ce tour-ci")."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from grammar_helpers import GAMES, exact_cases, exact_meaning, grammar, infinitives, understood

from ludivox.grammars.intents import Intent
from ludivox.grammars.numbers import NumberWords
from ludivox.grammars.testcases import Case

WORDS = NumberWords("fr")
CARD_WORDS = {v: WORDS.cardinal(v) for v in range(1, 14)}
CONFIRM_COST = 0.35  # below it, a reading is acted on (table/session_core.py)


def _exact(found: list[Intent]) -> tuple[str, dict[str, object]] | None:
    """The best reading, when it is exact."""
    return (found[0].name, dict(found[0].slots)) if found and found[0].cost == 0 else None


def _understood(game: str) -> Iterator[tuple[Case, tuple[str, dict[str, object]]]]:
    """Each exact test case of ``game`` that is understood exactly, with its reading."""
    for case in exact_cases(game):
        meant = exact_meaning(game, case.text, case.intents)
        if meant is not None:
            yield case, meant


def _place(cards: tuple[int, ...], column: int) -> tuple[str, dict[str, object]]:
    return ("place", {"cards": tuple(f"card:{c}" for c in cards), "column": f"column:{column}"})


@pytest.mark.parametrize("first", [2, 3, 4])
def test_values_listed_after_a_plural_determiner_are_values_never_counts(first: int) -> None:
    """ "les quatre, cinq et six": 4 5 6 (never four fives and a six), for every run of three
    values or more that starts at a value that could count; "les deux quatre" still counts."""
    for length in (3, 4):
        cards = tuple(range(first, first + length))
        said = ", ".join(CARD_WORDS[c] for c in cards[:-1]) + f" et {CARD_WORDS[cards[-1]]}"
        for determiner in ("les", "mes"):
            text = f"je pose {determiner} {said} sur la colonne un"
            assert exact_meaning("kingsbridge", text) == _place(cards, 1), text
    two = f"je pose les {CARD_WORDS[first]} sept sur la colonne un"
    assert exact_meaning("kingsbridge", two) == _place((7,) * first, 1), two


CORRECTIONS = ("non", "ah non", "ah zut non", "oh mince", "pardon", "non attends", "zut")


def test_a_whole_move_corrected_by_another_is_the_second_one() -> None:
    """ "je mets le A sur la B, <correction>, le C sur la D" is C on D, for corrections said in
    every way and values that include "un" and "une" (a number that is also an article):
    never a reading that mixes the two moves."""
    values = (1, 2, 4, 7, 13)
    checked = 0
    for (a, b), (c, d) in itertools.product(itertools.product(values, range(1, 7)), repeat=2):
        if a == c or b == d or (a + b + c + d) % 3:
            continue  # a third of the pairs: every value still meets every other
        for correction in CORRECTIONS:
            column_b = "une" if b == 1 and checked % 2 else CARD_WORDS[b]
            text = (f"je mets le {CARD_WORDS[a]} sur la {column_b}, {correction}, "
                    f"le {CARD_WORDS[c]} sur la {CARD_WORDS[d]}")
            found = grammar("kingsbridge").understand(text)
            acted = [(i.name, dict(i.slots)) for i in found if i.cost < CONFIRM_COST]
            assert acted[:1] == [_place((c,), d)], (text, acted)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("game", GAMES)
def test_a_word_said_twice_in_a_row_counts_once(game: str) -> None:
    """Every exact test sentence with one of its words that is no value said twice ("je...
    je mets le neuf", "le le sept") means what it means, whenever the doubled sentence does
    not fit as said."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case, meant in _understood(game):
        words = case.text.rstrip(" ?.").split()
        if len(words) < 3:
            continue
        for at in range(min(len(words), 3)):
            if any(lang.number_value(t.key) is not None for t in lang.words(words[at])):
                continue
            doubled = " ".join([*words[:at + 1], *words[at:]])
            found = understood(game, doubled, case.intents)  # read once, for both checks
            if found and found[0].cost == 0 and (found[0].name, dict(found[0].slots)) != meant:
                continue  # the doubled words mean something as said
            assert _exact(found) == meant, (doubled, case.text)
            checked += 1
    assert checked > 20, checked


@pytest.mark.parametrize("game", GAMES)
def test_two_words_said_twice_in_a_row_count_once(game: str) -> None:
    """Every exact test sentence with two of its words that are no values each said twice
    ("je je voulais mettre le le sept", batch 20) means what it means, whenever the doubled
    sentence does not fit as said. One sentence in three (each read through every pass when
    it fits nothing as said: the slow case), spread over the file."""
    lang = grammar(game).language
    checked = 0
    for index, (case, meant) in enumerate(_understood(game)):
        words = case.text.rstrip(" ?.").split()
        if index % 3 or len(words) < 4 or any(a == b for a, b in itertools.pairwise(words)):
            continue  # a sentence with a word said twice already ("joueur joueur deux")
        plain = [at for at, w in enumerate(words)
                 if all(lang.number_value(t.key) is None for t in lang.words(w))]
        if len(plain) < 2:
            continue
        pair = (plain[0], plain[1 + checked % (len(plain) - 1)])  # the first and another
        doubled = " ".join(w for at, w in enumerate(words) for _ in range(1 + (at in pair)))
        found = understood(game, doubled, case.intents)
        if found and found[0].cost == 0 and (found[0].name, dict(found[0].slots)) != meant:
            continue  # the doubled words mean something as said
        assert _exact(found) == meant, (doubled, case.text)
        checked += 1
    assert checked > 20, checked


FOR_ME_GAMES = {"kingsbridge": ("je pose", "pose-moi"), "seven_kingdoms": ("je joue", "joue-moi"),
                "kingdom_builder": ("je construis", "construis-moi"),
                "world_without_end": ("je joue", "joue-moi")}


@pytest.mark.parametrize("game", sorted(FOR_ME_GAMES))
def test_a_command_done_for_me_is_the_command(game: str) -> None:
    """Every exact test sentence that starts with "je <verb>" said as "<verb>-moi ..." ("pose-moi
    le sept sur la trois") means the same."""
    said, command = FOR_ME_GAMES[game]
    checked = 0
    for case in exact_cases(game):
        if not case.text.startswith(said + " "):
            continue
        meant = exact_meaning(game, case.text, case.intents)
        if meant is None:
            continue
        text = command + case.text[len(said):]
        assert exact_meaning(game, text, case.intents) == meant, text
        checked += 1
    assert checked >= 2, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_command_for_me_whose_verb_opens_with_a_vowel_is_the_command(game: str) -> None:
    """Every exact test sentence "j'<verb> ..." said as "<verb>-moi ..." ("échange-moi le
    deux et le cinq", batch 20: it was read « je échange ») means the same, for every such
    verb of the game's test sentences."""
    lang = grammar(game).language
    verbs: set[str] = set()
    for case in exact_cases(game):
        words = case.text.split()
        if not words or not words[0].startswith("j'") or len(words[0]) < 4:
            continue
        verb = words[0][2:]
        if lang.first_forms.get(lang.words(verb)[0].key) is None:
            continue  # not a verb the language knows the forms of
        meant = exact_meaning(game, case.text, case.intents)
        if meant is None:
            continue
        text = f"{verb}-moi {' '.join(words[1:])}"
        assert exact_meaning(game, text, case.intents) == meant, text
        verbs.add(verb)
    assert verbs or game == "seven_kingdoms", verbs


COURTEOUS = ("auriez-vous l'amabilité de", "tu aurais la gentillesse de", "merci de",
             "voudriez-vous", "je vas")


def test_a_courteous_request_is_the_move() -> None:
    """ "auriez-vous l'amabilité de placer le sept sur la colonne trois": the move, for every
    card and column and every courteous form."""
    for card, column, courteous in itertools.product(range(1, 14, 3), range(1, 7),
                                                     COURTEOUS):
        text = f"{courteous} placer le {CARD_WORDS[card]} sur la colonne {CARD_WORDS[column]}"
        assert exact_meaning("kingsbridge", text) == _place((card,), column), text


def test_a_card_taken_up_by_a_pronoun_keeps_its_move() -> None:
    """ "le sept, il va sur la quatre": the card then a pronoun, for every card and column."""
    for card, column in itertools.product(range(1, 14), range(1, 7)):
        text = f"le {CARD_WORDS[card]}, il va sur la {CARD_WORDS[column]}"
        assert exact_meaning("kingsbridge", text) == _place((card,), column), text


ENDINGS = ("ce tour-ci", "pour l'instant", "là")


@pytest.mark.parametrize("game", GAMES)
def test_an_intention_and_a_closing_word_together_keep_the_move(game: str) -> None:
    """ "je préfère échanger le deux ce tour-ci": every exact test sentence that "je vais"
    before an infinitive keeps, with a closing word after it too, means the same."""
    infinitive = infinitives(grammar(game).language)
    checked = 0
    for case in exact_cases(game):
        words = case.text.rstrip(" ?.").split()
        if len(words) < 3 or words[0] != "je" or words[1] not in infinitive:
            continue
        meant = exact_meaning(game, case.text, case.intents)
        intended = f"je préfère {infinitive[words[1]]} {' '.join(words[2:])}"
        if meant is None or exact_meaning(game, intended, case.intents) != meant:
            continue
        for ending in ENDINGS:
            text = f"{intended} {ending}"
            assert exact_meaning(game, text, case.intents) == meant, text
            checked += 1
    assert checked >= 3, checked


SOFTLY = {"je joue": "je jouerais bien", "je pose": "je poserais bien",
          "je mets": "je mettrais bien", "je prends": "je prendrais bien",
          "je construis": "je construirais bien"}


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_said_softly_is_the_move(game: str) -> None:
    """ "je jouerais bien le trente-cinq": every exact test sentence that starts with one of
    the game's verbs in the first person, said in the conditional with "bien", is the same."""
    checked = 0
    for case in exact_cases(game):
        said = next((s for s in SOFTLY if case.text.startswith(s + " ")), None)
        meant = exact_meaning(game, case.text, case.intents) if said else None
        if said is None or meant is None:
            continue
        text = SOFTLY[said] + case.text[len(said):]
        assert exact_meaning(game, text, case.intents) == meant, text
        checked += 1
    assert checked >= 3, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_question_said_with_its_other_side_is_the_question(game: str) -> None:
    """ "c'est à moi de jouer ou pas ?": every exact test question (``ask_*``) with "ou pas"
    or "ou non" after it is the same question; a move with "ou pas" after it is never acted
    on (it asks, or hesitates)."""
    g = grammar(game)
    asked = moves = 0
    for case, meant in _understood(game):
        for tag in ("ou pas", "ou non"):
            text = f"{case.text.rstrip(' ?.')} {tag} ?"
            if case.intent.startswith("ask_"):
                assert exact_meaning(game, text, case.intents) == meant, text
                asked += 1
            elif case.intent in MOVES.get(game, ()):
                found = g.understand(text, intents=case.intents)
                assert not [i for i in found if i.cost < CONFIRM_COST], (text, found[:1])
                moves += 1
    assert asked >= 10 and moves >= 10, (asked, moves)


MOVES = {"kingsbridge": ("place", "move", "exchange"), "seven_kingdoms": ("play", "take"),
         "kingdom_builder": ("build",), "world_without_end": ("play_sale",)}


@pytest.mark.parametrize("game", GAMES)
def test_the_assistant_called_by_its_name_after_a_sentence_changes_nothing(game: str) -> None:
    """Every exact test sentence with "Ludivox" (or "s'il te plaît Ludivox") said after it."""
    checked = 0
    for case, meant in _understood(game):
        for name in ("Ludivox", "s'il te plaît Ludivox"):
            text = f"{case.text.rstrip(' ?.')}, {name}"
            assert exact_meaning(game, text, case.intents) == meant, text
            checked += 1
    assert checked >= 20, checked


@pytest.mark.parametrize(("game", "text", "intent"), [
    ("kingsbridge", "tu peux me décrire la table ?", "ask_columns"),
    ("kingsbridge", "peux-tu me décrire la table ?", "ask_columns"),
    ("kingsbridge", "rappelle-moi ce que j'ai", "ask_hand"),
    ("seven_kingdoms", "rappelle-moi ce que j'ai", "ask_hand"),
    ("seven_kingdoms", "redis-moi ce que j'ai", "ask_hand"),
])
def test_a_request_to_tell_is_the_question(game: str, text: str, intent: str) -> None:
    """ "tu peux me décrire la table ?", "rappelle-moi ce que j'ai": asked as the question."""
    found = exact_meaning(game, text)
    assert found is not None and found[0] == intent, (text, found)


def test_a_pronoun_said_with_qui_est_reads_as_the_pronoun() -> None:
    """« le marchand, celui qui est juste à côté du roi » (batch 20): a relative « qui est »
    between a pronoun and where the thing lies says nothing more (read as « celui juste à
    côté du roi », which 7 Kingdoms understands), for each pronoun and place word; « celle qui
    est vide » keeps its words (a Kingsbridge template says them)."""
    lang = grammar("seven_kingdoms").language
    for pronoun in ("celui", "celle"):
        for place in ("juste à côté du roi", "à droite du roi"):
            said = [t.key for t in lang.tokens(f"le marchand {pronoun} qui est {place}")]
            assert said == [t.key for t in lang.tokens(f"le marchand {pronoun} {place}")]
    kept = [t.key for t in lang.tokens("celle qui est vide")]
    assert kept == ["celle", "qui", "est", "vide"]


def test_words_said_twice_never_merge_a_hex_begun_with_the_same_number() -> None:
    """« je je construis construis en dix dix-huit »: with every repeated word said once, a hex
    whose row is the first word of its column (« dix dix-huit », « vingt vingt et un ») keeps
    both numbers, for every such hex of Kingdom Builder's board size."""
    g = grammar("kingdom_builder")
    checked = 0
    for row in range(1, 21):
        for col in range(1, 21):
            row_said, col_said = WORDS.cardinal(row), WORDS.cardinal(col)
            if not col_said.startswith(row_said + "-") and not col_said.startswith(
                    row_said + " "):
                continue
            found = g.understand(f"je je construis construis en {row_said} {col_said}")
            assert found and found[0].slots.get("row") == f"row:{row}" and found[0].slots.get(
                "col") == f"col:{col}", (row_said, col_said, found[:1])
            checked += 1
    assert checked >= 3, checked  # dix dix-sept, dix dix-huit, dix dix-neuf
