"""Issue 16, batch 6: a 7 Kingdoms card named alone ("le trente-quatre") is the move of the
player whose turn it is to play, when it is in their hand, and nothing else; a move question
naming only its verb ("est-ce que je peux échanger ?") is answered with the allowed moves of
that verb, the state unchanged until "oui"."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import game_session, playout

from ludivox.bindings.registry import engine_for
from ludivox.engines.seven_kingdoms.actions import Play
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.move_question import MAX_LISTED
from ludivox.table.questions import MoveOffer

NAMES = ("Anne", "Paul", "Marie")


def _spoken() -> dict[int, str]:
    lexicon = Grammar.load("seven_kingdoms", "fr").language.numbers.lexicon(60)
    out: dict[int, str] = {}
    for words, value in sorted(lexicon.items(), key=lambda item: len(item[0])):
        out.setdefault(value, words)
    return out


def _keys(outputs: Any) -> list[str]:
    return [o.key for o in outputs if isinstance(o, Say)]


def _seven_kingdoms(phase: str) -> Iterator[Any]:
    return itertools.islice(
        (s for s in playout("seven-kingdoms", "bare-card", NAMES) if s.phase == phase), 0, 12)


def test_a_card_named_alone_is_played_by_the_player_to_play() -> None:
    engine = engine_for("seven-kingdoms")
    spoken = _spoken()
    played = 0
    for state in _seven_kingdoms("play"):
        seat = state.turn
        for card in state.seats[seat].hand:
            said = f"le {spoken[card]}"
            other = (seat + 1) % len(NAMES)
            session = game_session("seven-kingdoms", state, NAMES)
            session.handle(Heard(said, seat=other))
            assert session.state == state, (said, "said by another player")
            session = game_session("seven-kingdoms", state, NAMES)
            session.handle(Heard(spoken[card], seat=seat))
            if card <= 20:  # "huit" without its article may be a count: never a move
                assert session.state == state, spoken[card]
            session = game_session("seven-kingdoms", state, NAMES)
            session.handle(Heard(said, seat=seat))
            assert session.state == engine.apply(state, Play(card))[0], said
            played += 1
    assert played >= 6


def test_a_card_named_alone_while_taking_is_never_a_take() -> None:
    spoken = _spoken()
    checked = 0
    for state in _seven_kingdoms("take"):
        for card in [c for c in state.row if c is not None][:3]:
            session = game_session("seven-kingdoms", state, NAMES)
            session.handle(Heard(f"le {spoken[card]}", seat=state.turn))
            assert session.state == state, card  # where it goes is not said: asked
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game", "question", "verb"), [
    ("kingsbridge", "est-ce que je peux échanger ?", "échanger"),
    ("kingsbridge", "est-ce que j'ai le droit d'échanger ?", "échanger"),
    ("kingsbridge", "est-ce que je peux déplacer ?", "déplacer"),
    ("kingdom-builder", "est-ce que je peux construire ?", "construire"),
])
def test_a_move_question_with_only_its_verb_lists_the_moves_of_that_verb(
        game: str, question: str, verb: str) -> None:
    engine = engine_for(game)
    answered = 0
    for state in itertools.islice(playout(game, "verb-questions"), 0, 30, 3):
        awaiting = engine.awaiting(state)
        if len(awaiting.seats) != 1 or awaiting.world:
            continue
        seat = awaiting.seats[0]
        session = game_session(game, state)
        found = [a for a in engine.legal_actions(state)
                 if session.announcer.render(session.binding.describe(state, a, seat),
                                             capitalize=False).startswith(verb)]
        said = [o for o in session.handle(Heard(question, seat=seat)) if isinstance(o, Say)]
        assert session.state == state, question  # asked, never made
        if not found:
            continue
        keys = [s.key for s in said]
        if len(found) == 1:
            assert keys == ["answer.can_offer"] and isinstance(session.pending, MoveOffer)
            session.handle(Heard("oui", seat=seat))
            assert session.state == engine.apply(state, found[0])[0]
        else:
            assert keys == ["answer.can_options"], (question, keys)
            text = said[0].text  # each move listed is said with its verb, and only those
            assert text.count(verb) == min(len(found), MAX_LISTED), text
        other = 1 - seat
        keys = _keys(game_session(game, state).handle(Heard(question, seat=other)))
        assert keys == ["not_your_turn"], keys  # another hand is never judged aloud
        answered += 1
    assert answered >= 2
