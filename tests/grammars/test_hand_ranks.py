"""A card named by its rank in the hand ("mon plus petit", "ma carte la plus forte", "mes deux
plus grandes") is said again with the hand's numbers, in every form the language data
allows, for any hand; the rest of the sentence is kept word for word, and a sentence without
a rank, or asking more cards than the hand holds, is left alone."""

from __future__ import annotations

import itertools
import random

import pytest

from ludivox.grammars.grammar import Grammar
from ludivox.grammars.hand_ranks import by_rank
from ludivox.grammars.language import Language

SINGULAR = ("le", "la", "mon", "ma")
LOWEST = ("petit", "petite", "bas", "basse", "faible")
HIGHEST = ("grand", "grande", "gros", "grosse", "haut", "haute", "fort", "forte", "élevé",
           "élevée")
NOUNS = ("carte", "numéro", "valeur")


@pytest.fixture(scope="module")
def language() -> Language:
    return Grammar.load("kingsbridge", "fr").language


def _said(language: Language, numbers: list[int]) -> str:
    return " et ".join(f"le {language.numbers.cardinal(n)}" for n in sorted(numbers))


def _forms(det: str, adjective: str) -> list[str]:
    """The rank said before its noun, without one, and after it ("ma carte la plus forte")."""
    article = "la" if det in ("la", "ma") else "le"
    return [f"{det} plus {adjective}", *(f"{det} plus {adjective} {n}" for n in NOUNS),
            *(f"{det} {n} {article} plus {adjective}" for n in NOUNS)]


@pytest.mark.parametrize("seed", range(5))
def test_every_singular_form_names_the_lowest_or_highest(language: Language, seed: int) -> None:
    rng = random.Random(seed)
    hand = rng.sample(range(1, 50), rng.randint(1, 6))
    for det, adjective in itertools.product(SINGULAR, LOWEST + HIGHEST):
        wanted = min(hand) if adjective in LOWEST else max(hand)
        for form in _forms(det, adjective):
            said = by_rank(language, f"je pose {form} sur la colonne trois", hand)
            assert said == f"je pose {_said(language, [wanted])} sur la colonne trois", form


@pytest.mark.parametrize("count", [2, 3])
def test_a_count_after_mes_names_that_many(language: Language, count: int) -> None:
    hand = [9, 2, 13, 5, 7]
    for adjective in ("petits", "petites", "grands", "grandes", "fortes"):
        wanted = sorted(hand)[:count] if adjective.startswith("petit") else \
            sorted(hand)[-count:]
        said = by_rank(language, f"je joue mes {language.numbers.cardinal(count)} plus "
                       f"{adjective}", hand)
        assert said == f"je joue {_said(language, wanted)}", adjective
        cards = by_rank(language, f"je joue mes {language.numbers.cardinal(count)} cartes "
                        f"les plus {adjective}", hand)
        assert cards == said


def test_no_rank_or_not_enough_cards_leaves_the_sentence_alone(language: Language) -> None:
    hand = [4, 8]
    for text in ("je pose le sept sur la trois", "je pose mes plus petites",  # how many?
                 "qui a le plus de points", "la colonne la plus longue", "je joue plus fort"):
        assert by_rank(language, text, hand) is None, text
    assert by_rank(language, "je pose mes trois plus petits", hand) is None
    assert by_rank(language, "je pose mon plus petit", []) is None  # hand not known
