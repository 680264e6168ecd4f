"""What players say around a move (held-out batch 27): a move only imagined (« imagine je
mets … », « supposons que je … »), a request to speak louder or shorter in other words, talk
about what one hesitated over before « mais finalement … », a whole move said twice in one
breath, fillers around and inside a move (« icitte », « hop », « une fois »), « moi c'est …
voilà ». Properties over the legal moves of seeded playout positions of the four games, each
said as the assistant says it."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ALL_GRAMMARS, game_session, yes_makes_nothing
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.grammars.remarks import after_thought
from ludivox.table.io import Heard


def _made(game: str, state: object, seat: int, text: str) -> object:
    session = game_session(game, state)
    session.handle(Heard(text, seat=seat))
    return session.state


IMAGINED = ("imagine {move}", "imaginons que {move}", "supposons que {move}",
            "admettons que {move}", "mettons que {move}", "bon imagine {move} et voilà")
OFFERS = {"did_you_mean", "guess_move", "guess_moves", "move_question.yes"}


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_only_imagined_is_neither_made_nor_offered(game: str) -> None:
    """Before: « imagine je mets le sept sur la trois » was offered (« Tu veux dire … ? ») in
    the four games, and « oui » made it."""
    tried = 0
    for state, seat, _, _, move in said_moves(game, "imagined", 3, 3):
        for frame in IMAGINED:
            text = frame.format(move=move)
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert session.state == state and not OFFERS & set(keys), (text, keys)
            yes_makes_nothing(session, state, seat, keys)
            tried += 1
    assert tried >= 18


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_then_jimagine_is_no_supposition(game: str) -> None:
    """« …, j'imagine » after a move is the speaker's guess, not a supposition: the rule
    never holds it (what the sentence then means is read as before)."""
    from ludivox.grammars.guess import imagined  # new with the rule

    for state, _, _, _, move in said_moves(game, "imagined", 2, 2):
        lang = game_session(game, state).grammar.language
        assert not imagined(lang, f"{move}, j'imagine"), move
        assert imagined(lang, f"imagine {move}"), move


LOUDER_SHORTER = ("parle un peu plus fort", "parle encore plus fort", "parle un peu moins fort",
                  "fais plus court stp", "sois bref", "fais court", "des réponses plus courtes")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_louder_and_shorter_in_other_words_change_the_setting(game: str) -> None:
    """Before: « parle un peu plus fort » and « fais plus court stp » were not understood."""
    for state, seat, _, _, _ in said_moves(game, "settings", 2, 1):
        for text in LOUDER_SHORTER:
            session = game_session(game, state)
            keys = _keys(session.handle(Heard(text, seat=seat)))
            assert keys and all(k.startswith("settings.") for k in keys), (text, keys)
            assert session.state == state, text


HESITATED = ("tantôt j'hésitais mais finalement {move}",
             "j'ai longtemps hésité mais en fin de compte {move}",
             "je voulais faire autre chose mais au final {move}",
             "bon j'hésitais beaucoup et tout compte fait {move}")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_after_what_one_hesitated_over_is_made(game: str) -> None:
    """Before: « tantôt j'hésitais mais finalement je mets le neuf sur la six » was not
    understood in the four games."""
    engine = engine_for(game)
    made = 0
    for state, seat, action, _, move in said_moves(game, "hesitated", 3, 2):
        expected, _ = engine.apply(state, action)
        for frame in HESITATED:
            text = frame.format(move=move)
            assert _made(game, state, seat, text) == expected, text
            made += 1
    assert made >= 8


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_said_before_finalement_is_never_read_from_after_it(game: str) -> None:
    """« je pose le sept … mais finalement je pose le huit … » says a move first: the words
    after « finalement » are never read alone for it (what else reads it, a correction or a
    compound, decides)."""
    moves = list(said_moves(game, "finalement-after", 3, 2))
    for (_, _, _, _, move), (_, _, _, _, other) in itertools.pairwise(moves):
        session = game_session(game, moves[0][0])
        lang = session.grammar.language
        for joint in ("mais finalement", "et en fin de compte", "puis au final"):
            text = f"{move} {joint} {other}"
            assert after_thought(lang, lang.tokens(text)) == [], text


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_whole_move_said_twice_in_one_breath_is_made_once(game: str) -> None:
    """Before: « je pose le sept sur la trois je pose le sept sur la trois » was not
    understood (Kingsbridge), nor « trente cinq trente cinq » (7 Kingdoms)."""
    engine = engine_for(game)
    made = 0
    for state, seat, action, _, move in said_moves(game, "twice", 3, 3):
        expected, _ = engine.apply(state, action)
        text = f"{move} {move}"
        assert _made(game, state, seat, text) == expected, text
        made += 1
    assert made >= 6


def test_a_card_number_said_twice_is_read_as_said_once() -> None:
    """« trente cinq trente cinq »: each card number of sampled plays said twice as a
    recogniser writes it (no hyphen) does what it does said once (« trente cinq » is played,
    « onze » alone is offered), and at least one is played."""
    played = 0
    for state, seat, action, _, _ in said_moves("seven-kingdoms", "twice-card", 4, 6):
        if action.__class__.__name__ != "Play":
            continue
        lang = game_session("seven-kingdoms", state).grammar.language
        number = lang.numbers.cardinal(action.card).replace("-", " ")
        once, twice = game_session("seven-kingdoms", state), game_session("seven-kingdoms", state)
        said_once = _keys(once.handle(Heard(number, seat=seat)))
        assert _keys(twice.handle(Heard(f"{number} {number}", seat=seat))) == said_once, number
        assert twice.state == once.state, number
        played += once.state != state
    assert played >= 1


def _hop_inside(move: str) -> str:
    words = move.split()
    return " ".join([*words[:len(words) // 2], "hop", *words[len(words) // 2:]])


FILLED = ("icitte {move}", "{move} une fois", "allez hop {move} une fois", "bah {move}",
          "{hop}")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_with_regional_fillers_is_made_at_once(game: str) -> None:
    """Before: « icitte je mets le sept sur la quatre » and « hop » inside a move were only
    guessed and asked."""
    engine = engine_for(game)
    made = 0
    for state, seat, action, _, move in said_moves(game, "filled", 3, 2):
        expected, _ = engine.apply(state, action)
        for frame in FILLED:
            text = frame.format(move=move, hop=_hop_inside(move))
            assert _made(game, state, seat, text) == expected, text
            made += 1
    assert made >= 15
