"""Computer players for virtual games (a blind player can practise a 2-5 player game alone).

:func:`choose_turn` returns the whole turn of the acting seat, ending with the action that
ends it (``EndTurn``, ``Exchange``, ``Pass`` or, in solo / co-op, ``Malus``). Strengths:

* ``debutant``: places single cards greedily (a random one among those that fit, again and
  again); when none fits, moves the end of a column onto another if a card then fits (a
  random one of those moves: a beginner sees a column that goes onto another); never uses a
  character; exchanges its whole hand (or passes, or puts a random card on the malus pile)
  when nothing fits even then. Without the moves, beginners alone could exchange forever on a
  position that only a move unblocks.
* ``moyen``: the coach's best plan without characters.
* ``expert``: the coach's best plan (characters as the coach uses them); in solo and co-op
  with the goal ``plan`` (:mod:`.planner`). In solo the plan uses only the characters face
  up when it is searched; once a use reveals one that may still be used this turn, the
  player searches again from there (it now sees it). Solo seeds 0-99, clock off, against
  the search that used the next face-down character in its real order: mean 12.36 against
  12.60 (paired -0.24 ± 0.22 se, 45 games differ), min -2 against -1, won 99 % against 98 %.

When a coach's plan places no card and finishes no column, the player rather exchanges the
cards far from every column's end (kept: cards at most 2 above a column's last card), or, in
solo / co-op, puts the card farthest from every column's end on the malus pile (the expert
first turns over a revealed character that could not help, :func:`cycle_use`). Everything is
deterministic given ``seed`` (and, if the caller gives a ``stop`` condition, how soon it says
stop: the engine has no clock); a player only ever reads its own hand.
"""

from __future__ import annotations

import random

from ludivox.engines.kingsbridge.actions import (
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
)
from ludivox.engines.kingsbridge.character_refusals import wigelm_recipients
from ludivox.engines.kingsbridge.characters import usable
from ludivox.engines.kingsbridge.charactions import (
    CharacterUse,
    Malus,
    UseGytha,
    UseWigelm,
    UseWilwulf,
)
from ludivox.engines.kingsbridge.coach import (
    CARDS,
    DEFAULT_BUDGET,
    ENGINE,
    PLAN,
    Stop,
    best_plan,
    playable_cards,
    reveal_cut,
)
from ludivox.engines.kingsbridge.legal import character_choices, moves
from ludivox.engines.kingsbridge.state import (
    GYTHA,
    MAX_CARD,
    WIGELM,
    WILWULF,
    KingsbridgeState,
    value,
)

DEBUTANT = "debutant"
MOYEN = "moyen"
EXPERT = "expert"
STRENGTHS = (DEBUTANT, MOYEN, EXPERT)
_ALIASES = {"débutant": DEBUTANT}
MOYEN_BUDGET = 2_000


def choose_turn(
    state: KingsbridgeState,
    seat: int,
    strength: str = EXPERT,
    seed: int = 0,
    budget: int | None = None,
    goal: str | None = None,
    stop: Stop | None = None,
) -> list[KingsbridgeAction]:
    """``seat``'s whole turn at ``strength`` (see the module docstring); ``seat`` must be the
    seat that plays now. ``goal`` overrides the coach's goal (``cards`` or ``keep_empty``);
    ``stop`` bounds the whole turn's thinking (the caller's clock)."""
    strength = _ALIASES.get(strength, strength)
    if strength not in STRENGTHS:
        raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, got {strength!r}")
    acting = ENGINE.awaiting(state).seat
    if state.game_over or acting is None:
        raise ValueError("nobody is to play: the game is over or the world must reveal a card")
    if seat != acting:
        raise ValueError(f"it is seat {acting}'s turn, not seat {seat}'s")
    rng = random.Random(seed)
    if strength == DEBUTANT:
        actions = _greedy(state, rng)
    else:
        if goal is None:
            goal = PLAN if strength == EXPERT and state.shared else CARDS
        actions = _planned(state, budget or (MOYEN_BUDGET if strength == MOYEN else
                                             DEFAULT_BUDGET), strength, goal, stop)
    return actions + _ending(_after(state, actions), rng, strength, stop)


def _planned(state: KingsbridgeState, budget: int, strength: str, goal: str,
             stop: Stop | None) -> list[KingsbridgeAction]:
    """The coach's plan, played up to a character use that reveals one another may follow
    (:func:`.coach.reveal_cut`), then searched again from there, the new one now seen."""
    actions: list[KingsbridgeAction] = []
    while not state.game_over:
        plan = best_plan(state, budget=budget, characters=False if strength == MOYEN else None,
                         goal=goal, stop=stop)
        if not (plan.cards_placed or plan.columns_finished):
            break
        cut = reveal_cut(state, plan.actions)
        done = list(plan.actions if cut is None else plan.actions[: cut + 1])
        actions += done
        if cut is None:
            break
        state = _after(state, done)
    return actions


def _after(state: KingsbridgeState, actions: list[KingsbridgeAction]) -> KingsbridgeState:
    for action in actions:
        state, _ = ENGINE.apply(state, action)
    return state


def _greedy(state: KingsbridgeState, rng: random.Random) -> list[KingsbridgeAction]:
    actions: list[KingsbridgeAction] = []
    while not state.game_over:
        options = _single_places(state)
        if not options:
            unblocking = _unblocking_moves(state)
            if not unblocking:
                break
            move, state, options = rng.choice(unblocking)
            actions.append(move)
        choice = rng.choice(options)
        actions.append(choice)
        state, _ = ENGINE.apply(state, choice)
    return actions


def _single_places(state: KingsbridgeState) -> list[Place]:
    """Every hand card placed alone where it fits."""
    return [p for card in playable_cards(state) if not card.aside for p in card.places]


def _unblocking_moves(state: KingsbridgeState
                      ) -> list[tuple[Move, KingsbridgeState, list[Place]]]:
    """The moves onto a column that is not empty after which some hand card fits, each with
    the position it leaves and the places then open."""
    found: list[tuple[Move, KingsbridgeState, list[Place]]] = []
    for move in moves(state):
        if not state.columns[move.target - 1]:
            continue
        after, _ = ENGINE.apply(state, move)
        places = [] if after.game_over else _single_places(after)
        if places:
            found.append((move, after, places))
    return found


def _distance(state: KingsbridgeState, card: int) -> int:
    """How far ``card`` is above the nearest column end (0 on an empty column)."""
    best = MAX_CARD + 1
    for column in state.columns:
        if not column:
            return 0
        gap = card - value(column[-1])
        if gap > 0:
            best = min(best, gap)
    return best


def _ending(
    state: KingsbridgeState, rng: random.Random, strength: str, stop: Stop | None = None
) -> list[KingsbridgeAction]:
    """The action that ends the turn (after the planned ones)."""
    if state.game_over:
        return []
    player = state.current
    if state.shared:
        if state.placed or not player.hand:
            return [EndTurn()]
        if strength == EXPERT:
            return stuck_turn(state, stop)
        return _malus(state, _worst(state, rng, strength))
    if state.busy:
        return [EndTurn()]
    if not player.hand:
        return [EndTurn()] if player.pile else [Pass()]
    if player.pile:
        if strength == DEBUTANT:
            return [Exchange(player.hand)]
        far = tuple(c for c in player.hand if _distance(state, c) > 2)
        return [Exchange(far or (_worst(state, rng, strength),))]
    return [Pass()]


def stuck_turn(state: KingsbridgeState, stop: Stop | None = None) -> list[KingsbridgeAction]:
    """Solo / co-op, nothing placed and no plan places a hand card: the expert's way out, the
    same for the computer player and for the coach's advice ("quel est le meilleur coup ?"):
    a revealed character that could not help turned over (:func:`cycle_use`), then the malus
    card farthest from every column's end (or the card the rules say still fits). In solo,
    where another character may follow in the same turn, the coach's plan is searched again
    after each one turned over (the one revealed may let a hand card be placed; the advice
    says the turn up to that reveal, :func:`.coach.reveal_cut`)."""
    if state.game_over or state.placed or not state.current.hand:
        return [EndTurn()] if not state.game_over else []
    use = cycle_use(state)
    if use is not None:
        after, _ = ENGINE.apply(state, use)
        if usable(after):
            planned = _planned(after, DEFAULT_BUDGET, EXPERT, PLAN, stop)
            done = _after(after, planned)
            if done.placed:
                return [use, *planned, *([] if done.game_over else [EndTurn()])]
        return [use, *stuck_turn(after, stop)]
    return _malus(state, _farthest(state))


def _malus(state: KingsbridgeState, card: int) -> list[KingsbridgeAction]:
    """``card`` on the malus pile, or, when the rules refuse it because a card still fits,
    that card placed and the turn ended."""
    reason = ENGINE.refusal(state, Malus(card))
    if reason is not None and reason.code == "malus_but_can_place":
        return [reason.suggestions[0], EndTurn()]
    return [Malus(card)]


def cycle_use(state: KingsbridgeState) -> CharacterUse | None:
    """Solo / co-op, no hand card fits even with a character: the use of a revealed character
    that rarely helps then (:data:`WEAK`, in that order), so that another is revealed before
    the next turn; ``None`` if none is usable. A malus card stays due this turn (its card the
    farthest from every column's end), and the use costs the point of the character, where
    the next turns would most likely cost a malus card each (5 points) with the same three.
    Wilwulf sets aside the two cards nearest a column's end (more cards in play next turn),
    Gytha lays the most cards back from the discard, Wigelm gives back the highest first card
    of a column of two cards or more."""
    names = usable(state)
    hand = state.current.hand
    for name in WEAK:
        if name not in names:
            continue
        if name == WILWULF:
            if len(hand) < 2:
                continue
            near = sorted(hand, key=lambda c: (_distance(state, c), c))
            choices: list[CharacterUse] = [UseWilwulf(tuple(near[: min(2, len(hand) - 1)]))]
        elif name == GYTHA:
            takes = [u for u in character_choices(state, GYTHA) if isinstance(u, UseGytha)]
            takes.sort(key=lambda u: -len(u.cards))
            choices = list(takes)
        else:
            firsts = sorted(
                (-value(c[0]), i + 1) for i, c in enumerate(state.columns) if len(c) > 1
            )
            choices = [UseWigelm((column,) * len(wigelm_recipients(state)))
                       for _, column in firsts]
        for use in choices:
            if ENGINE.refusal(state, use) is None:
                return use
    return None


WEAK = (WILWULF, GYTHA, WIGELM)  # revealed characters that rarely let a hand card be placed


def _worst(state: KingsbridgeState, rng: random.Random, strength: str) -> int:
    hand = state.current.hand
    if strength == DEBUTANT:
        return rng.choice(hand)
    return _farthest(state)


def _farthest(state: KingsbridgeState) -> int:
    """The hand card farthest from every column's end (the highest of equals)."""
    return max(state.current.hand, key=lambda c: (_distance(state, c), c))

