"""Moves said the way batch 13's players said them (the classes, not the sentences): a
choice announced ("mon choix se porte sur le sept, colonne trois"), a tag after the move
("…, ça joue", "…, si vous le permettez"), a slip corrected in a whole sentence ("…, oh
pardon, je voulais dire la trois"), the turn ended in other words ("je m'en tiens là",
"basta pour moi"), and a question asked while a yes/no waits after a pause word ("deux
secondes, il me reste quoi en main ?"). Properties over seeded positions and every legal
single-card placement: each does exactly the move meant, or answers and changes nothing."""

from __future__ import annotations

import itertools

import pytest
from table_helpers import ENGINE, keys, make_table, settings_for, word

from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")


def _positions(count: int) -> list[KingsbridgeState]:
    return list(itertools.islice(
        (s for s in (ENGINE.new_virtual_game(2, seed) for seed in range(100)) if _singles(s)),
        count))


def _singles(state: KingsbridgeState) -> list[Place]:
    return [a for a in ENGINE.legal_actions(state) if isinstance(a, Place) and len(a.cards) == 1]


def _made(state: KingsbridgeState, action: object) -> str:
    return ENGINE.dumps(ENGINE.apply(state, action)[0])


CARRIED = (
    "mon choix se porte sur le {card}, colonne {column}",
    "je vous propose le {card} sur la colonne {column}",
    "c'est parti pour le {card} sur la colonne {column}",
    "j'y vais avec mon {card} sur la colonne {column}",
    "tout bien réfléchi, le {card} sur la colonne {column}",
    "je m'en vais poser le {card} sur la colonne {column}",
    "je pose le {card} sur la colonne {column}, ça joue",
    "je pose le {card} sur la colonne {column}, c'est correct",
    "je pose le {card} sur la colonne {column}, si vous le permettez",
    "j'aimerais, si tu le veux bien, poser le {card} sur la colonne {column}",
)


@pytest.mark.parametrize("template", CARRIED)
def test_a_move_announced_or_tagged_is_made_as_said(grammar: Grammar, template: str) -> None:
    for state in _positions(3):
        for action in _singles(state):
            t = make_table(grammar, state)
            said = template.format(card=word(action.cards[0]), column=word(action.column))
            t.hear(said)
            assert ENGINE.dumps(t.state) == _made(state, action), said


CORRECTED = (
    "je mets le {card} sur la {wrong}, oh pardon, je voulais dire la {right}",
    "le {card} sur la {wrong}, oups, je me suis trompée de colonne, la {right}",
    "le {card} sur la {wrong}, et puis non, la {right}",
)


@pytest.mark.parametrize("template", CORRECTED)
def test_a_slip_corrected_in_a_whole_sentence_takes_the_last_column(
    grammar: Grammar, template: str,
) -> None:
    """A card that fits two columns, said on one, then corrected to the other in words:
    never placed on the first; placed on the second, at once or after « oui »."""
    checked = 0
    for state in _positions(12):
        by_card: dict[int, list[Place]] = {}
        for action in _singles(state):
            by_card.setdefault(action.cards[0], []).append(action)
        for wrong, right in (p[:2] for p in by_card.values() if len(p) > 1):
            t = make_table(grammar, state)
            said = template.format(card=word(right.cards[0]), wrong=word(wrong.column),
                                   right=word(right.column))
            asked = t.hear(said)
            if t.state == state and keys(asked)[:1] in (["did_you_mean"], ["guess_move"]):
                t.hear("oui")
            assert ENGINE.dumps(t.state) == _made(state, right), (said, keys(asked))
            checked += 1
    assert checked > 0


ENDED = ("je m'en tiens là", "j'en reste là pour ce tour", "basta pour moi", "fini pour moi",
         "je passe la main", "c'est terminé pour moi", "j'ai plus rien à jouer")


@pytest.mark.parametrize("said", ENDED)
def test_the_turn_ended_in_other_words_ends_it(grammar: Grammar, said: str) -> None:
    for state in _positions(3):
        action = _singles(state)[0]
        placed = ENGINE.apply(state, action)[0]
        if EndTurn() not in ENGINE.legal_actions(placed):
            continue
        t = make_table(grammar, placed)
        t.hear(said)
        assert ENGINE.dumps(t.state) == _made(placed, EndTurn()), said


AFTER_A_MOVE = ("et basta", "basta", "et c'est tout", "et j'ai fini", "et je passe la main",
                "puis fini pour moi", "et je m'arrête là")


@pytest.mark.parametrize("said", AFTER_A_MOVE)
def test_the_end_of_the_turn_said_after_a_move_ends_it(grammar: Grammar, said: str) -> None:
    """« le neuf sur la six et basta » (batch 33: the two moves were made, the turn left open,
    « basta » dropped as a word for nothing): the move, then the end of the turn."""
    checked = 0
    for state in _positions(3):
        for action in _singles(state)[:3]:
            placed = ENGINE.apply(state, action)[0]
            if EndTurn() not in ENGINE.legal_actions(placed):
                continue
            t = make_table(grammar, state)
            t.hear(f"je pose le {word(action.cards[0])} sur la colonne {word(action.column)} "
                   f"{said}")
            assert ENGINE.dumps(t.state) == _made(placed, EndTurn()), said
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("pause", ["deux secondes", "une minute", "attends une seconde",
                                   "stop deux secondes"])
def test_a_question_after_a_pause_word_is_answered_while_a_yes_no_waits(
    grammar: Grammar, pause: str,
) -> None:
    state = _positions(1)[0]
    action = _singles(state)[0]
    t = make_table(grammar, state, NAMES,
                   settings=settings_for(NAMES, confirm="always", scan_check="never"))
    t.hear(f"je pose le {word(action.cards[0])} sur la colonne {word(action.column)}")
    assert t.session.pending is not None
    heard = keys(t.hear(f"{pause}, il me reste quoi en main ?"))
    assert heard[0] == "answer.hand" and heard[-1] == "confirm_move", heard
    assert t.state == state
    t.hear("oui")
    assert ENGINE.dumps(t.state) == _made(state, action)


def test_may_i_with_a_verb_nobody_wrote_offers_the_one_move_it_fits(grammar: Grammar) -> None:
    """"Est-ce que je peux caser le sept sur la colonne trois ?": the one legal move the
    meaning words fit is offered in the game's words, « oui » makes exactly it; when no single
    move fits nothing is offered, and nothing is done before « oui »."""
    offered = tried = 0
    for state in _positions(3):
        for action in _singles(state):
            t = make_table(grammar, state)
            said = (f"est-ce que je peux caser le {word(action.cards[0])} sur la colonne "
                    f"{word(action.column)} ?")
            heard = t.hear(said)
            assert t.state == state, said
            tried += 1
            if keys(heard) == ["answer.can_offer"]:
                offered += 1
                assert word(action.cards[0]) in heard[0].text, heard[0].text
                t.hear("oui")
                assert ENGINE.dumps(t.state) == _made(state, action), said
    assert offered * 2 >= tried, (offered, tried)
