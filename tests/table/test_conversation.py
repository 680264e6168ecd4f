"""Conversations at the table: French sentences in, what each player hears out.

Everything runs for real: the French grammar, the Kingsbridge engine, the session.
"""

from __future__ import annotations

from pathlib import Path

from table_helpers import ENGINE, PRIVATE_KEYS, Table, drive, keys, make_table, on, position, word

from ludivox.bindings.registry import engine_for
from ludivox.engines.kingsbridge import new_virtual_game
from ludivox.grammars.grammar import Grammar
from ludivox.table.io import Heard, Say
from ludivox.table.journal import Header, Journal, load, new_save_path

# Anne (seat 0) plays; columns 3..6 are empty.
OPEN = dict(
    columns=[[3], [6], [], [], [], []],
    players=[{"hand": [7, 8, 13], "pile": [5, 5]}, {"hand": [2, 4], "pile": [9]}],
)
# Only column 2 takes a 7.
ONE_PLACE = dict(
    columns=[[3], [6], [9], [10], [12], [13]],
    players=[{"hand": [7, 11], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)
# Columns 1 and 2 both end with a 6.
TWO_PLACES = dict(
    columns=[[6], [6], [1], [2], [3], [13]],
    players=[{"hand": [7, 12], "pile": [5]}, {"hand": [2, 4], "pile": [9]}],
)


def assert_private(table: Table) -> None:
    """No sentence about a hand ever reached the table channel."""
    private_texts = {s.text for s in table.said if s.channel != "table"}
    for say in on(table.said, "table"):
        assert not say.key.startswith(PRIVATE_KEYS), say
        assert say.text not in private_texts or say.key in ("welcome", "your_turn"), say


def test_a_whole_short_game_is_played_by_voice_to_the_win(grammar: Grammar) -> None:
    state = position(
        columns=[[1], [4], [7], [10], [], []],
        players=[{"hand": [2, 3, 9], "pile": [13]}, {"hand": [5, 11], "pile": [12]}],
    )
    table = make_table(grammar, state)
    drive(table, 40)
    assert table.state.game_over
    assert "event.game_won" in keys(on(table.said, "table"))
    assert "your_turn" in keys(on(table.said, "table"))
    won = next(s for s in table.said if s.key == "event.game_won")
    assert "Anne" in won.text or "Paul" in won.text
    assert_private(table)


def test_the_seeded_deal_is_played_by_voice_and_hands_stay_private(grammar: Grammar) -> None:
    state = new_virtual_game(3, 11)
    table = make_table(grammar, state, ("Anne", "Paul", "Zoé"))
    # each player hears their own hand at the start, privately
    for seat, player in enumerate(state.players):
        hands = [s for s in on(table.said, f"seat:{seat + 1}") if s.key == "answer.hand"]
        assert hands and all(word(c) in hands[0].text for c in player.hand)
    drive(table, 25)
    turns = [s for s in on(table.said, "table") if s.key == "event.turn_ended"]
    assert len(turns) >= 3  # several turns went round the table
    for seat in range(3):
        table.hear("qu'est-ce que j'ai en main", seat=seat)
    assert_private(table)


def test_refusals_say_why_privately_and_change_nothing(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    before = ENGINE.dumps(table.state)
    says = table.hear("je pose le deux sur la colonne un")
    assert keys(says) == ["refusal.card_not_in_hand"]
    assert says[0].channel == "seat:1" and "deux" in says[0].text
    says = table.hear("je pose le huit sur la colonne un")
    assert keys(says)[0] == "refusal.needs_card"
    assert "quatre" in says[0].text  # column 1 ends with a 3: it needs a 4
    says = table.hear("j'ai fini")
    assert keys(says)[0] == "refusal.nothing_played"
    assert "suggestion" in keys(says)  # and what would work
    assert ENGINE.dumps(table.state) == before
    assert not on(table.said[-5:], "table")


def test_the_current_player_only_may_move(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    says = table.hear("je pose le quatre sur la colonne un", seat=1)
    assert keys(says) == ["not_your_turn"]
    assert says[0].channel == "seat:2" and "Anne" in says[0].text
    assert table.state.columns[0] == (3,)


def test_a_card_that_fits_one_column_only_is_placed_at_once(grammar: Grammar) -> None:
    table = make_table(grammar, position(**ONE_PLACE))
    says = table.hear("je pose le sept")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (6, 7)


def test_which_column_is_asked_then_answered(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    says = table.hear("je pose le sept")
    assert keys(says) == ["ask_column_for"]
    assert says[0].text.startswith("Sur quelle colonne")
    says = table.hear("la trois")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[2] == (7,)
    # a bare number answers as well
    table.hear("je pose le huit")
    table.hear("trois")
    assert table.state.columns[2] == (7, 8)


def test_placing_without_a_card_asks_which_card_then_which_column(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    says = table.hear("je pose")
    assert keys(says) == ["ask_cards"]
    assert table.state == position(**OPEN)
    says = table.hear("le sept")
    assert keys(says) == ["ask_column_for"]
    says = table.hear("sur la trois")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[2] == (7,)


def test_ambiguity_is_a_choice_answered_by_ordinal_or_column(grammar: Grammar) -> None:
    table = make_table(grammar, position(**TWO_PLACES))
    says = table.hear("je pose le sept")
    assert keys(says) == ["choose_between"]
    assert "un" in says[0].text and "deux" in says[0].text
    says = table.hear("oui")  # yes to a choice: which one?
    assert keys(says) == ["help.choose", "choose_between"]
    says = table.hear("la deuxième")
    assert keys(on(says, "table")) == ["event.cards_placed"]
    assert table.state.columns[1] == (6, 7)


def test_a_choice_can_be_refused(grammar: Grammar) -> None:
    table = make_table(grammar, position(**TWO_PLACES))
    table.hear("je pose le sept")
    says = table.hear("non")
    assert keys(says) == ["cancelled"]
    assert table.state.columns[:2] == ((6,), (6,))
    table.hear("je pose le sept")
    table.hear("sur la un")
    assert table.state.columns[0] == (6, 7)


def test_a_legal_second_reading_beats_an_illegal_first_one(grammar: Grammar) -> None:
    table = make_table(grammar, position(**ONE_PLACE))
    heard = Heard("je pose le six sur la colonne deux",
                  alternatives=("je pose le sept sur la colonne deux",))
    table._run(table.session.handle(heard))
    assert table.state.columns[1] == (6, 7)


def test_undo_within_the_turn_but_never_across_turns(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    table.hear("je pose le sept sur la colonne deux")
    table.hear("je pose le huit sur la colonne deux")
    says = table.hear("annule")
    assert keys(says) == ["undone"] and says[0].channel == "table"
    assert "huit" in says[0].text
    assert table.state.columns[1] == (6, 7)
    assert 8 in table.state.players[0].hand
    table.hear("j'ai fini")
    assert table.state.turn == 1
    says = table.hear("annule")  # Paul: nothing of his to undo, Anne's turn is over
    assert keys(says) == ["nothing_to_undo"]
    says = table.hear("annule", seat=0)
    assert keys(says) == ["not_your_turn"]
    assert table.state.columns[1] == (6, 7)


def test_repeat_says_again_the_last_thing_said_to_that_player(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    first = table.hear("je pose le deux sur la colonne un")
    assert table.hear("répète") == first
    table.hear("je pose le quatre sur la colonne un", seat=1)  # Paul is refused
    assert table.hear("répète") == first  # Anne still hears her own last answer


def test_help_tells_what_can_be_said_now(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    says = table.hear("aide")
    assert keys(says) == ["help.turn", "help.general"]
    assert all(s.channel == "seat:1" for s in says)
    says = table.hear("qu'est-ce que je peux dire", seat=1)
    assert keys(says)[0] == "help.waiting" and "Anne" in says[0].text


def test_not_understood_gives_examples(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    says = table.hear("le chat de la voisine mange des croquettes")
    assert keys(says) == ["not_understood_hint"]
    assert "«" in says[0].text


def test_rules_reminder_and_questions(grammar: Grammar) -> None:
    table = make_table(grammar, position(**OPEN))
    assert keys(table.hear("rappelle-moi les règles")) == ["rules.short"]
    says = table.hear("lis les colonnes")
    assert keys(says) == ["answer.columns"] and "vide" in says[0].text
    says = table.hear("à qui de jouer", seat=1)
    assert keys(says) == ["answer.turn"] and "Anne" in says[0].text


def test_quit_asks_first_then_saves(grammar: Grammar, tmp_path: Path) -> None:
    state = position(**OPEN)
    header = Header("kingsbridge", "virtual", ["Anne", "Paul"], ENGINE.dumps(state),
                    ENGINE.to_json(state))
    path = new_save_path("kingsbridge", tmp_path)
    table = make_table(grammar, state, journal=Journal.create(path, header, ENGINE))
    table.hear("je pose le sept sur la colonne deux")
    assert keys(table.hear("on arrête")) == ["confirm_quit"]
    assert keys(table.hear("non")) == ["cancelled"]
    table.hear("on arrête")
    outputs = table.session.handle(Heard("oui"))
    assert [o.key for o in outputs if isinstance(o, Say)] == ["saved_and_quit"]
    loaded = load(path, engine_for)
    assert loaded.quit_last and loaded.moves == 1
    assert loaded.match.state == table.state


def test_undo_is_journaled_and_replayed(grammar: Grammar, tmp_path: Path) -> None:
    state = position(**OPEN)
    header = Header("kingsbridge", "virtual", ["Anne", "Paul"], ENGINE.dumps(state),
                    ENGINE.to_json(state))
    path = new_save_path("kingsbridge", tmp_path)
    table = make_table(grammar, state, journal=Journal.create(path, header, ENGINE))
    table.hear("je pose le sept sur la colonne deux")
    table.hear("je pose le huit sur la colonne deux")
    table.hear("annule")
    loaded = load(path, engine_for)
    assert loaded.match.state == table.state
    assert loaded.match.undoable == 1  # the 7 can still be taken back after a resume
