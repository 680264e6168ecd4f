"""Batch 23's Kingsbridge coach questions, read by the grammar over every column and frame:
the best play asked in the feminine (« c'est quoi la meilleure option ? », « quelle serait
la meilleure solution ? ») is the coach's advice; what is missing to end a column
(« combien il me manque pour finir la colonne un ? », « qu'est-ce qu'il me manque pour
boucler la première ? ») is the finishing question, the column kept as said."""

from __future__ import annotations

from grammar_helpers import grammar

ORDINALS = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")
BEST_FRAMES = ("c'est quoi la meilleure {noun}", "quelle est la meilleure {noun}",
               "quelle serait la meilleure {noun}", "donne-moi la meilleure {noun}",
               "la meilleure {noun}")
NOUNS = ("option", "solution", "idée", "chose à faire")
MISSING = ("combien il me manque pour {verb} {column}",
           "combien de cartes il me manque pour {verb} {column}",
           "qu'est-ce qu'il me manque pour {verb} {column}",
           "il me manque quoi pour {verb} {column}",
           "il me manque combien de cartes pour {verb} {column}")
VERBS = ("finir", "terminer", "boucler", "compléter")


def _w(n: int) -> str:
    """A number as the grammar's language spells it."""
    return grammar("kingsbridge", "fr").language.numbers.cardinal(n)


def _best(text: str) -> tuple[str, dict[str, object]]:
    found = grammar("kingsbridge", "fr").understand(text)
    assert found and found[0].cost == 0, (text, found[:1])  # as said, not a near reading
    return found[0].name, dict(found[0].slots)


def test_the_best_play_asked_in_the_feminine() -> None:
    for frame in BEST_FRAMES:
        for noun in NOUNS:
            text = frame.format(noun=noun)
            assert _best(text) == ("ask_best", {}), text


def test_what_is_missing_to_end_a_column() -> None:
    for n in range(1, 7):
        said = (f"la colonne {_w(n)}", f"la {_w(n)}", f"la {ORDINALS[n - 1]}",
                f"la {ORDINALS[n - 1]} colonne")
        for i, column in enumerate(said):
            for form in MISSING:
                text = form.format(verb=VERBS[(n + i) % len(VERBS)], column=column)
                assert _best(text) == ("ask_finish", {"column": f"column:{n}"}), text
    for form in MISSING:
        text = form.format(verb="finir", column="une colonne")
        assert _best(text) == ("ask_finish", {}), text
