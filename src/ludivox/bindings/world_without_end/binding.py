"""Un monde sans fin at the table: intents and scans -> actions.

Moves by voice: every action card with its choices ("je mets une pierre et un bois sur le
pont", "je vends trois laines et un tissu", "je joue la récolte : la maison du blé et celle
de la laine"), said with or without the card's name; a choice also fits Privilège when its
last action was that card (both in hand: the player is asked which). A card whose choices
are missing is asked about ("sur quel projet ?"), or offered when only a few ways are legal.
The event card is turned by naming who the arrow points at ("la flèche vers moi"), by what
players get ("la pierre pour le joueur deux, le point pour moi", "tourne pour que j'aie la
laine") or by the Council's number; at a physical table the player is then told how to turn
the card. The engine's questions (an exchange, a resource to give, a house to remove, the
hospice's healing, a free house) are answered in words ("j'échange", "je donne une laine").

Table mode: the event card is said or scanned (``ludivox:monde-sans-fin/event/12``), the
plague tile's value and the tax die are said, or the die is rolled by Ludivox on request
("lance le dé"), and the penitence card is said or drawn by Ludivox ("tire une carte au
hasard"). Ludivox's draws are seeded by the position, so a replayed game draws the same.

In three layers: :mod:`.narration` (everything said, with the game's things in words in
:mod:`.words`), :mod:`.questions` (the answers), and this module (from an intent or a scan
to a move).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ludivox.bindings.world_without_end.goods import goods_as, plays_goods
from ludivox.bindings.world_without_end.questions import WweQuestions
from ludivox.bindings.world_without_end.words import gain_line
from ludivox.engines.world_without_end import (
    Choose,
    Components,
    Discard,
    Orient,
    Penitence,
    Play,
    Printed,
    Protect,
    Reveal,
    Tax,
    Tile,
    WweAction,
    WweConfig,
    WweEngine,
    WweState,
)
from ludivox.engines.world_without_end.effects import prompt_op
from ludivox.engines.world_without_end.flow import side_of
from ludivox.engines.world_without_end.legal import SIDES
from ludivox.engines.world_without_end.state import (
    CONTRIBUTIONS,
    FIRST_GAME,
    FULL,
    TABLE,
    VIRTUAL,
    thaw,
)
from ludivox.gamedata import world_without_end_tags as tags
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

GAME = "monde-sans-fin"
RULE_NAMES = {"premiere": FIRST_GAME, "complete": FULL}  # the command line's French names
MAX_OFFERED = 3
# the card each choice intent carries out
CARD_OF = {
    "play_material": "materiau", "play_project": "projet", "play_sale": "vente",
    "play_house": "maison", "play_harvest": "recolte", "play_donation": "don",
    "play_cloth": "tissu", "play_heal": "medecine", "play_service": "medecine",
}
ANSWERS = frozenset({"exchange_yes", "exchange_no", "give_one", "remove_house", "choose_none"})


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


@dataclass(frozen=True)
class PartialPlay:
    """A card said without the choices it needs: the next choice completes it."""

    card: str
    renounce: bool = False


def world_draw(state: WweState, engine: WweEngine, options: Sequence[Any]) -> Any:
    """One of ``options`` drawn by Ludivox, seeded by the position (replays draw the same)."""
    return random.Random(engine.dumps(state)).choice(list(options))


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
        name = intent.name
        if name.startswith("ask_"):
            return self._question(state, intent, seat)
        if name == "play":
            return self._card(state, slots.word(intent, "card") or "", seat)
        if name in CARD_OF:
            return self._choice(state, intent, seat)
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
        if name.startswith("orient_"):
            return self._orient(state, intent, seat)
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
            return self._bare_number(state, slots.number(intent, "number"))
        return self._world(state, intent)

    def _bare_number(self, state: WweState, number: int | None) -> Interpretation | None:
        """ "trois" while the table mode waits for the tax die, the plague tile or the event
        card: that value (the engine refuses a value out of range); None anywhere else."""
        if state.mode != TABLE or number is None:
            return None
        if state.phase == "tax":
            return Proposal((Tax(number),))
        if state.phase == "plague_tile":
            return Proposal((Tile(number),))
        return Proposal((Reveal(number),)) if state.phase == "event" else None

    def _world(self, state: WweState, intent: IntentLike) -> Interpretation | None:
        name = intent.name
        value = slots.number(intent, "value") or 0
        if name == "reveal_event":
            return Proposal((Reveal(slots.number(intent, "event") or 0),))
        if name == "describe_event":
            corners = tuple(
                ((slots.word(intent, f"c{i}") or "", slots.number(intent, f"a{i}") or 1),)
                for i in range(1, 5))
            return Proposal((Printed((corners[0], corners[1], corners[2], corners[3]),
                                     slots.word(intent, "lasting") == "yes",
                                     slots.number(intent, "place") or 0),))
        if name == "reveal_tile":
            return Proposal((Tile(value),))
        if name == "tax":
            return Proposal((Tax(value),))
        if name == "roll_tax":
            if state.phase != "tax" or state.mode != TABLE:
                return Proposal((Tax(self.components.tax_faces[0]),))
            return Proposal((Tax(world_draw(state, self.engine, self.components.tax_faces)),))
        make = Discard if state.phase == "random_discard" else Penitence
        if name == "penitence_card":
            return Proposal((make(slots.word(intent, "card") or ""),))
        if name == "penitence_random":
            hand = state.seats[state.pending[0]].hand if state.pending else ()
            if state.phase not in ("penitence", "random_discard") or state.mode != TABLE \
                    or not hand:
                return Proposal((Penitence("ble"),))
            return Proposal((make(world_draw(state, self.engine, sorted(hand))),))
        return None

    def _ways(self, state: WweState, card: str) -> list[Play]:
        return [a for a in self.engine.legal_actions(state)
                if isinstance(a, Play) and a.card == card and not a.renounce]

    def _card(self, state: WweState, card: str, seat: int) -> Interpretation:
        """A card named alone: made when it takes no choice, else its choices asked."""
        ways = self._ways(state, card) if self.acting_seat(state) == seat else []
        if not ways or ways == [Play(card)]:
            return Proposal((Play(card),))
        if len(ways) <= MAX_OFFERED:
            return Proposal(tuple(ways))
        question = Line("refusal.choice_needed", {"card": Line("name.card", {"card": card})},
                        seat)
        return Proposal((), question, PartialPlay(card))

    def _choice(self, state: WweState, intent: IntentLike, seat: int) -> Interpretation:
        """A card's choices said ("je vends trois laines"): the card, or Privilège."""
        name = intent.name
        base = CARD_OF[name]
        acting = self.acting_seat(state)
        if acting is not None and acting != seat:
            return Proposal((Play(base),))  # the session says whose turn it is
        if state.queue:
            answered = self._queue_answer(state, intent, seat)
            if answered is not None:
                return answered
        if name == "play_sale" and not intent.slots:  # "je vends": which goods?
            return self._card(state, base, seat)
        plays = self._plays(state, intent, seat, base)
        if isinstance(plays, Refusal):
            return plays
        if not plays:
            question = Line("ask_project", {"stone": slots.number(intent, "stone") or 0,
                                            "wood": slots.number(intent, "wood") or 0}, seat)
            return Proposal((), question, PartialPlay(base))
        own = state.seats[seat]
        via = slots.word(intent, "via")
        cards = [base]
        if via == "privilege":
            cards = ["privilege"]
        elif "privilege" in own.hand and own.last_used == base:
            cards = [base, "privilege"] if base in own.hand else ["privilege"]
        candidates = tuple(replace(p, card=c) for c in cards for p in plays)
        return Proposal(candidates)

    def _plays(self, state: WweState, intent: IntentLike, seat: int,
               card: str) -> list[Play] | Refusal:
        """The plays the intent's choices describe (several when a place is left open)."""
        name = intent.name
        own = state.seats[seat]
        if name == "play_material":
            return [Play(card, material=slots.word(intent, "material") or "")]
        if name == "play_project":
            stone, wood = slots.number(intent, "stone") or 0, slots.number(intent, "wood") or 0
            project = slots.word(intent, "project")
            if project is not None:
                return [Play(card, project=project, stone=stone, wood=wood)]
            found = [Play(card, project=p.id, stone=stone, wood=wood) for p in state.projects]
            legal = self.judge.legal(state, found)
            return legal if 0 < len(legal) <= MAX_OFFERED else []
        if name == "play_sale":
            return [Play(card, wool=slots.number(intent, "wool") or 0,
                         cloth=slots.number(intent, "cloth") or 0)]
        if name == "play_cloth":
            return [Play(card, wool=slots.number(intent, "wool") or 0)]
        if name == "play_heal":
            return [Play(card, places=slots.numbers(intent, "places"))]
        if name == "play_service":
            return [Play(card, service=True)]
        if name == "play_donation":
            return [Play(card, project=slots.word(intent, "project") or "")]
        if name == "play_house":
            site = slots.number(intent, "site")
            if site is not None:
                return [Play(card, site=site)]
            income = slots.word(intent, "income") or ""
            sites = [s.number for s in self.components.sites if dict(s.income).get(income)]
            found = [Play(card, site=s) for s in sites]
            return self.judge.legal(state, found) or found[:1] or [Play(card, site=0)]
        # the harvest: by site, or by the income of one's houses
        sites = list(slots.numbers(intent, "sites"))
        mine = [s for s, owner in state.houses if owner == seat]
        for income in slots.words(intent, "incomes"):
            match = [s for s in mine if dict(self.components.site(s).income).get(income)]
            if not match:
                return Refusal((Line("no_house_with", {"resource": Line(
                    "name.resource", {"resource": income})}, seat),))
            sites.append(match[0])
        del own
        return [Play(card, sites=tuple(sites))]

    def _queue_answer(self, state: WweState, intent: IntentLike,
                      seat: int) -> Interpretation | None:
        """A hospice healing or a free house said as a move answers the question asked."""
        kind = state.queue[0].kind
        if kind == "hospice" and intent.name == "play_heal":
            places = slots.numbers(intent, "places")
            return Proposal(tuple(Choose(f"place:{p}") for p in places[:1]))
        if kind == "free_house" and intent.name == "play_house":
            site = slots.number(intent, "site")
            if site is not None:
                return Proposal((Choose(f"site:{site}"),))
        return None

    def yes_no(self, state: WweState, yes: bool, seat: int) -> Interpretation | None:
        """« oui » / « non » answer the engine's yes-or-no question (an exchange) when it is
        asked of ``seat``; any other question, or another seat's, is not answered by it."""
        if not self._offered_exchange(state, seat):
            return None
        return Proposal((Choose("yes" if yes else "no"),))

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

    def _target_seat(self, state: WweState, who: str | None, number: int | None,
                     seat: int, named: int | None = None) -> int | Refusal | None:
        """The seat named: "moi", "mon voisin de gauche", "le joueur deux", or a name (the
        session hears "Anne" as the word ``joueur``: ``named`` is her seat)."""
        if who == "named":
            if named is None:
                return Refusal((Line("orient_say_name", {}, seat),))
            return named
        if number is not None:
            if not 1 <= number <= state.players:
                return Refusal((Line("no_such_player", {"seat": number,
                                                        "players": state.players}, seat),))
            return number - 1
        if who in (None, "me"):
            return seat
        if who not in ("left", "right", "front"):
            return None  # "le côté vide" is no seat
        step = {"left": 1, "right": -1, "front": 2}[who]
        if state.players == 2:
            return (seat + 1) % 2 if who == "front" else None
        if who == "front" and state.players == 3:
            return None
        return (seat + step) % state.players

    def _orient(self, state: WweState, intent: IntentLike, seat: int,
                named: int | None = None) -> Interpretation:
        name = intent.name
        if name == "orient_number":
            arrow = slots.number(intent, "arrow") or 0
            return Proposal(tuple(Orient(s) for s in range(4)
                                  if self.components.council[s] == arrow) or (Orient(arrow),))
        if name == "orient_to" and slots.word(intent, "who") == "nobody":
            empty = tuple(Orient(side) for side in range(SIDES)
                          if side not in {side_of(s, state.players) for s in range(state.players)})
            return Proposal(empty) if empty else Refusal((Line("orient_nothing_fits", {}, seat),))
        if name == "orient_to":
            target = self._target_seat(state, slots.word(intent, "who"),
                                       slots.number(intent, "seat"), seat, named)
            if isinstance(target, Refusal):
                return target
            if target is None:
                return Refusal((Line("orient_nobody_there", {}, seat),))
            return Proposal((Orient(side_of(target, state.players)),))
        wanted: list[tuple[str, int]] = []
        for i in ("1", "2"):
            res = slots.word(intent, f"res{i}")
            if res is None:
                continue
            target = self._target_seat(state, slots.word(intent, f"who{i}"),
                                       slots.number(intent, f"seat{i}"), seat, named)
            if isinstance(target, Refusal):
                return target
            if target is None:
                return Refusal((Line("orient_nobody_there", {}, seat),))
            wanted.append((res, target))
        if state.phase != "orient" or state.council is None:
            return Proposal((Orient(0),))  # refused by the engine: not the moment
        options = self.engine.view(state, None)["orientations"]
        sides = tuple(Orient(o["side"]) for o in options
                      if all(o["incomes"][s].get(r) for r, s in wanted))
        if not sides:
            return Refusal((Line("orient_nothing_fits", {}, seat),))
        return Proposal(sides)

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
        if kind in ("event", "") and value.isdecimal():
            return Proposal((Reveal(int(value)),))
        if kind == tags.KIND:
            return self._printed_tag(state, value, seat)
        return Refusal((Line("scan.not_a_card", {"kind": kind, "value": value}, seat),))

    def _printed_tag(self, state: WweState, value: str, seat: int) -> Interpretation:
        try:
            card = tags.card_from_tag(value)
        except tags.EventFactsError as problem:
            return Refusal((Line("scan.bad_facts", {"problem": str(problem)}, seat),))
        if card.period != state.period and state.phase == "event":
            return Refusal((Line("refusal.wrong_period", {
                "card": card.number, "card_period": card.period, "period": state.period},
                seat),))
        try:
            known = self.components.event(card.number)
        except KeyError:
            known = None
        if known is not None and tags.same_facts(card, known):
            return Proposal((Reveal(card.number),))
        return Proposal((Printed(card.corners, card.lasting, card.place),))

    def card_name(self, state: WweState, kind: str, value: str) -> Line | None:
        """An event card by its number (a tag with facts starts with it)."""
        number = value.partition(";")[0]
        return Line("scan.card", {"number": int(number)}) if number.isdecimal() else None

    def about(
        self, state: WweState, intent: IntentLike, seat: int, about: int
    ) -> Interpretation | None:
        """A question about another player ("qu'est-ce que Paul a ?": see
        :meth:`about_question`), or a turn of the event card naming a player ("la pierre pour
        Anne, le point pour moi"): the orientations that do it, settled by the session like
        any other move.
        Only an exact reading turns the card: a sentence read by its words alone (the topic
        reader, with the name taken out) may have lost whom each income is for."""
        asked = self.about_question(state, intent, seat, about)
        if asked is not None:
            return asked
        if not intent.name.startswith("orient_") or intent.cost > 0:
            return None
        return self._orient(state, intent, seat, named=about)


if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[WweState, WweAction] = WweBinding([])


__all__ = ["GAME", "PartialPlay", "WweBinding", "WweTableEngine", "computer_player",
           "load_default_components"]
