"""Kingsbridge solo: how much of the planning coach's gap is the unknown draw order (issue 14).

Not product code: a clairvoyant variant of the expert player for measuring a ceiling. The
same planner (:mod:`ludivox.engines.kingsbridge.planner`), but

* ``clair``: its sampled next draws replaced by the TRUE next draw (the top of the seat's
  pile in the game's seeded order: it knows the future);
* ``clair2`` / ``clair3``: also, for the best :data:`WIDTH` ends of turn by that judge, the
  next 1 or 2 turns played by the clairvoyant player with the true draws, each end then
  judged by the position it leads to (the planner's judge at the start of that turn, or the
  game's score once it is over);
* ``base``: the planner alone (sampled draws, the solo look-ahead off), for the paired
  comparison; ``ahead``: the real coach (:mod:`ludivox.engines.kingsbridge.lookahead` on;
  ``LUDIVOX_AHEAD=width,draws,budget,samples`` overrides its sizes).

Each real turn is searched afresh (the coach's cache cleared): a look-ahead's next turn,
cached, would otherwise be played without its own look-ahead.

``python -m benchmarks._coach_ceiling VARIANT FIRST COUNT``: one line per seed (score, malus
cards, characters left, turns, seconds), then the mean. Always clock-free (the fixed work
budget), so two variants compare seed by seed.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks._coach_games import ENGINE
from ludivox.engines.kingsbridge import coach, lookahead, planner
from ludivox.engines.kingsbridge.actions import EndTurn
from ludivox.engines.kingsbridge.charsearch import root_node
from ludivox.engines.kingsbridge.cover import counts
from ludivox.engines.kingsbridge.planner import Ranked, judge, unseen
from ludivox.engines.kingsbridge.plans import build_plan
from ludivox.engines.kingsbridge.players import EXPERT, choose_turn
from ludivox.engines.kingsbridge.search import Info, Node
from ludivox.engines.kingsbridge.state import HAND_SIZE, KingsbridgeState

WIDTH = 4  # ends of turn looked further at (the judge's best first)
_ORIGINAL = planner.rank_ends
_state: dict[str, int] = {"depth": 1, "nested": 0}


def true_draws(state: KingsbridgeState, seat: int, hidden: list[int],
               samples: int = 1) -> list[list[int]]:
    """The seat's real next draw (its pile's top), as the only "sample"."""
    pile = state.players[seat].pile
    return [[c for c in pile[:HAND_SIZE] if c is not None]]


def _start_value(state: KingsbridgeState) -> float:
    """The planner's judge of a position at the start of a turn (the game's score once over)."""
    if state.game_over:
        return float(state.score())
    root = root_node(state)
    left = counts(unseen(state, state.turn))
    return judge(state, root, root, [[]], left, state.discard).total


def _after(state: KingsbridgeState, found: Any, node: Node, turns: int) -> float:
    """Play ``node``'s turn, then ``turns`` more by the clairvoyant player; judge the end."""
    plan = build_plan(state, found.path(node), node, True)
    after = state
    for action in [*plan.actions, EndTurn()]:
        if after.game_over:
            break
        after, _ = ENGINE.apply(after, action)
    for _ in range(turns):
        if after.game_over:
            break
        for action in choose_turn(after, after.turn, EXPERT):
            after, _ = ENGINE.apply(after, action)
    return _start_value(after)


def lookahead_rank_ends(state: KingsbridgeState, found: Any,
                        rank: Callable[[Node, Info], tuple[int, ...]],
                        stop: Any = None, samples: int = planner.SAMPLES) -> Ranked:
    """The planner's ranking, its best :data:`WIDTH` ends re-ranked by the turns after."""
    ranked = _ORIGINAL(state, found, rank, stop, samples)
    if _state["nested"] or _state["depth"] <= 1 or not ranked.judgements:
        return ranked
    head = [n for n in ranked.nodes if n in ranked.judgements][:WIDTH]
    values: dict[Node, float] = {}
    _state["nested"] += 1
    try:
        for node in head:
            values[node] = _after(state, found, node, _state["depth"] - 2)
    finally:
        _state["nested"] -= 1
    return lookahead.reranked(ranked, values)


def configure(variant: str) -> None:
    """Install ``variant`` (base, clair, clair2, clair3)."""
    coach._CACHE.clear()
    if variant != "ahead":
        lookahead.WIDTH = 0  # the planner alone (the look-ahead of the real coach off)
    if variant == "ahead" and os.environ.get("LUDIVOX_AHEAD"):  # width,draws,budget,samples
        width, draws, budget, samples = (int(x) for x in os.environ["LUDIVOX_AHEAD"].split(","))
        lookahead.WIDTH, lookahead.DRAWS = width, draws
        coach.AHEAD_BUDGET, coach.AHEAD_SAMPLES = budget, samples
    if variant in ("base", "ahead"):
        return
    planner.sample_draws = true_draws
    _state["depth"] = {"clair": 1, "clair2": 2, "clair3": 3}[variant]
    coach.rank_ends = lookahead_rank_ends  # type: ignore[attr-defined]


def play(seed: int) -> tuple[int, int, int, int, float]:
    """One clock-free solo game: score, malus cards, characters left, turns, seconds."""
    state = ENGINE.new_virtual_game(1, seed, mode="solo")
    turns = 0
    start = time.perf_counter()
    while not state.game_over:
        coach._CACHE.clear()  # a turn looked at as a look-ahead's next one: searched afresh
        for action in choose_turn(state, state.turn, EXPERT, seed=seed * 1000 + turns):
            state, _ = ENGINE.apply(state, action)
        turns += 1
    return (state.score(), len(state.malus), state.characters_left(), turns,
            time.perf_counter() - start)


def main(argv: list[str]) -> None:
    """Play the seeds asked for, one line each, then the mean."""
    variant, first, count = argv[0], int(argv[1]), int(argv[2])
    configure(variant)
    scores = []
    for seed in range(first, first + count):
        score, malus, chars, turns, seconds = play(seed)
        scores.append(score)
        print(f"{variant} seed {seed} score {score} malus {malus} chars {chars} "
              f"turns {turns} s {seconds:.1f}", flush=True)
    print(f"{variant} mean {statistics.mean(scores):.2f} min {min(scores)} "
          f"won {sum(s >= 1 for s in scores) / len(scores):.3f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
