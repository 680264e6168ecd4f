"""Solo: the coach plays from what the seat may know (issue 14). A character use reveals the
next face-down character ("remettez-la dans la boîte et révélez-en une nouvelle"): the plan
uses only those face up at its start, the expert searches again once it sees the new one,
and the advice stops there ("redemande-moi"). The plan, the advice and the expert's turn up
to that reveal are the same whatever the face-down characters' order and the pile's order;
every plan replays through the engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from full_support import ENGINE, full_position
from test_kingsbridge_planner import positions

from ludivox.bindings.kingsbridge.advice import advised_actions, best_answer
from ludivox.engines.kingsbridge import KingsbridgeState, lookahead
from ludivox.engines.kingsbridge.actions import KingsbridgeAction
from ludivox.engines.kingsbridge.characters import another_allowed
from ludivox.engines.kingsbridge.charactions import CharacterUse, UseGytha
from ludivox.engines.kingsbridge.charsearch import root_node
from ludivox.engines.kingsbridge.coach import PLAN, PLAN_BUDGET, _ranked, best_plan
from ludivox.engines.kingsbridge.cover import counts
from ludivox.engines.kingsbridge.planner import judge, sample_draws, unseen
from ludivox.engines.kingsbridge.plans import build_plan
from ludivox.engines.kingsbridge.players import choose_turn
from ludivox.engines.kingsbridge.state import CHARACTERS
from ludivox.table.binding import Answer, Line

WEAK_ALONE = ["wilwulf", "wigelm", "gytha", "wynstan"]  # rarely place a card by themselves


def _describe(state: KingsbridgeState, action: KingsbridgeAction) -> Line:
    return Line("step", {"action": action.text()})


def _chain_position(seed: int) -> KingsbridgeState:
    """A solo turn start where no hand card goes, even after a move: k..k+2 and five
    10..13 columns, the rest of the cards in the pile (none for Gytha to take back). Three
    characters that cannot help alone face up (Wigelm, Wynstan, Gytha, Wilwulf), the others
    face down: a chain onto the next one revealed (Den, Roi Ethelred, Ragna, Aldred, Edgar)
    is what the old search found, in the deck's real order."""
    rng = random.Random(seed)
    k = rng.randint(2, 5)
    columns = [list(range(k, k + 3)), *([list(range(10, 14))] * 5)]
    cards = [v for v in range(1, 14) for _ in range(8)]
    for card in (c for column in columns for c in column):
        cards.remove(card)
    rng.shuffle(cards)
    dead = [c for c in cards if c < k or k + 4 <= c <= 9]
    hand = dead[: rng.randint(1, 2)]
    for card in hand:
        cards.remove(card)
    revealed = rng.sample(WEAK_ALONE, 3)
    deck = [n for n in CHARACTERS if n not in revealed]
    rng.shuffle(deck)
    return full_position(columns, [hand], [cards], mode="solo", revealed=revealed,
                         deck=deck[: rng.randint(2, 6)])


def _reordered(state: KingsbridgeState, seed: int) -> KingsbridgeState:
    """``state`` with the face-down characters and the seat's pile in other orders (what the
    seat cannot see)."""
    rng = random.Random(seed)
    deck, pile = list(state.deck), list(state.current.pile)
    while len(set(deck)) > 1 and tuple(deck) == state.deck:
        rng.shuffle(deck)
    rng.shuffle(pile)
    player = replace(state.current, pile=tuple(pile))
    return replace(state.with_player(state.turn, player), deck=tuple(deck))


def _replays(state: KingsbridgeState, actions: list[KingsbridgeAction]) -> None:
    for action in actions:
        assert ENGINE.refusal(state, action) is None, (action, ENGINE.dumps(state))
        state, _ = ENGINE.apply(state, action)


def _before_reveal(state: KingsbridgeState, turn: list[KingsbridgeAction]
                   ) -> list[KingsbridgeAction]:
    """``turn`` up to its first character use that reveals one another may follow: what
    the seat decides before it sees the new one."""
    for index, action in enumerate(turn):
        before = state
        state, _ = ENGINE.apply(state, action)
        if isinstance(action, CharacterUse) and before.deck and another_allowed(state):
            return turn[: index + 1]
    return turn


def _seen(state: KingsbridgeState) -> tuple[object, ...]:
    """What the seat is told and does before any character it cannot know is revealed."""
    plan = best_plan(state, goal=PLAN)
    _replays(state, list(plan.actions))
    uses = [a.character for a in plan.actions if isinstance(a, CharacterUse)]
    assert set(uses) <= set(state.revealed), (uses, state.revealed)
    turn = choose_turn(state, 0, "expert", 7)
    _replays(state, turn)
    answer = best_answer(ENGINE, state, 0, _describe, "Joueur 1")
    assert isinstance(answer, Answer)
    return plan, answer, advised_actions(ENGINE, state, 0), _before_reveal(state, turn)


@pytest.mark.parametrize("seed", range(8))
def test_the_plan_advice_and_turn_ignore_the_hidden_orders_when_a_chain_is_possible(
        seed: int) -> None:
    state = _chain_position(seed)
    assert _seen(_reordered(state, seed)) == _seen(state)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_the_plan_advice_and_turn_ignore_the_hidden_orders_in_played_games(seed: int) -> None:
    for state in positions("solo", 1, seed, count=2):
        assert _seen(_reordered(state, seed)) == _seen(state)


def _gytha_then_ragna(deck: list[str]) -> KingsbridgeState:
    # only the 9 in hand after 3-4-5-6; one 7 in the discard, no 8: Gytha lays the 7,
    # then Ragna skips the 8 (test_kingsbridge_solo_chain)
    columns = [[3, 4, 5, 6], *([[10, 11, 12, 13]] * 5)]
    return full_position(columns, [[9]], [[7] * 7 + [8] * 8], mode="solo",
                         revealed=["gytha", "ragna", "wilwulf"], deck=deck)


def test_the_advice_stops_at_a_reveal_and_says_to_ask_again() -> None:
    state = _gytha_then_ragna(["aldred", "den"])
    answer = best_answer(ENGINE, state, 0, _describe, "Joueur 1")
    assert isinstance(answer, Answer)
    steps = answer.lines[0].params["steps"]
    assert [s.key for s in steps] == ["answer.best_step", "answer.best_step_reveal"]
    # « tu poses ainsi … » counts the cards of the steps said (Gytha lays a discarded card:
    # none from the hand yet), not the nine the rest of the plan places
    assert answer.lines[0].params["cards"] == 0
    done = advised_actions(ENGINE, state, 0)
    assert len(done) == 1 and isinstance(done[0], UseGytha)
    # nothing face down: nothing to wait for, the whole plan is said
    whole = best_answer(ENGINE, _gytha_then_ragna([]), 0, _describe, "Joueur 1")
    assert isinstance(whole, Answer)
    assert "answer.best_step_reveal" not in [s.key for s in whole.lines[0].params["steps"]]
    assert whole.lines[0].params["cards"] == 1


def test_a_look_ahead_refused_by_the_engine_keeps_the_planners_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = positions("solo", 1, 5, count=1)[0]
    found = _ranked(state, PLAN_BUDGET, False, PLAN)
    head = [n for n in found.ranked.nodes if n in found.ranked.judgements][: lookahead.WIDTH]
    assert len(head) >= 2
    refused = head[0]
    real = lookahead._played

    explored = found.explored
    assert explored is not None
    first = build_plan(state, explored.path(refused), refused, True).actions

    def played(dealt: KingsbridgeState, actions: tuple[KingsbridgeAction, ...]
               ) -> KingsbridgeState | None:
        return None if actions == first else real(dealt, actions)

    monkeypatch.setattr(lookahead, "_played", played)
    again = lookahead.look_ahead(state, explored, found.ranked, lambda s: 0.0)
    assert again.judgements[refused] == found.ranked.judgements[refused]
    assert again.nodes.index(refused) == len(head) - 1  # after the ends played on


def test_the_judges_next_hand_is_filled_back_to_six_beside_the_cards_set_aside() -> None:
    # "Tirez alors des cartes de votre pioche jusqu'à en avoir à nouveau 6 en main" and
    # Wilwulf's "6 en main + 2 devant vous": with 4 cards in hand and 2 set aside, the next
    # draw is 2 cards. Every column ends on a 6 and the pile is all 7s: each sampled next
    # hand holds a 7 that goes on, so no draw is stuck (drawing none, every one was)
    columns = [[5, 6]] * 6
    state = full_position(columns, [[9, 9, 10, 10]], [[7] * 8], aside=[[11, 11]],
                          mode="solo", revealed=[], deck=[])
    root = root_node(state)
    hidden = unseen(state, 0)
    assert hidden == [7] * 8
    judged = judge(state, root, root, sample_draws(state, 0, hidden), counts(hidden),
                   state.discard)
    assert judged.stuck == 0.0
