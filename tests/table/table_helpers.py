"""Helpers for conversation tests: a real grammar, the real engine, text in, outputs out."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from ludivox.bindings.kingsbridge.binding import KingsbridgeBinding
from ludivox.bindings.world_without_end.binding import WweBinding
from ludivox.engines.kingsbridge import KingsbridgeEngine, from_json
from ludivox.engines.kingsbridge.actions import EndTurn, Exchange, Move, Pass, Place
from ludivox.engines.kingsbridge.state import value
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Output, Say, TagSeen
from ludivox.table.match import Match
from ludivox.table.session import Session
from ludivox.table.settings import SettingsStore

WORDS = (
    "zéro", "un", "deux", "trois", "quatre", "cinq", "six",
    "sept", "huit", "neuf", "dix", "onze", "douze", "treize",
)

# Keys whose sentences tell what a hand holds (or may): never on the table channel.
PRIVATE_KEYS = ("answer.hand", "event.hand_cards_drawn", "event.cards_revealed", "refusal.",
                "answer.playable", "answer.card_", "suggestion")


def word(n: int) -> str:
    """A number as a French word, as a player says it."""
    return WORDS[n]


@dataclass
class Table:
    """A session plus everything it said, for assertions a player would make."""

    session: Session
    said: list[Say] = field(default_factory=list)

    def hear(self, text: str, seat: int | None = None) -> list[Say]:
        return self._run(self.session.handle(Heard(text, seat=seat)))

    def scan(self, payload: str, seat: int | None = None) -> list[Say]:
        return self._run(self.session.handle(TagSeen(payload, seat=seat)))

    def _run(self, outputs: Sequence[Output]) -> list[Say]:
        says = [o for o in outputs if isinstance(o, Say)]
        self.said.extend(says)
        return says

    @property
    def state(self) -> Any:
        return self.session.state


def keys(says: Sequence[Say]) -> list[str]:
    return [s.key for s in says]


def on(says: Sequence[Say], channel: str) -> list[Say]:
    return [s for s in says if s.channel == channel]


def settings_for(names: Sequence[str], **changes: Any) -> SettingsStore:
    """An in-memory settings store where every named player has these settings changed
    (for example ``confirm="never"``: a test about something else plays without questions)."""
    store = SettingsStore(None)
    for name in names:
        store.update(name, **changes)
    return store


def make_table(grammar: Grammar, state: Any, names: Sequence[str] = ("Anne", "Paul"),
               journal: Any = None, settings: SettingsStore | None = None,
               thinking: float | None = None) -> Table:
    """A Kingsbridge table. Unless ``settings`` are given, the players chose neither
    confirmations nor scan checks: tests about the game play without those questions (the
    dialogue tests, ``test_dialogue*.py``, give their own settings). The coach thinks without
    a clock unless ``thinking`` seconds are given (the same advice whatever the load)."""
    binding = KingsbridgeBinding(list(names), thinking=thinking)
    if settings is None:
        settings = settings_for(names, confirm="never", scan_check="never")
    session = Session(binding, grammar, Match(binding.engine, state), list(names), journal,
                      settings=settings)
    return started(session)


def started(session: Session) -> Table:
    """A table of ``session``, started (what it said at the start kept in ``said``)."""
    table = Table(session)
    table._run(session.start())
    return table


def virtual_table(game: str, names: Sequence[str], seed: int) -> Table:
    """A started virtual game of ``game`` dealt by ``seed`` for ``names``, its players
    asking neither confirmations nor scan checks (a test about something else plays
    without those questions)."""
    from ludivox.shell.launch import new_session

    return started(new_session(
        game, players=len(names), names=",".join(names), mode="virtual", seed=seed,
        state_file=None, journal_path=None,
        settings=settings_for(names, confirm="never", scan_check="never")))


def position(**data: Any) -> Any:
    """A checked virtual position from JSON-like keywords (cards not listed are discarded)."""
    data.setdefault("mode", "virtual")
    return from_json(data)


def card(n: int) -> str:
    """The tag payload of a Kingsbridge event card of value ``n``."""
    return f"ludivox:kingsbridge/event/{n}"


def one_column_game() -> Any:
    """Anne holds a seven that only fits column 2, an eight, and an eleven fitting nowhere."""
    return position(
        columns=[[3], [5, 6], [9], [10, 11], [12], [13]],
        players=[{"hand": [7, 8, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
    )


ENGINE = KingsbridgeEngine()


def dealt_places(size: int, count: int, per_seed: int, seeds: int) -> list[tuple[Any, Place]]:
    """Placements of ``size`` cards on one column from dealt two-player games (``per_seed``
    of each deal, the first ``seeds`` deals), stopping once ``count`` are found."""
    found: list[tuple[Any, Place]] = []
    for seed in range(seeds):
        state = ENGINE.new_virtual_game(2, seed)
        found += [(state, a) for a in ENGINE.legal_actions(state)
                  if isinstance(a, Place) and len(a.cards) == size][:per_seed]
        if len(found) >= count:
            break
    return found


def sentence(action: Any, state: Any = None) -> str:
    """A legal action said as a player would say it (a move of part of a column names its
    cards: ``state`` is the position it is played on)."""
    if isinstance(action, Move):
        target = f"sur la colonne {word(action.target)}"
        if action.start == 0:
            return f"je déplace toute la colonne {word(action.source)} {target}"
        run = [value(c) for c in state.columns[action.source - 1][action.start:]]
        cards = " et ".join(f"le {word(c)}" for c in run)
        return f"je déplace {cards} de la colonne {word(action.source)} {target}"
    if isinstance(action, Place):
        cards = " et ".join(f"le {word(c)}" for c in action.cards)
        return f"je pose {cards} sur la colonne {word(action.column)}"
    if isinstance(action, EndTurn):
        return "j'ai fini"
    if isinstance(action, Pass):
        return "je passe"
    assert isinstance(action, Exchange)
    return "j'échange " + " et ".join(f"le {word(c)}" for c in action.cards)


def choose(state: Any) -> Any:
    """A simple player: a single card if one fits, else end, pass, or exchange one card."""
    legal = list(ENGINE.legal_actions(state))
    for kinds in ((Place,), (EndTurn,), (Pass,), (Exchange,)):
        for action in legal:
            if isinstance(action, kinds) and (
                not isinstance(action, Place | Exchange) or len(action.cards) == 1
            ):
                return action
    raise AssertionError(f"no action for {ENGINE.dumps(state)}")


def drive(table: Table, limit: int) -> int:
    """Play by voice; each utterance must do exactly what the engine says it does."""
    spoken = 0
    while spoken < limit and not table.state.game_over:
        before = table.state
        action = choose(before)
        expected, events = ENGINE.apply(before, action)
        says = table.hear(sentence(action))
        assert ENGINE.dumps(table.state) == ENGINE.dumps(expected), (sentence(action), says)
        heard = keys(on(says, "table"))
        for event in events:
            if event.private_to is None:
                assert f"event.{event.kind}" in heard
        spoken += 1
    return spoken


@pytest.fixture(scope="session")
def grammar() -> Grammar:
    """The real French Kingsbridge grammar (a fixture of tests/table, tests/bindings and
    tests/shell, whose conftest files import it)."""
    return Grammar.load("kingsbridge", "fr")


GAME_GRAMMARS = {
    "kingsbridge": "kingsbridge",
    "seven-kingdoms": "seven_kingdoms",
    "kingdom-builder": "kingdom_builder",
}
"""Each game's command-line name and its grammar's folder."""
ALL_GRAMMARS = {**GAME_GRAMMARS, "monde-sans-fin": "world_without_end"}
"""The same with Un monde sans fin (the tests written before it was a game use the first)."""


def playout(game: str, label: str, names: Sequence[str] = ("Anne", "Paul")) -> Iterator[Any]:
    """The positions of a virtual game of ``game`` along a random playout seeded by
    ``label``, from the deal to the end (world reveals included)."""
    from ludivox.shell.launch import new_session

    rng = random.Random(f"{label}-{game}")
    session = new_session(game, players=len(names), names=",".join(names), mode="virtual",
                          seed=7, state_file=None, journal_path=None)
    engine, state = session.match.engine, session.state
    while not engine.awaiting(state).game_over:
        yield state
        state, _ = engine.apply(state, rng.choice(list(engine.legal_actions(state))))


@cache
def components(game: str) -> Any:
    """The printed components of a game that reads them from its data file (7 Kingdoms, Un
    monde sans fin), read once per test run: parsing the file costs more than the rest of a
    session, and the components are frozen (no session can change them). ``None`` for the
    games whose components are in their code."""
    if game == "seven-kingdoms":
        from ludivox.bindings.seven_kingdoms import binding as seven

        return seven.load_default_components()
    if game == "monde-sans-fin":
        from ludivox.bindings.world_without_end import binding as wwe

        return wwe.load_default_components()
    return None


def game_binding(game: str, names: Sequence[str]) -> Any:
    """``binding_for(game, names)``, with the game's :func:`components` read once."""
    from ludivox.bindings.registry import binding_for

    if game == "seven-kingdoms":
        from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsBinding

        return SevenKingdomsBinding(list(names), components(game))
    if game == "monde-sans-fin":
        from ludivox.bindings.world_without_end.binding import WweBinding

        return WweBinding(list(names), components(game))
    return binding_for(game, list(names))


def game_engine(game: str) -> Any:
    """``engine_for(game)``, with the game's :func:`components` read once."""
    from ludivox.bindings.registry import engine_for

    if game == "seven-kingdoms":
        from ludivox.bindings.seven_kingdoms.binding import SevenKingdomsTableEngine

        return SevenKingdomsTableEngine(components(game))
    if game == "monde-sans-fin":
        from ludivox.bindings.world_without_end.binding import WweTableEngine

        return WweTableEngine(components(game))
    return engine_for(game)


def game_session(game: str, state: Any, names: Sequence[str] = ("Anne", "Paul")) -> Session:
    """A session of ``game`` at ``state``, its players asking neither confirmations nor
    scans (a test about something else plays without those questions)."""
    return Session(game_binding(game, names), Grammar.load(ALL_GRAMMARS[game], "fr"),
                   Match(game_engine(game), state), list(names),
                   settings=settings_for(names, confirm="never", scan_check="never"))


def yes_makes_nothing(session: Session, state: Any, seat: int, said: list[str]) -> None:
    """After a sentence that was neither made nor offered (``said``: its answer's keys),
    « oui » changes nothing, unless the game itself asks ``seat`` a yes / no question (« Anne,
    échanges-tu une laine contre trois or ? »): that question is then put again last, and
    « oui » answers it."""
    asked = session.binding.yes_no_question(state, seat)
    if asked is not None:
        assert said[-1] == asked.key, said
        return
    session.handle(Heard("oui", seat=seat))
    assert session.state == state


def exchange_answered(said: str) -> str:
    """The state (dumped) after Anne says ``said`` to Un monde sans fin's exchange offer,
    which the game puts to each player in turn at the start of a 2-player virtual game."""
    grammar = Grammar.load("world_without_end", "fr")
    binding = WweBinding(["Anne", "Paul"])
    session = Session(binding, grammar, Match(binding.engine, binding.engine.new_virtual_game(
        2, 3)), ["Anne", "Paul"], settings=settings_for(["Anne", "Paul"], confirm="never"))
    session.start()
    assert binding.yes_no(session.state, True, 0) is not None  # the offer waits for Anne
    assert binding.yes_no(session.state, False, 0) is not None
    session.handle(Heard(said, seat=0))
    return binding.engine.dumps(session.state)
