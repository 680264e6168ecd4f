"""« Qui est le prochain ? », « qui joue après moi ? », « qui joue après Paul ? »: in every
game, along seeded games of three players, the answer names the player the engine then
really gives the turn to (or says the round ends with the one asked about)."""

from __future__ import annotations

import random

import pytest
from table_helpers import Table, keys, virtual_table

NAMES = ("Anne", "Paul", "Marie")
GAMES = ("kingsbridge", "seven-kingdoms", "kingdom-builder", "monde-sans-fin")
CHECKS = 12  # positions asked about per game


def _acting(table: Table) -> int | None:
    return table.session.binding.acting_seat(table.state)


def _next_actor(table: Table, seat: int, rng: random.Random) -> int | None:
    """Plays random legal moves until someone other than ``seat`` is to act; who (None at
    the end of the game). The table's own state moves on."""
    match = table.session.match
    for _ in range(200):
        acting = _acting(table)
        if acting is not None and acting != seat:
            return acting
        legal = list(match.engine.legal_actions(match.state))
        if not legal:
            return None
        match.apply(rng.choice(legal))
    return None


def _said_next(table: Table, asker: int, text: str) -> tuple[str, str]:
    says = table.hear(text, seat=asker)
    found = [s for s in says if s.key.startswith("next.")]
    assert found, (text, keys(says))
    return found[0].key, found[0].text


@pytest.mark.parametrize("game", GAMES)
def test_the_next_player_named_is_the_one_who_then_plays(game: str) -> None:
    table = virtual_table(game, NAMES, seed=3)
    rng = random.Random(f"next-{game}")
    checked = last = 0
    while checked < CHECKS:
        acting = _acting(table)
        if acting is None:
            if _next_actor(table, -1, rng) is None:
                break
            continue
        other = (acting + 1) % len(NAMES)
        mine = _said_next(table, acting, "qui est le prochain ?")
        named = _said_next(table, other, f"qui joue après {NAMES[acting]} ?")
        actual = _next_actor(table, acting, rng)
        if mine[0] == "next.last_you":  # the round ends with the asker: someone else after
            assert named[0] == "next.last" and NAMES[acting] in named[1], named
            last += 1
            continue
        assert actual is not None and mine == ("next.after_you", f"Après toi, c'est à "
                                               f"{NAMES[actual]}."), (game, mine, actual)
        if actual == other:
            assert named == ("next.you", f"Après {NAMES[acting]}, c'est à toi."), named
        else:
            assert named[0] == "next.player" and named[1].endswith(f"{NAMES[actual]}."), named
        checked += 1
    assert checked == CHECKS, (game, checked, last)


def test_after_me_in_solo_is_me_again() -> None:
    table = virtual_table("kingsbridge", ("Anne",), seed=1)
    assert _said_next(table, 0, "et après moi, c'est qui ?")[0] == "next.alone"


@pytest.mark.parametrize("said", ["qui joue après moi ?", "c'est à qui après moi ?",
                                  "et après moi, c'est qui ?", "qui me suit ?"])
def test_after_me_asked_by_a_player_waiting(said: str) -> None:
    """Asked by the player after the one playing: the one after them, not after the player
    playing now; nothing changes."""
    table = virtual_table("kingdom-builder", NAMES, seed=2)
    engine = table.session.match.engine
    before = engine.dumps(table.state)
    acting = _acting(table)
    assert acting is not None
    asker = (acting + 1) % 3
    key, text = _said_next(table, asker, said)
    assert (key, text) == ("next.after_you", f"Après toi, c'est à {NAMES[(asker + 1) % 3]}.")
    assert engine.dumps(table.state) == before
