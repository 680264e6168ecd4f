"""7 Kingdoms: several cards of the row named by their ranks in one take (« je prends le
général et la princesse, je valide les deux », « les deux marchands et l'évêque, tout dans le
royaume », « je rafle le paysan, le roi et le marchand »): the same take as said by their
numbers; a rank with several cards in the row is settled by the take the rules allow, else
asked, and nothing changes. Over every legal take of the natural corpus's positions where a
king (up to four cards) and a general (three neighbouring places) take, through the real
session."""

from __future__ import annotations

import itertools

import pytest
from test_seven_kingdoms_session import ENGINE, make

from ludivox.asrbench import natural
from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take

ONE = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
       "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
       "paysan": "le paysan"}
ALL = {"roi": "rois", "eveque": "évêques", "general": "généraux", "princesse": "princesses",
       "chevalier": "chevaliers", "marchand": "marchands", "paysan": "paysans"}
COUNT = {2: "deux", 3: "trois", 4: "quatre"}
POSITIONS = ("take_king", "general")


def _position(at: str) -> tuple[SevenKingdomsState, list[str]]:
    corpus = next(c for c in natural.load_all() if c.game == "seven-kingdoms")
    data, names = corpus.positions[at]
    return ENGINE.from_json(data), list(names)


def _by_ranks(row: list[int], cards: tuple[int, ...]) -> str | None:
    """The cards said by their ranks, or None when a rank names some of its cards only."""
    said = []
    for rank in dict.fromkeys(rank_of(c) for c in cards):
        taken = sum(1 for c in cards if rank_of(c) == rank)
        in_row = sum(1 for c in row if rank_of(c) == rank)
        if taken != in_row:
            return None
        said.append(ONE[rank] if taken == 1 else f"les {COUNT[taken]} {ALL[rank]}")
    if len(said) == 1 and len(cards) == 1:
        return None  # one card: the single-rank test's
    return ", ".join(said[:-1]) + f" et {said[-1]}" if len(said) > 1 else said[0]


@pytest.mark.parametrize("form", ["je prends {cards}, je valide tout",
                                  "{cards}, tout dans le royaume",
                                  "je rafle {cards} et je les valide"])
@pytest.mark.parametrize("at", POSITIONS)
def test_cards_named_by_their_ranks_are_taken_as_by_their_numbers(at: str, form: str) -> None:
    state, names = _position(at)
    seat = ENGINE.awaiting(state).seat
    row = [c for c in state.row if c is not None]
    takes = {a.cards for a in ENGINE.legal_actions(state) if isinstance(a, Take)}
    checked = 0
    for cards in sorted(takes):
        words = _by_ranks(row, cards)
        if words is None or ENGINE.refusal(state, Take(cards)) is not None:
            continue
        table = make(state, names)
        table.hear(form.format(cards=words), seat=seat)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(ENGINE.apply(state, Take(cards))[0]), \
            form.format(cards=words)
        checked += 1
    assert checked


def test_a_rank_that_names_one_of_several_cards_is_asked_when_the_rules_leave_a_choice(
        ) -> None:
    """« le marchand et le roi » with two merchants in the row: taken when only one of them
    makes an allowed take, else which one is asked and nothing changes."""
    checked = 0
    for at in POSITIONS:
        state, names = _position(at)
        seat = ENGINE.awaiting(state).seat
        row = [c for c in state.row if c is not None]
        for first, second in itertools.permutations(ONE, 2):
            twins = [c for c in row if rank_of(c) == first]
            alone = [c for c in row if rank_of(c) == second]
            if len(twins) < 2 or len(alone) != 1:
                continue
            allowed = [c for c in twins
                       if ENGINE.refusal(state, Take(tuple(sorted((c, *alone))))) is None]
            table = make(state, names)
            said = table.hear(f"je prends {ONE[first]} et {ONE[second]}, je valide tout",
                              seat=seat)
            if len(allowed) == 1:
                expected = ENGINE.apply(state, Take(tuple(sorted((allowed[0], *alone)))))[0]
                assert ENGINE.dumps(table.state) == ENGINE.dumps(expected)
            else:
                assert [s.key for s in said] == ["rank_several_in_row"], said
                assert ENGINE.dumps(table.state) == ENGINE.dumps(state)
            checked += 1
    assert checked
