"""Un monde sans fin at the table: intents and scans -> actions.

Moves by voice: every action card with its choices ("je mets une pierre et un bois sur le
pont", "je vends trois laines et un tissu", "je joue la récolte : la maison du blé et celle
de la laine"), said with or without the card's name, also as Privilège, a card said without
its choices asked about or offered (:mod:`.card_plays`). The event card is turned by naming
who the arrow points at ("la flèche vers moi"), by what players get ("la pierre pour le
joueur deux, le point pour moi") or by the Council's number (:mod:`.orientation`); at a
physical table the player is then told how to turn the card. The engine's questions (an
exchange, a resource to give, a house to remove, the hospice's healing, a free house) are
answered in words ("j'échange", "je donne une laine").

Table mode: the event card is said or scanned, the plague tile's value and the tax die are
said, the die rolled or the penitence card drawn by Ludivox on request (:mod:`.table_mode`).

In three layers: :mod:`.narration` (everything said, with the game's things in words in
:mod:`.words`), :mod:`.questions` (the answers), and this module (from an intent or a scan
to a move).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ludivox.bindings.world_without_end import table_mode
from ludivox.bindings.world_without_end.card_plays import (
    CARD_OF,
    PartialPlay,
    card_alone,
    card_choice,
    free_site,
)
from ludivox.bindings.world_without_end.goods import goods_as, plays_goods
from ludivox.bindings.world_without_end.orientation import orient
from ludivox.bindings.world_without_end.questions import WweQuestions
from ludivox.bindings.world_without_end.words import gain_line
from ludivox.engines.world_without_end import (
    Choose,
    Components,
    Discard,
    Penitence,
    Play,
    Protect,
    WweAction,
    WweConfig,
    WweEngine,
    WweState,
)
from ludivox.engines.world_without_end.effects import prompt_op
from ludivox.engines.world_without_end.state import (
    ACTION,
    CONTRIBUTIONS,
    FIRST_GAME,
    FULL,
    TABLE,
    VIRTUAL,
    thaw,
)
from ludivox.table import next_player, slots
from ludivox.table.binding import (
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.judge import Judge
from ludivox.table.next_player import NEXT_INTENTS

GAME = "monde-sans-fin"
RULE_NAMES = {"premiere": FIRST_GAME, "complete": FULL}  # the command line's French names
ANSWERS = frozenset({"exchange_yes", "exchange_no", "give_one", "remove_house", "choose_none"})


# the action cards named after a good: "le blé pour moi" out of the event phase is the card
_CARD_OF_GOOD = {"grain": "ble", "piety": "piete", "cloth": "tissu"}


def _card_claimed(state: WweState, intent: IntentLike) -> str | None:
    """The card « le blé pour moi » claims in the action phase (the income wanted in the
    event phase): one good of a card's name, for the speaker, nothing else said."""
    if intent.name != "orient_for" or state.phase != ACTION or set(intent.slots) != {
            "res1", "who1"} or slots.word(intent, "who1") != "me":
        return None
    return _CARD_OF_GOOD.get(slots.word(intent, "res1") or "")


def load_default_components() -> Components:
    """The components of the data file shipped with Ludivox (mostly provisional)."""
    from ludivox.gamedata.world_without_end import load_components

    return load_components()


class WweTableEngine(WweEngine):
    """The Un monde sans fin engine with the set-up calls the command line uses."""

    def __init__(self, components: Components | None = None, rules: str = FULL) -> None:
        """``rules``: ``full`` or ``first`` (also as said on the command line: ``complete``,
        ``premiere``)."""
        rules = RULE_NAMES.get(rules, rules)
        super().__init__(WweConfig(components or load_default_components(), rules=rules))

    def _new(self, players: int, mode: str, seed: int) -> WweState:
        config = replace(self.config, players=players, mode=mode, seed=seed)
        return WweEngine(config).new_game()

    def new_virtual_game(self, players: int, seed: int) -> WweState:
        """A seeded game (raises ValueError for a bad player count)."""
        return self._new(players, VIRTUAL, seed)

    def new_table_game(self, players: int) -> WweState:
        """A game with the real cards and board (raises ValueError for a bad count)."""
        return self._new(players, TABLE, 0)


def computer_player(engine: Any, strength: str, seed: int) -> Any:
    """A computer player (state -> action) at ``strength``; ValueError if unknown."""
    from ludivox.engines.world_without_end.players import STRENGTHS, choose

    if strength not in STRENGTHS:
        raise ValueError(f"niveau inconnu {strength!r} (au choix : {', '.join(STRENGTHS)})")
    return lambda state: choose(engine, state, strength, seed)


class WweBinding(WweQuestions):
    """Un monde sans fin for :class:`ludivox.table.session.Session`."""

    game = GAME

    def __init__(self, players: Sequence[str], components: Components | None = None) -> None:
        self.engine = WweTableEngine(components)
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.components = self.engine.components
        self.players = list(players)

    # --- understanding ----------------------------------------------------------------

    def interpret(self, state: WweState, intent: IntentLike, seat: int) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a game intent)."""
        intent = slots.agreed(intent)  # "la dernière place, la quatorzième": the same, or nothing
        if intent is None:
            return None
        found = free_site(self.components, state, intent, seat)  # "le premier emplacement
        if isinstance(found, Refusal):  # libre"
            return found
        intent = found
        name = intent.name
        if name.startswith("ask_"):
            return self._question(state, intent, seat)
        if name == "play":
            if slots.word(intent, "again") not in (None, slots.word(intent, "card")):
                return None  # the card said two ways that disagree: nothing is done
            return card_alone(self.engine, state, slots.word(intent, "card") or "", seat,
                              self.acting_seat(state))
        if name in CARD_OF:
            return card_choice(self.engine, self.judge, state, intent, seat,
                               self.acting_seat(state))
        if name == "renounce":
            card = slots.word(intent, "card")
            if card is None and self._offered_exchange(state, seat):
                return Proposal((Choose("no"),))  # "je passe" to an exchange: no
            if card is None and self.acting_seat(state) not in (None, seat):
                card = "ble"  # out of turn: the session says whose turn it is
            if card is None:
                hand = sorted(set(state.seats[seat].hand))
                if len(hand) == 1:
                    card = hand[0]
                else:
                    return Proposal((), Line("ask_renounce_card", {}, seat),
                                    PartialPlay("", renounce=True))
            return Proposal((Play(card, renounce=True),))
        if name == "discard":
            card = slots.word(intent, "card") or ""
            if state.phase == "penitence":
                return Proposal((Penitence(card),))
            return Proposal((Discard(card),))
        if name in ANSWERS:
            return self._answer(state, intent, seat)
        if (claimed := _card_claimed(state, intent)) is not None:
            return card_alone(self.engine, state, claimed, seat, self.acting_seat(state))
        if name.startswith("orient_"):
            return orient(self.engine, state, intent, seat)
        if name == "protect":
            dues = tuple(dict.fromkeys(slots.words(intent, "dues")))
            if not dues:  # "je me protège avec ma loyauté": each sanction it can lift
                each = [Protect((k,)) for k in CONTRIBUTIONS]
                legal = self.judge.legal(state, each)
                if legal:
                    return Proposal(tuple(legal))
                short = [a for a in each if (r := self.judge.refusal(state, a)) is not None
                         and r.code == "not_enough"]  # a sanction, but no loyalty left
                return Proposal(((short or each)[0],))
            return Proposal((Protect(dues),))
        if name == "protect_none":
            return Proposal((Protect(()),))
        if name == "number":  # a bare number: what the table waits for (die, tile, event)
            return table_mode.bare_number(state, slots.number(intent, "number"))
        return table_mode.world_move(self.engine, state, intent)

    def yes_no(self, state: WweState, yes: bool, seat: int) -> Interpretation | None:
        """« oui » / « non » answer the engine's yes-or-no question (an exchange) when it is
        asked of ``seat``; any other question, or another seat's, is not answered by it."""
        if not self._offered_exchange(state, seat):
            return None
        return Proposal((Choose("yes" if yes else "no"),))

    def yes_no_question(self, state: WweState, seat: int) -> Line | None:
        """The exchange offered to ``seat``, in words, when it is what « oui » answers."""
        return self.question_line(state, seat) if self._offered_exchange(state, seat) else None

    @staticmethod
    def _offered_exchange(state: WweState, seat: int) -> bool:
        """Whether the engine waits for ``seat`` to take or decline an exchange."""
        return bool(state.queue) and state.queue[0].seat == seat and (
            state.queue[0].kind == "exchange")

    def _answer(self, state: WweState, intent: IntentLike, seat: int) -> Interpretation:
        name = intent.name
        if name == "exchange_yes":
            return self._exchange_yes(state, intent, seat)
        if name == "exchange_no":
            return Proposal((Choose("no"),))
        if name == "give_one":
            return Proposal((Choose(slots.word(intent, "resource") or "none"),))
        if name == "remove_house":
            return Proposal((Choose(f"site:{slots.number(intent, 'site') or 0}"),))
        return Proposal((Choose("none"), Choose("no")))

    def _exchange_yes(self, state: WweState, intent: IntentLike, seat: int) -> Interpretation:
        """« j'échange » accepts; naming what is given or got must name the exchange offered
        (« ma laine contre trois ors »): another exchange is refused, not read as this one."""
        named = {k: slots.word(intent, k) for k in ("give", "get")}
        if state.queue and state.queue[0].kind == "exchange" and any(named.values()):
            op = prompt_op(thaw(state), self.components, state.queue[0])
            offered = {"give": dict(op.give), "get": dict(op.get)}
            if any(res and res not in offered[k] for k, res in named.items()):
                return Refusal((Line("exchange_not_offered", {
                    "give": gain_line(op.give), "get": gain_line(op.get)}, seat),))
        return Proposal((Choose("yes"),))

    def complete(
        self, state: WweState, partial: Any, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """Complete a card said without its choices, or the card renounced."""
        if not isinstance(partial, PartialPlay):
            return None
        if partial.renounce:
            card = slots.word(intent, "card") if intent.name in ("play", "renounce") else None
            return Proposal((Play(card, renounce=True),)) if card else None
        if intent.name in CARD_OF or intent.name == "play":
            return self.interpret(state, intent, seat)
        if intent.name == "goods":  # "une laine" after "je vends": the sale of one wool
            said = goods_as(partial.card, intent)
            return self.interpret(state, said, seat) if said is not None else None
        if intent.name == "material_alone" and partial.card == "materiau":  # "du bois"
            return self.interpret(state, slots.Said("play_material", dict(intent.slots),
                                                    intent.text, intent.cost), seat)
        return None

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """"Le pont": the offered play on that project; "le privilège": its Privilège."""
        if intent.name == "goods":  # "un bois": the play of those goods
            found = [i for i, a in enumerate(candidates) if isinstance(a, Play)
                     and (said := goods_as(a.card, intent)) is not None
                     and plays_goods(a, said)]
            return found[0] if len(found) == 1 else None
        if intent.name == "material_alone":  # "du bois": Matériau's wood, never a project's
            material = slots.word(intent, "material")
            found = [i for i, a in enumerate(candidates) if isinstance(a, Play)
                     and a.card == "materiau" and a.material == material]
            return found[0] if len(found) == 1 else None
        project = slots.word(intent, "project")
        card = slots.word(intent, "card")
        for i, action in enumerate(candidates):
            if isinstance(action, Play) and ((project and action.project == project)
                                             or (card and action.card == card)):
                return i
        return None

    def choice_line(self, state: WweState, candidates: Sequence[Any], seat: int) -> Line | None:
        """The generic "A, B ou C ?" (each described)."""
        return None

    def scan(
        self, state: WweState, kind: str, value: str, seat: int, partial: Any = None, *,
        uid: str | None = None,
    ) -> Interpretation:
        """An event card's tag is the card drawn: by its number (``event/12``), or by the
        facts printed on it (``printed/12;p=1;c=...``, see
        :mod:`ludivox.gamedata.world_without_end_tags`): the data's card when the facts
        agree, else the card as printed, its effect carried out by the players. A tag whose
        facts do not read is refused and changes nothing."""
        return table_mode.scanned_card(self.components, state, kind, value, seat)

    def card_name(self, state: WweState, kind: str, value: str) -> Line | None:
        """An event card by its number (a tag with facts starts with it)."""
        return table_mode.card_name(value)

    def about(
        self, state: WweState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """A question about another player ("qu'est-ce que Paul a ?": see
        :meth:`about_question`), or a turn of the event card naming a player ("la pierre pour
        Anne, le point pour moi"): the orientations that do it, settled by the session like
        any other move.
        Only an exact reading turns the card: a sentence read by its words alone (the topic
        reader, with the name taken out) may have lost whom each income is for."""
        if intent.name in NEXT_INTENTS:  # "qui joue après Paul ?"
            return next_player.answer(self, state, intent, seat, about)
        asked = self.about_question(state, intent, seat, about)
        if asked is not None:
            return asked
        if not intent.name.startswith("orient_") or intent.cost > 0:
            return None
        return orient(self.engine, state, intent, seat, named=about)


if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[WweState, WweAction] = WweBinding([])


__all__ = ["GAME", "PartialPlay", "WweBinding", "WweTableEngine", "computer_player",
           "load_default_components"]
