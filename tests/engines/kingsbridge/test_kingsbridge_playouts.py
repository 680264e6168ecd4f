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
from kingsbridge_support import ENGINE

from ludivox.engines.base import Event
from ludivox.engines.contract import GameChecks, check_step, random_playout
from ludivox.engines.contract import check_position as contract_position
from ludivox.engines.kingsbridge import (
    KingsbridgeState,
    PlayerState,
    dumps,
    from_json,
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
from ludivox.engines.kingsbridge.reasons import REASON_CODES
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


def listed(action: KingsbridgeAction) -> bool:
    """Whether ``legal_actions`` lists every legal action like this one: not the table's
    reveals, nor exchanges of several cards short of the whole hand."""
    if isinstance(action, Exchange):
        return len(action.cards) <= 1
    return not isinstance(action, Reveal | SetColumns)


def candidates(state: KingsbridgeState, rng: random.Random) -> list[KingsbridgeAction]:
    """Random actions, and now and then every place, move and single exchange."""
    out = [random_action(rng, state) for _ in range(4)]
    if rng.randrange(BRUTE_EVERY) == 0:
        out += brute_force_actions(state)
    return out


def check_position(state: KingsbridgeState, rng: random.Random) -> None:
    """This game's invariants on a position (the shared checker does the contract's)."""
    check_state(state)
    assert state.total_cards() == 104
    for column in state.columns:
        assert list(column) == list(range(column[0], column[0] + len(column))) if column else True
        assert len(column) < 13
    assert from_json(to_json(state)) == state
    table_view = ENGINE.view(state, None)
    assert "hand" not in table_view
    assert ENGINE.view(scrambled(state, None), None) == table_view
    seat = rng.randrange(len(state.players))
    assert ENGINE.view(scrambled(state, seat), seat) == ENGINE.view(state, seat)
    hand = state.current.hand
    if hand and not state.is_table:
        exchange = Exchange(tuple(rng.sample(hand, rng.randint(1, len(hand)))))
        assert (ENGINE.refusal(state, exchange) is None) == exchange_oracle(state, exchange)


def check_events(
    before: KingsbridgeState, action: KingsbridgeAction, after: KingsbridgeState,
    events: tuple[Event, ...],
) -> None:
    """Private events come with their public half: drawn cards, revealed cards."""
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


def game_checks(rng: random.Random) -> GameChecks[KingsbridgeState, KingsbridgeAction]:
    """The shared contract checker with this game's extras."""
    return GameChecks(
        REASON_CODES, candidates=candidates, listed=listed,
        check_state=lambda state: check_position(state, rng), after_step=check_events,
        choose=choose,
    )


def scrambled(state: KingsbridgeState, keep: int | None) -> KingsbridgeState:
    players = tuple(
        p if seat == keep else PlayerState((1,) * len(p.hand), p.unknown, (2,) * len(p.pile))
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players)


def play_virtual(players: int, seed: int, seen: Counter[str]) -> int:
    rng = random.Random(seed * 7919 + players)
    played = random_playout(
        ENGINE, new_virtual_game(players, seed), game_checks(rng), rng, MAX_ACTIONS
    )
    seen.update(played.events)
    seen.update(played.actions)
    state = played.final
    if state.result == "blocked" and state.passes < players:
        assert provably_blocked(state)
    return played.steps


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
    checks = game_checks(rng)
    step = 0
    while not truth.game_over:
        assert step < MAX_ACTIONS
        if rng.random() < 0.3:
            seat = rng.randrange(players)
            hand = truth.players[seat].hand
            if hand:
                reveal = Reveal(seat, tuple(rng.sample(hand, rng.randint(1, len(hand)))))
                after, events = check_step(ENGINE, table, reveal)
                check_events(table, reveal, after, events)
                table = after
                seen["reveal"] += 1
        contract_position(ENGINE, table, checks, rng)
        legal = contract_position(ENGINE, truth, checks, rng)
        action = choose(rng, truth, legal)
        assert ENGINE.refusal(table, action) is None, (action, dumps(table))
        truth, truth_events = ENGINE.apply(truth, action)
        before = table
        table, events = check_step(ENGINE, table, action)
        check_events(before, action, table, events)
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
