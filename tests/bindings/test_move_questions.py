"""Asking whether a move is allowed, in the three games: "est-ce que je peux <the move> ?".

Property over seeded positions along random playouts: every legal move of the acting
player, asked in the words the assistant itself uses for it, is offered as exactly that move
and not made until "oui"; the same question from another player only says whose turn it is
(judging it would tell what the acting player holds); a Kingsbridge placement the engine
refuses is answered "Non." with the engine's own reason, and nothing changes.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import GAME_GRAMMARS, game_session, playout

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge.actions import Place
from ludivox.table.io import Heard, Say
from ludivox.table.questions import MoveOffer

ASKED = ("est-ce que je peux", "puis-je", "j'ai le droit de")


def _positions(game: str) -> Iterator[Any]:
    """Every third position where one player acts, along a seeded random playout."""
    engine = engine_for(game)
    acting = (
        s
        for s in playout(game, "move-questions")
        if len(engine.awaiting(s).seats) == 1 and not engine.awaiting(s).world
    )
    return itertools.islice(acting, 0, 15, 3)


def said_moves(game: str, label: str, positions: int, per: int
               ) -> Iterator[tuple[Any, int, Any, str, str]]:
    """(state, seat, action, the assistant's words for it: "poser le sept sur la colonne
    trois", the player's: "je pose le sept sur la colonne trois") for ``per`` seeded legal
    moves at each of the first ``positions`` positions, those the grammar reads exactly
    after « je vais »."""
    engine = engine_for(game)
    rng = random.Random(f"{label}-{game}")
    for state in itertools.islice(_positions(game), positions):
        seat = engine.awaiting(state).seats[0]
        legal = list(engine.legal_actions(state))
        for action in rng.sample(legal, min(per, len(legal))):
            session = game_session(game, state)
            words = session.announcer.render(
                session.binding.describe(state, action, seat), capitalize=False)
            read = session.grammar.understand(f"je vais {words}")
            if read and read[0].cost == 0:
                yield state, seat, action, words, read[0].text


def _keys(outputs: Any) -> list[str]:
    return [o.key for o in outputs if isinstance(o, Say)]


@pytest.mark.parametrize("game", sorted(GAME_GRAMMARS))
def test_every_legal_move_asked_about_is_offered_and_made_only_on_yes(game: str) -> None:
    engine = engine_for(game)
    rng = random.Random(game)
    asked = 0
    for state in _positions(game):
        seat = engine.awaiting(state).seats[0]
        other = 1 - seat
        legal = list(engine.legal_actions(state))
        for action in rng.sample(legal, min(6, len(legal))):
            session = game_session(game, state)
            words = session.announcer.render(
                session.binding.describe(state, action, seat), capitalize=False
            )
            question = f"{rng.choice(ASKED)} {words} ?"
            keys = _keys(session.handle(Heard(question, seat=other)))
            assert keys == ["not_your_turn"], (question, keys)
            assert session.state == state
            keys = _keys(session.handle(Heard(question, seat=seat)))
            assert keys == ["answer.can_offer"], (question, keys)
            pending = session.pending
            assert isinstance(pending, MoveOffer) and pending.action == action, question
            assert session.state == state  # asked, not made
            session.handle(Heard("oui", seat=seat))
            assert session.state == engine.apply(state, action)[0], question
            asked += 1
    assert asked >= 10


def test_a_refused_placement_asked_about_gets_the_engines_reason() -> None:
    engine = engine_for("kingsbridge")
    checked = 0
    for state in _positions("kingsbridge"):
        seat = state.turn
        for card in sorted(set(state.players[seat].hand)):
            for column in range(1, len(state.columns) + 1):
                reason = engine.refusal(state, Place((card,), column))
                if reason is None:
                    continue
                session = game_session("kingsbridge", state)
                words = session.announcer.render(
                    session.binding.describe(state, Place((card,), column), seat),
                    capitalize=False,
                )
                keys = _keys(session.handle(Heard(f"est-ce que je peux {words}", seat=seat)))
                assert keys[:2] == ["answer.can_not", f"refusal.{reason.code}"], (words, keys)
                assert session.state == state and session.pending is None
                checked += 1
    assert checked >= 10


SAID_DONE = ("c'est correct si je pose le {card} sur la colonne {column} ?",
             "si je mets le {card} sur la colonne {column}, ça marche ?",
             "c'est-tu correct si je mets le {card} sur la {column} ?",
             "est-ce que le {card} peut aller sur la colonne {column} ?",
             "le {card} peut aller sur la {column} ?")


def test_a_placement_asked_about_as_said_done_is_judged_never_made() -> None:
    """The same question asked about the move said as done ("c'est correct si je pose le
    sept sur la trois ?", "est-ce que le sept peut aller sur la trois ?"): every card of the
    hand on every column, in two of the forms in turn (every form is asked about allowed and
    refused placements), is offered when the engine allows it and refused with the engine's
    reason otherwise; the state never changes."""
    engine = engine_for("kingsbridge")
    checked = {True: 0, False: 0}
    asked: set[tuple[str, bool]] = set()
    turn = itertools.cycle(SAID_DONE)
    for state in _positions("kingsbridge"):
        seat = state.turn
        for card, column in itertools.product(sorted(set(state.players[seat].hand)),
                                              range(1, len(state.columns) + 1)):
            reason = engine.refusal(state, Place((card,), column))
            for form in itertools.islice(turn, 2):
                asked.add((form, reason is None))
                session = game_session("kingsbridge", state)
                question = form.format(card=card, column=column)
                keys = _keys(session.handle(Heard(question, seat=seat)))
                if reason is None:
                    assert keys == ["answer.can_offer"], (question, keys)
                    pending = session.pending
                    assert isinstance(pending, MoveOffer), question
                    assert pending.action == Place((card,), column), question
                else:
                    assert keys[:2] == ["answer.can_not", f"refusal.{reason.code}"], (
                        question, keys)
                assert session.state == state, question
                checked[reason is None] += 1
    assert checked[True] >= 10 and checked[False] >= 10, checked
    assert len(asked) == 2 * len(SAID_DONE), sorted(asked)


@pytest.mark.parametrize("game", sorted(GAME_GRAMMARS))
def test_a_move_supposed_with_si_is_asked_about_never_made(game: str) -> None:
    """« et si je construis en cinq quinze ? », « si je pose le sept sur la trois » (batch 25:
    « et si je construisais … » built at once, its « si » taken for the yes that contradicts
    a negative question): every legal move supposed is answered as the move question and made
    only on « oui »; with a consequence after it (« …, je finis la colonne », « si j'avais
    pris la tour plus tôt, j'aurais pu aller en un onze ») nothing is made."""
    engine = engine_for(game)
    supposed = 0
    for state, seat, action, words, mine in said_moves(game, "si", 2, 3):
        for text in (f"euh et si {mine} ?", f"si {mine}"):
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == state, (text, keys)  # supposed, not made
            assert keys == ["answer.can_offer"], (text, keys)
            session.handle(Heard("oui", seat=seat))
            assert session.state == engine.apply(state, action)[0], text
            supposed += 1
        for text in (f"si {mine} je suis content",  # what would follow, never made
                     f"si {mine} plus tôt, j'aurais pu {words}"):
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == state, (text, keys)
    assert supposed >= 6, supposed


def test_what_might_have_been_is_never_made() -> None:
    """« si j'avais pris la tour plus tôt, j'aurais pu aller en un onze » (Kingdom Builder,
    whole corpus after batch 25: it built in 1-11): a supposition about the past, then what
    would have followed, is no move, even when that last part alone would be one."""
    engine = engine_for("kingdom-builder")
    checked = 0
    for state in itertools.islice(_positions("kingdom-builder"), 3):
        seat = engine.awaiting(state).seats[0]
        session = game_session("kingdom-builder", state)
        for action in list(engine.legal_actions(state))[:3]:
            words = session.announcer.render(
                session.binding.describe(state, action, seat), capitalize=False)
            if not words.startswith("construire "):
                continue
            went = words.replace("construire", "aller", 1)
            for text in (f"si j'avais pris la tour plus tôt, j'aurais pu {went}",
                         f"si j'avais su, j'aurais pu {went}"):
                session = game_session("kingdom-builder", state)
                keys = _keys(session.handle(Heard(text, seat=seat)))
                assert session.state == state, (text, keys)
                checked += 1
    assert checked >= 4, checked
