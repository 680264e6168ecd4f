"""7 Kingdoms at the table: intents -> actions, events -> sentences, the tester's state JSON.

Channels: the whole game is public (cards are played face up, taken cards are seen going
into a hand or a kingdom) except each player's hand: the hand, the cards one draws when
sitting out, and every answer or refusal addressed to one player go to that player's channel.

Taking cards is said by card ("je prends le dix-sept") or by place ("je prends les places
deux et trois"). When the taken cards may go either into the hand or the kingdom and the
player did not say where, the assistant asks ("en main ou dans ton royaume ?") and waits for
"je garde le neuf en main et je valide le vingt-cinq", "tout dans mon royaume"...

Table mode: the world's reveals (blason cards, tokens turned face up, the first player, the
cards turned up into the line, the hands shown at the end) are said by anyone at the table or
scanned (``ludivox:seven-kingdoms/card/44``, ``.../blason/3``, ``.../token/x2``); a card
scanned during phase 1 is the card the acting player plays, during phase 2 a card taken.

In three layers, each one job: :mod:`~ludivox.bindings.seven_kingdoms.narration` (seats, turns,
everything said), :mod:`~ludivox.bindings.seven_kingdoms.questions` (the answers), and this
module (from an intent or a scan to a move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.bindings.seven_kingdoms.narration import rank_line, token_line
from ludivox.bindings.seven_kingdoms.questions import SevenKingdomsQuestions
from ludivox.bindings.seven_kingdoms.said import (
    around_cards,
    beside_card,
    checked_ranks,
    counted,
    edge_card,
    hand_card,
    kept_at,
    kept_by_fate,
    kept_by_rank,
    rank_ends,
    span_cards,
    token_by_rank,
)
from ludivox.engines.seven_kingdoms import (
    ChooseToken,
    Components,
    Play,
    RevealBlason,
    RevealCard,
    RevealHand,
    RevealToken,
    SetFirst,
    SevenKingdomsAction,
    SevenKingdomsConfig,
    SevenKingdomsEngine,
    SevenKingdomsState,
    Take,
    rank_of,
)
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES
from ludivox.engines.seven_kingdoms.powers import POWERS, keep_options
from ludivox.engines.seven_kingdoms.setup import new_table_game, new_virtual_game
from ludivox.table import slots
from ludivox.table.binding import (
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.judge import Judge

GAME = "seven-kingdoms"
WORLD_ACTIONS = (RevealBlason, RevealToken, SetFirst, RevealCard, RevealHand)
# Events and phases after which something hidden has been seen (see ``irreversible``).
_REVEALING = frozenset({"cards_drawn", "sat_out", "token_revealed", "card_revealed",
                        "game_ended"})
_WORLD_REVEALS = frozenset({st.REFILL, st.REVEAL_TOKEN, st.FINAL})


def load_default_components() -> Components:
    """The components of the data file shipped with Ludivox (partly provisional)."""
    from ludivox.gamedata.seven_kingdoms import load_components

    return load_components()


class SevenKingdomsTableEngine(SevenKingdomsEngine):
    """The 7 Kingdoms engine with the set-up calls the command line uses for every game."""

    def __init__(self, components: Components | None = None) -> None:
        super().__init__(SevenKingdomsConfig(components or load_default_components()))

    def new_virtual_game(self, players: int, seed: int) -> SevenKingdomsState:
        """A shuffled, dealt game (raises ValueError for a bad player count)."""
        return new_virtual_game(self.components, players, seed)

    def new_table_game(self, players: int) -> SevenKingdomsState:
        """A physical game awaiting its set-up (raises ValueError for a bad player count)."""
        return new_table_game(self.components, players)


@dataclass(frozen=True)
class PartialTake:
    """Cards chosen to take, waiting to be told which go into the hand."""

    cards: tuple[int, ...]


def _not_taken(validated: Sequence[int], taken: Sequence[int], seat: int) -> Refusal | None:
    """« Seules les cartes récupérées peuvent être validées » : a card said to be validated
    that is not among the cards taken refuses the whole move (nothing is dropped silently)."""
    stray = [c for c in validated if c not in taken]
    if not stray:
        return None
    return Refusal((Line("refusal.validate_not_taken", {"card": stray[0], "cards": tuple(taken)},
                         seat),))


def _takes_places(state: SevenKingdomsState) -> bool:
    """Whether the card being resolved takes a window of places (Général, Chevalier)."""
    card = state.resolving_card
    return card is not None and POWERS[rank_of(card)].window > 0


class SevenKingdomsBinding(SevenKingdomsQuestions):
    """7 Kingdoms for :class:`ludivox.table.session.Session`."""

    game = GAME

    def __init__(self, players: Sequence[str], components: Components | None = None) -> None:
        self.engine = SevenKingdomsTableEngine(components)
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.components = self.engine.components
        self.players = list(players)

    # --- seats and turns --------------------------------------------------------------

    def needs_turn(self, action: Any) -> bool:
        """The world's reveals can be told by anyone; moves only by the acting seat."""
        return not isinstance(action, WORLD_ACTIONS)

    def irreversible(self, state: SevenKingdomsState, action: Any) -> bool:
        """True when a move cannot be taken back at a real table: cards validated into a
        kingdom stay there ("Seules les cartes récupérées peuvent être validées"), and after a
        card is drawn or turned up, or a token turned face up, everyone has seen it. The
        world's own reveals only report what was seen: never asked about."""
        if isinstance(action, WORLD_ACTIONS):
            return False
        if isinstance(action, Take) and action.validated:
            return True
        try:
            after, events = self.engine.apply(state, action)
        except ValueError:  # an illegal move is refused, never confirmed
            return False
        if any(e.kind in _REVEALING for e in events):
            return True
        return after.phase in _WORLD_REVEALS

    # --- understanding ----------------------------------------------------------------

    def interpret(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a 7 Kingdoms intent)."""
        name = intent.name
        if (token := token_by_rank(state, intent)) is not None:  # « le paysan » at the bonus
            return Proposal((ChooseToken(token),))
        if name == "play":
            spot = hand_card(state, intent, seat)  # "la carte du milieu de ma main"
            if isinstance(spot, Refusal):
                return spot
            card = slots.number(intent, "card") if spot is None else spot
            return self._play(state, card, slots.word(intent, "rank"), seat,
                              slots.word(intent, "which"))
        if name == "take":
            return self._take(state, intent, seat)
        if name in ("card_alone", "number"):
            return self._bare_card(state, intent, seat)
        if name == "take_nothing":
            return Proposal((Take(()),))
        if name == "keep":
            if state.phase == st.TAKE:
                # "je garde le vingt-quatre en main", "je valide le six": the cards named are
                # the ones taken, and where each goes is said
                kept = slots.numbers(intent, "kept")
                taken = (*kept, *slots.numbers(intent, "validated"))
                if not taken:
                    return Refusal((Line("need_cards", {}, seat),))
                return Proposal((Take(taken, kept),))
            return Proposal((Take(()),))  # the engine says it is not the moment
        if name == "choose_token":
            token = slots.word(intent, "token") or ""
            said = slots.word(intent, "said")  # "le paysan, le jeton paysan": the same one
            if said is not None and said != token:
                return Refusal((Line("token_mismatch", {"token": token_line(token),
                                                        "said": token_line(said)}, seat),))
            return Proposal((ChooseToken(token),))
        if name == "reveal_blason":
            return Proposal((RevealBlason(slots.number(intent, "blason") or 0),))
        if name == "reveal_token":
            return Proposal((RevealToken(slots.word(intent, "token") or ""),))
        if name == "set_first":
            chosen = slots.number(intent, "seat")
            return Proposal((SetFirst(seat if chosen is None else chosen - 1),))
        if name == "reveal_card":
            return Proposal((RevealCard(slots.number(intent, "card") or 0),))
        if name == "show_hand":
            return Proposal((RevealHand(seat, slots.number(intent, "card") or 0),))
        if name.startswith("ask_"):
            return self._question(state, intent, seat)
        return None

    def complete(
        self, state: SevenKingdomsState, partial: Any, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """Settle where the taken cards go ("je garde le neuf en main", "tout validé")."""
        if not isinstance(partial, PartialTake):
            return None
        if intent.name == "take":
            taken = self._take(state, intent, seat)
            said = [a for a in taken.candidates if isinstance(a, Take)] if isinstance(
                taken, Proposal) else []
            placed = slots.numbers(intent, "also_kept") or slots.words(intent, "also_kept_rank")
            if placed and said and set(said[0].cards) < set(partial.cards):
                # "je garde le roi en main et je valide l'évêque" of three: never fewer
                return Refusal((Line("keep_count_mismatch", {
                    "count": len(said[0].cards), "cards": partial.cards}, seat),))
            return taken
        if intent.name != "keep":
            return None
        cards = partial.cards
        dest = slots.word(intent, "dest")
        kept = slots.numbers(intent, "kept")
        validated = slots.numbers(intent, "validated")
        if stray := _not_taken(validated, cards, seat):
            return stray
        count = slots.number(intent, "count")  # "dans mon royaume, tous les deux"
        if count is not None and count != len(cards):
            return Refusal((Line("keep_count_mismatch", {"count": count, "cards": cards},
                                 seat),))
        if dest == "hand":
            keep = cards
        elif dest == "kingdom":
            keep = ()
        elif kept:
            keep = kept
        elif validated:
            keep = tuple(c for c in cards if c not in validated)
        else:
            return None
        return Proposal((Take(cards, keep),))

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """Which offered card "le trois" (or "trois", or "je joue le trois") designates."""
        card = slots.number(intent, "card") if intent.name in ("play", "card_alone") else None
        if intent.name == "number":
            card = slots.number(intent, "number")
        found = [i for i, a in enumerate(candidates) if isinstance(a, Play) and a.card == card]
        return found[0] if len(found) == 1 else None

    def choice_line(
        self, state: SevenKingdomsState, candidates: Sequence[Any], seat: int
    ) -> Line | None:
        """"Tu as plusieurs rois : le deux ou le cinq ?" for several cards of one rank."""
        plays = [a for a in candidates if isinstance(a, Play)]
        if len(plays) == len(candidates) and plays:
            cards = tuple(a.card for a in plays)
            return Line("ask_which_rank", {"rank": rank_line(cards[0]), "cards": cards}, seat)
        return None

    def scan(
        self, state: SevenKingdomsState, kind: str, value: str, seat: int, partial: Any = None,
        *, uid: str | None = None,
    ) -> Interpretation:
        """A scanned tag: a blason, a token, or a card (played, taken, turned up, shown);
        the chip's ``uid`` is not needed (every card is told from its tag)."""
        if kind == "blason" and value.isdecimal():
            return Proposal((RevealBlason(int(value)),))
        if kind == "token":
            if state.phase == st.BONUS:
                return Proposal((ChooseToken(value),))
            return Proposal((RevealToken(value),))
        card = int(value) if value.isdecimal() else 0
        if kind not in ("", "card") or not 1 <= card <= CARD_COUNT:
            return Refusal((Line("scan.not_a_card", {"kind": kind, "value": value}, seat),))
        phase = state.phase
        if phase in (st.SETUP_ROW, st.REFILL):
            return Proposal((RevealCard(card),))
        if phase == st.FINAL:
            return Proposal((RevealHand(seat, card),))
        if phase == st.TAKE:
            cards = partial.cards if isinstance(partial, PartialTake) else ()
            return self._take_cards(state, tuple(sorted({*cards, card})), seat)
        return Proposal((Play(card),))

    def _bare_card(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """A card named alone ("le trente-quatre", "le huit") is the speaker's play when it is
        their turn to play and the card is in their hand: nothing else it can mean then.
        Otherwise it only answers a question ("lequel ?"). A small number said without its
        article ("huit") may be a count: it never plays alone, it is offered ("le huit, tu
        le joues ?"), and only "oui" plays it. With its rank ("le chevalier trente-cinq") the
        rank is checked, and in the take it is the card of the row taken."""
        card = slots.number(intent, "card" if intent.name == "card_alone" else "number")
        rank = slots.word(intent, "rank")
        if (after := slots.word(intent, "after")) is not None:
            # "le huit, l'évêque": in the take, two cards when the ranks differ ("le quarante
            # et un, l'évêque": the take's reading)
            if state.phase == st.TAKE and card is not None and rank_of(card) != after:
                return None
            rank = after
        if rank is not None and card is not None:
            if state.phase == st.PLAY and state.turn == seat:
                return self._play(state, card, rank, seat)
            if state.phase != st.TAKE or card not in state.row:
                return None
            if rank_of(card) != rank:
                return Refusal((Line("rank_mismatch", {"card": card, "rank": rank_line(rank),
                                                       "actual": rank_line(card)}, seat),))
            return self._take_cards(state, (card,), seat)
        if rank is not None:  # "l'évêque": the speaker's card of it, or the row's in the take
            if state.phase == st.TAKE:
                return self._take(state, intent, seat)
            mine = state.phase == st.PLAY and state.turn == seat
            return self._play(state, None, rank, seat) if mine else None
        if (state.phase != st.PLAY or state.turn != seat or card is None
                or card not in state.seats[seat].hand):
            return None
        if intent.name == "number" and len(intent.text.split()) < 2:
            return Proposal((Play(card),), Line("offer_play", {"card": card}, seat), offer=True)
        return Proposal((Play(card),))

    # --- building actions -------------------------------------------------------------

    def _play(
        self, state: SevenKingdomsState, card: int | None, rank: str | None, seat: int,
        which: str | None = None,
    ) -> Interpretation:
        if card is not None and rank is not None and rank_of(card) != rank:
            # "je joue mon chevalier huit" when the huit is no Chevalier: which one was meant?
            lines = (Line("rank_mismatch", {"card": card, "rank": rank_line(rank),
                                            "actual": rank_line(card)}, seat),)
            return Refusal(lines)
        own = state.seats[seat]
        cards = tuple(c for c in own.hand if rank_of(c) == rank)
        if card is not None and which is not None and card in cards and not own.unknown and (
                card != (max(cards) if which == "high" else min(cards))):
            # "mon gros chevalier, le trente-quatre" when the 34 is the smaller one
            return Refusal((Line("which_mismatch", {"card": card, "rank": rank_line(card),
                                                    "cards": cards}, seat),))
        if card is not None or rank is None:
            return Proposal((Play(card or 0),))
        if not cards:
            key = "rank_say_number" if own.unknown else "no_rank_in_hand"
            return Refusal((Line(key, {"rank": rank_line(rank)}, seat),))
        if which is not None:  # "mon plus gros chevalier": the strongest of them (its number)
            return Proposal((Play(max(cards) if which == "high" else min(cards)),))
        return Proposal(tuple(Play(c) for c in cards))

    def _take(self, state: SevenKingdomsState, intent: IntentLike, seat: int) -> Interpretation:
        cards = list(slots.numbers(intent, "cards"))
        places = list(slots.numbers(intent, "places"))
        rank = slots.word(intent, "rank")
        by = slots.word(intent, "by")
        taker = state.resolving_card
        if by is not None and taker is not None and rank_of(taker) != by:
            # "avec ma princesse je prends ...": the card taking must be the one said (out of
            # the take phase the engine refuses the take itself)
            return Refusal((Line("taker_mismatch", {"card": taker, "rank": rank_line(by),
                                                    "actual": rank_line(taker)}, seat),))
        # "le marchand quarante et un": the rank checked
        if rank is not None and cards and (
                wrong := next((c for c in cards if rank_of(c) != rank), None)):
            return Refusal((Line("rank_mismatch", {"card": wrong, "rank": rank_line(rank),
                                                   "actual": rank_line(wrong)}, seat),))
        if checks := checked_ranks(intent, seat):  # "le roi et le marchand trente-neuf"
            return checks
        cards.extend(slots.numbers(intent, "plain"))  # "l'évêque et le quarante et un"
        # "celui tout à gauche, le général", "les trois dernières cartes": where they lie;
        # "le roi et ses deux voisins": the card said and those beside it
        centre = self._centre(state, cards, rank) if slots.word(intent, "around") else None
        for spot in (edge_card(state, intent, seat), span_cards(state, intent, seat),
                     beside_card(state, intent, seat),
                     around_cards(state, centre, intent, seat)):
            if isinstance(spot, Refusal):
                return spot
            if spot is not None:
                cards, rank = ([spot] if isinstance(spot, int) else spot), None
        ends = rank_ends(state, intent, seat)  # "le dernier marchand": the rightmost one
        if isinstance(ends, Refusal):
            return ends
        cards.extend(ends)
        named = [(r, False) for r in (*([rank] if rank is not None and not cards else []),
                                      *slots.words(intent, "ranks"),
                                      *slots.words(intent, "also_kept_rank"))]
        several: list[tuple[str, tuple[int, ...]]] = []
        for said, every in [*named, *((r, True) for r in slots.words(intent, "every"))]:
            # "je prends le roi": the one card of that rank in the row; "les deux marchands":
            # every card of that rank there, two at least
            ranked = tuple(c for c in state.row if c is not None and rank_of(c) == said)
            if not ranked or (every and len(ranked) == 1):
                key = "no_rank_in_row" if not ranked else "rank_one_in_row"
                return Refusal((Line(key, {"rank": rank_line(said), "cards": ranked}, seat),))
            if len(ranked) > 1 and not every:
                several.append((said, ranked))
                continue
            cards.extend(ranked)
        if several:  # "le paysan, le roi et le marchand": the merchant the take allows
            said, ranked = several[0]
            fitting = [c for c in ranked if len(several) == 1 and self._may_take(
                state, (*cards, c))]
            if len(fitting) != 1:
                return Refusal((Line("rank_several_in_row", {"rank": rank_line(said),
                                                             "cards": ranked}, seat),))
            cards.append(fitting[0])
        cards.extend(slots.numbers(intent, "also_kept"))  # "… et le trente-neuf je le garde"
        for blason in slots.numbers(intent, "blasons"):  # "celle sous le blason trois"
            if blason not in state.blasons:
                return Refusal((Line("refusal.no_such_blason", {"blason": blason}, seat),))
            places.append(state.blasons.index(blason) + 1)
        # Général and Chevalier choose places, not cards: « Choisissez 3 emplacements … (0, 1,
        # 2 ou 3 cartes selon les emplacements choisis) ». Named empty places take nothing.
        by_place = _takes_places(state)
        for place in places:
            card = state.row[place - 1] if 1 <= place <= PLACES else None
            if card is None and not (by_place and 1 <= place <= PLACES):
                return Refusal((Line("place_empty", {"place": place}, seat),))
            if card is not None:
                cards.append(card)
        if slots.word(intent, "all_but"):  # "tout sauf le général": the rest of the row
            cards = [c for c in state.row if c is not None and c not in cards]
        if wrong_count := counted(intent, sorted(set(cards)), seat):  # "les quatre : ..."
            return wrong_count
        # "le roi et le six", the six being the king: two cards meant, one said twice (not
        # « les deux marchands, trente-neuf et quarante et un »: all of them, in apposition)
        plain = set(slots.numbers(intent, "plain"))
        apposed = plain and plain == {c for r in slots.words(intent, "every") for c in state.row
                                      if c is not None and rank_of(c) == r}
        if not apposed and (twice := next((c for c in plain if cards.count(c) > 1), None)):
            return Refusal((Line("refusal.duplicate_card", {"card": twice}, seat),))
        dest = slots.word(intent, "dest")
        said_cards = slots.numbers(intent, "cards")
        if 1 < len(set(said_cards)) < len(said_cards):
            # « le douze et le vingt-quatre, le vingt-quatre je le garde »: where a card said
            # again goes is not where they all go (asked, never all kept)
            dest = None
        chosen = tuple(sorted(set(cards)))
        keep = kept_by_rank(intent, chosen, seat)  # "je garde la princesse"
        if isinstance(keep, Refusal):
            return keep
        keep = (*slots.numbers(intent, "keep"), *slots.numbers(intent, "also_kept"), *keep,
                *kept_at(state, intent, chosen))
        if (by_fate := kept_by_fate(state, intent)) is not None:  # "le douze je le garde, …"
            return Proposal((Take(chosen, by_fate),))
        if stray := _not_taken(slots.numbers(intent, "validated"), chosen, seat):
            return stray
        if not chosen and by_place and places:
            return Proposal((Take(()),))
        if not chosen:
            return Refusal((Line("need_cards", {}, seat),))
        if keep or dest:
            return Proposal((Take(chosen, chosen if dest == "hand" else keep),))
        return self._take_cards(state, chosen, seat)

    @staticmethod
    def _centre(state: SevenKingdomsState, cards: Sequence[int], rank: str | None
                ) -> int | None:
        """The one card of the row said by its number or its rank (None: not one)."""
        if cards:
            return cards[0] if len(cards) == 1 else None
        ranked = [c for c in state.row if c is not None and rank_of(c) == rank]
        return ranked[0] if len(ranked) == 1 else None

    def _may_take(self, state: SevenKingdomsState, cards: Sequence[int]) -> bool:
        """Whether taking ``cards`` is allowed, where they go left aside."""
        reason = self.judge.refusal(state, Take(tuple(sorted(set(cards)))))
        return reason is None or reason.code == "hand_limit"

    def _take_cards(
        self, state: SevenKingdomsState, cards: tuple[int, ...], seat: int
    ) -> Interpretation:
        plain = Take(cards)
        if state.phase != st.TAKE:
            return Proposal((plain,))
        if not self._may_take(state, cards):
            return Proposal((plain,))
        taker = state.seats[state.order[0]]
        options = keep_options(cards, taker.hand_size)
        if len(options) == 1:
            return Proposal((Take(cards, options[0]),))
        question = Line("ask_keep", {"cards": cards, "first": cards[0]}, seat)
        return Proposal((), question, PartialTake(cards))



if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[SevenKingdomsState, SevenKingdomsAction] = SevenKingdomsBinding([])


__all__ = [
    "GAME",
    "PartialTake",
    "SevenKingdomsBinding",
    "SevenKingdomsTableEngine",
    "load_default_components",
]
