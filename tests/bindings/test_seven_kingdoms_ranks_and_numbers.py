"""7 Kingdoms: a take said as a list of cards, some by their rank and some by their number
alone (issue 16, batch 24's « on prend l'évêque la princesse et le quarante et un tout au
royaume », read as « la princesse, le quarante et un » and refused).

Over the legal takes of the natural corpus's take positions, through the real session: the
cards whose rank is alone in the row said by it, the others by their number, a list word
before each number, in both orders, takes exactly those cards; a number said right after a
rank (no list word) stays that rank's number, checked; a card said both by its rank and its
number is refused (two cards meant, one said twice) and nothing changes."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_asked_of_the_assistant import THE
from test_seven_kingdoms_said_around import TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
RANKS = {"roi", "général", "chevalier", "marchand", "paysan"}


def _mixed(state: SevenKingdomsState) -> list[tuple[list[int], list[int]]]:
    """Legal takes of two cards or more with a card alone of its rank in the row and a
    card said by number: (by rank, by number)."""
    row = [c for c in state.row if c is not None]
    alone = {c for c in row if sum(rank_of(d) == rank_of(c) for d in row) == 1}
    out = []
    for taken in sorted({a.cards for a in ENGINE.legal_actions(state) if isinstance(a, Take)}):
        if len(taken) < 2 or ENGINE.refusal(state, Take(taken, ())) is not None:
            continue
        ranked = [c for c in taken if c in alone]
        numbered = [c for c in taken if c not in alone] or ranked[-1:]
        ranked = [c for c in ranked if c not in numbered]
        if ranked and numbered:
            out.append((ranked, numbered))
    return out[::max(1, len(out) // 5)]  # five or so, spread over the sizes


def _list(words: list[str]) -> str:
    """The cards in a list, « et » before every number and the last card."""
    out = words[0]
    for i, word in enumerate(words[1:], 1):
        out += f" et {word}" if i == len(words) - 1 or not word.startswith("l") or (
            word.startswith("le ") and word[3:] not in RANKS) else f" {word}"
    return out


@pytest.mark.parametrize("form", ["je prends {cards} tout au royaume",
                                  "{cards} tout dans mon royaume"])
@pytest.mark.parametrize("at", TAKES)
def test_ranks_then_numbers_take_those_cards(at: str, form: str) -> None:
    state, names = _position(at)
    takes = _mixed(state)
    assert takes or at == "take"  # one card only at the merchant's take
    for ranked, numbered in takes:
        words = [THE[rank_of(c)] for c in ranked] + [f"le {WORDS.cardinal(c)}" for c in numbered]
        cards = tuple(sorted(ranked + numbered))
        _same(state, names, form.format(cards=_list(words)), Take(cards, ()))
        # the number first, then the ranks: « le quarante et un, l'évêque et la princesse »
        first = [f"le {WORDS.cardinal(numbered[0])}"] + [THE[rank_of(c)] for c in ranked]
        if len(numbered) == 1:
            _same(state, names, form.format(cards=_list(first)), Take(cards, ()))


@pytest.mark.parametrize("at", TAKES)
def test_a_rank_and_a_number_without_a_list_word_is_that_card_checked(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for card in row:
        # « le marchand trente-neuf »: the same rank would be a checked card
        for other in [c for c in row if rank_of(c) != rank_of(card)][:1]:
            table = make(state, names)
            table.hear(f"je prends {THE[rank_of(card)]} le {WORDS.cardinal(other)} au royaume",
                       seat=ENGINE.awaiting(state).seat)
            assert ENGINE.dumps(table.state) == ENGINE.dumps(state), (card, other)


@pytest.mark.parametrize("at", TAKES)
def test_a_card_said_by_its_rank_and_its_number_is_refused(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for card in row:
        if sum(rank_of(d) == rank_of(card) for d in row) > 1:
            continue
        table = make(state, names)
        said = table.hear(f"je prends {THE[rank_of(card)]} et le {WORDS.cardinal(card)} au "
                          "royaume", seat=ENGINE.awaiting(state).seat)
        assert ENGINE.dumps(table.state) == ENGINE.dumps(state), card
        assert any(s.key == "refusal.duplicate_card" for s in said), card
