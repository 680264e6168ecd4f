"""Seeded random playouts of whole games with characters: standard (1 to 5 players), solo and
co-op (2 to 5), virtual, and table games mirrored on a hidden virtual deal.

Invariants at every step: every legal action applies; refusal is ``None`` exactly for legal
actions (all enumerated ones, a brute-force universe on sampled states, random illegal
ones); reasons are catalogued and their suggestions legal; apply never mutates its input;
notation and JSON round-trip; 104 event cards and 10 characters; a view never shows another
seat's hand; a public event names only cards the table can see (co-op included: players may
not talk about their hands); games end.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import islice

import pytest
from full_support import ENGINE

from ludivox.engines.base import Event
from ludivox.engines.contract import GameChecks, check_step, random_playout
from ludivox.engines.contract import check_position as contract_position
from ludivox.engines.kingsbridge import (
    KingsbridgeState,
    dumps,
    from_json,
    new_table_game,
    new_virtual_game,
    to_json,
)
from ludivox.engines.kingsbridge.actions import (
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
    Reveal,
    SetColumns,
)
from ludivox.engines.kingsbridge.characters import piles_pending
from ludivox.engines.kingsbridge.charactions import (
    CHARACTER_USES,
    Malus,
    RetrieveEdgar,
    RevealCharacter,
    SetCharacters,
    UseRagna,
    UseWigelm,
)
from ludivox.engines.kingsbridge.legal import character_choices
from ludivox.engines.kingsbridge.reasons import ALL_REASON_CODES
from ludivox.engines.kingsbridge.state import CHARACTERS, value
from ludivox.engines.kingsbridge.validate import check_state

MAX_ACTIONS = 3000
BRUTE_EVERY = 25


def choose(rng: random.Random, state: KingsbridgeState, legal: list[KingsbridgeAction]
           ) -> KingsbridgeAction:
    """Mostly places, often characters, some moves, Edgar taken back when possible."""
    places = [a for a in legal if isinstance(a, Place)]
    uses = [a for a in legal if isinstance(a, CHARACTER_USES)]
    moves = [a for a in legal if isinstance(a, Move)]
    retrieve = [a for a in legal if isinstance(a, RetrieveEdgar)]
    if retrieve and rng.random() < 0.5:
        return rng.choice(retrieve)
    if uses and rng.random() < 0.35:
        kinds = sorted({type(a).__name__ for a in uses})
        kind = rng.choice(kinds)
        some = [a for a in uses if type(a).__name__ == kind]
        useful = [a for a in some if isinstance(a, UseRagna) and state.columns[a.column - 1]
                  and value(state.columns[a.column - 1][-1]) + 1 == a.skip]
        return rng.choice(useful or some)
    if places and rng.random() < 0.85:
        return rng.choice(places)
    if moves and state.moves < 4 and rng.random() < 0.5:
        return rng.choice(moves)
    rest = [a for a in legal if isinstance(a, EndTurn | Pass | Exchange | Malus)]
    return rng.choice(rest or legal)


def universe(state: KingsbridgeState) -> list[KingsbridgeAction]:
    """Places (runs, Wilwulf variants), moves, every character's every choice, Edgar, malus."""
    out: list[KingsbridgeAction] = [EndTurn(), Pass(), RetrieveEdgar(), RetrieveEdgar(True)]
    numbers = range(1, len(state.columns) + 1)
    for column in numbers:
        for start in range(1, 14):
            for end in range(start, 14):
                run = tuple(range(start, end + 1))
                out.append(Place(run, column))
                out.append(Place(run, column, (start,)))
            out.append(Place((start, start), column))
            out.append(Place((start, start + 2), column))
    for source in numbers:
        for target in numbers:
            out.extend(Move(source, start, target) for start in range(len(state.columns[
                source - 1])))
    for name in CHARACTERS:
        if name != "wigelm":
            out.extend(character_choices(state, name))
    out.extend(UseWigelm(tuple(rng)) for rng in ((1,), (2, 3), (1, 1, 1), (4, 5, 6, 1)))
    out.extend(Malus(v) for v in range(1, 14))
    out.extend(Exchange((v,)) for v in range(1, 14))
    return out


def random_action(rng: random.Random, state: KingsbridgeState) -> KingsbridgeAction:
    """Any action at all, mostly illegal."""
    cards = tuple(rng.randint(0, 14) for _ in range(rng.randint(0, 3)))
    column = rng.randint(0, 8)
    options: list[KingsbridgeAction] = [
        Place(cards, column, cards[:1]), Malus(rng.randint(0, 14)),
        RevealCharacter(rng.choice(CHARACTERS)), SetCharacters(rng.randint(-1, 5), ("den",)),
    ]
    for name in CHARACTERS:
        options.extend(islice(character_choices(state, name), 3))
    return rng.choice(options)


def listed(action: KingsbridgeAction) -> bool:
    """Whether ``legal_actions`` lists every legal action like this one (not the table's
    character set-up)."""
    return not isinstance(action, RevealCharacter | SetCharacters)


def candidates(state: KingsbridgeState, rng: random.Random) -> list[KingsbridgeAction]:
    """Random actions, and now and then the whole universe of plays."""
    out = [random_action(rng, state) for _ in range(3)]
    if rng.randrange(BRUTE_EVERY) == 0:
        out += universe(state)
    return out


def scrambled(state: KingsbridgeState, keep: int | None) -> KingsbridgeState:
    players = tuple(
        p if seat == keep else replace(p, hand=(1,) * len(p.hand), pile=(2,) * len(p.pile))
        for seat, p in enumerate(state.players)
    )
    return replace(state, players=players)


def visible(state: KingsbridgeState) -> Counter[int]:
    """Cards anybody at the table can see: columns, discard, cards set aside."""
    seen = Counter(value(c) for column in state.columns for c in column)
    seen.update(state.discard)
    for player in state.players:
        seen.update(player.aside)
    return seen


def used(history: list[KingsbridgeAction]) -> Counter[str]:
    """How often each character was used."""
    return Counter(a.character for a in history if isinstance(a, CHARACTER_USES))


def check_position(state: KingsbridgeState, rng: random.Random) -> None:
    """This game's invariants on a position (the shared checker does the contract's)."""
    check_state(state)
    assert state.total_cards() == 104
    names = state.character_places()
    assert len(names) == len(CHARACTERS) or piles_pending(state), names
    assert from_json(to_json(state)) == state
    table = ENGINE.view(state, None)
    assert "hand" not in table and "deck" not in table
    assert ENGINE.view(scrambled(state, None), None) == table
    seat = rng.randrange(len(state.players))
    assert ENGINE.view(scrambled(state, seat), seat) == ENGINE.view(state, seat)


def check_events(
    before: KingsbridgeState, action: KingsbridgeAction, after: KingsbridgeState,
    events: tuple[Event, ...],
) -> None:
    """A public event names only cards the table can see (co-op included)."""
    can_see = visible(before) | visible(after)
    for event in events:
        if event.private_to is not None:
            assert event.kind in ("hand_cards_drawn", "cards_revealed", "malus_card")
            continue
        payload = event.payload()
        named = Counter(payload.get("cards", ()))
        if isinstance(payload.get("card"), int):
            named[abs(payload["card"])] += 1
        assert not named - can_see, (event, dumps(after))


def game_checks(rng: random.Random) -> GameChecks[KingsbridgeState, KingsbridgeAction]:
    """The shared contract checker with this game's extras."""
    return GameChecks(
        ALL_REASON_CODES, candidates=candidates, listed=listed,
        check_state=lambda state: check_position(state, rng), after_step=check_events,
        choose=choose,
    )


def play_virtual(players: int, seed: int, mode: str, seen: Counter[str]) -> KingsbridgeState:
    rng = random.Random(seed * 7919 + players)
    state = new_virtual_game(players, seed, characters=True, mode=mode)
    played = random_playout(ENGINE, state, game_checks(rng), rng, MAX_ACTIONS)
    seen.update(played.events)
    seen.update(played.actions)
    seen.update(used(played.history))
    return played.final


@pytest.mark.slow
def test_virtual_playouts_in_every_mode() -> None:
    seen: Counter[str] = Counter()
    results: Counter[str] = Counter()
    games = [("standard", p, s) for p in range(1, 6) for s in (0,)]
    games += [("solo", 1, s) for s in (0, 1)] + [("coop", p, 0) for p in range(2, 6)]
    for mode, players, seed in games:
        results[play_virtual(players, seed, mode, seen).result] += 1
    assert results["scored"] == 6 and results["won"] + results["blocked"] == 5
    for kind in (*CHARACTERS, "place", "move", "malus", "retrieve", "column_completed",
                 "edgar_returned", "edgar_under_deck", "character_passed",
                 "character_revealed", "column_removed", "card_given", "hole_left"):
        assert seen[kind] > 0, (kind, seen)


def mirror_check(truth: KingsbridgeState, table: KingsbridgeState) -> None:
    assert table.columns == truth.columns and table.discard == truth.discard
    assert table.turn == truth.turn and table.revealed == truth.revealed
    assert sorted(table.box) == sorted(truth.box) and table.malus == truth.malus
    assert all(k is None or k == r for k, r in zip(table.deck, truth.deck, strict=True))
    for known, real in zip(table.players, truth.players, strict=True):
        assert known.hand_size == real.hand_size and known.pile_size == real.pile_size
        assert known.characters == real.characters and known.aside == real.aside
        assert not Counter(known.hand) - Counter(real.hand)


def play_table(players: int, seed: int, mode: str) -> int:
    rng = random.Random(seed * 104729 + players)
    truth = new_virtual_game(players, seed, characters=True, mode=mode)
    table = new_table_game(players, characters=True, mode=mode)
    setup = [SetColumns(tuple(c[0] for c in truth.columns))]
    if mode == "standard":
        setup += [SetCharacters(s, p.characters) for s, p in enumerate(truth.players)]
    setup += [RevealCharacter(n) for n in truth.revealed]
    for action in setup:
        table, _ = ENGINE.apply(table, action)
    checks = game_checks(rng)
    step = 0
    while not truth.game_over:
        assert step < MAX_ACTIONS
        if rng.random() < 0.3 and truth.current.hand:
            hand = truth.current.hand
            table, _ = ENGINE.apply(table, Reveal(truth.turn, tuple(rng.sample(hand, 2)
                                                                    if len(hand) > 1
                                                                    else hand)))
        contract_position(ENGINE, table, checks, rng)
        legal = contract_position(ENGINE, truth, checks, rng)
        action = choose(rng, truth, legal)
        assert ENGINE.refusal(table, action) is None, (action, dumps(table))
        truth, truth_events = ENGINE.apply(truth, action)
        after, events = check_step(ENGINE, table, action)
        check_events(table, action, after, events)
        table = after
        for name in truth.revealed[len(table.revealed):]:
            assert ENGINE.awaiting(table).phase == "reveal_character"
            table, more = ENGINE.apply(table, RevealCharacter(name))
            events += more
        public = Counter(e for e in events if e.private_to is None)
        truth_public = Counter(e for e in truth_events if e.private_to is None)
        if truth.result == "blocked" and not table.game_over:
            break  # the virtual truth blocks by itself; at a table players declare it
        assert public == truth_public, (action, dumps(table))
        mirror_check(truth, table)
        step += 1
    return step


@pytest.mark.slow
def test_table_playouts_mirror_a_hidden_deal() -> None:
    total = play_table(3, 5, "standard") + play_table(1, 6, "solo") + play_table(3, 7, "coop")
    assert total > 200
