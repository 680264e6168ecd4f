"""What happened lately, told again ("qu'est-ce qui s'est passé ?", "qu'a joué Paul ?").

The match remembers its last actions with the state before each; the moves are narrated
again by the game's own event lines, so the story is told in the words the table heard,
and a private line (a card drawn) only to the player it belongs to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.table.binding import Line

Step = tuple[Any, Any, "int | None"]
MAX_STEPS = 8  # said back at most: a listener's time


def since_last_turn(history: Sequence[Step], asker: int) -> list[Step]:
    """The actions since ``asker`` last acted; when they acted last, their own last turn."""
    mine = [i for i, (_, _, seat) in enumerate(history) if seat == asker]
    if mine and mine[-1] < len(history) - 1:
        return list(history[mine[-1] + 1 :])[-MAX_STEPS:]
    return last_turn_of(history, asker) if mine else list(history)[-MAX_STEPS:]


def last_turn_of(history: Sequence[Step], seat: int) -> list[Step]:
    """The last run of actions ``seat`` made in a row."""
    mine = [i for i, (_, _, who) in enumerate(history) if who == seat]
    if not mine:
        return []
    end = start = mine[-1]
    while start > 0 and history[start - 1][2] == seat:
        start -= 1
    return list(history[start : end + 1])[-MAX_STEPS:]




def told(
    history: Sequence[Step], engine: Any, binding: Any, asker: int, named: int | None = None
) -> list[Line]:
    """The story of the recent actions as the table heard it, private lines only to
    ``asker``; ``named``: only that player's last turn."""
    steps = since_last_turn(history, asker) if named is None else last_turn_of(history, named)
    if not steps:
        if named is None:
            return [Line("history.nothing", {}, asker)]
        return [Line("history.nothing_by", {"player": binding.players[named]}, asker)]
    lines: list[Line] = []
    for before, action, _ in steps:
        after, events = engine.apply(before, action)
        lines += [
            line
            for line in binding.event_lines(before, after, events)
            if line.seat is None or line.seat == asker
        ]
    return lines


__all__ = ["MAX_STEPS", "Step", "last_turn_of", "since_last_turn", "told"]
