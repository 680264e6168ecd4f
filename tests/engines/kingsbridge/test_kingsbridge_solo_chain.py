"""Several characters in one solo turn, one at a time; one per player and per turn in co-op.

Solo ("Jouer des cartes Personnage"): "Utilisez 1 carte Personnage à la fois, puis
remettez-la dans la boîte et révélez-en une nouvelle." Co-op ("Procédez comme pour le mode
solo") adds: "dans la limite d'1 carte Personnage par joueur et par tour". So in solo a
character may follow another in the same turn once the previous one's effect is spent (boxed
and replaced first); Aldred's and Mère Agatha's powers last the turn ("Pendant ce tour"),
Edgar just laid cannot be taken back this turn, Ragna's skip lasts until used.
"""

from __future__ import annotations

import pytest
from full_support import ENGINE, full_position, play, refused, values

from ludivox.engines.kingsbridge.characters import SPENT_AT_ONCE, usable
from ludivox.engines.kingsbridge.charactions import CharacterUse, Malus
from ludivox.engines.kingsbridge.coach import PLAN, best_plan
from ludivox.engines.kingsbridge.legal import character_choices
from ludivox.engines.kingsbridge.players import choose_turn
from ludivox.engines.kingsbridge.state import CHARACTERS, KingsbridgeState

COLUMNS = [[3, 4, 5], [9, 10], [11], [12], [2], [6, 7]]
HAND = [[7, 8, 13, 1, 1, 4]]


def _position(mode: str, revealed: list[str], deck: list[str]) -> KingsbridgeState:
    hands = HAND if mode == "solo" else [*HAND, [4, 5, 6, 7, 8, 9]]
    piles = [[1, 2]] if mode == "solo" else [[1, 2], [3]]
    return full_position(COLUMNS, hands, piles, mode=mode, revealed=revealed, deck=deck)


@pytest.mark.parametrize("mode", ["solo", "coop"])
def test_wynstan_then_ragna_in_one_solo_turn_but_not_in_coop(mode: str) -> None:
    # Wynstan clears the 10 off column 2, then Ragna (revealed after Wynstan was boxed in
    # solo, already there in co-op) lets the 7 go after the 5 of column 1.
    state = _position(mode, ["wynstan", "ragna", "den"], ["gytha", "aldred"])
    state, _ = play(state, "use wynstan 1 from 2")
    assert state.revealed == ("ragna", "den", "gytha")
    if mode == "coop":
        assert refused(state, "use ragna skip 6 on 1").code == "character_already_used"
        assert usable(state) == ()
        return
    assert usable(state) == ("ragna", "den", "gytha")
    state, _ = play(state, "use ragna skip 6 on 1", "place 7 8 on 1")
    assert values(state, 1) == [3, 4, 5, 7, 8] and values(state, 2) == [9]
    assert state.revealed == ("den", "gytha", "aldred") and state.characters_left() == 3


def _first_use(state: KingsbridgeState, name: str) -> CharacterUse:
    for action in character_choices(state, name):
        if ENGINE.refusal(state, action) is None:
            return action
    raise AssertionError(f"no legal use of {name}")


@pytest.mark.parametrize("name", sorted(set(CHARACTERS) - {"ragna"}))
def test_a_second_solo_character_only_once_the_first_ones_effect_is_spent(name: str) -> None:
    # Every character used first: a second one is allowed exactly when the first one's
    # effect is done (never in co-op); a refusal keeps its reason code.
    second, text = ("wynstan", "use wynstan 2 from 6") if name == "den" else ("den", "use den 6")
    others = [n for n in CHARACTERS if n not in (name, second)]
    for mode in ("solo", "coop"):
        state = _position(mode, [name, second, others[0]], others[1:4])
        state, _ = ENGINE.apply(state, _first_use(state, name))
        allowed = mode == "solo" and name in SPENT_AT_ONCE
        assert bool(usable(state)) == allowed, (mode, name)
        if allowed:
            after, _ = play(state, text)
            assert values(after, 6) == []
        else:
            code = "character_still_acting" if mode == "solo" else "character_already_used"
            assert refused(state, text).code == code


def test_ragna_lets_another_solo_character_follow_once_her_skip_is_used() -> None:
    state = _position("solo", ["ragna", "den", "gytha"], ["wynstan", "aldred"])
    state, _ = play(state, "use ragna skip 6 on 1")
    assert refused(state, "use den 4").code == "character_still_acting"  # her skip is pending
    state, _ = play(state, "place 7 on 1")
    state, _ = play(state, "use den 4", "place 13 on 4")
    assert values(state, 4) == [13]


def test_the_solo_expert_chains_two_characters_face_up_at_the_turns_start() -> None:
    # only the 9 in hand, after 3-4-5-6; one 7 in the discard, the other 7s and the 8s in
    # the pile. Gytha alone lays the 7 (no 8 to take), Ragna alone skips the 7 only: Gytha,
    # then Ragna skipping the 8, lets the 9 go (2 points instead of a malus card, 5). Both
    # were face up at the turn's start; once Gytha is boxed the expert sees the character
    # revealed and searches again from there
    columns = [[3, 4, 5, 6], *([[10, 11, 12, 13]] * 5)]
    pile = [7] * 7 + [8] * 8
    state = full_position(columns, [[9]], [pile], mode="solo",
                          revealed=["gytha", "ragna", "wilwulf"], deck=["aldred", "den"])
    turn = choose_turn(state, 0)
    assert not any(isinstance(a, Malus) for a in turn)
    names = [a.character for a in turn if isinstance(a, CharacterUse)]
    assert names == ["gytha", "ragna"]
    assert list(best_plan(state, goal=PLAN).actions) == turn[:-1]
    for action in turn:
        state, _ = ENGINE.apply(state, action)
    assert state.malus == () and state.characters_left() == 3
