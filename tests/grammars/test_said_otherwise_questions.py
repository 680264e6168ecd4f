"""Questions said with words that change nothing (issue 16, batch 17): « j'ai … d'autre »
(« j'ai quoi d'autre en main ? » is the hand: before, « qu'est-ce que j'ai d'autre en
main ? » was read as « qu'est-ce que j'ai raté ? », the history), « on en est où ? » (whose
turn it is), and a question said twice in other words (« on en est où, c'est à qui ? »).
Properties over every exact question test sentence of every game that asks « quoi » or
« qu'est-ce que », and over every game's turn question."""

from __future__ import annotations

import pytest
from grammar_helpers import GAMES, exact_cases, grammar

from ludivox.grammars import frames
from ludivox.grammars.grammar import ROOT
from ludivox.grammars.yamlfile import load_yaml


def _questions(game: str) -> list[tuple[str, tuple[str, dict[str, str]]]]:
    g = grammar(game)
    out = []
    for case in exact_cases(game):
        if case.intent not in frames.questions([case.intent]):
            continue
        got = g.understand(case.text)
        if got and got[0].cost == 0:
            out.append((case.text.rstrip(" ?"), (got[0].name, dict(got[0].slots))))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_what_else_is_what(game: str) -> None:
    g = grammar(game)
    checked = 0
    for text, meant in _questions(game):
        words = f" {text} "
        for said, other in ((" j'ai quoi ", " j'ai quoi d'autre "),
                            (" il y a quoi ", " il y a quoi d'autre "),
                            (" j'ai ", " j'ai d'autre ")):
            if said not in words or "quoi d'autre" in words or "d'autre" in words:
                continue
            again = words.replace(said, other, 1).strip()
            got = g.understand(again)
            assert got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) == meant, (
                again, got[:1], meant)
            checked += 1
    assert checked >= 2, game


@pytest.mark.parametrize("game", ["kingsbridge", "seven_kingdoms", "kingdom_builder"])
def test_what_else_alone_is_not_what(game: str) -> None:
    """« quoi d'autre ? » alone asks for more (the next advice, more details): never
    « quoi ? » (say it again)."""
    got = grammar(game).understand("quoi d'autre ?")
    assert got and got[0].name != "repeat", got[:1]


@pytest.mark.parametrize("said", ["on en est où", "où en est-on", "où on en est",
                                  "on en est où, c'est à qui", "où en est-on, c'est à qui",
                                  "c'est à qui, c'est à qui"])
@pytest.mark.parametrize("game", GAMES)
def test_where_are_we_is_whose_turn(game: str, said: str) -> None:
    g = grammar(game)
    meant = g.understand("c'est à qui ?")
    got = g.understand(f"{said} ?")
    assert meant and got and got[0].cost == 0 and got[0].name == meant[0].name, (said, got[:1])


@pytest.mark.parametrize("verb", ["construire", "poser", "jouer", "choisir", "prendre"])
@pytest.mark.parametrize("game", GAMES)
def test_whose_turn_to_do_the_games_thing(game: str, verb: str) -> None:
    """« c'est à qui de construire ? » (batch 18) is whose turn it is, whatever the verb."""
    g = grammar(game)
    meant = g.understand("c'est à qui ?")
    got = g.understand(f"c'est à qui de {verb} là ?")
    assert meant and got and got[0].cost == 0 and got[0].name == meant[0].name, (verb, got[:1])


@pytest.mark.parametrize("spoken", ["qui c'est qui", "c'est qui qui", "qui est-ce qui"])
@pytest.mark.parametrize("game", GAMES)
def test_the_spoken_who_is_who(game: str, spoken: str) -> None:
    """« qui c'est qui joue après ? » (batch 18): every test question that opens with
    « qui » means the same said with the spoken « qui c'est qui »."""
    g = grammar(game)
    checked = 0
    for text, meant in _questions(game):
        if not text.startswith("qui "):
            continue
        again = f"{spoken} {text[len('qui '):]}"
        got = g.understand(again)
        assert got and got[0].cost == 0 and (got[0].name, dict(got[0].slots)) == meant, (
            again, got[:1], meant)
        checked += 1
    assert checked >= 1, game


def _score_sets() -> list[tuple[str, str]]:
    """Every lead-in and ending of the language's score question (``rewrite_sets``)."""
    data = load_yaml(ROOT / "common" / "fr" / "language.yaml")
    return [(lead, end) for group in data["rewrite_sets"] if group["as"] == "les scores"
            for lead in group["leads"] for end in group["ends"]]


@pytest.mark.parametrize("game", GAMES)
def test_where_we_are_in_the_score_is_the_scores(game: str) -> None:
    """« on en est où au score ? », « ça en est où les points entre nous deux ? » (batch 32,
    read as whose turn it is, or not at all): every lead-in with every way of naming the
    score is the scores, said alone or with the players it is about; the lead-in alone is
    still whose turn it is."""
    g = grammar(game)
    scores = g.understand("les scores ?")[0].name
    turn = g.understand("c'est à qui ?")[0].name
    for lead, end in _score_sets():
        for said in (f"{lead} {end} ?", f"{lead} {end} entre nous deux ?",
                     f"{lead} {end}, tout le monde ?"):
            got = g.understand(said)
            assert got and got[0].cost == 0 and got[0].name == scores, (said, got[:1])
        if lead in ("on en est où", "où on en est", "où en est-on", "où en sommes-nous"):
            alone = g.understand(f"{lead} ?")
            assert alone and alone[0].name == turn, (lead, alone[:1])


@pytest.mark.parametrize(("asked", "looks"), [
    ("c'est quoi {}", "ça ressemble à quoi {}"), ("c'est quoi {}", "à quoi ressemble {}"),
    ("{}, c'est quoi", "{}, ça ressemble à quoi"), ("{}, c'est quoi", "{}, ça a l'air de quoi")])
@pytest.mark.parametrize("game", GAMES)
def test_what_a_thing_looks_like_is_what_it_is(game: str, asked: str, looks: str) -> None:
    """« ça ressemble à quoi les six colonnes en ce moment ? » (batch 32, answered with the
    moves allowed): every test question « c'est quoi … », asked in that order, means the
    same asked as what the thing looks like."""
    g = grammar(game)
    checked = 0
    for text, _ in _questions(game):
        if not text.startswith("c'est quoi "):
            continue
        thing = text[len("c'est quoi "):]
        meant = g.understand(asked.format(thing))
        if not meant or meant[0].cost > 0:
            continue
        got = g.understand(looks.format(thing))
        assert got and got[0].cost == 0 and (got[0].name, got[0].slots) == (
            meant[0].name, meant[0].slots), (looks.format(thing), got[:1], meant[:1])
        checked += 1
    assert checked >= 1, game
