"""Kingdom Builder: "je construis à côté du château", "je place un colon près de l'eau", "je
pose sur le canyon à côté de la montagne" name no hex: Ludivox offers exactly the builds
allowed now on the hexes touching it (one: "j'y construis ?"; a few: which; more: how many
and the first ones), and the answer builds there. Over seeded positions and every kind of
neighbour; nothing is built before the player chooses."""

from __future__ import annotations

import random
from typing import Any

import pytest
from table_helpers import Table, keys, settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.engines.kingdom_builder import SUGGESTED_FIRST_CARDS, SUGGESTED_FIRST_LAYOUT, grid
from ludivox.engines.kingdom_builder.actions import Build
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.session_core import MAX_CHOICES

GRAMMAR = Grammar.load("kingdom_builder", "fr")
NAMES = ["Anne", "Paul"]
SAID = {"castle": "à côté du château", "location": "près d'un lieu", "water": "près de l'eau",
        "mountain": "à côté de la montagne", "own": "à côté de ma cité",
        "forest": "le long de la forêt", "desert": "tout près du désert",
        "grass": "à côté de la prairie", "canyon": "près du canyon",
        "flower": "à côté des fleurs"}


def _table(seed: int) -> Table:
    """A game after a few random legal moves (so that settlements stand on the board)."""
    binding = KingdomBuilderBinding(NAMES)
    engine: Any = binding.engine
    state = engine.new_game(2, seed=seed, mode="virtual", layout=SUGGESTED_FIRST_LAYOUT,
                            cards=SUGGESTED_FIRST_CARDS)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 9)):
        builds = [a for a in engine.legal_actions(state) if isinstance(a, Build)]
        state = engine.apply(state, rng.choice(builds) if builds else
                             next(iter(engine.legal_actions(state))))[0]
    session = Session(binding, GRAMMAR, Match(engine, state), NAMES,
                      settings=settings_for(NAMES, confirm="never"))
    table = Table(session)
    table._run(session.start())
    return table


def _touches(state: Any, hex_: tuple[int, int], kind: str) -> bool:
    """Does ``hex_`` touch a hex of ``kind``? Written from the board, not from the binding."""
    board = state.board
    for n in grid.neighbours(hex_):
        i = grid.index(n)
        if (kind == "castle" and i in board.castles) or (
                kind == "location" and i in board.locations) or (
                kind == "own" and state.owner[i] == state.current) or board.terrain[i] == kind:
            return True
    return False


def _expected(table: Table, kind: str) -> list[tuple[int, int]]:
    engine = table.session.match.engine
    return sorted(a.hex for a in engine.legal_actions(table.state)
                  if isinstance(a, Build) and _touches(table.state, a.hex, kind))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", SAID)
def test_the_builds_touching_it_are_offered_and_the_answer_builds(seed: int, kind: str) -> None:
    table = _table(seed)
    engine = table.session.match.engine
    seat = table.state.current
    expected = _expected(table, kind)
    before = engine.dumps(table.state)
    said = table.hear(f"je construis {SAID[kind]}", seat=seat)
    assert engine.dumps(table.state) == before  # nothing before the player chooses
    if not expected:
        done = table.state.built == 3  # the turn's three settlements are built: the rules say so
        assert keys(said) == (["refusal.mandatory_done"] if done else ["refusal.none_near"]), said
        return
    if len(expected) == 1:
        assert keys(said) == ["offer_near"]
        table.hear("oui", seat=seat)
    else:
        key = "choose_among" if len(expected) <= MAX_CHOICES else "ask_which_near"
        assert keys(said) == [key]
        if key == "ask_which_near":
            count = GRAMMAR.language.numbers.cardinal(len(expected), feminine=True)
            assert said[0].text.lower().startswith(count), (said[0].text, count)
        table.hear("la première", seat=seat)
    built = set(table.state.settlements(seat)) - set(engine.loads(before).settlements(seat))
    assert built == {expected[0]}


def test_a_terrain_that_is_not_the_cards_is_refused_with_the_card() -> None:
    table = _table(0)
    card = table.state.hands[table.state.current]
    other = next(t for t in ("canyon", "forest") if t != card)
    word = {"canyon": "le canyon", "forest": "la forêt"}[other]
    said = table.hear(f"je pose sur {word} à côté de la montagne")
    assert keys(said) == ["refusal.other_terrain"]


def test_another_players_request_builds_nothing() -> None:
    table = _table(1)
    engine = table.session.match.engine
    before = engine.dumps(table.state)
    said = table.hear("je construis à côté du château", seat=1 - table.state.current)
    assert keys(said) == ["help.waiting"]
    assert engine.dumps(table.state) == before
