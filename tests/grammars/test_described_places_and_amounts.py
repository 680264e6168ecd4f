"""Places and amounts described rather than numbered (issue 16): in Kingdom Builder the hex
« juste à droite de ma cité en un un » is the neighbour east of that hex (left: west; above
and below are two neighbours each, never one direction), checked like « à l'est de »; in Un
monde sans fin « tout ce que j'ai comme tissu » is all of it, as « tout mon tissu »."""

from __future__ import annotations

import pytest
from grammar_helpers import grammar

HEXES = [(1, 1), (5, 12), (10, 19), (20, 20)]


def _words(n: int) -> str:
    return grammar("kingdom_builder").language.numbers.cardinal(n)


@pytest.mark.parametrize(("said", "direction"), [
    ("à droite", "dir:e"), ("juste à droite", "dir:e"), ("à gauche", "dir:w"),
    ("juste à gauche", "dir:w")])
@pytest.mark.parametrize("of", ["de ma cité en", "de la case", "de"])
@pytest.mark.parametrize(("row", "col"), HEXES)
def test_a_side_of_a_hex_is_its_neighbour_that_way(said: str, direction: str, of: str,
                                                   row: int, col: int) -> None:
    g = grammar("kingdom_builder")
    text = f"je construis {said} {of} {_words(row)} {_words(col)}"
    found = g.understand(text, intents={"build"})
    assert found and found[0].cost == 0, text
    slots = found[0].slots
    assert (slots["direction"], slots["row"], slots["col"]) == (
        direction, f"row:{row}", f"col:{col}"), text
    if "ma cité" in of:
        assert slots.get("mine"), text  # checked: the settlement must be the speaker's


@pytest.mark.parametrize("said", ["au-dessus", "juste au-dessus", "en dessous", "à côté"])
def test_above_below_and_beside_are_no_one_direction(said: str) -> None:
    found = grammar("kingdom_builder").understand(f"je construis {said} de la case cinq douze",
                                                 intents={"build"})
    assert not [f for f in found if f.cost == 0 and "direction" in f.slots]


@pytest.mark.parametrize("good", ["tissu", "laine", "bois", "pierre"])
@pytest.mark.parametrize("joint", ["comme", "en", "de"])
def test_all_one_has_of_a_good_described_is_all_of_it(good: str, joint: str) -> None:
    g = grammar("world_without_end")
    verb = "je vends" if good in ("tissu", "laine") else "je mets"
    where = "" if good in ("tissu", "laine") else " sur le pont"
    plain = g.understand(f"{verb} tout mon {good}{where}")
    said = g.understand(f"{verb} tout ce que j'ai {joint} {good}{where}")
    assert plain and plain[0].cost == 0 and "amount:all" in plain[0].slots.values()
    assert said and said[0].cost == 0 and (said[0].name, said[0].slots) == (
        plain[0].name, plain[0].slots)


@pytest.mark.parametrize("row", [1, 7, 10, 20])
@pytest.mark.parametrize(("rank", "col"), [("première", 1), ("troisième", 3), ("dernière", 20)])
def test_a_hex_by_its_rank_in_its_row_and_said_again(row: int, rank: str, col: int) -> None:
    """« la dernière case de la ligne dix » is ten twenty; said with its number too, both are
    kept (the binding builds only when they name the same hex)."""
    g = grammar("kingdom_builder")
    described = f"la {rank} case de la ligne {_words(row)}"
    found = g.understand(described, intents={"build"})
    assert found and found[0].cost == 0
    assert (found[0].slots["row"], found[0].slots["col"]) == (f"row:{row}", f"col:{col}")
    for other in (col, col % 20 + 1):
        found = g.understand(f"{described}, {_words(row)} {_words(other)}", intents={"build"})
        assert found and found[0].cost == 0
        slots = found[0].slots
        assert (slots["col"], slots["again_row"], slots["again_col"]) == (
            f"col:{col}", f"row:{row}", f"col:{other}")
