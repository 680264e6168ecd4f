"""7 Kingdoms: cards of a take said by where they lie, how many, or their rank (checked).

« celui tout à gauche, le général » (the card at that end, its rank checked), « les trois
dernières cartes de la rangée » (the row's last cards), « les quatre : douze, … » (the count
checked against the cards said), « le roi et le marchand trente-neuf » (each number checked
against its rank), « … je garde la princesse » (the taken card of that rank kept), « le roi
et ses deux voisins » (the cards beside it). Each
returns the cards meant, or the refusal that says what does not hold: nothing is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludivox.bindings.seven_kingdoms.narration import rank_line
from ludivox.engines.seven_kingdoms import SevenKingdomsState, rank_of
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import PLACES
from ludivox.table import slots
from ludivox.table.binding import IntentLike, Line, Refusal


def _present(state: SevenKingdomsState) -> list[int]:
    return [c for c in state.row if c is not None]


def edge_card(state: SevenKingdomsState, intent: IntentLike, seat: int) -> int | Refusal | None:
    """The card « tout à gauche / tout à droite / du milieu » of the row, checked against
    the rank or number said with it (None: no place said)."""
    edge = slots.word(intent, "edge")
    if edge is None:
        return None
    present = _present(state)
    middle = state.row[(PLACES - 1) // 2]
    if not present or (edge == "middle" and (
            middle is None or len(present) % 2 == 0 or present[len(present) // 2] != middle)):
        return Refusal((Line("edge_unclear", {"edge": edge}, seat),))
    card = present[0] if edge == "left" else present[-1] if edge == "right" else middle
    assert card is not None
    rank = slots.word(intent, "rank")
    said = slots.numbers(intent, "cards")
    if (rank is not None and rank_of(card) != rank) or (said and said != (card,)):
        return Refusal((Line("edge_mismatch", {"edge": edge, "card": card}, seat),))
    return card


def hand_card(state: SevenKingdomsState, intent: IntentLike, seat: int) -> int | Refusal | None:
    """« la carte du milieu de ma main »: the card of ``seat``'s hand at that place, in the
    order « qu'est-ce que j'ai en main ? » reads it (None: no place said, or the hand not
    known)."""
    edge = slots.word(intent, "hand_at")
    own = state.seats[seat] if 0 <= seat < len(state.seats) else None
    if edge is None or own is None or own.unknown or not own.hand:
        return None
    hand = list(own.hand)
    if edge == "middle" and len(hand) % 2 == 0:
        return Refusal((Line("hand_edge_unclear", {"edge": edge, "cards": tuple(hand)}, seat),))
    return hand[0] if edge == "left" else hand[-1] if edge == "right" else hand[len(hand) // 2]


def beside_card(state: SevenKingdomsState, intent: IntentLike, seat: int
                ) -> int | Refusal | None:
    """« le marchand, celui à côté du roi »: the one card of the rank said that lies next to
    a card of the other rank (None: no neighbour said)."""
    beside, rank = slots.word(intent, "beside"), slots.word(intent, "rank")
    if beside is None or rank is None:
        return None
    row = state.row
    found = [c for p, c in enumerate(row) if c is not None and rank_of(c) == rank and any(
        0 <= q < PLACES and row[q] is not None and rank_of(row[q] or 0) == beside
        for q in (p - 1, p + 1))]
    if len(found) != 1:
        return Refusal((Line("beside_unclear", {"rank": rank_line(rank),
                                                "beside": rank_line(beside)}, seat),))
    return found[0]


def span_cards(state: SevenKingdomsState, intent: IntentLike, seat: int
               ) -> list[int] | Refusal | None:
    """« les trois premières / dernières cartes »: the first or last cards of the row (the
    cards said with them, « les trois du bout, douze, vingt-quatre, … », must be those)."""
    span = slots.word(intent, "span")
    count = slots.number(intent, "count")
    if span is None or count is None:
        return None
    present = _present(state)
    if len(present) < count:
        return Refusal((Line("need_cards", {}, seat),))
    if span == "middle":  # « les trois cartes du milieu »: as many left of them as right
        if (len(present) - count) % 2:
            return Refusal((Line("middle_unclear", {"count": count, "cards": tuple(present)},
                                 seat),))
        start = (len(present) - count) // 2
        found = present[start:start + count]
    else:
        found = present[:count] if span == "first" else present[-count:]
    said = slots.numbers(intent, "cards")  # « les trois du bout, douze, … »: checked
    if said and sorted(set(said)) != sorted(found):
        return Refusal((Line("span_mismatch", {"cards": tuple(found)}, seat),))
    return found


def rank_ends(state: SevenKingdomsState, intent: IntentLike, seat: int) -> list[int] | Refusal:
    """« le premier marchand », « le dernier marchand »: of the row's cards of that rank,
    the leftmost or the rightmost (none of that rank: refused)."""
    found: list[int] = []
    for slot, end in (("first_rank", 0), ("last_rank", -1)):
        for rank in slots.words(intent, slot):
            ranked = [c for c in _present(state) if rank_of(c) == rank]
            if not ranked:
                return Refusal((Line("no_rank_in_row", {"rank": rank_line(rank)}, seat),))
            found.append(ranked[end])
    return found


def around_cards(state: SevenKingdomsState, centre: int | None, intent: IntentLike, seat: int
                 ) -> list[int] | Refusal | None:
    """« le roi et ses deux voisins »: the card said and the cards at the places beside it
    (None: no neighbours said); both places must hold a card. « la princesse et celle juste
    à droite »: the card said and the one at the next place on that side."""
    around = slots.word(intent, "around")
    if around is None:
        return None
    if centre is None or centre not in state.row:
        return Refusal((Line("need_cards", {}, seat),))
    place = state.row.index(centre)
    sides = {"left": (place - 1,), "right": (place + 1,)}.get(around, (place - 1, place + 1))
    beside = [state.row[p] for p in sides if 0 <= p < PLACES]
    if len(beside) != len(sides) or None in beside:
        key = "neighbours_missing" if len(sides) == 2 else "neighbour_missing"
        return Refusal((Line(key, {"card": centre}, seat),))
    if around == "left":
        return [beside[0] or 0, centre]
    if around == "right":
        return [centre, beside[0] or 0]
    return [c for c in (beside[0], centre, beside[1]) if c is not None]


def checked_ranks(intent: IntentLike, seat: int) -> Refusal | None:
    """« le marchand trente-neuf » in a list: each number said is of the rank said before it."""
    checks = slots.words(intent, "checks")
    if not checks:
        return None
    cards = slots.numbers(intent, "cards")
    if len(checks) != len(cards):
        return Refusal((Line("need_cards", {}, seat),))
    for rank, card in zip(checks, cards, strict=True):
        if rank_of(card) != rank:
            return Refusal((Line("rank_mismatch", {"card": card, "rank": rank_line(rank),
                                                   "actual": rank_line(card)}, seat),))
    return None


def counted(intent: IntentLike, chosen: Sequence[int], seat: int) -> Refusal | None:
    """« les quatre : … »: the count said is the number of cards named."""
    count = slots.number(intent, "count")
    if count is None or slots.word(intent, "span") is not None or count == len(chosen):
        return None
    return Refusal((Line("count_mismatch", {"count": count, "said": len(chosen),
                                            "cards": tuple(chosen)}, seat),))


def kept_at(state: SevenKingdomsState, intent: IntentLike, chosen: Sequence[int]
            ) -> tuple[int, ...]:
    """« les deux premières, la première je la garde »: the first or last of the taken cards
    as they lie in the row ("()": none said; the engine refuses a second one not taken)."""
    edge = slots.word(intent, "keep_at")
    taken = [c for c in state.row if c is not None and c in chosen]
    if edge is None or not taken:
        return ()
    if edge == "second":
        return (taken[1],) if len(taken) > 1 else (0,)
    return (taken[0] if edge == "left" else taken[-1],)


def kept_by_rank(intent: IntentLike, chosen: Sequence[int], seat: int
                 ) -> tuple[int, ...] | Refusal:
    """« je garde la princesse »: the one taken card of each rank said ("()": none said)."""
    kept: list[int] = []
    for rank in (*slots.words(intent, "keep_rank"), *slots.words(intent, "also_kept_rank")):
        found = [c for c in chosen if rank_of(c) == rank]
        if len(found) != 1:
            return Refusal((Line("keep_rank_not_taken", {"rank": rank_line(rank),
                                                         "cards": tuple(chosen)}, seat),))
        kept.append(found[0])
    return tuple(kept)


def kept_by_fate(state: SevenKingdomsState, intent: IntentLike) -> tuple[int, ...] | None:
    """« je prends le douze et je le garde et le six je le valide »: each card said with
    where it goes, in the order said; the cards kept. None when none is said so, or when
    the cards said are not one each (a rank with several cards in the row: asked where)."""
    fates = slots.words(intent, "fates")
    if not fates:
        return None
    said = list(slots.numbers(intent, "cards"))
    for rank in slots.words(intent, "ranks"):
        ranked = [c for c in state.row if c is not None and rank_of(c) == rank]
        said += ranked if len(ranked) == 1 else [0]
    if len(said) != len(fates) or 0 in said or len(set(said)) != len(said):
        return None
    return tuple(c for c, fate in zip(said, fates, strict=True) if fate == "hand")


# A rank that is also the name of a bonus token: at the bonus phase, no card can be taken or
# played, so « le paysan », « je prends le paysan » can only name the token.
_TOKEN_OF_RANK = {"paysan": "peasant"}


def token_by_rank(state: SevenKingdomsState, intent: IntentLike) -> str | None:
    """The bonus token named by a rank alone (« le paysan s'il te plaît », « je prends le
    paysan ») while a token is chosen and it is one of the revealed ones; None otherwise (a
    card, a place or anything more is said, or it is not the bonus phase)."""
    if state.phase != st.BONUS or intent.name not in ("take", "card_alone"):
        return None
    if set(intent.slots) != {"rank"}:
        return None
    token = _TOKEN_OF_RANK.get(slots.word(intent, "rank") or "")
    # a token that cannot be chosen now leaves the card's reading (and its refusal: "choose
    # a token first")
    return token if token in state.tokens_revealed else None
