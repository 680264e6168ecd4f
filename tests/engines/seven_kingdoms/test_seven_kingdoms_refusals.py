"""Every refusal code, with its parameters, and the catalogue's integrity."""

from __future__ import annotations

import pytest
from sk_support import ENGINE, resolving, state

from ludivox.engines.base import IllegalAction
from ludivox.engines.seven_kingdoms import REASON_CODES, Play, SevenKingdomsAction, Take

PLAY = state("row=1,2,3,4,5,6,7 pile=rest hidden=rest revealed=x2,+3 s0=hand:40,41 s1=hand:42")
BONUS = state("phase=bonus order=0 resolving=12 row=1,2,3,4,5,6,7 pile=rest hidden=rest "
              "revealed=x2,+3 s0=hand:30;kingdom:12 s1=-")
OVER = state("phase=over end=pile_empty pile=rest hidden=rest revealed=x2,+3 s0=kingdom:1 s1=-")
T = "mode=table hidden_unknown=8 pile_unknown=49"
SETUP_BLASONS = state(f"{T} phase=setup_blasons blasons=3 s0=- s1=-")
SETUP_TOKENS = state("mode=table phase=setup_tokens revealed=x2 hidden_unknown=7 "
                     "pile_unknown=49 s0=- s1=-")
SETUP_FIRST = state("mode=table phase=setup_first revealed=x2,+3 hidden_unknown=6 "
                    "pile_unknown=49 s0=- s1=-")
SETUP_ROW = state("mode=table phase=setup_row revealed=x2,+3 hidden_unknown=6 row=5,-,-,-,-,-,- "
                  "pile_unknown=42 s0=unknown:3 s1=unknown:3")
KINGDOM = ",".join(map(str, range(21, 42)))
FINAL = state("mode=table phase=final end=pile_empty revealed=x2,+3 hidden_unknown=6 "
              "row=1,2,3,4,5,6,7 discard=8,9,10,11,12,13,14,15,16,17,18,19,20 pile_unknown=0 "
              f"s0=kingdom:{KINGDOM} s1=unknown:3;kingdom:42,43,44,45,46")

CASES: list[tuple[str, object, SevenKingdomsAction | str, str]] = [
    ("game over", OVER, "play 1", "game_over"),
    ("world reveal in a virtual game", PLAY, "card 8", "not_table_mode"),
    ("take while playing", PLAY, "take 1", "not_now"),
    ("not a card", PLAY, Play(60), "no_such_card"),
    ("card in the row", PLAY, "play 1", "card_not_in_hand"),
    ("bonus not face up", BONUS, "bonus +4", "token_not_revealed"),
    ("same card twice", resolving(7, "1,2,3,4,5,6,8"), Take((1, 1)), "duplicate_card"),
    ("card from the hand", resolving(7, "1,2,3,4,5,6,8"), "take 30", "card_not_in_row"),
    ("keep a card not taken", resolving(7, "1,2,3,4,5,6,8"), "take 1 keep 2", "keep_not_taken"),
    ("five for a king", resolving(7, "1,2,3,4,5,6,8"), "take 1 2 3 4 5", "too_many_cards"),
    ("merchant takes none", resolving(40, "1,2,3,4,5,6,7"), "take nothing", "must_take"),
    ("general's places apart", resolving(18, "1,2,3,4,5,6,7"), "take 1 5", "not_consecutive"),
    ("half a window", resolving(30, "1,2,3,4,5,6,7", "31"), "take 2", "window_not_whole"),
    ("no empty window", resolving(30, "1,2,3,4,5,6,7", "31"), "take nothing",
     "no_empty_window"),
    ("peasant elsewhere", resolving(44, "1,2,3,4,5,6,7"), "take 1", "not_paysan_place"),
    ("hand full", resolving(7, "1,2,3,4,5,6,8", "30,31"), "take 1 2 keep 1 2", "hand_limit"),
    ("unknown blason", SETUP_BLASONS, "blason 8", "no_such_blason"),
    ("blason twice", SETUP_BLASONS, "blason 3", "blason_already_placed"),
    ("unknown token", SETUP_TOKENS, "token x3", "no_such_token"),
    ("token twice", SETUP_TOKENS, "token x2", "token_already_revealed"),
    ("seat out of range", SETUP_FIRST, "first 2", "no_such_seat"),
    ("card already in the row", SETUP_ROW, "card 5", "card_known"),
    ("hand card in the row", FINAL, "hand 1 1", "card_known"),
    ("nothing hidden", FINAL, "hand 0 48", "no_hidden_card"),
]


def _action(action: SevenKingdomsAction | str) -> SevenKingdomsAction:
    return ENGINE.parse_action(action) if isinstance(action, str) else action


@pytest.mark.parametrize(("name", "start", "action", "expected"), CASES, ids=[c[0] for c in CASES])
def test_refusal_code_and_params(
    name: str, start: object, action: SevenKingdomsAction | str, expected: str
) -> None:
    value = _action(action)
    reason = ENGINE.refusal(start, value)  # type: ignore[arg-type]
    assert reason is not None, name
    assert reason.code == expected
    assert set(reason.args) == set(REASON_CODES[expected])
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(start, value)  # type: ignore[arg-type]
    assert caught.value.reason == reason
    assert value not in set(ENGINE.legal_actions(start))  # type: ignore[arg-type]


def test_every_code_of_the_catalogue_is_exercised() -> None:
    assert {c[3] for c in CASES} == set(REASON_CODES)


def test_refusals_never_leak_hidden_cards() -> None:
    # 42 is in seat 1's secret hand, 8 in the draw pile: seat 0 only hears "not in your hand"
    for card in (42, 8):
        reason = ENGINE.refusal(PLAY, Play(card))
        assert reason is not None and reason.args == {"card": card, "where": ""}
    assert ENGINE.refusal(PLAY, Play(1)) is not None
    assert ENGINE.refusal(PLAY, Play(1)).args["where"] == "row"  # type: ignore[union-attr]


def test_not_now_says_what_is_expected() -> None:
    reason = ENGINE.refusal(PLAY, _action("bonus x2"))
    assert reason is not None
    assert reason.args == {"kind": "bonus", "phase": "play", "expected": ("play",),
                           "within_phase": False}
