"""Issue 16, batch 29: questions and requests said in new words, in every game, answered as
their plain form is and changing nothing.

- the speech asked clearer, slower or softer in other words (« tu peux articuler », « parle
  plus distinctement », « tu vas trop vite », « tu peux parler moins fort »): the voice
  setting there is, for the player who said it;
- each way of asking to be told (« pourriez-vous me dire », « auriez-vous l'obligeance de me
  dire » …) before a question about a player: the answer to « dis-moi … »; a question word
  said first apart from its complement (« combien Léa a de points »): the plain question's;
- whether some is left, asked by its tone or with « encore » (« il reste des cartes dans la
  pioche », « est-ce que j'ai encore des … »): the answer to how many are left;
- a move supposed impossible (« qu'est-ce qui se passe si je peux plus construire à côté
  de mes cités ») or asked allowed when it is no move (« j'ai le droit de construire loin
  de mes cités »): the rule, while « qui a le plus de points » stays the scores.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from table_helpers import ALL_GRAMMARS, game_engine, game_session, playout

from ludivox.table.io import Heard, Say

NAMES = ("Anne", "Paul", "Léa")
SLOWER = ("tu peux articuler un peu", "tu pourrais articuler", "pourriez-vous articuler",
          "articule", "articulez un peu", "parle plus distinctement", "parlez plus clairement",
          "tu vas trop vite", "tu parles trop vite", "vous parlez trop vite",
          "tu peux parler plus lentement", "pourriez-vous parler moins vite",
          "tu peux articuler un peu s'il te plaît")
QUIETER = ("tu peux parler moins fort", "vous pourriez parler plus bas",
           "pouvez-vous parler moins fort")


def _keys(outputs: Any) -> list[str]:
    return [o.key for o in outputs if isinstance(o, Say)]


def _position(game: str) -> tuple[Any, int]:
    """A position where one player acts, and that player."""
    engine = game_engine(game)
    return next((s, engine.awaiting(s).seats[0]) for s in itertools.islice(
        playout(game, "new-words", NAMES), 4, None)
        if len(engine.awaiting(s).seats) == 1 and not engine.awaiting(s).world)


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_the_speech_asked_clearer_or_softer_sets_the_voice(game: str) -> None:
    state, seat = _position(game)
    for said, field, lower in [*((s, "rate_wpm", True) for s in SLOWER),
                               *((s, "volume", True) for s in QUIETER)]:
        session = game_session(game, state, NAMES)
        before = getattr(session.prefs(seat), field)
        keys = _keys(session.handle(Heard(said, seat=seat)))
        assert keys == ["settings.voice"], (said, keys)
        after = getattr(session.prefs(seat), field)
        assert (after < before) == lower and after != before, (said, before, after)
        assert session.state == state


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_question_asked_to_be_told_about_a_player_is_the_question(game: str) -> None:
    state, seat = _position(game)
    language = game_session(game, state, NAMES).grammar.language
    asked = 0
    for name in NAMES:
        if NAMES.index(name) == seat:
            continue
        for question in (f"combien de cartes a {name}", f"combien de points a {name}"):
            plain = _keys(game_session(game, state, NAMES).handle(
                Heard(f"dis-moi {question}", seat=seat)))
            if not plain or plain[0].startswith(("not_understood", "did_you_mean")):
                continue
            for asking in ("pourriez-vous", "auriez-vous l'obligeance de", "vous pouvez",
                           "tu pourrais", "veuillez"):
                framed = f"{asking} me dire {question}"
                session = game_session(game, state, NAMES)
                assert _keys(session.handle(Heard(framed, seat=seat))) == plain, framed
                assert session.state == state
                asked += 1
        # the question word first, apart from its complement: "combien Léa a de points"
        plain = _keys(game_session(game, state, NAMES).handle(
            Heard(f"combien de points a {name}", seat=seat)))
        if plain and not plain[0].startswith(("not_understood", "did_you_mean")):
            for said in (f"combien {name} a de points", f"t'as vu combien {name} a de points"):
                keys = _keys(game_session(game, state, NAMES).handle(Heard(said, seat=seat)))
                assert keys == plain, (said, keys, plain)
    assert asked and language.rewrites


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_whether_some_is_left_is_answered_as_how_many(game: str) -> None:
    state, seat = _position(game)
    session = game_session(game, state, NAMES)
    asked = 0
    for count, told in [("il reste combien de cartes dans la pioche", (
                            "il reste des cartes dans la pioche",
                            "est-ce qu'il reste des cartes dans la pioche")),
                        ("il me reste combien de cartes dans ma pioche", (
                            "il me reste des cartes dans ma pioche",)),
                        ("combien j'ai de laine", ("est-ce que j'ai encore de la laine",
                                                   "j'ai encore de la laine")),
                        ("combien j'ai de cartes", ("est-ce que j'ai encore des cartes",))]:
        read = session.grammar.understand(count)
        if not (read and read[0].cost == 0):
            continue
        plain = _keys(game_session(game, state, NAMES).handle(Heard(count, seat=seat)))
        for said in told:
            session = game_session(game, state, NAMES)
            assert _keys(session.handle(Heard(said, seat=seat))) == plain, said
            assert session.state == state
            asked += 1
    assert asked


def test_a_move_supposed_impossible_or_no_move_asks_the_rule() -> None:
    game = "kingdom-builder"
    state, seat = _position(game)
    language = game_session(game, state, NAMES).grammar.language
    rule = _keys(game_session(game, state, NAMES).handle(
        Heard("est-ce que je dois construire à côté de mes cités", seat=seat)))
    assert rule == ["rules.adjacent"]
    inabilities = [" ".join(p) for p in language.move_conditions.inabilities]
    assert inabilities
    for inability in inabilities:
        for opening in ("qu'est-ce qui se passe si", "et si", "que se passe-t-il si"):
            said = f"{opening} {inability} construire à côté de mes cités"
            session = game_session(game, state, NAMES)
            assert _keys(session.handle(Heard(said, seat=seat))) == rule, said
            assert session.state == state
    for asked in ("j'ai le droit de construire loin de mes cités",
                  "est-ce que je peux construire loin de mes colonies"):
        session = game_session(game, state, NAMES)
        assert _keys(session.handle(Heard(asked, seat=seat))) == rule, asked
        assert session.state == state and session.pending is None
    for question in ("qui a le plus de points", "c'est qui qui a le plus de points"):
        keys = _keys(game_session(game, state, NAMES).handle(Heard(question, seat=seat)))
        assert keys and keys[0] == "answer.scores", (question, keys)
