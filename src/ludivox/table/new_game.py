"""The questions before a new game: real cards or not, how many players, their names.

Answers are read the way people give them ("oui, de vraies cartes", "non, c'est toi qui
distribues", "on est trois", "moi c'est Marie"); an answer that does not answer says why
and the question comes again; "on arrête" leaves without creating anything. No device
here: the caller gives the way to ask (voice or keyboard) and to speak.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludivox.grammars.language import fold
from ludivox.grammars.names import said_name
from ludivox.table import slots

MOST_PLAYERS = 5
SETUP_INTENTS = frozenset({"setup_players", "setup_real_cards", "setup_dealt"})
"""Intents of these questions only: never words of a game being played."""
_TRUE = frozenset({"yes", "setup_real_cards"})
_FALSE = frozenset({"no", "setup_dealt"})
_COUNTS = frozenset({"setup_players", "number"})
_AGAIN = frozenset({"repeat", "help"})


class Stop:
    """The player asked to leave the questions ("on arrête")."""


STOP = Stop()


@dataclass(frozen=True)
class Again:
    """The answer does not answer: say ``key`` (if any) with ``params``, then ask again."""

    key: str = ""
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class NewGame:
    """Everything the questions settled."""

    table: bool
    names: tuple[str, ...]


def _exact(grammar: Any, text: str) -> list[Any]:
    """The readings of ``text`` that need no change of any word (cost 0)."""
    return [i for i in grammar.understand(text) if i.cost == 0]


def _leaving(readings: list[Any]) -> Stop | Again | None:
    names = {i.name for i in readings}
    if "quit" in names:
        return STOP
    if names & _AGAIN:
        return Again()
    return None


def read_table_mode(grammar: Any, text: str) -> bool | Stop | Again:
    """True for real cards on the table, False when the assistant deals."""
    readings = _exact(grammar, text)
    said = {i.name for i in readings}
    if said & _TRUE and not said & _FALSE:
        return True
    if said & _FALSE and not said & _TRUE:
        return False
    left = _leaving(readings)
    if left is not None:
        return left
    first = text.replace(",", " ").split()[:1]  # "oui, on a tout ça": the answer leads
    lead = {i.name for i in _exact(grammar, first[0])} if first else set()
    if lead & {"yes", "no"} and not said:
        return "yes" in lead
    return Again("setup.mode_expected")


def read_count(grammar: Any, text: str, most: int = MOST_PLAYERS) -> int | Stop | Again:
    """How many players, from 1 to ``most``."""
    readings = _exact(grammar, text)
    counts = {n for i in readings if i.name in _COUNTS for n in slots.numbers(i, "number")}
    if len(counts) == 1:
        count = counts.pop()
        if 1 <= count <= most:
            return count
        return Again("setup.count_range", {"count": count, "most": most})
    left = _leaving(readings)
    return left if left is not None else Again("setup.count_expected", {"most": most})


def read_name(
    grammar: Any, text: str, taken: Sequence[str] = (), default: str | None = None
) -> str | Stop | Again:
    """A player's name: "Marie", "c'est Marie", "je m'appelle Marie"... (nothing said:
    ``default``, "Joueur 2")."""
    if not text.strip() and default is not None:
        return default
    readings = _exact(grammar, text)
    left = _leaving(readings)
    if left is not None:
        return left
    name = said_name(grammar.language, text, answering=True)
    if name is None or (readings and said_name(grammar.language, text) is None):
        return Again("setup.name_expected")  # "oui", "le sept": words of the game, no name
    if any(fold(name.lower()) == fold(other.lower()) for other in taken):
        return Again("setup.name_taken", {"name": name})
    return name


def ask_new_game(
    grammar: Any,
    ask: Callable[[str], str | None],
    say: Callable[[str], object],
    default_names: Sequence[str],
) -> NewGame | None:
    """Ask the questions until each is answered; None when the input ends or the player
    leaves ("on arrête"): nothing is created then."""

    def until_answered(key: str, read: Callable[[str], Any], **params: Any) -> Any:
        question = grammar.say(key, **params)
        while True:
            answer = ask(question)
            if answer is None:
                return STOP
            result = read(answer.strip())
            if not isinstance(result, Again):
                return result
            if result.key:
                say(grammar.say(result.key, **result.params))

    table = until_answered("ask_table_mode", lambda a: read_table_mode(grammar, a))
    if isinstance(table, Stop):
        return None
    count = until_answered("ask_player_count", lambda a: read_count(grammar, a))
    if isinstance(count, Stop):
        return None
    names: list[str] = []
    for number in range(1, count + 1):
        default = default_names[number - 1] if number <= len(default_names) else None

        def read(answer: str, default: str | None = default) -> str | Stop | Again:
            return read_name(grammar, answer, names, default)

        name = until_answered("ask_player_name", read, number=number)
        if isinstance(name, Stop):
            return None
        names.append(name)
        say(grammar.say("setup.name_noted", name=name))
    return NewGame(table=table, names=tuple(names))


__all__ = [
    "MOST_PLAYERS",
    "SETUP_INTENTS",
    "STOP",
    "Again",
    "NewGame",
    "Stop",
    "ask_new_game",
    "read_count",
    "read_name",
    "read_table_mode",
]
