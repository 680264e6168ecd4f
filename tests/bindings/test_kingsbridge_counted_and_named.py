"""Batch 19's exchanges with their count, columns named by their one card, Edgar taken up by a
pronoun and questions put another way (« je voudrais changer les trois cartes deux quatre
cinq contre ma pioche », « la colonne du sept tout seul, je la pousse sur la quatre »,
« Edgar je le joue comme un huit sur la colonne cinq », « vous pouvez me redire les cartes que
j'ai dans la main ? », « y a quoi que je peux jouer tout de suite ? », « mon treize, il peut
terminer une colonne ? »): each over the positions of a seeded playout."""

from __future__ import annotations

import itertools
from typing import Any

from table_helpers import ENGINE, game_session, keys, playout, word

from ludivox.engines.kingsbridge.actions import Exchange, Move
from ludivox.engines.kingsbridge.state import value
from ludivox.table.io import Heard, Say

COUNTS = ("une", "deux", "trois", "quatre", "cinq", "six")


def _states() -> list[Any]:
    return list(itertools.islice(playout("kingsbridge", "counted-named"), 0, 600, 10))


def _heard(state: Any, text: str) -> tuple[Any, list[str]]:
    session = game_session("kingsbridge", state)
    said = [o for o in session.handle(Heard(text, seat=state.turn)) if isinstance(o, Say)]
    return session.state, keys(said)


def test_an_exchange_said_with_its_count_is_checked() -> None:
    checked = 0
    for state, size in zip(_states(), itertools.cycle((2, 3, 4)), strict=False):
        hand = sorted(c for c in state.players[state.turn].hand if c != 1)
        for action in (Exchange(tuple(hand[:size])),):
            if len(action.cards) != size or ENGINE.refusal(state, action) is not None:
                continue
            cards = " ".join(word(c) for c in action.cards)
            right = f"je voudrais changer les {COUNTS[len(action.cards) - 1]} cartes {cards}"
            expected, _ = ENGINE.apply(state, action)
            after, said = _heard(state, right + " contre ma pioche")
            assert ENGINE.dumps(after) == ENGINE.dumps(expected), (right, said)
            wrong = f"j'échange les {COUNTS[len(action.cards)]} cartes {cards}"
            after, said = _heard(state, wrong)
            assert after == state and "exchange_miscounted" in said, (wrong, said)
            checked += 1
            break
    assert checked >= 6


def test_a_column_named_by_its_one_card_is_moved_whole() -> None:
    checked = 0
    for state in _states():
        for action in ENGINE.legal_actions(state):
            if not isinstance(action, Move) or action.start != 0:
                continue
            source = state.columns[action.source - 1]
            card = value(source[-1])
            alone = [c for c in state.columns if [value(x) for x in c] == [card]]
            text = (f"la colonne du {word(card)} tout seul, je la pousse sur la "
                    f"{word(action.target)}")
            after, said = _heard(state, text)
            if len(source) == 1 and len(alone) == 1:
                expected, _ = ENGINE.apply(state, action)
                assert ENGINE.dumps(after) == ENGINE.dumps(expected), (text, said)
                checked += 1
            elif not alone:  # the column holds more than that card: nothing moves
                assert after == state and "no_column_only" in said, (text, said)
    assert checked >= 5


def test_questions_said_another_way() -> None:
    asked = {"vous pouvez me redire les cartes que j'ai dans la main ?": "answer.hand",
             "tu peux me lire mes cartes ?": "answer.hand",
             "y a quoi que je peux jouer tout de suite ?": "answer.",
             "il y a quoi que je peux poser maintenant ?": "answer.",
             "mon treize, il peut terminer une colonne ?": "answer.finish",
             "le treize il peut finir une colonne ?": "answer.finish"}
    for state in _states()[:12]:
        for text, key in asked.items():
            after, said = _heard(state, text)
            assert after == state and any(k.startswith(key) for k in said), (text, said)
            if key == "answer.":
                assert any(k in ("answer.playable", "answer.nothing_playable") or
                           k.startswith("answer.playable") for k in said), (text, said)
