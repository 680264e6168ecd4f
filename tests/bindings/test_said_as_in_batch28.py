"""What players say around a move (held-out batch 28): a first try taken back inside one
sentence (« attends non en fait plutôt », « annule », « je reviens en arrière »), « annule je
reviens en arrière » while a yes / no waits, a reason or an aside said after the move or
between its parts (« histoire de … », « vu que … », « comme ça je garde … »). Properties over
the legal moves of seeded playout positions of the four games, each said as the assistant
says it; what is asserted is what a player notices: the move made, or nothing changed."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ALL_GRAMMARS, game_session
from test_move_questions import _keys, said_moves

from ludivox.bindings.registry import engine_for
from ludivox.table.io import Heard

TAKEN_BACK = ("{first} attends non en fait plutôt {meant}", "{first} annule {meant}",
              "{first} euh je reviens en arrière {meant}", "{first} euh en fait plutôt {meant}")


def _made(game: str, state: object, seat: int, text: str) -> object:
    session = game_session(game, state)
    session.handle(Heard(text, seat=seat))
    return session.state


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_move_taken_back_in_the_same_sentence_makes_only_the_last(game: str) -> None:
    """Before: « je joue le trente-cinq attends non en fait plutôt je joue le huit », « …
    annule … », « … je reviens en arrière … » were not understood in the four games."""
    engine = engine_for(game)
    made = 0
    moves = list(said_moves(game, "taken-back", 3, 3))
    for (state, seat, _, _, first), (other, _, action, _, meant) in itertools.pairwise(moves):
        if other is not state or first == meant:
            continue
        expected, _ = engine.apply(state, action)
        for frame in TAKEN_BACK:
            text = frame.format(first=first, meant=meant)
            assert _made(game, state, seat, text) == expected, text
            made += 1
    assert made >= 8


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_what_follows_a_taken_back_move_never_makes_it(game: str) -> None:
    """Guard (held before): a move taken back, then words that say no move, changes nothing."""
    tried = 0
    for state, seat, _, _, first in said_moves(game, "taken-back-alone", 3, 2):
        for marker in ("annule", "attends non en fait plutôt", "je reviens en arrière"):
            text = f"{first} {marker} euh attends je réfléchis"
            assert _made(game, state, seat, text) == state, text
            tried += 1
    assert tried >= 6


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_annule_je_reviens_en_arriere_while_a_move_is_offered_cancels_it(game: str) -> None:
    """Before: « annule je reviens en arrière » answering « … Tu le fais ? » was answered
    « oui ou non ? » with the move still offered, and a later « oui » made it."""
    tried = 0
    for state, seat, _, words, _ in said_moves(game, "cancel-offer", 3, 2):
        session = game_session(game, state)
        session.handle(Heard(f"est-ce que je peux {words} ?", seat=seat))
        if session.pending is None:
            continue
        keys = _keys(session.handle(Heard("annule je reviens en arrière", seat=seat)))
        assert "cancelled" in keys and session.pending is None, keys
        session.handle(Heard("oui", seat=seat))
        assert session.state == state, words
        tried += 1
    assert tried >= 3


REASONS_AFTER = ("{move} histoire d'en avoir assez pour la fin",
                 "{move} vu que j'ai besoin de rien d'autre",
                 "{move} comme ça je garde mes cartes pour plus tard")


@pytest.mark.parametrize("game", sorted(ALL_GRAMMARS))
def test_a_reason_after_a_whole_move_is_left_out(game: str) -> None:
    """Before: « … histoire d'en avoir assez » (an elided « histoire d' ») was not
    understood in the four games."""
    engine = engine_for(game)
    made = 0
    for state, seat, action, _, move in said_moves(game, "reason-after", 3, 2):
        expected, _ = engine.apply(state, action)
        for frame in REASONS_AFTER:
            text = frame.format(move=move)
            assert _made(game, state, seat, text) == expected, text
            made += 1
    assert made >= 9


def _placements(label: str) -> list[tuple[object, int, object, int, int, int]]:
    """(state, seat, action, card, column, another card of the hand) for sampled one-card
    Kingsbridge placements."""
    out = []
    for state, seat, action, _, _ in said_moves("kingsbridge", label, 6, 6):
        cards = getattr(action, "cards", ())
        if type(action).__name__ == "Place" and len(cards) == 1:
            hand = state.players[seat].hand  # type: ignore[attr-defined]
            others = [c for c in hand if c != cards[0]]
            if others:
                out.append((state, seat, action, cards[0], action.column, others[0]))
    return out


def test_an_aside_between_the_card_and_its_column_is_skipped() -> None:
    """Before: « le neuf, comme ça je garde le sept pour plus tard, sur la six » was not
    understood."""
    engine = engine_for("kingsbridge")
    lang = game_session("kingsbridge", _placements("aside")[0][0]).grammar.language
    made = 0
    for state, seat, action, card, column, other in _placements("aside"):
        expected, _ = engine.apply(state, action)
        said = {n: lang.numbers.cardinal(n) for n in (card, other)}
        col = lang.numbers.cardinal(column, feminine=True) if column != 1 else "une"
        for aside in (f"comme ça je garde le {said[other]} pour plus tard",
                      f"vu que je veux garder le {said[other]}",
                      "parce que ça m'arrange bien"):
            text = f"le {said[card]}, {aside}, sur la {col}"
            assert _made("kingsbridge", state, seat, text) == expected, text
            made += 1
    assert made >= 6


def test_a_card_inside_an_aside_is_never_the_move() -> None:
    """Guard: « le neuf, comme ça je garde le sept sur la six » never places the seven (the
    aside's own card), whatever else it does."""
    for state, seat, _, card, column, other in _placements("aside-card"):
        lang = game_session("kingsbridge", state).grammar.language
        said = {n: lang.numbers.cardinal(n) for n in (card, other)}
        col = lang.numbers.cardinal(column, feminine=True) if column != 1 else "une"
        text = f"le {said[card]} comme ça je garde le {said[other]} sur la {col}"
        after = _made("kingsbridge", state, seat, text)
        hand = after.players[seat].hand  # type: ignore[attr-defined]
        assert hand.count(other) == state.players[seat].hand.count(other), text  # type: ignore[attr-defined]
