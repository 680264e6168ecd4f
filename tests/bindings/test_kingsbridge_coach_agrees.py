""""Qu'est-ce que je peux poser ?" and "quel est le meilleur coup ?" come from the same search
and the same rules as the engine (issue 11, item 5): over seeded positions of the standard
game, solo and co-op, the first never says nothing can be placed when the best play places
cards, and neither ever advises an exchange where the mode forbids it; when nothing fits in
solo or co-op, both say the computer player's way out, step by step (issue 14, item 2)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import settings_for

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine, best_plan, new_virtual_game
from ludivox.engines.kingsbridge.actions import Exchange
from ludivox.engines.kingsbridge.players import EXPERT, choose_turn, stuck_turn
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.match import Match
from ludivox.table.session import Session

ENGINE = KingsbridgeEngine()
GRAMMAR = Grammar.load("kingsbridge", "fr")


def _positions(mode: str, players: int, seed: int, count: int) -> list[Any]:
    """Turn starts reached by random legal play (exchanges only when nothing else is legal)."""
    rng = random.Random(seed)
    state = new_virtual_game(players, seed, characters=mode != "standard", mode=mode)
    found = []
    for _ in range(400):
        if ENGINE.awaiting(state).game_over or len(found) == count:
            break
        if rng.random() < 0.5 and state.placed == 0 and state.moves == 0:
            found.append(state)
        every = list(ENGINE.legal_actions(state))
        legal = [a for a in every if not isinstance(a, Exchange)] or every
        if not legal:
            break
        state, _ = ENGINE.apply(state, rng.choice(legal))
    return found


def _ask(state: Any, text: str) -> list[Say]:
    names = [f"Joueur {i + 1}" for i in range(len(state.players))]
    binding = KingsbridgeBinding(names, thinking=None)  # no clock: the engine's own answer
    session = Session(binding, GRAMMAR, Match(ENGINE, state), names, None,
                      settings=settings_for(names, confirm="never", scan_check="never"))
    session.start()
    return [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]


CASES = [("standard", 2, 1), ("standard", 3, 2), ("solo", 1, 3), ("solo", 1, 4),
         ("coop", 2, 5), ("coop", 3, 6)]


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "players", "seed"), CASES)
def test_what_can_i_place_agrees_with_the_best_play(mode: str, players: int, seed: int) -> None:
    positions = _positions(mode, players, seed, count=6)
    assert positions
    for state in positions:
        playable = _ask(state, "qu'est-ce que je peux poser ?")
        best = _ask(state, "quel est le meilleur coup ?")
        said = " ".join(s.text for s in playable + best)
        plan = best_plan(state)
        if plan.cards_placed:
            assert playable[0].key != "answer.nothing_playable", (ENGINE.dumps(state), said)
            assert best[0].key == "coach.advice"
        elif state.shared and ENGINE.legal_actions(state):
            # stuck in solo / co-op: both answers give the computer player's way out, step
            # by step (a useless character turned over, then the malus card)
            assert playable[0].key == "answer.nothing_playable_stuck", said
            assert best[0].key == "answer.best_stuck", said
            way_out = stuck_turn(state)
            assert choose_turn(state, state.turn, EXPERT)[: len(way_out)] == way_out
            steps = playable[0].text.split(". ", 1)[1]
            assert best[0].text.endswith(steps), said
        else:
            assert playable[0].key == "answer.nothing_playable"
        if state.shared:  # solo and co-op: exchanging is forbidden
            assert "échang" not in said, (ENGINE.dumps(state), said)
