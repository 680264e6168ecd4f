""""Qu'est-ce qui s'est passé ?", "qu'a joué Paul ?": the recent moves told again, in every
game, in the words the table heard, private lines only to their owner."""

from __future__ import annotations

import random

import pytest
from table_helpers import Table, keys, make_table, settings_for, virtual_table

from ludivox.bindings.registry import GAMES
from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar

NAMES = ["Anne", "Paul", "Zoé"]


def _play_for(t: Table, seat: int, rng: random.Random) -> None:
    """Moves until ``seat``'s turn is over, chosen at random among the legal ones."""
    match = t.session.match
    while True:
        awaiting = match.judge.awaiting(match.state).seats
        if seat not in awaiting or len(awaiting) != 1:
            return
        legal = sorted(match.engine.legal_actions(match.state), key=lambda a: a.text())
        match.apply(rng.choice(legal))


def _game(game: str) -> Table:
    return virtual_table(game, NAMES, seed=4)


@pytest.mark.parametrize("game", GAMES)
def test_what_happened_tells_the_moves_since_the_asker_played(game: str) -> None:
    t = _game(game)
    first = t.session.acting_seat
    assert first is not None
    assert keys(t.hear("qu'est-ce qui s'est passé ?", seat=first)) == ["history.nothing"]
    rng = random.Random(7)
    for _ in range(3):
        seat = t.session.acting_seat
        if seat is None:
            break
        _play_for(t, seat, rng)
    asker = first
    others = {t.session.players[s] for s in range(3) if s != asker}
    says = t.hear("qu'est-ce qui s'est passé ?", seat=asker)
    assert says and not [k for k in keys(says) if k.startswith(("not_understood", "history."))]
    told = " ".join(s.text for s in says)
    assert any(name in told for name in others), told  # the others' moves, by name
    assert all(s.channel in ("table", t.session.players[asker]) for s in says)
    before = t.session.match.state
    about_paul = t.hear("qu'a joué Paul ?", seat=asker)
    assert t.session.match.state is before  # asking changes nothing
    assert about_paul and not keys(about_paul)[0].startswith("not_understood")


def test_one_players_last_turn_and_private_lines_stay_private(grammar: Grammar) -> None:
    t = make_table(grammar, new_virtual_game(2, 3))
    assert keys(t.hear("qu'a joué Paul ?", seat=0)) == ["history.nothing_by"]
    t.hear("je pose le neuf sur la colonne un", seat=0)
    t.hear("j'ai fini", seat=0)
    says = t.hear("qu'est-ce qu'a fait Anne ?", seat=1)
    texts = [s.text for s in says]
    assert "Anne pose le neuf sur la colonne un." in texts
    assert not any(s.key == "event.hand_cards_drawn" for s in says)  # Anne's card stays hers
    mine = t.hear("qu'est-ce qui s'est passé ?", seat=0)  # she played last: her own turn
    assert any(s.key == "event.hand_cards_drawn" for s in mine)  # with her own card


def test_asked_while_a_confirmation_waits_it_is_answered_then_the_question_recalled(
    grammar: Grammar,
) -> None:
    store = settings_for(["Anne", "Paul"], confirm="always", scan_check="never")
    t = make_table(grammar, new_virtual_game(2, 3), settings=store)
    t.hear("je pose le neuf sur la colonne un", seat=0)
    t.hear("oui", seat=0)
    t.hear("j'ai fini", seat=0)
    t.hear("oui", seat=0)
    question = t.hear("je pose le dix sur la colonne un", seat=1)
    assert keys(question) == ["confirm_move"]
    for asked in ("qu'est-ce qui s'est passé ?", "qu'a joué Anne ?"):
        says = t.hear(asked, seat=1)
        assert "Anne pose le neuf sur la colonne un." in [s.text for s in says], asked
        assert says[-1].text == question[0].text, asked
    t.hear("oui", seat=1)
    assert 10 in t.state.columns[0]
