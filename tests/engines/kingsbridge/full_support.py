"""Helpers for the full-game tests (characters, solo, co-op): literal positions and checks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludivox.engines.base import Event, IllegalAction, Reason
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.reasons import ALL_REASON_CODES

ENGINE = KingsbridgeEngine()


def full_position(
    columns: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int | None]],
    piles: Sequence[Sequence[int | None]] | None = None,
    characters: Sequence[Sequence[str]] | None = None,
    aside: Sequence[Sequence[int]] | None = None,
    mode: str = "standard",
    **extra: Any,
) -> KingsbridgeState:
    """A virtual full-game position. Columns hold ints (Edgar: the negative of the value he
    stands for); fewer than 6 are padded with empty ones, a 7th is Roi Ethelred's. Cards and
    characters not mentioned are in the discard and in the box."""
    cols = [list(c) for c in columns] + [[] for _ in range(6 - len(columns))]
    edgar = None
    for number, column in enumerate(cols, start=1):
        for index, card in enumerate(column):
            if card < 0:
                edgar = {"column": number, "index": index}
                column[index] = -card
    piles = piles if piles is not None else [[] for _ in hands]
    characters = characters if characters is not None else [[] for _ in hands]
    aside = aside if aside is not None else [[] for _ in hands]
    data: dict[str, Any] = {
        "mode": "virtual",
        "options": {"characters": True, "mode": mode},
        "columns": cols,
        "edgar": edgar,
        "discard": [],
        "players": [
            {"hand": list(h), "pile": list(p), "characters": list(c), "aside": list(a)}
            for h, p, c, a in zip(hands, piles, characters, aside, strict=True)
        ],
        "turn": 0,
        **extra,
    }
    return ENGINE.from_json(data)


def play(state: KingsbridgeState, *texts: str) -> tuple[KingsbridgeState, list[Event]]:
    """Apply actions given in their text form; returns the final state and every event."""
    events: list[Event] = []
    for text in texts:
        action = ENGINE.parse_action(text)
        assert ENGINE.parse_action(action.text()) == action
        state, new = ENGINE.apply(state, action)
        events.extend(new)
    return state, events


def check_reason(reason: Reason) -> None:
    """A catalogued code with exactly its catalogued parameters; suggestions are legal."""
    assert reason.code in ALL_REASON_CODES, reason.code
    assert set(reason.args) == set(ALL_REASON_CODES[reason.code]), reason


def refused(state: KingsbridgeState, text: str) -> Reason:
    """The reason ``text`` is refused, after checking that apply agrees and changes nothing."""
    action = ENGINE.parse_action(text)
    reason = ENGINE.refusal(state, action)
    assert reason is not None, f"{text} should be refused in {ENGINE.dumps(state)}"
    check_reason(reason)
    for suggestion in reason.suggestions:
        assert ENGINE.refusal(state, suggestion) is None, suggestion
    before = ENGINE.dumps(state)
    try:
        ENGINE.apply(state, action)
    except IllegalAction as exc:
        assert exc.reason == reason
    else:
        raise AssertionError(f"apply accepted {text}")
    assert ENGINE.dumps(state) == before
    return reason


def kinds(events: Sequence[Event]) -> list[str]:
    """The events' kinds, in order."""
    return [e.kind for e in events]


def values(state: KingsbridgeState, column: int) -> list[int]:
    """Column ``column`` (from 1) as the players see it: values, Edgar as his value."""
    return [abs(c) for c in state.columns[column - 1]]


def table_full_position(
    columns: Sequence[Sequence[int]],
    hands: Sequence[Sequence[int | None]],
    piles: Sequence[Sequence[int | None]],
    mode: str = "solo",
    **extra: Any,
) -> KingsbridgeState:
    """A table-mode full-game position; cards nobody mentioned fill the discard (values
    spread evenly, so that unknown cards can be any value)."""
    counts = [0] * 14
    unknown = 0
    for card in [abs(c) for col in columns for c in col] + [
        c for seq in [*hands, *piles] for c in seq
    ]:
        if card is None:
            unknown += 1
        else:
            counts[card] += 1
    discard: list[int] = []
    missing = 104 - sum(counts) - unknown
    while len(discard) < missing:
        for value in range(1, 14):
            if counts[value] < 8 and len(discard) < missing:
                counts[value] += 1
                discard.append(value)
    data: dict[str, Any] = {
        "mode": "table",
        "options": {"characters": True, "mode": mode},
        "columns": [list(c) for c in list(columns) + [[]] * (6 - len(columns))],
        "discard": discard,
        "players": [{"hand": list(h), "pile": list(p)} for h, p in zip(hands, piles, strict=True)],
        "turn": 0,
        **extra,
    }
    return ENGINE.from_json(data)
