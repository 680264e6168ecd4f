"""7 Kingdoms: moves and answers said with fewer or other words (issue 16, batch 18).

* a card of the hand by its rank and number without a verb (« allez, le chevalier
  trente-cinq »: the rank checked), or by its rank then which of them (« mon chevalier le
  plus fort des deux »); more verbs (« j'envoie le … », « je chope le … »);
* a take said by where its cards lie: « le roi et ses deux voisins », « les trois cartes du
  milieu »; « tout ce qui reste sauf … »; several cards by rank without a verb (where they go
  asked); a card said first then wanted somewhere (« la princesse, je la veux dans ma main »);
  « …, je mets le roi dans ma main »;
* the Évêque's token by the points it gives (« le jeton qui donne deux points »);
* the answer to « en main ou dans ton royaume ? » with the cards after it (« je la garde en
  main, celle-là », « dans mon royaume, tous les deux »: the count checked).

Over the natural corpus's positions, every card of the row or hand, through the real session."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_said_around import TAKES, _position
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import ChooseToken, Play, Take
from ludivox.engines.seven_kingdoms.components import PLACES
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
THE = {"roi": "le roi", "eveque": "l'évêque", "general": "le général",
       "princesse": "la princesse", "chevalier": "le chevalier", "marchand": "le marchand",
       "paysan": "le paysan"}
MY = {"roi": "mon roi", "eveque": "mon évêque", "general": "mon général",
      "princesse": "ma princesse", "chevalier": "mon chevalier", "marchand": "mon marchand",
      "paysan": "mon paysan"}
PRONOUN = {"princesse": "la", "eveque": "le"}  # « l'évêque, je le veux … »


def _hear(state: SevenKingdomsState, names: list[str], text: str) -> SevenKingdomsState:
    table = make(state, names)
    table.hear(text, seat=ENGINE.awaiting(state).seat)
    return table.state  # type: ignore[no-any-return]


def _is(after: SevenKingdomsState, state: SevenKingdomsState, action: object) -> bool:
    return ENGINE.dumps(after) == ENGINE.dumps(ENGINE.apply(state, action)[0])


def _unchanged(after: SevenKingdomsState, state: SevenKingdomsState) -> bool:
    return ENGINE.dumps(after) == ENGINE.dumps(state)


def _made_if_legal(after: SevenKingdomsState, state: SevenKingdomsState, take: object) -> bool:
    """``take`` made when the rules allow it, else nothing changed."""
    return _is(after, state, take) if ENGINE.refusal(state, take) is None else (
        _unchanged(after, state))


def _hand(state: SevenKingdomsState) -> tuple[int, ...]:
    return tuple(state.seats[ENGINE.awaiting(state).seat].hand)


@pytest.mark.parametrize("form", ["{the} {card}", "allez, {the} {card}", "{my} {card}",
                                  "c'est {the} {card}"])
def test_a_card_by_its_rank_and_number_without_a_verb_plays_it_checked(form: str) -> None:
    state, names = _position("play")
    for card in _hand(state):
        rank = rank_of(card)
        said = form.format(the=THE[rank], my=MY[rank], card=WORDS.cardinal(card))
        assert _is(_hear(state, names, said), state, Play(card)), said
        wrong = next(r for r in THE if r != rank)  # another rank: nothing is played
        said = form.format(the=THE[wrong], my=MY[wrong], card=WORDS.cardinal(card))
        assert _unchanged(_hear(state, names, said), state), said


@pytest.mark.parametrize("form", ["{my} le plus fort des deux", "{my} le plus petit",
                                  "{my} le plus gros de mes deux"])
def test_a_rank_then_which_of_them_plays_that_one(form: str) -> None:
    state, names = _position("play")
    hand = _hand(state)
    for rank in {rank_of(c) for c in hand}:
        cards = [c for c in hand if rank_of(c) == rank]
        if len(cards) < 2:
            continue
        card = min(cards) if "petit" in form else max(cards)
        assert _is(_hear(state, names, form.format(my=MY[rank])), state, Play(card)), form


@pytest.mark.parametrize("verb", ["j'envoie", "envoyer", "je vais envoyer"])
def test_sending_a_card_plays_it(verb: str) -> None:
    state, names = _position("play")
    for card in _hand(state):
        assert _is(_hear(state, names, f"{verb} le {WORDS.cardinal(card)}"), state, Play(card))


def _single(state: SevenKingdomsState) -> list[int]:
    """The cards of the row alone of their rank there."""
    row = [c for c in state.row if c is not None]
    return [c for c in row if [rank_of(r) for r in row].count(rank_of(c)) == 1]


@pytest.mark.parametrize("verb", ["je chope", "j'attrape"])
@pytest.mark.parametrize("at", TAKES)
def test_colloquial_verbs_take(at: str, verb: str) -> None:
    state, names = _position(at)
    for card in _single(state):
        take = Take((card,), ())
        said = f"{verb} {THE[rank_of(card)]}, tout dans mon royaume"
        after = _hear(state, names, said)
        assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("where", ["dans ma main", "dans mon royaume"])
@pytest.mark.parametrize("at", TAKES)
def test_a_card_said_first_then_wanted_somewhere(at: str, where: str) -> None:
    state, names = _position(at)
    for card in _single(state):
        rank = rank_of(card)
        if rank not in PRONOUN:
            continue
        take = Take((card,), (card,) if "main" in where else ())
        said = f"{THE[rank]}, je {PRONOUN[rank]} veux {where}"
        after = _hear(state, names, said)
        assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("at", TAKES)
def test_a_card_and_its_two_neighbours(at: str) -> None:
    state, names = _position(at)
    for place, card in enumerate(state.row):
        if card is None:
            continue
        beside = [state.row[p] for p in (place - 1, place + 1) if 0 <= p < PLACES]
        said = f"je prends le {WORDS.cardinal(card)} et ses deux voisins, tout dans mon royaume"
        after = _hear(state, names, said)
        if len(beside) != 2 or None in beside:
            assert _unchanged(after, state), said
            continue
        take = Take(tuple(sorted({card, *(c for c in beside if c is not None)})), ())
        assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("count", [2, 3, 5])
@pytest.mark.parametrize("at", TAKES)
def test_the_middle_cards_of_the_row(at: str, count: int) -> None:
    state, names = _position(at)
    present = [c for c in state.row if c is not None]
    said = f"les {WORDS.cardinal(count)} cartes du milieu, tout dans mon royaume"
    after = _hear(state, names, said)
    if (len(present) - count) % 2 or count > len(present):
        assert _unchanged(after, state), said
        return
    start = (len(present) - count) // 2
    take = Take(tuple(sorted(present[start:start + count])), ())
    assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("at", TAKES)
def test_everything_left_but_a_card_without_a_verb(at: str) -> None:
    state, names = _position(at)
    row = [c for c in state.row if c is not None]
    for card in row:
        take = Take(tuple(sorted(c for c in row if c != card)), ())
        said = f"tout ce qui reste sauf le {WORDS.cardinal(card)}, tout dans mon royaume"
        after = _hear(state, names, said)
        assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("at", TAKES)
def test_two_cards_by_rank_without_a_verb_ask_where_or_take(at: str) -> None:
    state, names = _position(at)
    single = _single(state)
    for first in single:
        for second in single:
            if first >= second:
                continue
            cards = (first, second)
            table = make(state, names)
            table.hear(f"{THE[rank_of(first)]} et {THE[rank_of(second)]} {WORDS.cardinal(second)}",
                       seat=ENGINE.awaiting(state).seat)
            legal = [k for k in ((), (first,), (second,), cards)
                     if ENGINE.refusal(state, Take(cards, k)) is None]
            if len(legal) > 1:  # where they go is asked: nothing done yet
                assert _unchanged(table.state, state) and table.session.pending is not None
            elif legal:
                assert _is(table.state, state, Take(cards, legal[0]))
            else:
                assert _unchanged(table.state, state)


@pytest.mark.parametrize("at", TAKES)
def test_a_take_then_one_of_its_ranks_put_in_the_hand(at: str) -> None:
    state, names = _position(at)
    single = _single(state)
    for first in single:
        for second in single:
            if first == second:
                continue
            take = Take(tuple(sorted((first, second))), (second,))
            said = (f"{THE[rank_of(first)]} et {THE[rank_of(second)]}, je mets "
                    f"{THE[rank_of(second)]} dans ma main")
            after = _hear(state, names, said)
            assert _made_if_legal(after, state, take), said


@pytest.mark.parametrize("form", ["je choisis le jeton qui donne {n} points",
                                  "le jeton à {n} points",
                                  "je prends le jeton qui rapporte {n} points"])
def test_a_token_by_the_points_it_gives(form: str) -> None:
    state, names = _position("bonus")
    for token in state.tokens_revealed:
        if not token.startswith("+"):
            continue
        said = form.format(n=WORDS.cardinal(int(token[1:])))
        assert _is(_hear(state, names, said), state, ChooseToken(token)), said


@pytest.mark.parametrize(("answer", "count", "keep_all"), [
    ("je les garde en main, les deux", 2, True), ("dans mon royaume, tous les deux", 2, False),
    ("tout dans mon royaume, toutes les trois", 3, False),
    ("je les garde en main, tous les trois", 3, True)])
@pytest.mark.parametrize("at", TAKES)
def test_where_the_cards_go_then_how_many(at: str, answer: str, count: int,
                                          keep_all: bool) -> None:
    state, names = _position(at)
    for cards in sorted({a.cards for a in ENGINE.legal_actions(state) if isinstance(a, Take)}):
        if len(cards) not in (2, 3):
            continue
        take = Take(cards, cards if keep_all else ())
        table = make(state, names)
        seat = ENGINE.awaiting(state).seat
        table.hear("je prends " + " et ".join(f"le {WORDS.cardinal(c)}" for c in cards), seat)
        if table.session.pending is None:
            continue  # no question: nothing to answer
        table.hear(answer, seat)
        if len(cards) == count and ENGINE.refusal(state, take) is None:
            assert _is(table.state, state, take), answer
        else:
            assert _unchanged(table.state, state), answer
