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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.engines.base import Event, Reason
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
from ludivox.engines.seven_kingdoms import events as ev
from ludivox.engines.seven_kingdoms import state as st
from ludivox.engines.seven_kingdoms.components import CARD_COUNT, PLACES
from ludivox.engines.seven_kingdoms.powers import POWERS, keep_options
from ludivox.engines.seven_kingdoms.setup import new_table_game, new_virtual_game
from ludivox.table import slots
from ludivox.table.binding import (
    Answer,
    Binding,
    BindingDefaults,
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


def rank_line(card_or_rank: int | str) -> Line:
    """"le roi", "l'évêque"... for a card number or a rank id."""
    rank = rank_of(card_or_rank) if isinstance(card_or_rank, int) else card_or_rank
    return Line("name.rank", {"rank": rank})


def token_line(token: str) -> Line:
    """"le jeton fois deux"... for a token id."""
    return Line("name.token", {"token": token})


class SevenKingdomsBinding(BindingDefaults):
    """7 Kingdoms for :class:`ludivox.table.session.Session`."""

    game = GAME

    def __init__(self, players: Sequence[str], components: Components | None = None) -> None:
        self.engine = SevenKingdomsTableEngine(components)
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.components = self.engine.components
        self.players = list(players)

    # --- seats and turns --------------------------------------------------------------

    def acting_seat(self, state: SevenKingdomsState) -> int | None:
        """The seat to play or to take; None while the world reveals or once it is over."""
        return self.judge.awaiting(state).seat

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
        if name == "play":
            return self._play(state, slots.number(intent, "card"), slots.word(intent, "rank"), seat)
        if name == "take":
            return self._take(state, intent, seat)
        if name in ("card_alone", "number"):
            return None  # a bare card only answers a question ("lequel ?"): never acts alone
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
            return Proposal((ChooseToken(slots.word(intent, "token") or ""),))
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
            return self._take(state, intent, seat)
        if intent.name != "keep":
            return None
        cards = partial.cards
        dest = slots.word(intent, "dest")
        kept = slots.numbers(intent, "kept")
        validated = slots.numbers(intent, "validated")
        if stray := _not_taken(validated, cards, seat):
            return stray
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

    # --- building actions -------------------------------------------------------------

    def _play(
        self, state: SevenKingdomsState, card: int | None, rank: str | None, seat: int
    ) -> Interpretation:
        if card is not None or rank is None:
            return Proposal((Play(card or 0),))
        own = state.seats[seat]
        cards = tuple(c for c in own.hand if rank_of(c) == rank)
        if not cards:
            key = "rank_say_number" if own.unknown else "no_rank_in_hand"
            return Refusal((Line(key, {"rank": rank_line(rank)}, seat),))
        return Proposal(tuple(Play(c) for c in cards))

    def _take(self, state: SevenKingdomsState, intent: IntentLike, seat: int) -> Interpretation:
        cards = list(slots.numbers(intent, "cards"))
        places = slots.numbers(intent, "places")
        # Général and Chevalier choose places, not cards: « Choisissez 3 emplacements … (0, 1,
        # 2 ou 3 cartes selon les emplacements choisis) ». Named empty places take nothing.
        by_place = _takes_places(state)
        for place in places:
            card = state.row[place - 1] if 1 <= place <= PLACES else None
            if card is None and not (by_place and 1 <= place <= PLACES):
                return Refusal((Line("place_empty", {"place": place}, seat),))
            if card is not None:
                cards.append(card)
        keep = slots.numbers(intent, "keep")
        dest = slots.word(intent, "dest")
        chosen = tuple(sorted(set(cards)))
        if stray := _not_taken(slots.numbers(intent, "validated"), chosen, seat):
            return stray
        if not chosen and by_place and places:
            return Proposal((Take(()),))
        if not chosen:
            return Refusal((Line("need_cards", {}, seat),))
        if keep or dest:
            return Proposal((Take(chosen, chosen if dest == "hand" else keep),))
        return self._take_cards(state, chosen, seat)

    def _take_cards(
        self, state: SevenKingdomsState, cards: tuple[int, ...], seat: int
    ) -> Interpretation:
        plain = Take(cards)
        if state.phase != st.TAKE:
            return Proposal((plain,))
        reason = self.judge.refusal(state, plain)
        if reason is not None and reason.code != "hand_limit":
            return Proposal((plain,))
        taker = state.seats[state.order[0]]
        options = keep_options(cards, taker.hand_size)
        if len(options) == 1:
            return Proposal((Take(cards, options[0]),))
        question = Line("ask_keep", {"cards": cards, "first": cards[0]}, seat)
        return Proposal((), question, PartialTake(cards))

    # --- questions --------------------------------------------------------------------

    def _question(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "ask_row":
            place = slots.number(intent, "place")
            if place is not None:
                return Answer((self._place_line(state, place, seat),))
            return Answer((self._row_line(state, seat),))
        if name == "ask_tokens":
            return Answer((self._tokens_line(state, seat),))
        if name == "ask_hand":
            return Answer((self._hand_line(state, seat),))
        if name == "ask_kingdom":
            asked = slots.number(intent, "seat")
            if asked is not None and not 1 <= asked <= state.players:
                return Refusal((Line("answer.no_such_seat",
                                     {"seat": asked, "players": state.players}, seat),))
            target = seat if asked is None else asked - 1
            return Answer((self._kingdom_line(state, target, seat, own=target == seat),))
        if name == "ask_kingdoms":
            items = tuple(self._kingdom_line(state, s, None, False, "answer.kingdoms_item")
                          for s in range(state.players))
            return Answer((Line("answer.kingdoms", {"items": items}, seat),))
        if name == "ask_majorities":
            return Answer((self._majorities_line(state, seat),))
        if name == "ask_score":
            return Answer((self._score_line(state, seat),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name == "ask_card":
            return self._card_answer(slots.number(intent, "card"), seat)
        if name == "ask_rank_power":
            return Answer((Line("answer.rank_power", {"rank": slots.word(intent, "rank")}, seat),))
        if name == "ask_played":
            items = tuple(
                Line("answer.played_item", {"player": self.name(i), "card": s.played})
                for i, s in enumerate(state.seats) if s.played is not None
            )
            if not items:
                return Answer((Line("answer.played_none", {}, seat),))
            return Answer((Line("answer.played", {"items": items}, seat),))
        return None

    def about(
        self, state: SevenKingdomsState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """"Le royaume de Paul": Paul's kingdom (validated cards are public)."""
        if intent.name == "ask_kingdom" and 0 <= about < state.players:
            return Answer((self._kingdom_line(state, about, seat, own=about == seat),))
        return None

    def _card_answer(self, number: int | None, seat: int) -> Interpretation | None:
        """A title card as printed (its rank, blason, a Paysan's places), then its power;
        said to be provisional while the data file has not been checked against a box."""
        if number is None or not 1 <= number <= CARD_COUNT:
            return None
        card = self.components.card(number)
        places = Line("answer.card_places", {"places": card.places}) if card.places else ""
        unsure = f"card:{number}" in self.components.provisional
        params = {"card": number, "rank": rank_line(number), "blason": card.blason,
                  "places": places, "provisional": Line("answer.card_provisional", {})
                  if unsure else ""}
        return Answer((Line("answer.card", params, seat),
                       Line("answer.rank_power", {"rank": card.rank}, seat)))

    def _token_on(self, state: SevenKingdomsState, position: int) -> Any:
        token = state.tokens_placed[position - 1] if 1 <= position <= PLACES else None
        return Line("row_token", {"token": token_line(token)}) if token else ""

    def _place_item(self, state: SevenKingdomsState, place: int, key: str,
                    seat: int | None) -> Line:
        blason = state.blasons[place - 1] if place <= len(state.blasons) else 0
        card = state.row[place - 1]
        params: dict[str, Any] = {"place": place, "blason": blason,
                                  "token": self._token_on(state, place)}
        if card is None:
            return Line(key + "_empty", params, seat)
        return Line(key, {**params, "card": card}, seat)

    def _place_line(self, state: SevenKingdomsState, place: int, seat: int) -> Line:
        if not 1 <= place <= PLACES:
            return Line("place_empty", {"place": place}, seat)
        if len(state.blasons) < PLACES:
            return Line("answer.row_setup", {}, seat)
        card = state.row[place - 1]
        blason = state.blasons[place - 1]
        if card is None:
            return Line("answer.place_empty", {"place": place, "blason": blason}, seat)
        return Line("answer.place", {"place": place, "card": card, "blason": blason,
                                     "token": self._token_on(state, place)}, seat)

    def _row_line(self, state: SevenKingdomsState, seat: int | None) -> Line:
        if len(state.blasons) < PLACES:
            return Line("answer.row_setup", {}, seat)
        # the places holding a card (or a token) one by one; the empty ones in one phrase
        shown = [p for p in range(1, PLACES + 1)
                 if state.row[p - 1] is not None or self._token_on(state, p)]
        empty = tuple(p for p in range(1, PLACES + 1) if p not in shown)
        items: list[Line] = [self._place_item(state, p, "answer.row_item", None) for p in shown]
        if empty:
            items.append(Line("answer.row_empties", {"places": empty}))
        return Line("answer.row", {"items": tuple(items)}, seat)

    def _tokens_line(self, state: SevenKingdomsState, seat: int | None) -> Line:
        revealed: Any = tuple(token_line(t) for t in state.tokens_revealed) or Line("none")
        placed: Any = tuple(
            Line("answer.tokens_placed_item",
                 {"token": token_line(t), "position": i + 1,
                  "blason": state.blasons[i] if i < len(state.blasons) else 0})
            for i, t in enumerate(state.tokens_placed) if t is not None
        ) or Line("none")
        return Line("answer.tokens", {"revealed": revealed, "placed": placed,
                                      "face_down": state.tokens_face_down}, seat)

    def _hand_line(self, state: SevenKingdomsState, seat: int) -> Line:
        own = state.seats[seat]
        if own.hand_size == 0:
            return Line("answer.hand_empty", {}, seat)
        if own.unknown == 0:
            return Line("answer.hand", {"cards": own.hand}, seat)
        if not own.hand:
            return Line("answer.hand_unknown", {"count": own.unknown}, seat)
        return Line("answer.hand_partial", {"cards": own.hand, "unknown": own.unknown}, seat)

    def _kingdom_line(self, state: SevenKingdomsState, target: int, seat: int | None,
                      own: bool, key: str = "answer.kingdom") -> Line:
        kingdom = state.seats[target].kingdom
        if not kingdom:
            if own:
                return Line("answer.kingdom_yours_empty", {}, seat)
            return Line(key + "_empty", {"player": self.name(target)}, seat)
        by_blason: dict[int, list[int]] = {}
        for card in kingdom:
            by_blason.setdefault(self.components.card(card).blason, []).append(card)
        order = [b for b in state.blasons if b in by_blason] + sorted(
            b for b in by_blason if b not in state.blasons)
        items = tuple(Line("answer.kingdom_item", {"blason": b, "cards": tuple(by_blason[b])})
                      for b in order)
        if own:
            return Line("answer.kingdom_yours", {"count": len(kingdom), "items": items}, seat)
        return Line(key, {"player": self.name(target), "count": len(kingdom), "items": items},
                    seat)

    def _majorities_line(self, state: SevenKingdomsState, seat: int) -> Line:
        items: list[Line] = []
        for position, blason in enumerate(state.blasons, start=1):
            counts = [sum(1 for c in s.kingdom if self.components.card(c).blason == blason)
                      for s in state.seats]
            best = max(counts, default=0)
            if best == 0:
                continue
            leaders = [i for i, n in enumerate(counts) if n == best]
            token = self._token_on(state, position)
            if len(leaders) == 1:
                items.append(Line("answer.majority_item",
                                  {"blason": blason, "player": self.name(leaders[0]),
                                   "count": best, "token": token}))
            else:
                items.append(Line("answer.majority_tie",
                                  {"blason": blason, "count": best, "token": token,
                                   "names": tuple(self.name(i) for i in leaders)}))
        if not items:
            return Line("answer.majorities_none", {}, seat)
        return Line("answer.majorities", {"items": tuple(items)}, seat)

    def _score_line(self, state: SevenKingdomsState, seat: int) -> Line:
        result = self.engine.result(state)
        items = tuple(Line("answer.score_item", {"player": self.name(line.seat),
                                                 "total": line.total})
                      for line in result.lines)
        if self.judge.awaiting(state).game_over:
            winners = tuple(self.name(s) for s in result.winners)
            return Line("answer.score_final", {"items": items, "winner_names": winners}, seat)
        return Line("answer.score", {"items": items}, seat)

    def _turn_answer(self, state: SevenKingdomsState, seat: int) -> Line:
        phase = state.phase
        if phase == st.OVER:
            return Line("answer.turn_game_over", {}, seat)
        if phase == st.PLAY:
            return Line("answer.turn_play", {"player": self.name(state.turn),
                                             "first": self.name(state.first)}, seat)
        if phase in (st.TAKE, st.BONUS) and state.order:
            card = state.resolving_card or 0
            if phase == st.BONUS:
                return Line("answer.turn_bonus", {"player": self.name(state.order[0]),
                                                  "card": card}, seat)
            later = tuple(
                Line("answer.order_item", {"player": self.name(s),
                                           "card": state.seats[s].played or 0})
                for s in state.order[1:]
            )
            after: Any = Line("answer.turn_next", {"items": later}) if later else ""
            return Line("answer.turn_take", {"player": self.name(state.order[0]), "card": card,
                                             "rank": rank_line(card), "next": after}, seat)
        return Line("answer.turn_world", {"what": self._world_prompt(state, None)}, seat)

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: SevenKingdomsState, action: Any, seat: int) -> Line:
        """An action in words (``action.<kind>``), e.g. "jouer le quarante-quatre"."""
        if isinstance(action, Play):
            return Line("action.play", {"card": action.card})
        if isinstance(action, ChooseToken):
            return Line("action.bonus", {"token": token_line(action.token)})
        if isinstance(action, Take):
            if not action.cards:
                return Line("action.take_nothing")
            return Line("action.take", {"cards": action.cards, "keep": action.keep,
                                        "validated": action.validated})
        if isinstance(action, RevealBlason):
            return Line("action.blason", {"blason": action.blason})
        if isinstance(action, RevealToken):
            return Line("action.token", {"token": token_line(action.token)})
        if isinstance(action, SetFirst):
            return Line("action.first", {"player": self.name(action.seat)})
        if isinstance(action, RevealCard):
            return Line("action.card", {"card": action.card})
        if isinstance(action, RevealHand):
            return Line("action.hand", {"player": self.name(action.seat), "card": action.card})
        raise TypeError(f"not a 7 Kingdoms action: {action!r}")

    def _where(self, where: str) -> Line:
        kind, _, rest = where.partition(":")
        player = self.name(int(rest)) if rest.isdecimal() else ""
        return Line("name.where", {"where": kind, "player": player})

    def _reason_params(self, state: SevenKingdomsState, reason: Reason) -> dict[str, Any]:
        params: dict[str, Any] = dict(reason.args)
        if "rank" in params:
            params["rank"] = rank_line(str(params["rank"]))
        if "token" in params:
            params["token"] = token_line(str(params["token"]))
        if "revealed" in params:
            params["revealed"] = tuple(token_line(str(t)) for t in params["revealed"] or ())
            if not params["revealed"]:
                params["revealed"] = Line("none")
        if "where" in params:
            params["where"] = self._where(str(params["where"]))
        if "kind" in params:
            params["kind"] = Line("name.kind", {"kind": params["kind"]})
        if "phase" in params:
            params["phase"] = Line("name.phase", {"phase": params["phase"]})
        if "expected" in params:
            params["expected"] = tuple(Line("name.kind", {"kind": k})
                                       for k in params["expected"] or ())
        if isinstance(params.get("seat"), int):
            params["player"] = self.name(int(params["seat"]))
            params["seat"] = int(params["seat"]) + 1
        if "place" in params and params["place"] is None:
            params["place"] = 0
        acting = self.acting_seat(state)
        params.setdefault("player", self.name(acting) if acting is not None else "")
        return params

    def refusal_lines(
        self, state: SevenKingdomsState, action: Any, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal (privately), then what would work."""
        lines = [Line(f"refusal.{reason.code}", self._reason_params(state, reason), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def _event_line(self, event: Event) -> Line:
        params: dict[str, Any] = dict(event.payload())
        seat = params.get("seat")
        if isinstance(seat, int):
            params["player"] = self.name(seat)
        key = f"event.{event.kind}"
        if isinstance(event, ev.RoundStarted):
            params["player"] = self.name(event.first)
        elif isinstance(event, ev.CardPlayed | ev.CardPlacedAbove):
            params["rank"] = rank_line(event.card)
        elif isinstance(event, ev.TokenRevealed | ev.TokenPlaced):
            params["name"] = token_line(event.token)
        elif isinstance(event, ev.RowShifted):
            params["cards"] = tuple(c for c in event.row if c is not None)
            if not params["cards"]:
                key = "event.row_shifted_empty"
        elif isinstance(event, ev.HandValidated) and not event.cards:
            key = "event.hand_validated_empty"
        elif isinstance(event, ev.CardsTaken):
            if not event.cards:
                key = "event.cards_taken_none"
            elif not event.kept:
                key = "event.cards_taken"
            elif not event.validated:
                key = "event.cards_taken_kept"
            else:
                key = "event.cards_taken_split"
        elif isinstance(event, ev.TokenAwarded):
            if event.token is None:
                key = "event.token_awarded_empty"
                params["player"] = ""
            elif event.seat is None:
                key = ("event.token_awarded_none" if max(event.counts, default=0)
                       else "event.token_awarded_nobody")
                params["player"] = ""
            params["name"] = token_line(event.token or "")
        elif isinstance(event, ev.GameScored):
            params["items"] = tuple(
                Line("answer.score_item", {"player": self.name(i), "total": total})
                for i, total in enumerate(event.scores)
            )
            params["winner_names"] = tuple(self.name(s) for s in event.winners)
        return Line(key, params, event.private_to)

    def event_lines(
        self, before: SevenKingdomsState, after: SevenKingdomsState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>`` (private ones on their seat's channel), then what
        is expected next when it changed: whose turn, or what the table must reveal."""
        lines = [self._event_line(e) for e in events]
        revealed = [i for i, e in enumerate(events) if isinstance(e, ev.CardRevealed)]
        if revealed:  # the pile's count once, after the last card turned up, not after each
            left = events[revealed[-1]].payload().get("pile_left", 0)
            lines.insert(revealed[-1] + 1, Line("event.pile_left", {"pile_left": left}))
        was, now = self.judge.awaiting(before), self.judge.awaiting(after)
        changed = (was.seats, was.kinds) != (now.seats, now.kinds) or now.world or any(
            isinstance(e, ev.RoundStarted) for e in events)
        if changed:
            lines.extend(self._prompt(after))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """No game-specific earcons."""
        return ()

    def _world_prompt(self, state: SevenKingdomsState, seat: int | None) -> Line:
        phase = state.phase
        if phase == st.SETUP_BLASONS:
            return Line("world_blason", {"position": len(state.blasons) + 1}, seat)
        if phase in (st.SETUP_TOKENS, st.REVEAL_TOKEN):
            return Line("world_token", {}, seat)
        if phase == st.SETUP_FIRST:
            return Line("world_first", {}, seat)
        if phase in (st.SETUP_ROW, st.REFILL):
            empty = [i + 1 for i, c in enumerate(state.row) if c is None]
            return Line("world_card", {"place": empty[0] if empty else 1}, seat)
        names = tuple(self.name(i) for i, s in enumerate(state.seats) if s.unknown)
        return Line("world_hand", {"names": names}, seat)

    def _prompt(self, state: SevenKingdomsState) -> tuple[Line, ...]:
        """Who acts now and how (their hand privately), or what the table must reveal."""
        phase = state.phase
        if phase == st.OVER:
            return ()
        if phase == st.PLAY:
            seat = state.turn
            return (Line("your_turn_play", {"player": self.name(seat)}),
                    self._hand_line(state, seat))
        if phase == st.TAKE:
            seat, card = state.order[0], state.resolving_card or 0
            return (Line("your_turn_take", {"player": self.name(seat), "card": card,
                                            "rank": rank_line(card)}),
                    self._hand_line(state, seat))
        if phase == st.BONUS:
            return (Line("your_turn_bonus", {
                "player": self.name(state.order[0]), "card": state.resolving_card or 0,
                "tokens": tuple(token_line(t) for t in state.tokens_revealed)}),)
        return (self._world_prompt(state, None),)

    def turn_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """Nothing more: :meth:`event_lines` already says whose turn it is."""
        return ()

    def opening_lines(self, state: SevenKingdomsState) -> tuple[Line, ...]:
        """The line under the blasons, each hand privately, and who acts first."""
        if state.game_over:
            return (Line("answer.turn_game_over"),)
        lines: list[Line] = []
        if len(state.blasons) == PLACES and all(c is not None for c in state.row):
            lines.append(self._row_line(state, None))
            lines.append(self._tokens_line(state, None))
        if not state.is_table and state.phase == st.PLAY:
            lines.extend(self._hand_line(state, s) for s in range(state.players)
                         if s != state.turn)
        lines.extend(self._prompt(state))
        return tuple(lines)

    def help_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """What can be said now, depending on the phase and on whose turn it is."""
        phase = state.phase
        if phase == st.OVER:
            return (Line("help.game_over", {}, seat),)
        acting = self.acting_seat(state)
        if acting is None:
            return (Line("help.world", {"what": self._world_prompt(state, None)}, seat),)
        if acting != seat:
            return (Line("help.waiting", {"player": self.name(acting)}, seat),)
        if phase == st.TAKE:
            return (Line("help.take", {"rank": rank_line(state.resolving_card or 1)}, seat),)
        if phase == st.BONUS:
            return (Line("help.bonus", {"tokens": tuple(token_line(t)
                                                        for t in state.tokens_revealed)},
                         seat),)
        return (Line("help.play", {}, seat),)

    def rules_lines(self, state: SevenKingdomsState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        return (Line("rules.short", {}, seat),)

    def hint_intents(self, state: SevenKingdomsState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        phase = state.phase
        if phase == st.TAKE:
            return ("take", "ask_row", "help")
        if phase == st.BONUS:
            return ("choose_token", "ask_tokens", "help")
        if phase == st.SETUP_BLASONS:
            return ("reveal_blason", "help")
        if phase in (st.SETUP_TOKENS, st.REVEAL_TOKEN):
            return ("reveal_token", "help")
        if phase == st.SETUP_FIRST:
            return ("set_first", "help")
        if phase in (st.SETUP_ROW, st.REFILL):
            return ("reveal_card", "help")
        if phase == st.FINAL:
            return ("show_hand", "help")
        return ("play", "ask_hand", "help")

    def state_json(self, state: SevenKingdomsState) -> dict[str, Any]:
        """The engine's state JSON (``ludivox.engines.seven_kingdoms.jsonio``), with each
        seat's ``name`` and the ``scores`` so far (validated cards and placed tokens)."""
        data = self.engine.to_json(state)
        data["seats"] = [{"name": self.name(i), **seat} for i, seat in enumerate(data["seats"])]
        data["scores"] = [line.total for line in self.engine.result(state).lines]
        return data



if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[SevenKingdomsState, SevenKingdomsAction] = SevenKingdomsBinding([])


__all__ = [
    "GAME",
    "PartialTake",
    "SevenKingdomsBinding",
    "SevenKingdomsTableEngine",
    "load_default_components",
]
