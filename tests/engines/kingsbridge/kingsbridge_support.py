"""Helpers for the Kingsbridge engine tests: literal positions and scripted turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.engines.base import Event, IllegalAction, Reason
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.reasons import REASON_CODES

ENGINE = KingsbridgeEngine()


def position(
    columns: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int | None]],
    piles: Sequence[Sequence[int | None]] | None = None,
    **extra: Any,
) -> KingsbridgeState:
    """A virtual position from literal columns and hands (unlisted cards are discarded)."""
    columns = list(columns) + [[]] * (6 - len(columns))
    piles = piles if piles is not None else [[] for _ in hands]
    data = {
        "mode": "virtual",
        "columns": [list(c) for c in columns],
        "discard": [],
        "players": [{"hand": list(h), "pile": list(p)} for h, p in zip(hands, piles, strict=True)],
        "turn": 0,
        **extra,
    }
    return ENGINE.from_json(data)


def play(state: KingsbridgeState, *texts: str) -> tuple[KingsbridgeState, list[Event]]:
    """Apply actions given in their text form; returns the final state and every event."""
    events: list[Event] = []
    for text in texts:
        state, new = ENGINE.apply(state, ENGINE.parse_action(text))
        events.extend(new)
    return state, events


def refused(state: KingsbridgeState, text: str) -> Reason:
    """The reason ``text`` is refused (fails if it is legal), after checking apply agrees."""
    action = ENGINE.parse_action(text)
    reason = ENGINE.refusal(state, action)
    assert reason is not None, f"{text} should be refused in {ENGINE.dumps(state)}"
    check_reason(reason)
    before = ENGINE.dumps(state)
    try:
        ENGINE.apply(state, action)
    except IllegalAction as exc:
        assert exc.reason == reason
    else:
        raise AssertionError(f"apply accepted {text}")
    assert ENGINE.dumps(state) == before
    return reason


def check_reason(reason: Reason) -> None:
    """A reason uses a catalogued code with exactly its catalogued parameters."""
    assert reason.code in REASON_CODES, reason.code
    assert set(reason.args) == set(REASON_CODES[reason.code]), reason
    for suggestion in reason.suggestions:
        assert hasattr(suggestion, "text")


def kinds(events: Sequence[Event]) -> list[str]:
    """The events' kinds, in order."""
    return [e.kind for e in events]


def table_position(
    columns: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int | None]],
    piles: Sequence[Sequence[int | None]],
    **extra: Any,
) -> KingsbridgeState:
    """A table-mode position; the discard is filled with cards nobody mentioned so that
    known and unknown cards make 104 (values spread evenly)."""
    counts = [0] * 14
    unknown = 0
    for card in [c for col in columns for c in col] + [
        c for seq in [*hands, *piles] for c in seq
    ]:
        if card is None:
            unknown += 1
        else:
            counts[card] += 1
    missing = 104 - sum(counts) - unknown
    discard: list[int] = []
    while len(discard) < missing:  # spread evenly, so that unknown cards can be any value
        for value in range(1, 14):
            if counts[value] < 8 and len(discard) < missing:
                counts[value] += 1
                discard.append(value)
    data = {
        "mode": "table",
        "columns": [list(c) for c in list(columns) + [[]] * (6 - len(columns))],
        "discard": discard,
        "players": [{"hand": list(h), "pile": list(p)} for h, p in zip(hands, piles, strict=True)],
        "turn": 0,
        **extra,
    }
    return ENGINE.from_json(data)
