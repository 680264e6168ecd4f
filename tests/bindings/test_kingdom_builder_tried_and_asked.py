"""Kingdom Builder, held-out batch 24 (issue 16): a placing tile said as tried (« je tente la
tour en dix dix », heard as « je tente le bord » and asked), what to play asked in the present
(« on met quoi là ? »), the end of the game asked with « ça » (« ça finit quand la partie ? »)
and the goal of the game (« c'est quoi le but déjà ? »).

Through the real session, over the corpus's positions: a tried tile does exactly that tile's
move on every tower target, and on a hex off the edge it is refused with nothing changed and
no question; each question form gets its answer on every position, nothing changed."""

from __future__ import annotations

import pytest
from table_helpers import keys
from test_kingdom_builder_conversation import start
from test_kingdom_builder_said_ahead import tower_goals
from test_kingdom_builder_said_together import builder_grammar  # noqa: F401
from test_kingdom_builder_tile_said_first import position, said

from ludivox.engines.kingdom_builder import grid, place_targets
from ludivox.grammars.grammar import Grammar

TRIED = ("je tente la tour en {h}", "j'essaie ma tour en {h}",
         "je vais tenter la tuile tour en {h}")
POSITIONS = ("first", "second_turn", "paddock")
COACH = ("on met quoi là", "je mets quoi", "je pose quoi maintenant", "on joue quoi là",
         "qu'est-ce qu'on met là", "qu'est-ce que je pose", "bon je fais quoi ce coup-ci")
END = ("ça finit quand la partie", "ça se termine quand", "la partie ça s'arrête quand",
       "elle finit quand la partie", "quand est-ce que ça s'arrête", "c'est quand la fin")
GOAL = ("c'est quoi le but déjà", "quel est le but du jeu", "le but du jeu c'est quoi",
        "c'est quoi l'objectif de la partie", "rappelle-moi le principe du jeu")


@pytest.mark.parametrize("form", TRIED)
def test_a_tile_tried_is_that_tiles_move(builder_grammar: Grammar, form: str) -> None:  # noqa: F811
    state = position("second_turn")
    hexes = place_targets(state, "tower").hexes
    for hex_, goal in tower_goals(state):
        t = start(builder_grammar, state=state)
        sentence = form.format(h=said(hex_))
        t.hear(sentence)
        assert t.state == goal, sentence
    inner = [grid.at(i) for i in range(grid.CELLS) if grid.at(i) not in hexes
             and i not in grid.EDGE][::90]
    assert inner
    for hex_ in inner:
        t = start(builder_grammar, state=state)
        sentence = form.format(h=said(hex_))
        heard = keys(t.hear(sentence))
        assert heard and heard[0].startswith("refusal."), (sentence, heard)
        assert not {"did_you_mean", "guess_move"} & set(heard), (sentence, heard)
        assert t.state == state, sentence


@pytest.mark.parametrize("at", POSITIONS)
@pytest.mark.parametrize(("forms", "key"), [(COACH, "answer.coach"), (END, "rules.end"),
                                            (GOAL, "rules.goal")])
def test_asked_in_everyday_words(
        builder_grammar: Grammar, at: str, forms: tuple[str, ...], key: str) -> None:  # noqa: F811
    state = position(at)
    for sentence in forms:
        t = start(builder_grammar, state=state)
        heard = keys(t.hear(sentence))
        assert heard and heard[0] == key, (sentence, heard)
        assert t.state == state, sentence
