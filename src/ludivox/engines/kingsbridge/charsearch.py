"""Between the coach's light positions and the engine: the acting seat's position, and the
turn's character uses applied with the engine itself.

Only the characters face up at the search's root are used (:func:`known`): a use reveals the
next one of the face-down deck, whose order the seat cannot know.

Choices tried per character (every legal one, except): empty columns are interchangeable,
so only the first empty one receives Edgar or Gytha's cards (hers only a value worth laying
there, :func:`_worth_laying`); Wigelm's columns are tried as
a multiset (which player gets which card changes nothing on the columns); Wilwulf is not
tried (cards set aside cannot be placed this turn); Ragna's skip is chosen by the search
when first needed (see :mod:`.search`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations_with_replacement

from ludivox.engines.kingsbridge.character_refusals import use_refusal, wigelm_recipients
from ludivox.engines.kingsbridge.characters import usable
from ludivox.engines.kingsbridge.charactions import (
    CharacterUse,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseGytha,
    UseWigelm,
    UseWynstan,
)
from ludivox.engines.kingsbridge.columns import holes
from ludivox.engines.kingsbridge.events import ColumnCompleted
from ludivox.engines.kingsbridge.legal import character_choices
from ludivox.engines.kingsbridge.search import RAGNA_PENDING, Info, Node, Step
from ludivox.engines.kingsbridge.state import (
    AGATHA,
    ALDRED,
    COPIES,
    DEN,
    EDGAR,
    ETHELRED,
    GYTHA,
    MAX_CARD,
    MIN_CARD,
    RAGNA,
    WIGELM,
    WYNSTAN,
    KingsbridgeState,
    value,
)
from ludivox.engines.kingsbridge.transitions import transition


def root_node(state: KingsbridgeState) -> Node:
    """The light position of the acting seat's turn now."""
    player = state.current
    ready = list(player.aside)
    for card in state.fresh:
        ready.remove(card)
    column, skip = state.skip
    return Node(
        state.columns, player.hand, tuple(sorted(ready)), state.power,
        (column - 1, skip) if column else (-1, 0),
    )


def to_state(state: KingsbridgeState, node: Node, info: Info) -> KingsbridgeState:
    """The full state of ``node``, reached from ``state`` during the acting seat's turn."""
    player = state.current
    aside = tuple(sorted(node.aside + state.fresh))
    player = replace(player, hand=node.hand, aside=aside)
    column, skip = node.skip
    if node.rows is not None:  # characters used since ``state``: their rows then
        revealed, deck, box = node.rows
        state = replace(state, revealed=revealed, deck=deck, box=box)
    return replace(
        state.with_player(state.turn, player),
        columns=node.columns, discard=info.discard, power=node.power,
        skip=(column + 1, skip) if column >= 0 else (0, 0),
    )


def from_state(after: KingsbridgeState, fresh: tuple[int, ...]) -> Node:
    """The light position of ``after`` (``fresh``: cards set aside this turn, not ready)."""
    ready = list(after.current.aside)
    for card in fresh:
        ready.remove(card)
    column, skip = after.skip
    return Node(
        after.columns, after.current.hand, tuple(sorted(ready)), after.power,
        (column - 1, skip) if column else (-1, 0),
    )


def character_steps(
    state: KingsbridgeState, node: Node, info: Info
) -> Iterator[tuple[Step, Node, Info]]:
    """Every useful character use from ``node`` (applied with the engine), of the characters
    face up at the search's root ``state`` only: one revealed by a use during the search
    comes from the face-down deck, whose order the seat cannot know (:func:`known`)."""
    full = to_state(state, node, info)
    more = Info(info.finished, info.steps + 1, info.discard)
    used = node.used + 1
    for name in known(state, usable(full)):
        if name in (ALDRED, AGATHA):
            use: CharacterUse = UseAldred() if name == ALDRED else UseAgatha()
            yield ("use", use), node._replace(power=name, used=used), more
            continue
        if name == RAGNA:
            yield ("use", RAGNA_PENDING), node._replace(power=RAGNA_PENDING, used=used), more
            continue
        for action in _candidates(full, name):
            if use_refusal(full, action) is not None:
                continue
            after, events = transition(full, action)
            done = sum(1 for e in events if isinstance(e, ColumnCompleted))
            rows = (after.revealed, after.deck, after.box)
            child = from_state(after, state.fresh)._replace(used=used, rows=rows)
            yield ("use", action), child, Info(info.finished + done, info.steps + 1,
                                               after.discard)


def known(root: KingsbridgeState, names: tuple[str, ...]) -> tuple[str, ...]:
    """Of ``names``, those a plan searched from ``root`` may use: in solo and co-op, the
    characters face up at ``root`` ("révélez-en une nouvelle": the next one is only seen once
    revealed; the computer player and the advice search again then)."""
    if not root.shared:
        return names
    return tuple(n for n in names if n in root.revealed)


def _worth_laying(full: KingsbridgeState) -> set[int]:
    """The values Gytha may lay on an empty column: one a hand card or a column goes on,
    or one short in play (fewer copies out of the discard and malus pile than another
    value: taking it back lets a column be finished, any other one is a copy too many)."""
    out = Counter([*full.discard, *full.malus])
    in_play = {v: COPIES - out[v] for v in range(MIN_CARD, MAX_CARD + 1)}
    most = max(in_play.values())
    wanted = {v for v, n in in_play.items() if n < most}
    wanted |= {c - 1 for c in full.current.hand}
    wanted |= {value(c[0]) - 1 for c in full.columns if c}
    return wanted


def _candidates(full: KingsbridgeState, name: str) -> Iterator[CharacterUse]:
    """A character's choices worth trying (empty columns interchangeable; Wilwulf never
    places a card this turn, so it is not tried)."""
    columns = full.columns
    empty = next((i for i, c in enumerate(columns) if not c), -1)
    if name == EDGAR:
        for i, column in enumerate(columns):
            if column and value(column[-1]) < MAX_CARD:
                yield UseEdgar(i + 1, value(column[-1]) + 1)
            for hole in holes(column):
                yield UseEdgar(i + 1, hole)
        if empty >= 0:
            yield from (UseEdgar(empty + 1, v) for v in range(MIN_CARD, MAX_CARD + 1))
    elif name == GYTHA:
        for i, column in enumerate(columns):
            if column and value(column[-1]) < MAX_CARD:
                last = value(column[-1])
                yield UseGytha(i + 1, (last + 1,))
                if last + 2 <= MAX_CARD:
                    yield UseGytha(i + 1, (last + 1, last + 2))
            for hole in holes(column):
                yield UseGytha(i + 1, (hole,))
        if empty >= 0:
            for v in sorted(set(full.discard) & _worth_laying(full)):
                yield UseGytha(empty + 1, (v,))
                if v < MAX_CARD:
                    yield UseGytha(empty + 1, (v, v + 1))
    elif name == WYNSTAN:
        yield from (UseWynstan(i + 1, n) for i, c in enumerate(columns) if c for n in (1, 2))
    elif name == DEN:
        yield from (UseDen(i + 1) for i, c in enumerate(columns) if c)
    elif name == WIGELM:
        count = len(wigelm_recipients(full))
        numbers = range(1, len(columns) + 1)
        for chosen in combinations_with_replacement(numbers, count):
            yield UseWigelm(chosen)
    elif name == ETHELRED:
        yield from character_choices(full, ETHELRED)
