"""A « oui » with more words, answering « … ? Tu confirmes ? » (batch 14's « oui, et ajoute le
tissu »): the rest only says the yes again, and the move is made; the rest names something
the move does not hold, or negates, and the offer is dropped with nothing done (a later
« oui » makes nothing); the rest is another request after a sequence word, and both are
done in order. Properties over seeded Kingsbridge positions and every single-card placement,
and over Un monde sans fin's sales."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_helpers import ENGINE, dealt_places, keys, make_table, settings_for, word

from ludivox.asrbench import natural
from ludivox.engines.kingsbridge import KingsbridgeState
from ludivox.engines.kingsbridge.actions import EndTurn, Place
from ludivox.grammars.grammar import Grammar

NAMES = ("Anne", "Paul")


def _placements(count: int) -> list[tuple[KingsbridgeState, Place]]:
    return dealt_places(1, count, per_seed=3, seeds=100)


def _asked(grammar: Grammar, state: KingsbridgeState, action: Place) -> object:
    t = make_table(grammar, state, NAMES,
                   settings=settings_for(NAMES, confirm="always", scan_check="never"))
    t.hear(f"je pose le {word(action.cards[0])} sur la colonne {word(action.column)}")
    assert t.session.pending is not None and t.state == state
    return t


@pytest.mark.parametrize("rest", ["sur la colonne {column}, merci", "le {card}, vas-y",
                                  "c'est bien ça", "pose-le",
                                  # the move offered pointed at (batch 19)
                                  "oui c'est celui-là que je veux",
                                  "c'est bien ce que je voulais"])
def test_a_yes_said_again_makes_the_move(grammar: Grammar, rest: str) -> None:
    for state, action in _placements(8):
        t = _asked(grammar, state, action)
        said = rest.format(card=word(action.cards[0]), column=word(action.column))
        t.hear(f"oui, {said}")
        assert t.state == ENGINE.apply(state, action)[0], said


@pytest.mark.parametrize("rest", ["et le {other} aussi", "mais sur la colonne {elsewhere}",
                                  "mais pas sur la {column}", "mais sans le {card}",
                                  "mais sur la pioche", "mais dans la boîte"])
def test_a_yes_that_changes_the_move_never_makes_it(grammar: Grammar, rest: str) -> None:
    """Never the move offered as it was: the player asked for something else. When the
    rest is not understood, nothing waits any more (a later « oui » makes nothing)."""
    dropped = 0
    for state, action in _placements(8):
        card, column = action.cards[0], action.column
        other = next(n for n in (2, 8, 13) if n != card)
        elsewhere = next(c for c in (1, 2, 5) if c != column)
        t = _asked(grammar, state, action)
        said = rest.format(other=word(other), column=word(column), elsewhere=word(elsewhere),
                           card=word(card))
        t.hear(f"oui, {said}")
        assert t.state != ENGINE.apply(state, action)[0], said
        if t.session.pending is None:
            t.hear("oui")
            assert t.state == state, said
            dropped += 1
    assert dropped


def test_a_yes_then_the_end_of_the_turn_makes_both(grammar: Grammar) -> None:
    for state, action in _placements(6):
        t = _asked(grammar, state, action)
        t.hear("oui, et je termine mon tour")
        placed = ENGINE.apply(state, action)[0]
        assert t.state == placed
        t.hear("oui")  # these players confirm every move: the end of the turn too
        assert t.state == ENGINE.apply(placed, EndTurn())[0]


@pytest.mark.parametrize("extra", ["et ajoute le tissu", "et un tissu avec",
                                   "mais sans la laine", "et vends aussi mon tissu"])
def test_world_without_end_a_sale_changed_after_yes_is_not_made(extra: str) -> None:
    """« je vends deux laines » asked (Un monde sans fin, the corpus's position ``action``),
    then « oui, <extra> »: nothing sold, nothing left to say yes to."""
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    case = natural.Case(say=f"oui, {extra}", at="action", expect_actions=("play vente wool=2",),
                        before=("je vends deux laines",), settings=(("confirm", "always"),))
    [result] = natural.run(replace(corpus, cases=(case,))).results
    assert result.outcome == "not_understood", (extra, result)


def _wwe_case(say: str, before: str, expect: str) -> natural.Result:
    """``say`` at the corpus's ``paul_house`` after ``before`` raised a yes / no question."""
    corpus = next(c for c in natural.load_all() if c.game == "monde-sans-fin")
    case = natural.Case(say=say, at="paul_house", expect_actions=(expect,),
                        before=(before,), settings=(("confirm", "always"),))
    [result] = natural.run(replace(corpus, cases=(case,))).results
    return result


@pytest.mark.parametrize("rest", ["un or pour le pont", "je fais un don pour le pont",
                                  "un don pour le pont", "pour le pont"])
def test_world_without_end_the_move_said_again_after_yes_is_made(rest: str) -> None:
    """« je fais un don pour le pont ? » asked, then « oui, <the same donation in other
    words> »: the rest, read on its own, is exactly the move asked about (even naming its
    gold, which the question did not say), so it is the yes."""
    result = _wwe_case(f"oui, {rest}", "je fais un don pour le pont", "play don project=pont")
    assert result.outcome == "understood", (rest, result)


@pytest.mark.parametrize("rest", ["pour la cathédrale", "un don pour la cathédrale",
                                  "mais pour l'hospice", "un or pour la guilde"])
def test_world_without_end_a_donation_elsewhere_after_yes_is_not_made(rest: str) -> None:
    """« je fais un don pour le pont ? » asked, then « oui, <another place> », known or not:
    never the donation to the bridge (a donation said in full elsewhere is that one)."""
    result = _wwe_case(f"oui, {rest}", "je fais un don pour le pont", "play don project=pont")
    assert result.outcome not in ("understood", "asked_right"), (rest, result)


@pytest.mark.parametrize("said", ["laisse tomber, je change d'avis",
                                  "non, finalement je change d'avis", "j'ai changé d'avis",
                                  "oublie ça, je me ravise"])
def test_a_mind_changed_drops_the_offer_and_nothing_else(grammar: Grammar, said: str) -> None:
    """« laisse tomber, je change d'avis » to « … c'est bien ça ? » (batch 19): nothing
    done, nothing waits (a later « oui » makes nothing), and no « je n'ai pas compris »."""
    for state, action in _placements(4):
        t = _asked(grammar, state, action)
        says = t.hear(said)
        assert t.session.pending is None and t.state == state, said
        assert not any(k.startswith("not_understood") for k in keys(says)), (said, keys(says))
        t.hear("oui")
        assert t.state == state, said
