"""A move told as done at the table (batch 25: « j'ai posé le neuf sur la six », « j'ai joué
le trente-cinq », « j'ai construit en dix-neuf neuf »): the player whose turn it is made it on
the table, so it is made here at once, exactly as « je pose … » would be; told by another
player, nothing changes. Property over the legal moves of seeded playout positions of the
four games, each said as the assistant says it, then in the past."""

from __future__ import annotations

import pytest
from table_helpers import GAME_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

# the assistant's infinitive -> its past participle, as people say them
DONE = {"poser": "posé", "mettre": "mis", "jouer": "joué", "prendre": "pris",
        "construire": "construit", "placer": "placé", "déplacer": "déplacé",
        "garder": "gardé", "échanger": "échangé", "vendre": "vendu", "faire": "fait",
        "utiliser": "utilisé", "donner": "donné", "tisser": "tissé", "terminer": "terminé",
        "bâtir": "bâti", "valider": "validé", "défausser": "défaussé"}


@pytest.mark.parametrize("game", sorted(GAME_GRAMMARS))
def test_a_move_told_as_done_by_the_player_at_turn_is_made(game: str) -> None:
    engine = engine_for(game)
    told = 0
    for state, seat, action, words, _ in said_moves(game, "done", 3, 3):
        verb, _, rest = words.partition(" ")  # "poser le sept sur la colonne trois"
        if verb not in DONE or not rest:
            continue
        text = f"j'ai {DONE[verb]} {rest}"
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(text, seat=seat)))
        assert session.state == engine.apply(state, action)[0], (text, keys)
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(text, seat=1 - seat)))
        assert session.state == state, (text, keys)  # not the teller's turn
        told += 1
    assert told >= 3, told
