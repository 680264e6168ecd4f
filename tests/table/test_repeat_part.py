"""Only part of the last answer asked again: a place in it ("répète juste la fin", "seulement
la première", "le dernier mot", "juste la deuxième carte") is that piece of what the player
last heard; a thing named ("redis seulement la colonne quatre") is the piece that names it.
Said on the channel the answer was said on, under its key; nothing changes. Properties over
generated phrasings, in the four games (batch 30 of the natural corpus: a partial repeat was
not understood in 11 cases of 12)."""

from __future__ import annotations

import itertools
import re

import pytest
from table_helpers import Table, virtual_table, word

NAMES = ("Anne", "Paul")
ASKED = {"kingsbridge": "qu'est-ce que j'ai en main ?",
         "seven-kingdoms": "qu'est-ce que j'ai en main ?",
         "kingdom-builder": "quelles sont les cartes objectif ?",
         "monde-sans-fin": "qu'est-ce que j'ai comme ressources ?"}
VERBS = ("", "répète ", "redis ", "tu peux me répéter ", "redites-moi ")
ONLY = ("juste ", "seulement ", "uniquement ", "rien que ")
LAST = ("la fin", "la dernière", "le dernier mot", "la dernière chose que tu as dite",
        "le dernier élément")
FIRST = ("le début", "la première", "le premier mot", "le premier élément")
SECOND = ("la deuxième", "le deuxième élément", "la deuxième chose")


def _items(text: str) -> list[str]:
    """A one-sentence answer's list, as said: its heading left out when it has one."""
    body = text.rstrip(". ")
    head, sep, rest = body.partition(" : ")
    body = rest if sep and "," not in head else body
    return [p.strip() for p in re.split(r", | et ", body) if p.strip()]


def _said(piece: str) -> str:
    return piece[:1].upper() + piece[1:] + "."


def _asked(game: str) -> tuple[Table, list[str], str, str]:
    table = virtual_table(game, NAMES, seed=3)
    answer = [s for s in table.hear(ASKED[game]) if s.key.startswith("answer")]
    assert len(answer) == 1
    return table, _items(answer[0].text), answer[0].channel, answer[0].key


@pytest.mark.parametrize("game", list(ASKED))
def test_a_place_in_the_last_answer_is_that_piece(game: str) -> None:
    table, items, channel, key = _asked(game)
    assert len(items) >= 2
    state = table.state
    wrong = []
    for places, want in ((LAST, items[-1]), (FIRST, items[0]), (SECOND, items[1])):
        for verb, only, place in itertools.islice(
                itertools.product(VERBS, ONLY, places), 0, None, 3):
            said = f"{verb}{only}{place}"
            out = table.hear(said)
            got = [(s.channel, s.key, s.text) for s in out]
            if got != [(channel, key, _said(want))]:
                wrong.append((said, got))
    assert wrong == []
    assert table.state == state
    assert table.session.pending is None


@pytest.mark.parametrize("game", list(ASKED))
def test_a_place_said_with_a_verb_alone(game: str) -> None:
    table, items, channel, key = _asked(game)
    for said in ("répète la fin", "redis le dernier élément", "répète-moi le début"):
        want = items[0] if "début" in said else items[-1]
        assert [(s.channel, s.key, s.text) for s in table.hear(said)] == [
            (channel, key, _said(want))], said


@pytest.mark.parametrize("frame", ["redis seulement la colonne {n}", "juste la colonne {n}",
                                   "répète uniquement la colonne {n} s'il te plaît",
                                   "seulement la {nth} colonne"])
def test_a_column_named_is_its_piece_of_the_description(frame: str) -> None:
    table = virtual_table("kingsbridge", NAMES, seed=3)
    whole = [s for s in table.hear("décris-moi les colonnes") if s.key.startswith("answer")]
    sentences = re.split(r"(?<=\.) ", whole[0].text.strip())
    nths = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième")
    for n in range(1, len(sentences) + 1):
        out = table.hear(frame.format(n=word(n), nth=nths[n - 1]))
        assert [(s.channel, s.key, s.text) for s in out] == [
            (whole[0].channel, whole[0].key, sentences[n - 1])], n


def test_a_move_after_an_answer_is_still_a_move() -> None:
    table = virtual_table("kingsbridge", NAMES, seed=3)
    table.hear("qu'est-ce que j'ai en main ?")
    before = table.state
    hand = [o for o in table.hear("je passe")]
    assert table.state != before or any(s.key.startswith("refusal") for s in hand)
