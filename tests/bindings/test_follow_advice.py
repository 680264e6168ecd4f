""""Fais-le" after the coach's advice ("vas-y fais-le", "je suis ton conseil", "je joue la
carte que tu m'as conseillée"): Ludivox says the moves it will play for the player, the
same the advice named, and plays them all on "oui", none on "non". Over seeded positions of
the three games with a coach; a game without one, another player's turn and a finished game
play nothing and say so."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from table_helpers import Table, keys, settings_for

from ludivox.bindings.kingdom_builder.binding import KingdomBuilderBinding
from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding
from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.kingdom_builder import SUGGESTED_FIRST_CARDS, SUGGESTED_FIRST_LAYOUT
from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.engines.kingsbridge.actions import Exchange
from ludivox.grammars.grammar import Grammar
from ludivox.table.match import Match
from ludivox.table.session import Session

NAMES = ["Anne", "Paul"]
FOLLOW = ("fais-le", "vas-y fais-le", "d'accord je suis ton conseil", "ok je fais ça",
          "je joue ce que tu m'as conseillé", "fais ce que tu dis")


def _table(binding: Any, state: Any, game: str) -> Table:
    grammar = Grammar.load(game, "fr")
    session = Session(binding, grammar, Match(binding.engine, state), list(NAMES),
                      settings=settings_for(NAMES, confirm="never", scan_check="never"))
    table = Table(session)
    table._run(session.start())
    return table


def _kingsbridge(seed: int) -> Table:
    """A Kingsbridge turn start reached by random legal play from ``seed``."""
    binding = KingsbridgeBinding(list(NAMES), thinking=None)
    rng = random.Random(seed)
    state = new_virtual_game(2, seed, characters=False, mode="standard")
    for _ in range(rng.randrange(0, 12)):
        every = list(binding.engine.legal_actions(state))
        legal = [a for a in every if not isinstance(a, Exchange)] or every
        state = binding.engine.apply(state, rng.choice(legal))[0]
    return _table(binding, state, "kingsbridge")


def _seven_kingdoms(seed: int) -> Table:
    binding = SevenKingdomsBinding(list(NAMES))
    return _table(binding, binding.engine.new_virtual_game(2, seed), "seven_kingdoms")


def _kingdom_builder(seed: int) -> Table:
    binding = KingdomBuilderBinding(list(NAMES))
    engine: Any = binding.engine
    return _table(binding, engine.new_game(2, seed=seed, mode="virtual",
                                           layout=SUGGESTED_FIRST_LAYOUT,
                                           cards=SUGGESTED_FIRST_CARDS), "kingdom_builder")


GAMES: dict[str, tuple[Callable[[int], Table], str]] = {
    "kingsbridge": (_kingsbridge, "quel est le meilleur coup ?"),
    "seven_kingdoms": (_seven_kingdoms, "qu'est-ce que tu me conseilles ?"),
    "kingdom_builder": (_kingdom_builder, "qu'est-ce que tu me conseilles ?"),
}


def _acting(table: Table) -> int:
    seat = table.session.binding.acting_seat(table.state)
    assert seat is not None
    return seat


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_the_advised_moves_are_said_then_all_played_on_yes(game: str, seed: int) -> None:
    make, ask = GAMES[game]
    table = make(seed)
    seat = _acting(table)
    binding, engine = table.session.binding, table.session.match.engine
    advised = binding.advised(table.state, seat)
    assert advised, "the coach advises a move at the start of a turn"
    advice = " ".join(s.text for s in table.hear(ask, seat=seat))
    before = engine.dumps(table.state)
    said = table.hear(FOLLOW[seed % len(FOLLOW)], seat=seat)
    assert keys(said) == ["advice.confirm"]
    assert engine.dumps(table.state) == before  # nothing until "oui"
    expected, state = table.state, table.state
    for action in advised:
        line = binding.describe(state, action, seat)
        described = table.session.announcer.render(line, capitalize=False)
        assert described in said[0].text, (described, said[0].text)
        if game != "seven_kingdoms":  # 7 Kingdoms advises "je te conseille de jouer …"
            assert described in advice, (described, advice)
        state = engine.apply(state, action)[0]
    expected = state
    table.hear("oui", seat=seat)
    assert engine.dumps(table.state) == engine.dumps(expected)


@pytest.mark.parametrize("game", GAMES)
def test_no_plays_nothing_and_another_players_fais_le_is_refused(game: str) -> None:
    make, _ = GAMES[game]
    table = make(0)
    seat = _acting(table)
    engine = table.session.match.engine
    before = engine.dumps(table.state)
    assert keys(table.hear("fais-le", seat=seat)) == ["advice.confirm"]
    assert keys(table.hear("non", seat=seat)) == ["cancelled"]
    said = table.hear("fais-le", seat=1 - seat)
    assert keys(said) == ["not_your_turn"]
    assert engine.dumps(table.state) == before


def test_a_game_without_a_coach_plays_nothing_and_says_so() -> None:
    binding = WweBinding(list(NAMES))
    table = _table(binding, binding.engine.new_virtual_game(2, 3), "world_without_end")
    before = binding.engine.dumps(table.state)
    said = table.hear("fais-le", seat=_acting(table))
    assert keys(said) == ["advice.nothing"]
    assert "conseiller" in said[0].text
    assert binding.engine.dumps(table.state) == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("follow", (*FOLLOW[:2], "ouais fais-le", "oui vas-y fais-le"))
def test_fais_le_answering_a_move_confirmation_makes_that_move(
        game: str, follow: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Fais-le" while Ludivox asks "c'est bien ça ?" about the player's own move is a yes to
    that move, never the coach's advice (batch 9 of Kingsbridge: "ouais fais-le" played the
    advice)."""
    plain = settings_for
    monkeypatch.setitem(globals(), "settings_for", lambda names, **_: plain(
        names, confirm="always", scan_check="never"))  # every move asked "c'est bien ça ?"
    make, _ = GAMES[game]
    for seed in range(3):
        table = make(seed)
        seat = _acting(table)
        binding, engine = table.session.binding, table.session.match.engine
        mine = binding.advised(table.state, seat)[0]
        said = binding.describe(table.state, mine, seat)
        spoken = table.session.announcer.render(said, capitalize=False)
        assert keys(table.hear(f"je veux {spoken}", seat=seat)) == ["confirm_move"]
        expected = engine.apply(table.state, mine)[0]
        answer = table.hear(follow, seat=seat)
        assert "advice.confirm" not in keys(answer)
        assert engine.dumps(table.state) == engine.dumps(expected), (seed, spoken)
