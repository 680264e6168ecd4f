"""Kingdom Builder at the table: intents -> actions, events and queries -> sentences.

Places: the grammar gives ``row:5`` / ``col:12`` slots, joined here into the engine's hex
(canonical id ``hex:5-12``); "à l'est de ma cité en cinq douze" is the neighbour of that hex
in that direction. Board queries live in the engine package (:mod:`explore`, :mod:`coach`);
this module only turns their values into lines.

Channels: moves and turns on the table; answers, refusals and one's own terrain card on the
player's channel. A drawn card stays private until its turn, when it is played face up.
Answers are short; :class:`~ludivox.table.binding.Answer` ``details`` are said on "plus de
détails".

In three layers, each one job: :mod:`~ludivox.bindings.kingdom_builder.narration` (seats, turns,
everything said), :mod:`~ludivox.bindings.kingdom_builder.questions` (the answers), and this
module (from an intent or a scan to a move).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.bindings.kingdom_builder.narration import hex_line, hex_of, terrain_line, tile_line
from ludivox.bindings.kingdom_builder.places import free_in_row, said_again, said_refusal
from ludivox.bindings.kingdom_builder.questions import KingdomBuilderQuestions
from ludivox.engines.kingdom_builder import (
    SUGGESTED_FIRST_CARDS,
    SUGGESTED_FIRST_LAYOUT,
    KingdomBuilderEngine,
    explore,
    grid,
    players,
)
from ludivox.engines.kingdom_builder.actions import (
    Build,
    CaveMove,
    EndTurn,
    KingdomBuilderAction,
    MoveTile,
    PlaceTile,
    RevealTerrain,
)
from ludivox.engines.kingdom_builder.components import BUILDABLE, MOVE_TILES
from ludivox.engines.kingdom_builder.setup import check_cards, check_layout, parse_layout
from ludivox.engines.kingdom_builder.state import TABLE, VIRTUAL, KingdomBuilderState
from ludivox.gamedata.kingdom_builder import load_sections
from ludivox.table import slots
from ludivox.table.binding import (
    Answer,
    Binding,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.judge import Judge

NAMED_NEAR = 6
"""At most this many hexes are named when several fit "à côté de ..."."""


@dataclass(frozen=True)
class PartialTile:
    """A tile named without its target ("j'utilise la taverne": where?; "l'enclos pour
    déplacer la cité de huit treize": ``origin`` said, where does it go?)."""

    tile: str
    origin: tuple[int, int] | None = None


class KingdomBuilderTableEngine(KingdomBuilderEngine):
    """The engine with the constructors the command line uses, and set-up options
    (``layout``: ``"tavern,paddock,oasis,farm"``, ``"suggested"`` or ``None`` to draw;
    ``cards``: three card ids, comma-separated), checked at once: ``SetupChoiceError``
    (with a reason code) when one is not allowed."""

    def __init__(self, layout: str | None = None, cards: str | None = None) -> None:
        super().__init__(load_sections())
        self.options: dict[str, Any] = {}
        if layout == "suggested":
            self.options["layout"] = SUGGESTED_FIRST_LAYOUT
            self.options["cards"] = SUGGESTED_FIRST_CARDS
        elif layout:
            self.options["layout"] = check_layout(self.sections, parse_layout(layout))
        if cards:
            self.options["cards"] = check_cards([c for c in map(str.strip, cards.split(",")) if c])

    def new_virtual_game(self, players: int, seed: int) -> KingdomBuilderState:
        """A virtual game: the engine shuffles the terrain cards from ``seed``."""
        return self.new_game(players, seed=seed, mode=VIRTUAL, **self.options)

    def new_table_game(self, players: int) -> KingdomBuilderState:
        """A game with the physical cards: each turn's card is told or scanned. The board
        on the table is the ``layout`` given, else the rulebook's suggested first game."""
        options = {"layout": SUGGESTED_FIRST_LAYOUT, "cards": SUGGESTED_FIRST_CARDS,
                   **self.options}
        return self.new_game(players, mode=TABLE, **options)


def computer_player(engine: KingdomBuilderEngine, strength: str, seed: int
                    ) -> Callable[[KingdomBuilderState], KingdomBuilderAction]:
    """A computer player for ``Session(computers=...)``: state -> the current seat's action
    (:mod:`players`; its randomness is drawn from ``seed`` and the position, so a replayed
    game makes the same moves). ``ValueError`` for an unknown strength."""
    if strength not in players.STRENGTHS:
        raise ValueError(f"niveau inconnu {strength!r} (au choix : "
                         f"{', '.join(players.STRENGTHS)})")

    def play(state: KingdomBuilderState) -> KingdomBuilderAction:
        rng = random.Random(f"{seed}/{engine.dumps(state)}")
        return players.choose(state, strength, rng)

    return play


class KingdomBuilderBinding(KingdomBuilderQuestions):
    """Kingdom Builder for :class:`ludivox.table.session.Session`."""

    game = "kingdom-builder"

    def __init__(self, players: Sequence[str]) -> None:
        self.engine = KingdomBuilderTableEngine()
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.players = list(players)

    # --- seats ------------------------------------------------------------------------

    def needs_turn(self, action: KingdomBuilderAction) -> bool:
        """Only the current player acts (a revealed card is the world's)."""
        return not isinstance(action, RevealTerrain)

    def irreversible(self, state: KingdomBuilderState, action: KingdomBuilderAction) -> bool:
        """Ending the turn cannot be taken back: the terrain card is discarded and a new one
        drawn ("le joueur défausse sa carte Terrain et en pioche une nouvelle"). Settlements
        and tiles placed during the turn can still be taken back (undo)."""
        return isinstance(action, EndTurn)

    # --- understanding ----------------------------------------------------------------

    def interpret(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a Kingdom Builder intent)."""
        name = intent.name
        if name == "build":
            found = free_in_row(state, intent, seat)  # "la première case libre de la ligne un"
            if isinstance(found, Refusal):
                return found
            intent = found
            target = self._target(state, intent, seat)
            if isinstance(target, Refusal) or target is None:
                return target
            refused = said_refusal(state, intent, target, seat)
            if refused is not None:
                return refused
            again = said_again(intent)  # "dix treize, oui dix treize": the same hex, once
            if again is not None and again != target:
                # two hexes ("... ou ...", heard "oui"): a hesitation, nothing to build
                return None
            return Proposal((Build(target),))
        if name == "build_near":
            return self._near(state, intent, seat)
        if name in ("use_tile", "move_settlement"):  # (the latter: the moving tile unsaid)
            return self._tile(state, intent, seat, slots.word(intent, "tile") or "")
        if name == "cave_move":
            origin, target = hex_of(intent, "from_row", "from_col"), hex_of(intent)
            if origin is None or target is None:
                return None
            return Proposal((CaveMove(origin, target),))
        if name == "end_turn":
            return Proposal((EndTurn(),))
        if name == "reveal_terrain":
            return Proposal((RevealTerrain(slots.word(intent, "terrain") or ""),))
        if name == "tutorial":
            return Answer((Line("tutorial.board", {}, seat), Line("tutorial.directions", {}, seat),
                           Line("tutorial.shift", {}, seat)),
                          details=(Line("tutorial.sections", {}, seat),))
        if name == "details":
            return Answer((Line("answer.no_details", {}, seat),))
        if name.startswith("ask_"):
            return self._question(state, intent, seat)
        return None

    def _near(self, state: KingdomBuilderState, intent: IntentLike, seat: int) -> Interpretation:
        """"Je construis à côté du château", "près de l'eau", "sur la prairie à côté de la
        montagne": the builds allowed now on the hexes touching it, offered (one: "j'y
        construis ?"; two or three: which; more: the first few named, which one?)."""
        if seat != state.current:
            return Answer((Line("help.waiting", {"player": self.name(state.current)}, seat),))
        near = slots.word(intent, "near") or "own"
        on, card = slots.word(intent, "on"), state.hands[state.current]
        if on is not None and card in BUILDABLE and on != card:
            return Refusal((Line("refusal.other_terrain", {
                "terrain": terrain_line(on), "needed": terrain_line(card)}, seat),))
        hexes = explore.next_to(state, seat, near)
        if on is not None:
            hexes = tuple(h for h in hexes if state.board.terrain[grid.index(h)] == on)
        legal = self.judge.legal(state, [Build(h) for h in hexes])
        where = Line("near", {"near": near})
        if not legal and hexes and Build.kind not in self.judge.awaiting(state).kinds:
            return Proposal((Build(hexes[0]),))  # no build now at all: the rules say why
        if not legal:
            terrain = terrain_line(on or card)
            return Refusal((Line("refusal.none_near", {"near": where, "terrain": terrain},
                                 seat),))
        if len(legal) == 1:
            offer = Line("offer_near", {"near": where, "place": hex_line(legal[0].hex)}, seat)
            return Proposal(tuple(legal), offer, offer=True)
        # two or three: the session's usual "la première ou la deuxième ?" comes first
        places = tuple(hex_line(b.hex) for b in legal[:NAMED_NEAR])
        question = Line("ask_which_near", {"count": len(legal), "near": where, "places": places,
                                           "cut": len(legal) > NAMED_NEAR}, seat)
        return Proposal(tuple(legal), question)

    def _tile(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int, tile: str
    ) -> Interpretation:
        target = self._target(state, intent, seat)
        if isinstance(target, Refusal):
            return target
        if target is not None and (refused := said_refusal(state, intent, target, seat)):
            return refused
        origin = hex_of(intent, "from_row", "from_col")
        direction = slots.word(intent, "direction")
        if target is None and origin is not None and direction is not None:
            # "enclos de cinq douze deux cases à l'est": the Paddock's jump
            target = grid.step(grid.step(origin, direction), direction)
        if not tile and origin is not None and target is not None:
            # "je saute de neuf treize en sept quatorze": by a moving tile the player holds
            held = [t for t in MOVE_TILES if state.held(state.current, t)]
            if not held:
                return Refusal((Line("no_moving_tile", {}, seat),))
            moves = [MoveTile(t, origin, target) for t in held]
            return Proposal(tuple(self.judge.legal(state, moves) or moves[:1]))
        if tile in MOVE_TILES:
            if origin is not None and target is None:  # the city said: where does it go?
                question = Line("ask_move_target", {
                    "tile": tile_line(tile), "origin": hex_line(origin)}, seat)
                return Proposal((), question, PartialTile(tile, origin))
            if origin is None or target is None:
                return Refusal((Line("ask_origin_for_tile", {"tile": tile_line(tile)}, seat),))
            return Proposal((MoveTile(tile, origin, target),))
        if target is None:
            question = Line("ask_target_for_tile", {"tile": tile_line(tile)}, seat)
            return Proposal((), question, PartialTile(tile))
        return Proposal((PlaceTile(tile, target),))

    def complete(
        self, state: KingdomBuilderState, partial: Any, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """A hex answering "sur quelle case ?" for a placing tile."""
        if isinstance(partial, PartialTile) and intent.name in ("build", "ask_hex"):
            target = self._target(state, intent, seat)
            if isinstance(target, Refusal) or target is None:
                return target
            if (refused := said_refusal(state, intent, target, seat)) is not None:
                return refused
            if partial.origin is not None:  # "dix quatorze": where the moving city goes
                return Proposal((MoveTile(partial.tile, partial.origin, target),))
            return Proposal((PlaceTile(partial.tile, target),))
        return None

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """A hex said among the offered candidates."""
        h = hex_of(intent)
        found = [i for i, a in enumerate(candidates)
                 if getattr(a, "hex", None) == h or getattr(a, "target", None) == h]
        return found[0] if h is not None and len(found) == 1 else None

    def choice_line(
        self, state: KingdomBuilderState, candidates: Sequence[Any], seat: int
    ) -> Line | None:
        """The generic "choose among" question fits."""
        return None

    def scan(
        self, state: KingdomBuilderState, kind: str, value: str, seat: int, partial: Any = None,
        *, uid: str | None = None,
    ) -> Interpretation:
        """A tagged terrain card: the current card turned face up (the chip's ``uid`` is
        not needed)."""
        if kind == "terrain" and value in BUILDABLE:
            return Proposal((RevealTerrain(value),))
        return Refusal((Line("scan.not_a_card", {"kind": kind, "value": value}, seat),))



if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[KingdomBuilderState, KingdomBuilderAction] = KingdomBuilderBinding([])


__all__ = [
    "KingdomBuilderBinding",
    "KingdomBuilderTableEngine",
    "PartialTile",
    "computer_player",
    "hex_line",
]
