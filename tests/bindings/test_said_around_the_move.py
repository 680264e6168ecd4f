"""What players say around a move (held-out batch 26): a clause after « et » the grammar does
not know, a slip disowned (« non c'est pas ce que je voulais »), a term of endearment, talk
about one's thinking before the move (« j'ai bien regardé et je crois que le mieux c'est de
… »), the rules named (« d'après les règles j'ai le droit de … ? »), a move said to another
player by name with their possessive (« Paul, tu peux poser ton sept … »). Properties over the
legal moves of seeded playout positions of the four games, each said as the assistant says
it."""

from __future__ import annotations

import pytest
from table_helpers import ALL_GRAMMARS, game_session, yes_makes_nothing
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

UNKNOWN_TAILS = ("et next", "et patati", "puis bingo")  # words of no grammar
ENDEARED = ("alors mon petit, {move}", "ma chérie, {move}", "sais-tu, {move}",
            "{move}, mon chéri")
THOUGHT = ("bon écoute j'ai bien regardé et je crois que je vais {words}",
           "j'ai réfléchi longtemps et franchement je pense que le mieux c'est de {words}",
           "alors j'ai tout regardé et je crois que le plus simple c'est de {words}")
DISOWNED = ("non c'est pas ce que je voulais", "non attends c'est pas ça")
POSSESSIVE = {"le": "ton", "la": "ta", "les": "tes", "un": "ton", "une": "ta"}


def _made(game: str, state: object, seat: int, text: str) -> object:
    session = game_session(game, state)
    session.handle(Heard(text, seat=seat))
    return session.state


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_then_a_clause_not_understood_is_neither_made_nor_offered(game: str) -> None:
    """Before: « je pose le neuf sur la six et next » was offered without « et next » and
    « oui » placed the nine (half of what was said)."""
    tried = 0
    for state, seat, _, _, move in said_moves(game, "tail", 3, 3):
        for tail in UNKNOWN_TAILS:
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(f"{move} {tail}", seat=seat)))
            assert session.state == state, f"{move} {tail}"
            yes_makes_nothing(session, state, seat, keys)
            tried += 1
    assert tried >= 6


def _framed_moves_are_made(game: str, label: str, frames: tuple[str, ...]) -> int:
    """Each sampled move said in each frame ("{move}": the player's words, "{words}": the
    assistant's infinitive) is made exactly; how many were said."""
    engine = engine_for(game)
    made = 0
    for state, seat, action, words, move in said_moves(game, label, 3, 2):
        expected, _ = engine.apply(state, action)
        for frame in frames:
            text = frame.format(move=move, words=words)
            assert _made(game, state, seat, text) == expected, text
            made += 1
    return made


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_said_with_a_term_of_endearment_is_made(game: str) -> None:
    assert _framed_moves_are_made(game, "endeared", ENDEARED) >= 8


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_after_talk_about_ones_thinking_is_made(game: str) -> None:
    assert _framed_moves_are_made(game, "thought", THOUGHT) >= 6


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_said_first_is_never_dropped_for_the_thinking_after_it(game: str) -> None:
    """« je pose le sept sur la trois et je crois que je vais … » says a move first: never
    read as the words after « je crois que » alone."""
    engine = engine_for(game)
    for state, seat, action, words, move in said_moves(game, "thought-after", 3, 2):
        alone, _ = engine.apply(state, action)
        text = f"{move} et je crois que je vais {words}"
        assert _made(game, state, seat, text) != alone, text


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_slip_disowned_makes_the_move_said_after_it(game: str) -> None:
    """Wherever « X, non, Y » makes Y, « X, non c'est pas ce que je voulais, Y » does."""
    engine = engine_for(game)
    made = 0
    moves = list(said_moves(game, "disowned", 3, 3))
    for state, seat, action, _, move in moves:
        others = [m for m in moves if m[0] is state and m[2] != action]
        if not others:
            continue
        slip = others[0][4]
        expected, _ = engine.apply(state, action)
        if _made(game, state, seat, f"{slip}, non, {move}") != expected:
            continue  # a correction « non » does not settle (a move of several parts)
        for words in DISOWNED:
            text = f"{slip}, {words}, {move}"
            assert _made(game, state, seat, text) == expected, text
            made += 1
    assert made >= 2


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_asked_by_the_rules_is_offered_not_made(game: str) -> None:
    asked = 0
    for state, seat, _, words, _ in said_moves(game, "rules", 3, 2):
        for opener in ("d'après les règles j'ai le droit de", "selon les règles je peux"):
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(f"{opener} {words} ?", seat=seat)))
            assert keys and keys[0].startswith("answer.can"), (opener, words, keys)
            assert session.state == state
            asked += 1
    assert asked >= 4


# Kingdom Builder's moves name a hex, no thing of the player's ("construire en vingt huit")
@pytest.mark.parametrize("game", sorted(set(ALL_GRAMMARS) - {"kingdom-builder"}))
def test_a_move_said_to_another_player_by_name_changes_nothing(game: str) -> None:
    """Before: « Paul, mets ton onze sur la deux » was asked (« Tu veux dire … ? ») and « oui »
    would make it for the speaker. Each move is first checked to be one said with « mon »."""
    engine = engine_for(game)
    said = 0
    for state, seat, action, words, _ in said_moves(game, "to-another", 3, 3):
        verb, _, rest = words.partition(" ")
        article, _, thing = rest.partition(" ")
        if article not in POSSESSIVE or not thing:
            continue
        mine = POSSESSIVE[article].replace("t", "m", 1)  # "ton" -> "mon"
        expected, _ = engine.apply(state, action)
        if _made(game, state, seat, f"je vais {verb} {mine} {thing}") != expected:
            continue
        other = ("Anne", "Paul")[1 - seat]
        text = f"{other}, tu peux {verb} {POSSESSIVE[article]} {thing}"
        session = game_session(game, state)
        session.handle(Heard(text, seat=seat))
        session.handle(Heard("oui", seat=seat))
        assert session.state == state, text
        said += 1
    assert said >= 2
