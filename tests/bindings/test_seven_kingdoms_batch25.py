"""7 Kingdoms: forms of held-out batch 25 of the natural corpus (issue 16), each over every
card or rank of its class at the corpus's positions, through the real session:

* where one taken card goes said with the card as the subject: « je prends le six, il reste
  dans ma main », « …, elle va dans mon royaume »;
* one card said as « un seul » (checked against the cards said): « un seul pour moi, le vingt
  et un, dans la main », « je prends le trente-neuf, un seul, au royaume »;
* of the cards taken, one said again with what is done with it: « je prends le douze et le
  vingt-quatre, le vingt-quatre je le garde en main, l'autre au royaume » (was read as every
  card kept: never all kept now);
* the taker's count said with « prend »: « ma princesse prend deux cartes, le roi et le
  paysan, … » (the taker checked);
* the place said first, answering where the card goes: « dans ma main, je le garde », « au
  royaume, je le mets » (« au royaume je le garde » is not acted on);
* a card of the hand said after its pronoun: « je le pose là, le trente-quatre »; its number
  then its rank: « c'est le huit, l'évêque » (checked); one of a rank said as « un de mes
  chevaliers, celui avec le plus petit numéro »; the play said as done: « mon évêque est sur
  la table »."""

from __future__ import annotations

import pytest
from test_seven_kingdoms_asked_of_the_assistant import THE
from test_seven_kingdoms_said_around import RANK, TAKES, _position, _same
from test_seven_kingdoms_session import ENGINE, make

from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms.actions import Play, Take
from ludivox.grammars.numbers import NumberWords

WORDS = NumberWords("fr")
MINE = {"roi": "mes rois", "eveque": "mes évêques", "general": "mes généraux",
        "princesse": "mes princesses", "chevalier": "mes chevaliers",
        "marchand": "mes marchands", "paysan": "mes paysans"}


def _heard(state: SevenKingdomsState, names: list[str], text: str,
           before: str | None = None) -> str:
    table = make(state, names)
    seat = ENGINE.awaiting(state).seat
    if before is not None:
        table.hear(before, seat=seat)
    table.hear(text, seat=seat)
    return ENGINE.dumps(table.state)


def _after(state: SevenKingdomsState, action: object) -> str:
    return ENGINE.dumps(ENGINE.apply(state, action)[0])


def _legal(state: SevenKingdomsState, size: int) -> list[tuple[int, ...]]:
    return sorted({a.cards for a in ENGINE.legal_actions(state)
                   if isinstance(a, Take) and len(a.cards) == size})


def _n(card: int) -> str:
    return WORDS.cardinal(card)


@pytest.mark.parametrize("at", TAKES)
def test_one_card_whose_place_is_said_with_the_card_as_subject(at: str) -> None:
    state, names = _position(at)
    checked = 0
    for (card,) in _legal(state, 1)[:3]:
        for said, keep in (("il reste dans ma main", (card,)), ("elle reste en main", (card,)),
                           ("il va dans mon royaume", ()), ("elle va au royaume", ())):
            take = Take((card,), keep)
            if ENGINE.refusal(state, take) is None:
                _same(state, names, f"je prends le {_n(card)}, {said}", take)
                checked += 1
    assert checked or at == "general"  # the general takes three places


@pytest.mark.parametrize("at", ("take", "take_king", "princess"))
def test_one_card_said_as_the_only_one(at: str) -> None:
    state, names = _position(at)
    legal = _legal(state, 1)
    assert legal
    for (card,) in legal[:3]:
        for form in ("un seul pour moi le {n} au royaume", "je prends le {n}, un seul, au royaume",
                     "juste un, le {n}, dans mon royaume"):
            _same(state, names, form.format(n=_n(card)), Take((card,), ()))
    # « un seul » naming two cards: refused, nothing changes
    for pair in _legal(state, 2)[:2]:
        said = f"un seul pour moi le {_n(pair[0])} et le {_n(pair[1])} au royaume"
        assert _heard(state, names, said) == ENGINE.dumps(state), said


@pytest.mark.parametrize("at", ("take_king", "princess"))
def test_one_of_the_cards_said_again_with_its_fate(at: str) -> None:
    state, names = _position(at)
    checked = 0
    legal = _legal(state, 2)
    for a, b in legal[::max(1, len(legal) // 3)]:
        for kept in (b, a):
            take = Take((a, b), (kept,))
            if ENGINE.refusal(state, take) is not None:
                continue
            cards = f"je prends le {_n(a)} et le {_n(b)}"
            for tail in (f"le {_n(kept)} je le garde en main, l'autre au royaume",
                         f"le {_n(kept)} je le garde", f"le {_n(kept)} en main"):
                _same(state, names, f"{cards}, {tail}", take)
            # never every card kept: the card said again is the one kept
            both = Take((a, b), (a, b))
            if ENGINE.refusal(state, both) is None:
                said = f"{cards} le {_n(kept)} je le garde en main"
                assert _heard(state, names, said) != _after(state, both), said
            checked += 1
    assert checked


def test_the_takers_count_said_with_prendre() -> None:
    state, names = _position("princess")
    taker = state.resolving_card
    assert taker is not None
    wrong = next(r for r in RANK if r != rank_of(taker))
    legal = _legal(state, 2)
    for a, b in legal[::max(1, len(legal) // 2)]:
        cards = f"le {_n(a)} et le {_n(b)}"
        for mine in (RANK[rank_of(taker)], f"{RANK[rank_of(taker)]} elle"):
            _same(state, names, f"{mine} prend deux cartes, {cards}, je mets tout dans mon "
                  "royaume", Take((a, b), ()))
        said = f"{RANK[wrong]} prend deux cartes, {cards}, je mets tout dans mon royaume"
        assert _heard(state, names, said) == ENGINE.dumps(state), said
        said = f"{RANK[rank_of(taker)]} prend trois cartes, {cards}, tout au royaume"
        assert _heard(state, names, said) == ENGINE.dumps(state), said


@pytest.mark.parametrize("at", ("take", "take_king", "princess"))
def test_where_it_goes_said_first_answering_the_question(at: str) -> None:
    state, names = _position(at)
    for (card,) in _legal(state, 1)[:2]:
        before = f"je prends le {_n(card)}"
        table = make(state, names)
        table.hear(before, seat=ENGINE.awaiting(state).seat)
        if ENGINE.dumps(table.state) != ENGINE.dumps(state):
            continue  # nothing was asked: its place was settled alone
        for said, keep in (("dans ma main, je le garde", (card,)), ("en main je la garde", (card,)),
                           ("au royaume je le mets", ()), ("dans mon royaume je la pose", ())):
            take = Take((card,), keep)
            if ENGINE.refusal(state, take) is None:
                assert _heard(state, names, said, before) == _after(state, take), said
        # « garder » is the hand: said with the kingdom, nothing is done
        said = "au royaume je le garde"
        assert _heard(state, names, said, before) == ENGINE.dumps(state), said


def _hand(state: SevenKingdomsState) -> tuple[int, ...]:
    return state.seats[ENGINE.awaiting(state).seat].hand


@pytest.mark.parametrize("form", ["je le pose là, le {n}", "je le joue ici le {n}",
                                  "je la mets, la {n}", "c'est le {n}, {the}", "le {n} {mine}",
                                  "je joue le {n}, {the}"])
def test_a_card_of_the_hand_said_after_its_pronoun_or_before_its_rank(form: str) -> None:
    state, names = _position("play")
    for card in _hand(state):
        rank = rank_of(card)
        _same(state, names, form.format(n=_n(card), the=THE[rank], mine=RANK[rank]), Play(card))
        if "{the}" in form or "{mine}" in form:  # another rank: refused, nothing changes
            other = next(r for r in THE if r != rank)
            said = form.format(n=_n(card), the=THE[other], mine=RANK[other])
            assert _heard(state, names, said) == ENGINE.dumps(state), said


def test_one_of_my_cards_of_a_rank_by_its_number() -> None:
    state, names = _position("play")
    hand = _hand(state)
    for rank in {rank_of(c) for c in hand}:
        mine = sorted(c for c in hand if rank_of(c) == rank)
        un = "une" if rank == "princesse" else "un"
        for which, card in (("plus petit", mine[0]), ("plus gros", mine[-1])):
            for said in (f"{un} de {MINE[rank]}, celui avec le {which} numéro",
                         f"je joue {RANK[rank]} celui qui a le {which} numéro"):
                _same(state, names, said, Play(card))
        if len(mine) == 1:
            _same(state, names, f"je joue {un} de {MINE[rank]}", Play(mine[0]))
            _same(state, names, f"{RANK[rank]} est sur la table", Play(mine[0]))
            _same(state, names, f"{RANK[rank]} est posé", Play(mine[0]))
    for card in hand:
        _same(state, names, f"mon {_n(card)} est sur la table", Play(card))
