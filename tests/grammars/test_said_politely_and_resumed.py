"""How players dress a sentence (batch 23 of the natural corpus): courtesy and order words
said first (« soyez gentil », « je vous prie », « en premier », « tout de suite »), a number
said with « numéro » (« la colonne numéro six »), « en » and « y » taking up a thing said
first or counted after (« des laines, j'en vends deux », « j'en échange deux, le deux et le
quatre »), and a last move asked again (« répète le dernier coup »), which once undid it.
Properties over every exact test sentence of every game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, Rotation, exact_cases, grammar, understood

OPENERS = ("soyez gentil", "je vous prie", "en premier", "tout de suite", "pour commencer",
           "sois gentille", "premièrement")
AGAIN = ("répète", "redis", "répète-moi", "redis-moi", "tu peux répéter", "tu peux me redire",
         "vous pouvez répéter")
LAST = ("le dernier coup", "le coup d'avant", "le coup précédent")


def _reading(game: str, text: str, intents: frozenset[str] | None
             ) -> list[tuple[str, dict[str, object]]]:
    return [(i.name, dict(i.slots)) for i in understood(game, text, intents)[:1]]


@pytest.mark.parametrize("game", GAMES)
def test_courtesy_or_order_said_first_changes_nothing(game: str) -> None:
    opening = Rotation(OPENERS)
    said: set[str] = set()
    for case in exact_cases(game):
        meant = _reading(game, case.text, case.intents)
        if not meant or meant[0][0] in ("yes", "no"):
            continue
        (first,) = opening(case.intent)
        text = f"{first} {case.text}"
        assert _reading(game, text, case.intents) == meant, f"{text!r}"
        said.add(first)
    assert not opening.missed(said)


@pytest.mark.parametrize("game", GAMES)
def test_a_number_said_with_numero_after_its_noun_is_the_number(game: str) -> None:
    """« la colonne six » and « la colonne numéro six », « le chevalier trente-cinq » and « le
    chevalier numéro trente-cinq »: wherever a number follows a word that is no article, no
    « carte » (the templates say « c'est la carte numéro huit ») and no preposition."""
    lang = grammar(game, "fr").language
    checked = 0
    for case in exact_cases(game):
        words = case.text.split()
        at = next((i for i in range(1, len(words))
                   if lang.number_value(words[i]) is not None
                   and words[i - 1] not in lang.number_words_kept
                   and words[i - 1] not in lang.prepositions
                   and lang.number_value(words[i - 1]) is None
                   and words[i - 1].isalpha()), None)
        meant = _reading(game, case.text, case.intents)
        if at is None or not meant or meant[0][0] in ("yes", "no"):
            continue
        text = " ".join([*words[:at], "numéro", *words[at:]])
        assert _reading(game, text, case.intents) == meant, f"{text!r}"
        checked += 1
    assert checked >= 3, checked


@pytest.mark.parametrize("game", GAMES)
def test_a_last_move_asked_again_is_never_undone(game: str) -> None:
    """Every way of asking the last move again is the question of what was played: a word
    that says "again" is never read as one that says "take back" (« répète » was read
    « reprends le dernier coup », and the move was undone)."""
    for again in AGAIN:
        for last in LAST:
            text = f"{again} {last}"
            assert _reading(game, text, None)[:1] == [("last_moves", {})], text


def test_en_takes_up_the_thing_said_first_or_the_cards_named_after() -> None:
    """« des laines, j'en vends deux » is « je vends deux laines »; « j'en V <count>, <the
    cards> » is « je V <the cards> » when the count is the number of cards named, never
    otherwise (« j'en échange deux, le treize » names one card: not the exchange of it)."""
    wwe = grammar("world_without_end", "fr")
    for said, meant in (("des laines j'en vends deux", "je vends deux laines"),
                        ("du tissu j'en vends un", "je vends un tissu"),
                        ("de la laine j'en vends une", "je vends une laine")):
        assert _reading("world_without_end", said, None) == _reading(
            "world_without_end", meant, None) != [], said
    assert wwe.understand("des laines j'en vends pas") == []
    kb = frozenset({"exchange", "place"})
    for count, cards in (("un", "le treize"), ("deux", "le deux et le quatre"),
                         ("trois", "le deux le trois et le quatre")):
        for verb in ("échange", "mets", "pose"):
            said = f"j'en {verb} {count} {cards} sur la trois" if verb != "échange" else \
                f"j'en {verb} {count} {cards}"
            meant = said.replace(f"j'en {verb} {count} ", f"j'{verb} " if verb[0] in "éa"
                                 else f"je {verb} ")
            assert _reading("kingsbridge", said, kb) == _reading("kingsbridge", meant, kb) \
                != [], said
    for wrong in ("j'en échange deux le treize", "j'en mets trois le deux et le quatre sur la "
                  "trois"):
        found = understood("kingsbridge", wrong, kb)
        assert not found or found[0].cost > 0, wrong


def test_y_takes_up_the_place_said_first() -> None:
    """« dans la six j'y mets le neuf », « la six, j'y mets le neuf » are « je mets le neuf
    sur la six »; « le pont j'y mets une pierre » is « je mets une pierre sur le pont »."""
    for game, said, meant in (
            ("kingsbridge", "dans la six j'y mets le neuf", "je mets le neuf dans la six"),
            ("kingsbridge", "la colonne six j'y pose le neuf",
             "je pose le neuf sur la colonne six"),
            ("world_without_end", "le site onze j'y bâtis ma maison",
             "je bâtis ma maison sur le site onze"),
            ("world_without_end", "le pont j'y mets une pierre", "je mets une pierre sur le pont")):
        assert _reading(game, said, None) == _reading(game, meant, None) != [], said
