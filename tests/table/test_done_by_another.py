"""What another player did, said or asked with their name ("Paul a joué le quinze ?", "est-ce
qu'Anne a construit en seize un ?", "Paul vient de poser le sept"): answered with that
player's moves, never offered to the speaker as a move (« Tu veux dire : joue le quinze ? »
then « oui » made it for them: batch 10 of the natural corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from table_helpers import Table, virtual_table

from ludivox.bindings.registry import REGISTRY

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "grammars"))
from grammar_helpers import exact_cases, grammar, infinitives

NAMES = ["Anne", "Jean-Pierre", "Zoé"]
FORMS = ("{name} a {done} {rest}", "est-ce que {name} a {done} {rest}",
         "{name} a déjà {done} {rest} ?", "{name} vient de {verb} {rest}",
         "{name}, il a {done} {rest} tout à l'heure ?", "{name} n'a pas {done} {rest}")


def _moves_said(game: str) -> list[tuple[str, str]]:
    """(infinitive, the rest of the sentence) of each move of the game's own exact test
    sentences said "je <verb> ..." with a verb in -er (its participle in -é)."""
    folder = next(e.grammar_name for e in REGISTRY if e.name == game)
    forms = infinitives(grammar(folder).language)
    found: dict[tuple[str, str], None] = {}
    for case in exact_cases(folder):
        words = case.text.split(maxsplit=2)
        if len(words) == 3 and words[0] == "je" and forms.get(words[1], "").endswith("er"):
            found[(forms[words[1]], words[2])] = None
    return list(found)


def _table(game: str) -> Table:
    return virtual_table(game, NAMES, seed=3)


@pytest.mark.parametrize("game", [e.name for e in REGISTRY])
def test_what_another_player_did_is_answered_and_never_made(game: str) -> None:
    """Each move in every form, said of one of the players in turn: every form is said of
    every player (four moves apart), and every move of every player."""
    said = _moves_said(game)
    assert said, f"{game}: no move sentence to build from"
    table = _table(game)
    before = table.state
    named: set[tuple[str, str]] = set()
    for i, (verb, rest) in enumerate(said[:12]):
        for j, form in enumerate(FORMS):
            seat = (i + j) % len(NAMES)
            name = NAMES[seat]
            text = form.format(name=name, done=verb[:-2] + "é", verb=verb, rest=rest)
            says = table.hear(text, seat=(seat + 1) % len(NAMES))
            assert table.state is before, f"{game}: {text!r} changed the game"
            # her moves, or what she has built or shown ("le royaume d'Anne est vide")
            assert says and says[0].key.startswith(("history.", "answer.")), (text, says)
            assert not any(s.key == "did_you_mean" for s in says), text
            named.add((form, name))
    assert len(said) < len(NAMES) or len(named) == len(FORMS) * len(NAMES), sorted(named)


def test_a_question_about_what_a_player_has_is_not_about_their_moves() -> None:
    table = _table("kingsbridge")
    for text in ("Anne a combien de cartes ?", "Jean-Pierre a huit cartes ?",
                 "Zoé a quoi en main ?"):
        says = table.hear(text, seat=1)
        assert not any(s.key.startswith("history.") for s in says), text
