"""Issue 16, batch 29: a move asked about in new words is answered and never made, in every
game. Property over seeded positions along random playouts, each legal move in the
assistant's own words for it:

- asked whether it is allowed (« c'est autorisé de … », « c'est permis de … »): offered as
  exactly that move, made only on « oui », as « est-ce que je peux … » is;
- asked whether it is a good move (« c'est un bon coup de … », « tu crois que c'est bien
  de … », « …, c'est une bonne idée ? »): answered the coach's move exactly when the coach
  advises it, another otherwise, with nothing offered and nothing made;
- several moves asked at once (« est-ce que je peux … puis … ? »): all allowed, in order,
  nothing made.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_engine, game_session, playout

from ludivox.table.io import Heard, Say
from ludivox.table.questions import MoveOffer

ALLOWED = ("c'est autorisé de", "c'est permis de", "est-ce que c'est autorisé de")
ADVICE = ("c'est un bon coup de", "tu crois que c'est bien de", "c'est une bonne idée de",
          "est-ce que ça vaut le coup de")
VERDICTS = ("advice.move_best", "advice.move_other", "advice.move_allowed")


def _keys(outputs: Any) -> list[str]:
    return [o.key for o in outputs if isinstance(o, Say)]


def _positions(game: str) -> Iterator[tuple[Any, int]]:
    """Every third position where one player acts, with that player, along a playout."""
    engine = game_engine(game)
    acting = ((s, engine.awaiting(s).seats[0]) for s in playout(game, "asked-about")
              if len(engine.awaiting(s).seats) == 1 and not engine.awaiting(s).world)
    return itertools.islice(acting, 0, 12, 3)


def _words(session: Any, state: Any, action: Any, seat: int) -> str | None:
    """The assistant's words for ``action`` ("poser le sept sur la colonne trois"), when the
    grammar reads them exactly after « je vais »; None otherwise."""
    words = session.announcer.render(session.binding.describe(state, action, seat),
                                     capitalize=False)
    read = session.grammar.understand(f"je vais {words}")
    return str(words) if read and read[0].cost == 0 else None


def _said(game: str, per: int) -> Iterator[tuple[Any, int, Any, str]]:
    """(state, seat, a legal move, its words) for ``per`` seeded moves a position, those the
    grammar reads exactly after « je vais »."""
    rng = random.Random(f"asked-about-{game}")
    for state, seat in _positions(game):
        legal = list(game_engine(game).legal_actions(state))
        for action in rng.sample(legal, min(per, len(legal))):
            words = _words(game_session(game, state), state, action, seat)
            if words is not None:
                yield state, seat, action, words


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_said_allowed_is_offered_and_made_only_on_yes(game: str) -> None:
    rng = random.Random(game)
    asked = 0
    for state, seat, action, words in _said(game, 3):
        session = game_session(game, state)
        question = f"{rng.choice(ALLOWED)} {words}"
        keys = _keys(session.handle(Heard(question, seat=seat)))
        assert session.state == state, question
        if keys == ["answer.can_offer"]:
            assert isinstance(session.pending, MoveOffer), question
            assert session.pending.action == action, (question, session.pending.action)
            asked += 1
        else:  # the same words naming several moves: listed, none offered
            assert keys == ["answer.can_options"], (question, keys)
    assert asked >= 3


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_advice_on_a_move_compares_it_with_the_coach_and_changes_nothing(game: str) -> None:
    rng = random.Random(f"advice-{game}")
    asked = 0
    for state, seat, action, words in _said(game, 3):
        session = game_session(game, state)
        advised = tuple(session.binding.advised(state, seat))
        said = session.grammar.understand(f"je vais {words}")[0].text  # "je pose le sept …"
        question = rng.choice([*(f"{a} {words}" for a in ADVICE),
                               f"{said}, c'est une bonne idée", f"{said}, t'en penses quoi"])
        keys = _keys(session.handle(Heard(question, seat=seat)))
        assert session.state == state and session.pending is None, (question, keys)
        if keys and keys[0] == "answer.can_options":
            continue  # the words name several moves
        assert keys and keys[0] in VERDICTS, (question, keys)
        assert (keys[0] == "advice.move_best") == (advised[:1] == (action,)), (question, keys)
        assert (keys[0] == "advice.move_allowed") == (not advised), (question, keys)
        assert len(keys) > 1, (question, keys)  # the coach's own advice follows
        asked += 1
    assert asked >= 3


@pytest.mark.parametrize("game", sorted(set(ALL_GRAMMARS) - {"monde-sans-fin"}))  # a coach
def test_the_coachs_own_move_asked_about_is_the_best(game: str) -> None:
    checked = 0
    for state, seat in _positions(game):
        session = game_session(game, state)
        advised = session.binding.advised(state, seat)
        if not advised:
            continue
        words = _words(session, state, advised[0], seat)
        if words is None:
            continue
        keys = _keys(session.handle(Heard(f"c'est un bon coup de {words}", seat=seat)))
        if keys[:1] == ["answer.can_options"]:
            continue
        assert keys[:1] == ["advice.move_best"], (words, keys)
        assert session.state == state
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("game", sorted(set(ALL_GRAMMARS) - {"monde-sans-fin"}))  # a coach
def test_an_opinion_asked_alone_is_the_coachs_advice(game: str) -> None:
    """Batch 31: « qu'est-ce que tu en dis ? » was read as « qu'est-ce que tu dis ? » (the
    last answer said again). Every opinion asked alone, in the language's list, says the
    coach's advice, as « quel est le meilleur coup ? » does, and changes nothing."""
    state, seat = next(_positions(game))
    session = game_session(game, state)
    opinions = session.grammar.language.advice_questions.opinions
    coach = _keys(game_session(game, state).handle(
        Heard(session.grammar.language.advice_questions.coach[0], seat=seat)))
    assert coach and opinions, coach
    for phrase in opinions:
        text = " ".join(phrase).replace("' ", "'")
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(text, seat=seat)))
        assert keys[:1] == coach[:1] and session.state == state, (text, keys, coach)


@pytest.mark.parametrize("game", ["kingdom-builder", "kingsbridge"])  # a player moves twice
def test_two_moves_asked_at_once_are_judged_in_order_and_not_made(game: str) -> None:
    engine = game_engine(game)
    checked = 0
    for state, seat, action, words in _said(game, 4):
        after, _ = engine.apply(state, action)
        if engine.awaiting(after).seats != (seat,) or engine.awaiting(after).game_over:
            continue
        session = game_session(game, after)
        then = next((w for a in itertools.islice(engine.legal_actions(after), 8)
                     if (w := _words(session, after, a, seat)) is not None), None)
        if then is None:
            continue
        session = game_session(game, state)
        question = f"est-ce que je peux {words} puis {then}"
        keys = _keys(session.handle(Heard(question, seat=seat)))
        assert session.state == state and session.pending is None, (question, keys)
        if keys == ["answer.can_sequence"]:
            checked += 1
    assert checked >= 1
