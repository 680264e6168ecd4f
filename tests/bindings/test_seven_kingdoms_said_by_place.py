"""7 Kingdoms: cards of a take said by their place, their count or their rank, all checked
(issue 16, batch 17).

* the count said first: « les quatre : douze, vingt-quatre, … » (another count: nothing);
* each card by its rank, the number checked: « le roi et le marchand trente-neuf, les deux
  dans le royaume » (a number of another rank: nothing);
* the row's first or last cards: « les trois dernières cartes de la rangée, tout dans le
  royaume »;
* one card by where it lies, its rank checked: « celui tout à gauche, le général » (another
  rank: nothing);
* the card kept said by its rank: « …, je garde la princesse »;
* the bigger or smaller card of a rank in the hand: « je joue mon gros chevalier » (with its
  number, checked: « je sors le gros chevalier, trente-cinq »);
* a token asked for: « donne-moi le jeton plus deux », « moi ce sera le paysan »;
* where the card goes said first, the card pointed at: « dans ma main, celui-là ».

Over the legal takes of the natural corpus's take positions, its hands and its tokens,
through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, TOKEN, _position, _said, _takes
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
RANK = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
        "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
        "paysan": "le paysan"}


def _few(state: SevenKingdomsState) -> list[Take]:
    """Four or so legal takes, spread over the sizes, all validated."""
    takes = _takes(state, keep_all=False)
    assert takes
    return takes[1::3]


def _heard(state: SevenKingdomsState, names: list[str], *texts: str) -> SevenKingdomsState:
    table = make(state, names)
    for text in texts:
        table.hear(text, seat=ENGINE.awaiting(state).seat)
    return table.state


def _did(state: SevenKingdomsState, names: list[str], text: str, action: object,
         *before: str) -> None:
    after = _heard(state, names, *before, text)
    assert ENGINE.dumps(after) == ENGINE.dumps(ENGINE.apply(state, action)[0]), text


def _nothing(state: SevenKingdomsState, names: list[str], text: str) -> None:
    assert ENGINE.dumps(_heard(state, names, text)) == ENGINE.dumps(state), text


def _by_rank(cards: tuple[int, ...], wrong: int | None = None) -> str:
    """« le roi, le marchand trente-neuf et … »: each card with its rank (``wrong``: said
    with the rank of the card after it)."""
    words = []
    for i, card in enumerate(cards):
        rank = rank_of(cards[(i + 1) % len(cards)] if card == wrong else card)
        words.append(f"{RANK[rank]} {WORDS.cardinal(card)}")
    return ", ".join(words[:-1]) + f" et {words[-1]}" if len(words) > 1 else words[0]


@pytest.mark.parametrize("at", ["take_king", "general"])
def test_the_count_said_first_is_checked(at: str) -> None:
    state, names = _position(at)
    for take in _few(state):
        numbers = ", ".join(WORDS.cardinal(c) for c in take.cards)
        if len(take.cards) > 1:  # (« les deux : six » is two sixes: language.yaml's counted)
            count = WORDS.cardinal(len(take.cards))
            _did(state, names, f"les {count} : {numbers}, et je valide tout", take)
            more = WORDS.cardinal(len(take.cards) + 1)
            _nothing(state, names, f"je prends les {more} : {numbers}, et je valide tout")


@pytest.mark.parametrize("at", ["take_king", "princess"])
def test_cards_said_by_rank_and_number_are_checked(at: str) -> None:
    state, names = _position(at)
    for take in _few(state):
        if len(take.cards) < 2:
            continue
        count = WORDS.cardinal(len(take.cards))
        _did(state, names, f"{_by_rank(take.cards)}, les {count} dans le royaume", take)
        mixed = [c for c in take.cards if rank_of(c) != rank_of(take.cards[0])]
        if mixed:  # one number said with another card's rank: refused, nothing done
            _nothing(state, names, f"je prends {_by_rank(take.cards, take.cards[0])}, "
                                   "tout dans mon royaume")


@pytest.mark.parametrize("end", ["premières", "dernières"])
@pytest.mark.parametrize("at", TAKES)
def test_the_first_or_last_cards_of_the_row(at: str, end: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for count in (2, 3):
        cards = tuple(sorted(row[:count] if end == "premières" else row[-count:]))
        text = f"les {WORDS.cardinal(count)} {end} cartes de la rangée, tout dans le royaume"
        take = Take(cards, ())
        if ENGINE.refusal(state, take) is None:
            _did(state, names, text, take)
        else:
            _nothing(state, names, text)


@pytest.mark.parametrize("at", ["take", "princess", "take_king"])
def test_one_card_by_where_it_lies_with_its_rank_checked(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for edge, card in (("tout à gauche", row[0]), ("tout à droite", row[-1])):
        _did(state, names, f"celui {edge}, {RANK[rank_of(card)]}, validé", Take((card,), ()))
        _did(state, names, f"je prends {RANK[rank_of(card)]} {edge}, dans mon royaume",
             Take((card,), ()))
        other = next(c for c in row if rank_of(c) != rank_of(card))
        _nothing(state, names, f"celui {edge}, {RANK[rank_of(other)]}, validé")
        _nothing(state, names, f"je prends celui {edge}, le {WORDS.cardinal(other)}, validé")


@pytest.mark.parametrize("at", ["take_king", "general"])
def test_the_card_kept_said_by_its_rank(at: str) -> None:
    state, names = _position(at)
    for take in _few(state):
        for card in [c for c in take.cards if [rank_of(d) for d in take.cards].count(
                rank_of(c)) == 1][:1]:
            kept = Take(take.cards, (card,))
            text = f"je prends {_said(take.cards)}, je garde {RANK[rank_of(card)]}"
            if ENGINE.refusal(state, kept) is None:
                _did(state, names, text, kept)
            else:
                _nothing(state, names, text)


def test_the_bigger_or_smaller_card_of_a_rank_in_the_hand() -> None:
    state, names = _position("play")
    hand = state.seats[ENGINE.awaiting(state).seat].hand
    ranks = {rank_of(c) for c in hand if sum(rank_of(d) == rank_of(c) for d in hand) > 1}
    assert ranks
    for rank in ranks:
        cards = [c for c in hand if rank_of(c) == rank]
        word = RANK[rank].split()[-1].removeprefix("l'")
        _did(state, names, f"je joue mon gros {word}, et voilà", Play(max(cards)))
        _did(state, names, f"mon plus petit {word}", Play(min(cards)))
        _did(state, names, f"je sors le gros {word}, {WORDS.cardinal(max(cards))}",
             Play(max(cards)))
        _nothing(state, names, f"je sors le gros {word}, {WORDS.cardinal(min(cards))}")


@pytest.mark.parametrize("form", ["donne-moi le jeton {token}", "moi ce sera le {token}"])
def test_a_token_asked_for(form: str) -> None:
    state, names = _position("bonus")
    for token in state.tokens_revealed:
        _did(state, names, form.format(token=TOKEN[token]), ChooseToken(token))


def test_where_said_first_then_the_card_pointed_at() -> None:
    state, names = _position("take")
    for card in [c for c in state.row if c is not None]:
        ask = f"je prends le {WORDS.cardinal(card)}"
        if ENGINE.refusal(state, Take((card,), (card,))) is None:
            _did(state, names, "dans ma main, celui-là", Take((card,), (card,)), ask)
