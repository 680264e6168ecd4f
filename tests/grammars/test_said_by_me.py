"""Commands said to Ludivox ("posez le sept sur la trois", "prenez le six et validez-le",
"garde-le en main") mean what the player's own sentence means ("je pose le sept sur la
trois", "je prends le six et je le valide", "je le garde en main"): properties over every
exact test sentence of every game that opens with "je" and a verb of the game."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars.imperatives import as_said_by_me
from ludivox.grammars.tokens import fold


def _top(g: object, text: str, intents: object) -> tuple[str, dict[str, object]] | None:
    found = g.understand(text, intents=intents)  # type: ignore[attr-defined]
    return (found[0].name, dict(found[0].slots)) if found else None


def _commands(g: object, verb: str) -> list[str]:
    """The forms of ``verb``'s meaning said to someone ("posez", "pose")."""
    lang = g.language  # type: ignore[attr-defined]
    first = lang.first_forms[verb]
    return sorted({w for w, f in lang.first_forms.items() if f == first
                   and (w.endswith("ez") or w == first)})


@pytest.mark.parametrize("game", GAMES)
def test_a_command_means_what_the_players_own_sentence_means(game: str) -> None:
    """"je pose le sept sur la trois" said "posez le sept sur la trois" or "pose le sept sur
    la trois"; "je le garde en main" said "gardez-le en main": the same reading, exactly."""
    g = grammar(game)
    lang = g.language
    checked = 0
    for case in exact_cases(game):
        words = case.text.split()
        if len(words) < 3 or words[0] != "je":
            continue
        pronoun = words[1] in ("le", "la", "les")
        verb = words[2] if pronoun else words[1]
        if lang.first_forms.get(verb) != verb:
            continue
        meant = _top(g, case.text, case.intents)
        if meant is None:
            continue
        rest = words[3:] if pronoun else words[2:]
        for command in _commands(g, verb):
            said = " ".join([f"{command}-{words[1]}" if pronoun else command, *rest])
            assert _top(g, said, case.intents) == meant, f"{said!r} (as {case.text!r})"
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game", GAMES)
def test_an_article_before_a_value_is_never_read_as_a_pronoun(game: str) -> None:
    """"posez le sept", "validez la carte six": "le"/"la" before a value (or before a word
    before one) stays an article; the verb alone is said as "je" says it ("j'" before a
    vowel: "échangez le sept" is "j'échange le sept")."""
    lang = grammar(game).language
    for verb, first in lang.first_forms.items():
        if verb != fold(first) and not verb.endswith(("ez", *lang.infinitive_endings)):
            continue  # not said to someone ("poses", "prend")
        for said in (f"{verb} le sept", f"{verb} la carte six", f"le neuf et {verb} les deux"):
            got = as_said_by_me(lang, lang.tokens(said), said)
            assert got is not None, said
            keys = [t.key for t in got]
            at = next(i for i, k in enumerate(keys) if k in ("je", "j'"))
            assert keys[at + 1] == lang.words(first)[0].key, (said, keys)
            assert keys[at] == ("j'" if keys[at + 1][0] in "aeiouyh" else "je"), (said, keys)
            assert keys[at + 2] in ("le", "la", "les"), (said, keys)


@pytest.mark.parametrize("game", GAMES)
def test_a_third_person_is_never_read_as_a_command(game: str) -> None:
    """"Léa prend la laine", "Paul met le sept": a verb said of someone else ("prend",
    "met", "construit", "finit") is no command to Ludivox; the sentence is left as said."""
    lang = grammar(game).language
    third = [w for w in lang.first_forms if w.endswith(("t", "d")) and not w.endswith("ez")]
    assert {"prend", "met", "construit"} <= set(third)
    for verb in third:
        for said in (f"{verb} la laine", f"{verb} le sept sur la trois",
                     f"le neuf et {verb} le sept"):
            assert as_said_by_me(lang, lang.tokens(said), said) is None, said
