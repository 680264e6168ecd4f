"""« Qui joue après moi ? », « qui est le prochain ? », « qui joue après Paul ? »: who plays
next, in the order of the moment that each game's binding reads from its engine
(:meth:`~ludivox.table.binding.Binding.next_seat`). Public: the order is on the table."""

from __future__ import annotations

from typing import Any, Protocol

from ludivox.table.binding import Answer, IntentLike, Line

NEXT = "ask_next"
"""After the player whose turn it is."""
AFTER_ME = "ask_after_me"
"""After the asker (a name said besides is the one asked: « qui joue après moi, Léa ? »)."""
AFTER_PLAYER = "ask_after_player"
"""After the player the question names (« qui joue après Paul ? »)."""
NEXT_INTENTS = frozenset({NEXT, AFTER_ME, AFTER_PLAYER})


class Order(Protocol):
    """What a binding tells of the order of play."""

    def acting_seat(self, state: Any) -> int | None: ...

    def next_seat(self, state: Any, after: int) -> int | None: ...

    def name(self, seat: int) -> str: ...


def answer(binding: Order, state: Any, intent: IntentLike, seat: int,
           about: int | None = None) -> Answer | None:
    """Who plays after the seat the question is about, told to ``seat``; None when
    ``intent`` does not ask it. ``about``: the player named in the question, the one it is
    about only when it stood after « après » (otherwise the one asked)."""
    if intent.name not in NEXT_INTENTS:
        return None
    acting = binding.acting_seat(state)
    named = acting if about is None else about
    after = {AFTER_ME: seat, AFTER_PLAYER: named}.get(intent.name, acting)
    if acting is None or after is None:
        return Answer((Line("next.nobody", {}, seat),))
    following: int | None = binding.next_seat(state, after)
    return Answer((_line(binding, after, following, seat),))


def _line(binding: Order, after: int, following: int | None, seat: int) -> Line:
    if following is None:
        if after == seat:
            return Line("next.last_you", {}, seat)
        return Line("next.last", {"player": binding.name(after)}, seat)
    if following == after == seat:
        return Line("next.alone", {}, seat)
    if after == seat:
        return Line("next.after_you", {"player": binding.name(following)}, seat)
    if following == seat:
        return Line("next.you", {"after": binding.name(after)}, seat)
    return Line("next.player", {"after": binding.name(after), "player": binding.name(following)},
                seat)


__all__ = ["AFTER_ME", "AFTER_PLAYER", "NEXT", "NEXT_INTENTS", "answer"]
