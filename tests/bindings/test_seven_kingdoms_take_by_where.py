"""7 Kingdoms: cards of a take said by where they lie (issue 16, batch 20).

* the row's last or first cards said by their side: « prends les quatre cartes de droite au
  royaume », « les trois de gauche pour mon royaume »;
* one of the taken cards kept by where it lies among them: « les deux premières de la
  rangée, la première je la garde »;
* a card of a rank by the card beside it: « je voudrais le marchand, celui juste à côté du
  roi » (not one such card: refused, nothing changes);
* a card and its neighbours, one kept by rank: « le roi avec ses deux voisins et le roi je
  le garde en main »;
* cards wanted by rank, one kept asked of the assistant: « je veux le général et les deux
  marchands et le général tu me le laisses en main »;
* the card that takes said with « pour »: « pour ma princesse le général et la princesse
  dans le royaume » (checked against the card being resolved).

Over the natural corpus's take positions and the cards of their row, through the real
session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_asked_of_the_assistant import THE
from test_seven_kingdoms_said_around import RANK, TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import rank_of
from ludivox.engines.seven_kingdoms.actions import Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
IT = {"princesse": "la"}


@pytest.mark.parametrize("at", TAKES[1:])  # the Évêque of « take » takes one card
def test_the_rows_first_or_last_cards_said_by_their_side(at: str) -> None:
    state, names = _position(at)
    present = [c for c in state.row if c is not None]
    made = 0
    for count in range(2, len(present) + 1):
        for side, cards in (("droite", present[-count:]), ("gauche", present[:count])):
            take = Take(tuple(sorted(cards)), ())
            if ENGINE.refusal(state, take) is not None:
                continue
            said = WORDS.cardinal(count, feminine=True)
            _same(state, names, f"prends les {said} cartes de {side} au royaume", take)
            _same(state, names, f"les {said} de {side} pour mon royaume", take)
            made += 1
    assert made


@pytest.mark.parametrize("at", TAKES)
def test_one_of_the_taken_kept_by_where_it_lies_among_them(at: str) -> None:
    state, names = _position(at)
    present = [c for c in state.row if c is not None]
    for count in (2, 3):
        cards = present[:count]
        for word, kept in (("première", cards[0]), ("deuxième", cards[1]),
                           ("dernière", cards[-1])):
            take = Take(tuple(sorted(cards)), (kept,))
            if ENGINE.refusal(state, take) is None:
                said = WORDS.cardinal(count, feminine=True)
                _same(state, names, f"les {said} premières de la rangée la {word} je la garde",
                      take)


@pytest.mark.parametrize("at", ("take", "princess"))
def test_a_card_of_a_rank_said_by_the_card_beside_it(at: str) -> None:
    state, names = _position(at)
    row = state.row
    seat = ENGINE.awaiting(state).seat
    for place, card in enumerate(row):
        if card is None:
            continue
        rank = rank_of(card)
        for near in (row[p] for p in (place - 1, place + 1) if 0 <= p < len(row)):
            if near is None:
                continue
            said = f"je voudrais le {THE[rank]} celui juste à côté {THE[rank_of(near)]}"
            said = said.replace("le le ", "le ").replace("le la ", "la ").replace(
                "le l'", "l'").replace("côté le ", "côté du ").replace(
                "côté la ", "côté de la ").replace("côté l'", "côté de l'")
            fits = [c for p, c in enumerate(row) if c is not None and rank_of(c) == rank
                    and any(0 <= q < len(row) and row[q] is not None
                            and rank_of(row[q] or 0) == rank_of(near) for q in (p - 1, p + 1))]
            take = Take((card,), ())
            if len(fits) == 1 and ENGINE.refusal(state, take) is None:
                _same(state, names, f"{said} dans mon royaume", take)
            elif len(fits) > 1:
                table = make(state, names)
                table.hear(f"{said} dans mon royaume", seat=seat)
                assert ENGINE.dumps(table.state) == ENGINE.dumps(state), said


def test_a_card_and_its_neighbours_one_kept_by_rank() -> None:
    state, names = _position("general")
    row = state.row
    made = 0
    for place in range(1, len(row) - 1):
        centre, cards = row[place], row[place - 1:place + 2]
        if centre is None or None in cards:
            continue
        rank = rank_of(centre)
        if [rank_of(c or 0) for c in row if c is not None].count(rank) != 1:
            continue
        take = Take(tuple(sorted(c for c in cards if c is not None)), (centre,))
        if ENGINE.refusal(state, take) is None:
            _same(state, names, f"{THE[rank]} avec ses deux voisins et {THE[rank]} je "
                                f"{IT.get(rank, 'le')} garde en main", take)
            made += 1
    assert made


def test_cards_wanted_by_rank_one_kept_asked_of_the_assistant() -> None:
    state, names = _position("take_king")
    singles = [c for c in state.row if c is not None and [
        rank_of(d) for d in state.row if d is not None].count(rank_of(c)) == 1]
    made = 0
    for kept in singles:
        for other in singles:
            if other == kept:
                continue
            take = Take(tuple(sorted((kept, other))), (kept,))
            if ENGINE.refusal(state, take) is not None:
                continue
            r, o = rank_of(kept), rank_of(other)
            _same(state, names, f"je veux {THE[r]} et {THE[o]} et {THE[r]} tu me "
                                f"{IT.get(r, 'le')} laisses en main", take)
            made += 1
    assert made


@pytest.mark.parametrize("at", TAKES)
def test_the_card_that_takes_said_with_pour(at: str) -> None:
    state, names = _position(at)
    taker = state.resolving_card
    assert taker is not None
    singles = [c for c in state.row if c is not None and [
        rank_of(d) for d in state.row if d is not None].count(rank_of(c)) == 1]
    for card in singles[:3]:
        take = Take((card,), ())
        if ENGINE.refusal(state, take) is None:
            _same(state, names, f"pour {RANK[rank_of(taker)]} {THE[rank_of(card)]} dans le "
                                "royaume", take)
