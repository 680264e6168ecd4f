"""Moves chained by time words (« d'abord … puis … enfin … », « en premier … ensuite … et pour
terminer … »): every move said is made, in order, or none; « enfin » there is the last step,
never a self-correction that drops the move said before it; « enfin » alone between two
values, or « enfin non », still corrects. Properties over moves of seeded positions of the
four games, said as the assistant says them, and over dealt Kingsbridge turns."""

from __future__ import annotations

import pytest
from table_helpers import ALL_GRAMMARS, ENGINE, game_session, sentence
from test_compound_part_asked import _second_moves
from test_handed_over import NAMES, _turns
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge.actions import EndTurn
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard

# two moves chained by time words ({a} then {b}), each said whole
CHAINS = ("d'abord {a} puis {b}", "d'abord {a} enfin {b}", "en premier {a} et enfin {b}",
          "{a} et enfin {b}", "{a} puis enfin {b}", "tout d'abord {a} ensuite {b}",
          "{a} et pour terminer {b}", "premièrement {a} puis enfin {b}")
# the turn ended after moves (Kingsbridge: a pass refused while the pile holds cards)
ENDS = ("et enfin je passe", "puis enfin j'ai fini", "et pour terminer je passe",
        "et pour finir je passe")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_two_moves_chained_by_time_words_are_both_made(game: str) -> None:
    """Before: « d'abord A enfin B » and « A et enfin B » took « enfin » for a correction
    and offered B alone, or refused it from the position before A."""
    engine = engine_for(game)
    made = 0
    for state, seat, first, second, said, said_second in _second_moves(game):
        plain = game_session(game, state)
        plain.handle(Heard(f"{said} puis {said_second}", seat=seat))
        both = engine.apply(engine.apply(state, first)[0], second)[0]
        if plain.state != both:
            continue  # the chain said plainly is not one this game reads: not this test's
        for chain in CHAINS:
            text = chain.format(a=said, b=said_second)
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == both, (text, keys)
            made += 1
    assert made >= len(CHAINS)


@pytest.mark.parametrize("end", ENDS)
def test_moves_then_the_turn_ended_after_a_time_word(grammar: Grammar, end: str) -> None:
    """« d'abord A puis B et enfin je passe »: both placements, then the turn's end (never
    a pass refused because the pile is not empty, nothing made)."""
    checked = 0
    for state, moves in _turns(range(6)):
        if len(moves) != 2:
            continue
        session = game_session("kingsbridge", state, NAMES)
        text = f"d'abord {sentence(moves[0])} puis {sentence(moves[1])} {end}"
        keys = _keys(session.handle(Heard(text, seat=0)))
        expected = state
        for action in (*moves, EndTurn()):
            expected, _ = ENGINE.apply(expected, action)
        assert ENGINE.dumps(session.state) == ENGINE.dumps(expected), (text, keys)
        checked += 1
    assert checked > 5


def test_three_moves_and_the_end_said_after_time_words(grammar: Grammar) -> None:
    """Four parts (three moves and the end) are one more than a compound is cut into: the
    moves read whole, then the end."""
    checked = 0
    for state, moves in _turns(range(6)):
        if len(moves) != 2:
            continue
        after = state
        for move in moves:
            after, _ = ENGINE.apply(after, move)
        thirds = [a for a in ENGINE.legal_actions(after) if type(a) is type(moves[0])
                  and len(a.cards) == 1]
        if not thirds:
            continue
        third = thirds[0]
        text = (f"en premier {sentence(moves[0])} ensuite {sentence(moves[1])} "
                f"et pour finir {sentence(third)} et je passe")
        session = game_session("kingsbridge", state, NAMES)
        keys = _keys(session.handle(Heard(text, seat=0)))
        expected = state
        for action in (*moves, third, EndTurn()):
            expected, _ = ENGINE.apply(expected, action)
        assert ENGINE.dumps(session.state) == ENGINE.dumps(expected), (text, keys)
        checked += 1
    assert checked > 3


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_chain_with_a_negated_part_does_nothing(game: str) -> None:
    """« d'abord A et enfin je ne … pas »: a negated sentence is never acted on, not even
    its first part."""
    for state, seat, _, _second, said, said_second in _second_moves(game):
        words = said_second.split()
        if len(words) < 3 or words[0] != "je":
            continue
        negated = " ".join(["je", "ne", words[1], "pas", *words[2:]])
        text = f"d'abord {said} et enfin {negated}"
        session = game_session(game, state)
        keys = _keys(session.handle(Heard(text, seat=seat)))
        assert session.state == state, (text, keys)


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_enfin_still_corrects_outside_a_chain(game: str) -> None:
    """« enfin » between two values with no time word before, and « enfin non » anywhere,
    still take the first value back: « le sept enfin le huit » is the huit."""
    language = Grammar.load(ALL_GRAMMARS[game], "fr").language
    for first, second in (("sept", "huit"), ("deux", "cinq"), ("un", "trois")):
        meant = [t.key for t in language.tokens(f"je prends le {second}")]
        for text in (f"je prends le {first} enfin le {second}",
                     f"je prends le {first} enfin non le {second}",
                     f"d'abord je prends le {first} enfin non le {second}",
                     f"je prends le {first} non enfin le {second}"):
            assert [t.key for t in language.tokens(text)] == meant, text
        chained = [t.key for t in language.tokens(
            f"d'abord je prends le {first} enfin le {second}")]
        assert language.number_value(chained[3]) is not None, chained  # kept, not corrected


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_one_move_said_in_two_clauses_joined_by_a_time_word(game: str) -> None:
    """A move said in two clauses joined by « et » (« je vais prendre le six et tout
    valider ») is the same move joined by « et après », « ensuite », « puis »."""
    engine = engine_for(game)
    language = Grammar.load(ALL_GRAMMARS[game], "fr").language
    checked = 0
    for state, seat, action, _, said in said_moves(game, "time-joined", 8, 4):
        words = said.split()
        joint = next((i for i, w in enumerate(words[:-1]) if w == "et" and i > 2
                      and words[i + 1] not in language.cheap_words
                      and language.number_value(words[i + 1]) is None), None)
        if joint is None:
            continue
        made, _ = engine.apply(state, action)
        for said_joint in ("et après", "ensuite", "et ensuite", "puis"):
            text = " ".join([*words[:joint], said_joint, *words[joint + 1:]])
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == made, (text, keys)
            checked += 1
    if game == "seven-kingdoms":
        assert checked
