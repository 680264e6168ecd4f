"""Seeded random playouts of whole games, checking the engine's invariants at every step.

Virtual games for 1 to 5 players, and table games mirrored on a hidden virtual deal (the
"truth") with random truthful reveals. Invariants: every legal action applies; refusal is
``None`` exactly for legal actions (brute force over every place, move and single exchange on
sampled states, plus random illegal actions); suggestions are legal; apply never mutates its
input; notation and JSON round-trip; 104 cards; ascending columns; no hidden hand in any
view; private events are paired with public ones; games end (won or blocked).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from kb_support import ENGINE, check_reason

from ludivox.engines.base import Event
from ludivox.engines.kingsbridge import (
    KingsbridgeState,
    PlayerState,
    dumps,
    from_json,
    loads,
    new_table_game,
    new_virtual_game,
    to_json,
)
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.blocked import provably_blocked
from ludivox.engines.kingsbridge.events import CardsDrawn, CardsRevealed, HandCardsDrawn
from ludivox.engines.kingsbridge.validate import check_state

MAX_ACTIONS = 4000  # per game; a game that runs longer fails the termination check
BRUTE_EVERY = 20  # brute-force legality check on one state in BRUTE_EVERY


def choose(rng: random.Random, state: KingsbridgeState, legal: list[KingsbridgeAction]
           ) -> KingsbridgeAction:
    """A playful policy: mostly places, some moves, sometimes multi-card exchanges."""
    places = [a for a in legal if isinstance(a, Place)]
    moves = [a for a in legal if isinstance(a, Move)]
    if places and rng.random() < 0.85:
        return rng.choice(places)
    if moves and state.moves < 4 and rng.random() < 0.5:
        return rng.choice(moves)
    hand = state.current.hand
    if hand and not state.played and state.current.pile and rng.random() < 0.3:
        return Exchange(tuple(rng.sample(hand, rng.randint(1, len(hand)))))
    rest = [a for a in legal if isinstance(a, EndTurn | Pass | Exchange | DeclareBlocked)]
    return rng.choice(rest or legal)


def brute_force_actions(state: KingsbridgeState) -> list[KingsbridgeAction]:
    """Every place, move and single exchange on the six columns, plus out-of-range columns."""
    out: list[KingsbridgeAction] = [EndTurn(), Pass(), DeclareBlocked()]
    columns = range(1, len(state.columns) + 1)
    for column in columns:
        for start in range(1, 14):
            for end in range(start, 14):
                out.append(Place(tuple(range(start, end + 1)), column))
    for source in columns:
        for target in columns:
            for start in range(0, 13):
                out.append(Move(source, start, target))
    out.extend(Exchange((v,)) for v in range(1, 14))
    out.extend([Place((1,), 0), Place((1,), 7), Move(0, 0, 1), Move(1, 0, 7), Move(7, 0, 1)])
    return out


def random_action(rng: random.Random, state: KingsbridgeState) -> KingsbridgeAction:
    """Any action at all, mostly illegal."""
    kind = rng.randrange(6)
    cards = tuple(rng.randint(0, 14) for _ in range(rng.randint(0, 4)))
    if kind == 0:
        return Place(cards, rng.randint(0, 7))
    if kind == 1:
        return Move(rng.randint(0, 7), rng.randint(-1, 13), rng.randint(0, 7))
    if kind == 2:
        return Exchange(cards)
    if kind == 3:
        return Reveal(rng.randint(-1, 5), cards)
    if kind == 4:
        return SetColumns(cards)
    simple: list[KingsbridgeAction] = [EndTurn(), Pass(), DeclareBlocked()]
    return rng.choice(simple)


def exchange_oracle(state: KingsbridgeState, action: Exchange) -> bool:
    """Virtual mode: exchanging is legal before playing, with a pile, cards from the hand."""
    if state.game_over or state.played or not state.current.pile or not action.cards:
        return False
    return not Counter(action.cards) - Counter(state.current.hand)


def check_state_choices(rng: random.Random, state: KingsbridgeState, step: int) -> list[
    KingsbridgeAction
]:
    legal = list(ENGINE.legal_actions(state))
    assert len(legal) == len(set(legal)), "duplicate legal actions"
    legal_set = set(legal)
    for action in legal:
        assert ENGINE.refusal(state, action) is None, action
    if step % BRUTE_EVERY == 0:
        for action in brute_force_actions(state):
            assert (ENGINE.refusal(state, action) is None) == (action in legal_set), action
    for _ in range(4):
        action = random_action(rng, state)
        reason = ENGINE.refusal(state, action)
        if isinstance(action, Exchange) and len(action.cards) > 1 and not state.is_table:
            assert (reason is None) == exchange_oracle(state, action), action
        elif not isinstance(action, Exchange | Reveal | SetColumns):
            assert (reason is None) == (action in legal_set), action
        if reason is not None:
            check_reason(reason)
            for suggestion in reason.suggestions:
                assert ENGINE.refusal(state, suggestion) is None, (action, suggestion)
    return legal


def scrambled(state: KingsbridgeState, keep: int | None) -> KingsbridgeState:
    players = tuple(
        p if seat == keep else PlayerState((1,) * len(p.hand), p.unknown, (2,) * len(p.pile))
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players)


def check_after(rng: random.Random, before: KingsbridgeState, before_text: str,
                after: KingsbridgeState, events: tuple[Event, ...]) -> None:
    assert dumps(before) == before_text, "apply mutated its input"
    check_state(after)
    assert after.total_cards() == 104
    for column in after.columns:
        assert list(column) == list(range(column[0], column[0] + len(column))) if column else True
        assert len(column) < 13
    assert loads(dumps(after)) == after
    assert from_json(to_json(after)) == after
    table_view = ENGINE.view(after, None)
    assert "hand" not in table_view
    assert ENGINE.view(scrambled(after, None), None) == table_view
    seat = rng.randrange(len(after.players))
    assert ENGINE.view(scrambled(after, seat), seat) == ENGINE.view(after, seat)
    for i, event in enumerate(events):
        if isinstance(event, HandCardsDrawn):
            public = events[i - 1]
            assert event.private_to == event.seat
            assert isinstance(public, CardsDrawn) and public.seat == event.seat
            assert public.count == len(event.cards) + event.unknown
        elif isinstance(event, CardsRevealed):
            assert event.private_to == event.seat
        else:
            assert event.private_to is None


def play_virtual(players: int, seed: int, seen: Counter[str]) -> int:
    rng = random.Random(seed * 7919 + players)
    state = new_virtual_game(players, seed)
    step = 0
    while not state.game_over:
        assert step < MAX_ACTIONS, f"game did not end: {dumps(state)}"
        legal = check_state_choices(rng, state, step)
        action = choose(rng, state, legal)
        text = dumps(state)
        after, events = ENGINE.apply(state, action)
        check_after(rng, state, text, after, events)
        seen.update(e.kind for e in events)
        seen[action.kind] += 1
        state = after
        step += 1
    assert ENGINE.awaiting(state).game_over
    assert list(ENGINE.legal_actions(state)) == []
    if state.result == "blocked" and state.passes < players:
        assert provably_blocked(state)
    return step


@pytest.mark.slow
def test_virtual_playouts() -> None:
    seen: Counter[str] = Counter()
    total = 0
    for seed in range(4):
        for players in range(1, 6):
            total += play_virtual(players, seed, seen)
    assert total > 3000
    # the playouts went through every part of the rules
    for kind in ("place", "move", "exchange", "end", "pass", "column_completed",
                 "game_won", "game_blocked", "cards_drawn"):
        assert seen[kind] > 0, (kind, seen)


def mirror_check(truth: KingsbridgeState, table: KingsbridgeState) -> None:
    """What the table knows is true: columns and discard equal, known cards where they are."""
    assert table.columns == truth.columns and table.discard == truth.discard
    assert table.turn == truth.turn
    for known, real in zip(table.players, truth.players, strict=True):
        assert known.hand_size == real.hand_size and known.pile_size == real.pile_size
        assert not Counter(known.hand) - Counter(real.hand)
        assert all(k is None or k == r for k, r in zip(known.pile, real.pile, strict=True))


def play_table(players: int, seed: int, seen: Counter[str]) -> int:
    rng = random.Random(seed * 104729 + players)
    truth = new_virtual_game(players, seed)
    table = new_table_game(players)
    table, _ = ENGINE.apply(table, Reveal(0, truth.players[0].hand[:2]))
    table, _ = ENGINE.apply(table, SetColumns(tuple(c[0] for c in truth.columns)))
    step = 0
    while not truth.game_over:
        assert step < MAX_ACTIONS
        if rng.random() < 0.3:
            seat = rng.randrange(players)
            hand = truth.players[seat].hand
            if hand:
                reveal = Reveal(seat, tuple(rng.sample(hand, rng.randint(1, len(hand)))))
                text = dumps(table)
                after, events = ENGINE.apply(table, reveal)
                check_after(rng, table, text, after, events)
                seen["reveal"] += 1
                table = after
        check_state_choices(rng, table, step)
        legal = check_state_choices(rng, truth, step + 1)
        action = choose(rng, truth, legal)
        assert ENGINE.refusal(table, action) is None, (action, dumps(table))
        truth, truth_events = ENGINE.apply(truth, action)
        text = dumps(table)
        after, events = ENGINE.apply(table, action)
        check_after(rng, table, text, after, events)
        table = after
        public = [e for e in events if e.private_to is None]
        truth_public = [e for e in truth_events if e.private_to is None]
        if truth.result == "blocked" and not table.game_over:
            # only the virtual truth proves a block; at the table players declare it
            assert truth_public[:-1] == public
            break
        assert truth_public == public
        mirror_check(truth, table)
        step += 1
    return step


@pytest.mark.slow
def test_table_playouts_mirror_a_hidden_deal() -> None:
    seen: Counter[str] = Counter()
    total = 0
    for players in range(1, 6):
        total += play_table(players, 100, seen)
    assert total > 1000
    assert seen["reveal"] > 100
