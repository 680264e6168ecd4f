"""The Kingsbridge rules, frozen: what the engine answered on seeded positions.

Run as a script (``python tests/engines/kingsbridge/rule_path_golden.py``) to write
``rule_path_golden.json``; :mod:`test_kingsbridge_rule_path` checks the engine against it.
On every position: the legal actions in their order, the refusal code, parameters and
suggestions of a seeded sample of candidate actions, the position and events after each
legal action (digests; ``judge(..., raw=True)`` gives the lists, to compare two engines).

Positions: seeded random playouts of virtual games (base, characters, solo, co-op) and the
same positions read as table games (part of each hand and every pile unknown).

Rewritten (solo positions only) when solo allowed several characters in one turn, each once
the previous one's effect is spent: the solo rule says "Utilisez 1 carte Personnage à la fois,
puis remettez-la dans la boîte et révélez-en une nouvelle", and co-op, "comme pour le mode
solo", has to add "dans la limite d'1 carte Personnage par joueur et par tour". Rewritten
again (54 solo positions) when that solo refusal got its own code, character_still_acting,
so its French sentence no longer says "un seul personnage par tour".
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ludivox.engines.base import Reason
from ludivox.engines.kingsbridge import KingsbridgeEngine, KingsbridgeState
from ludivox.engines.kingsbridge.actions import (
    DeclareBlocked,
    EndTurn,
    Exchange,
    KingsbridgeAction,
    Move,
    Pass,
    Place,
)
from ludivox.engines.kingsbridge.charactions import (
    Malus,
    RetrieveEdgar,
    UseAgatha,
    UseAldred,
    UseDen,
    UseEdgar,
    UseEthelred,
    UseGytha,
    UseRagna,
    UseWigelm,
    UseWilwulf,
    UseWynstan,
)

ENGINE = KingsbridgeEngine()
GOLDEN = Path(__file__).with_name("rule_path_golden.json")
# (label, players, characters, mode, seeds); a position is kept every few actions
GAMES = (
    ("base", 2, False, "standard", (1, 2, 11)),
    ("base", 4, False, "standard", (3, 12)),
    ("characters", 2, True, "standard", (4, 5, 13)),
    ("characters", 3, True, "standard", (6, 14)),
    ("solo", 1, True, "solo", (7, 8, 15)),
    ("coop", 2, True, "coop", (9, 16)),
    ("coop", 4, True, "coop", (10,)),
)
EVERY = 5  # keep one position in EVERY
PER_GAME = 20  # positions kept per game at most
SAMPLE = 400  # candidate actions judged per position (plus every legal one)


def positions() -> Iterator[tuple[str, KingsbridgeState]]:
    """Seeded positions of every game above, virtual then read as a table game."""
    for label, players, characters, mode, seeds in GAMES:
        for seed in seeds:
            rng = random.Random(seed)
            state = ENGINE.new_virtual_game(players, seed, characters, mode)
            kept = 0
            step = 0
            while not state.game_over and kept < PER_GAME and step < 600:
                legal = list(ENGINE.legal_actions(state))
                if not legal:
                    break
                if step % EVERY == 3:
                    kept += 1
                    yield f"{label}-{seed}-{step}", state
                    table = as_table(state, rng)
                    if table is not None:
                        yield f"{label}-{seed}-{step}-table", table
                state, _ = ENGINE.apply(state, choose(rng, legal))
                step += 1


def choose(rng: random.Random, legal: list[KingsbridgeAction]) -> KingsbridgeAction:
    """Mostly placements, so that games move on."""
    places = [a for a in legal if isinstance(a, Place)]
    if places and rng.random() < 0.7:
        return rng.choice(places)
    return rng.choice(legal)


def as_table(state: KingsbridgeState, rng: random.Random) -> KingsbridgeState | None:
    """The same position as a table game: every pile and about half of each hand unknown."""
    data: dict[str, Any] = dict(ENGINE.to_json(state))
    data["mode"] = "table"
    for player in data["players"]:
        player["hand"] = [c if rng.random() < 0.5 else None for c in player["hand"]]
        player["pile"] = [None for _ in player["pile"]]
    if "deck" in data:
        data["deck"] = [None for _ in data["deck"]]
    try:
        return ENGINE.from_json(data)
    except ValueError:
        return None


def candidates(state: KingsbridgeState, rng: random.Random) -> list[KingsbridgeAction]:
    """A seeded sample of every kind of action, legal or not."""
    numbers = range(0, len(state.columns) + 2)
    pool: list[KingsbridgeAction] = [EndTurn(), Pass(), DeclareBlocked(), RetrieveEdgar(),
                                     RetrieveEdgar(True), UseAldred(), UseAgatha()]
    for column in numbers:
        for start in range(1, 14):
            pool.extend(Place(tuple(range(start, end + 1)), column) for end in range(start, 14))
            pool.append(Place((start, start), column))
            pool.append(UseEdgar(column, start))
            pool.append(UseRagna(column, start))
            pool.append(UseGytha(column, (start,)))
        pool.extend((UseDen(column), UseWynstan(column, 1), UseWynstan(column, 2)))
        for source in numbers:
            pool.extend(Move(source, start, column) for start in range(0, 14))
    for card in range(0, 15):
        pool.extend((Exchange((card,)), Malus(card), UseWilwulf((card,)),
                     UseEthelred((card, card + 1))))
    hand = state.current.hand
    if hand:
        pool.append(Exchange(hand))
        pool.append(Place(hand[:2], 1, hand[:1]))
    pool.extend(UseWigelm(tuple(rng.randint(1, 6) for _ in range(k))) for k in range(0, 4))
    return rng.sample(pool, min(SAMPLE, len(pool)))


def _reason(reason: Reason | None) -> list[Any]:
    if reason is None:
        return ["legal"]
    return [reason.code, sorted((k, repr(v)) for k, v in dict(reason.params).items())]


def _hints(reason: Reason | None) -> list[str]:
    return [repr(h) for h in reason.suggestions] if reason else []


def judge(state: KingsbridgeState, name: str, raw: bool = False) -> dict[str, Any]:
    """Digests of everything the engine says about ``state`` (candidates seeded by name)."""
    rng = random.Random(zlib.crc32(name.encode()))
    legal = list(ENGINE.legal_actions(state))
    refusals: list[Any] = []
    hints: list[Any] = []
    for action in [*legal, *candidates(state, rng)]:
        try:
            reason = ENGINE.refusal(state, action)
        except (ValueError, TypeError) as error:
            refusals.append([repr(action), type(error).__name__])
            continue
        refusals.append([repr(action), _reason(reason)])
        hints.append([repr(action), _hints(reason)])
    results: list[Any] = []
    for action in legal if len(legal) <= 40 else rng.sample(legal, 40):
        after, events = ENGINE.apply(state, action)
        results.append([repr(action), ENGINE.dumps(after), [repr(e) for e in events]])
    found = {
        "legal": [repr(a) for a in legal], "refusals": refusals, "hints": hints,
        "results": results,
    }
    return found if raw else {key: _digest(data) for key, data in found.items()}


def _digest(data: object) -> str:
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def frozen() -> dict[str, dict[str, str]]:
    """Every position's name, notation and digests."""
    out: dict[str, dict[str, str]] = {}
    for name, state in positions():
        out[name] = {"notation": ENGINE.dumps(state), **judge(state, name)}
    return out


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(frozen(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    sys.stdout.write(f"written {GOLDEN}\n")
