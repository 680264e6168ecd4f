"""Kingdom Builder at the table: intents -> actions, events and queries -> sentences.

Places: the grammar gives ``row:5`` / ``col:12`` slots, joined here into the engine's hex
(canonical id ``hex:5-12``); "à l'est de ma cité en cinq douze" is the neighbour of that hex
in that direction. Board queries live in the engine package (:mod:`explore`, :mod:`coach`);
this module only turns their values into lines.

Channels: moves and turns on the table; answers, refusals and one's own terrain card on the
player's channel. A drawn card stays private until its turn, when it is played face up.
Answers are short; :class:`~ludivox.table.binding.Answer` ``details`` are said on "plus de
détails".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludivox.engines.base import Event, Reason
from ludivox.engines.kingdom_builder import (
    SUGGESTED_FIRST_CARDS,
    SUGGESTED_FIRST_LAYOUT,
    KingdomBuilderEngine,
    Layout,
    coach,
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
from ludivox.engines.kingdom_builder.components import BUILDABLE, MOVE_TILES, PLACE_TILES
from ludivox.engines.kingdom_builder.events import TerrainRevealed
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.placement import Placements, move_options
from ludivox.engines.kingdom_builder.scoring import score_sheet
from ludivox.engines.kingdom_builder.state import TABLE, VIRTUAL, KingdomBuilderState
from ludivox.gamedata.kingdom_builder import load_sections
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

SHORT = 3
"""Items in a short answer; the rest go to the details."""
DETAILS = 12
"""Items in the details at most."""


@dataclass(frozen=True)
class PartialTile:
    """A tile named without its target ("j'utilise la taverne": where?)."""

    tile: str


def _hex(intent: IntentLike, row: str = "row", col: str = "col") -> Hex | None:
    r, c = slots.number(intent, row), slots.number(intent, col)
    if r is None or c is None:
        return None
    return (r - 1, c - 1)


def hex_line(hex_: Hex | str) -> Line:
    """A hex in words ("cinq douze"), from a hex or a canonical id."""
    h = grid.parse_hex_id(hex_) if isinstance(hex_, str) else hex_
    r, c = grid.spoken(h)
    return Line("hex", {"row": r, "col": c})


def terrain_line(terrain: str) -> Line:
    return Line("terrain", {"terrain": terrain})


def tile_line(tile: str) -> Line:
    return Line("tile", {"tile": tile})


class KingdomBuilderTableEngine(KingdomBuilderEngine):
    """The engine with the constructors the command line uses, and set-up options
    (``layout``: ``"tavern,paddock,oasis,farm"``, ``"suggested"`` or ``None`` to draw;
    ``cards``: three card ids, comma-separated)."""

    def __init__(self, layout: str | None = None, cards: str | None = None) -> None:
        super().__init__(load_sections())
        self.options: dict[str, Any] = {}
        if layout == "suggested":
            self.options["layout"] = SUGGESTED_FIRST_LAYOUT
            self.options["cards"] = SUGGESTED_FIRST_CARDS
        elif layout:
            self.options["layout"] = Layout.parse(layout)
        if cards:
            self.options["cards"] = tuple(c.strip() for c in cards.split(","))

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


class KingdomBuilderBinding(BindingDefaults):
    """Kingdom Builder for :class:`ludivox.table.session.Session`."""

    game = "kingdom-builder"

    def __init__(self, players: Sequence[str]) -> None:
        self.engine = KingdomBuilderTableEngine()
        self.judge: Judge[Any, Any] = Judge(self.engine)
        self.players = list(players)

    # --- seats ------------------------------------------------------------------------

    def acting_seat(self, state: KingdomBuilderState) -> int | None:
        """The current player; None while a card must be revealed or once it is over."""
        seats = self.judge.awaiting(state).seats
        return seats[0] if seats else None

    def needs_turn(self, action: KingdomBuilderAction) -> bool:
        """Only the current player acts (a revealed card is the world's)."""
        return not isinstance(action, RevealTerrain)

    def irreversible(self, state: KingdomBuilderState, action: KingdomBuilderAction) -> bool:
        """Ending the turn cannot be taken back: the terrain card is discarded and a new one
        drawn ("le joueur défausse sa carte Terrain et en pioche une nouvelle"). Settlements
        and tiles placed during the turn can still be taken back (undo)."""
        return isinstance(action, EndTurn)

    # --- understanding ----------------------------------------------------------------

    def _target(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int
    ) -> Hex | Refusal | None:
        """The hex named (or its neighbour in the direction said)."""
        base = _hex(intent)
        if base is None:
            return None
        direction = slots.word(intent, "direction")
        if direction is None:
            return base
        if not grid.on_board(base):
            r, c = grid.spoken(base)
            return Refusal((Line("refusal.off_board", {"row": r, "col": c}, seat),))
        if slots.word(intent, "mine") and state.owner_at(base) != seat:
            return Refusal((Line("refusal.no_settlement_there", {"hex": hex_line(base)}, seat),))
        target = grid.step(base, direction)
        if not grid.on_board(target):
            params = {"hex": hex_line(base), "direction": Line("direction",
                                                              {"direction": direction})}
            return Refusal((Line("refusal.off_board_direction", params, seat),))
        return target

    def interpret(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        """What an intent said by ``seat`` means now (None: not a Kingdom Builder intent)."""
        name = intent.name
        if name == "build":
            target = self._target(state, intent, seat)
            if isinstance(target, Refusal):
                return target
            return Proposal((Build(target),)) if target is not None else None
        if name == "use_tile":
            return self._tile(state, intent, seat, slots.word(intent, "tile") or "")
        if name == "cave_move":
            origin, target = _hex(intent, "from_row", "from_col"), _hex(intent)
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

    def _tile(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int, tile: str
    ) -> Interpretation:
        target = self._target(state, intent, seat)
        if isinstance(target, Refusal):
            return target
        origin = _hex(intent, "from_row", "from_col")
        direction = slots.word(intent, "direction")
        if target is None and origin is not None and direction is not None:
            # "enclos de cinq douze deux cases à l'est": the Paddock's jump
            target = grid.step(grid.step(origin, direction), direction)
        if tile in MOVE_TILES:
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
            return Proposal((PlaceTile(partial.tile, target),))
        return None

    def choice_index(self, candidates: Sequence[Any], intent: IntentLike) -> int | None:
        """A hex said among the offered candidates."""
        h = _hex(intent)
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

    # --- questions --------------------------------------------------------------------

    def _question(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int
    ) -> Interpretation | None:
        name = intent.name
        if name == "ask_hex":
            target = self._target(state, intent, seat)
            if isinstance(target, Refusal) or target is None:
                return target
            return self._describe_hex(state, target, seat)
        if name == "ask_around":
            return self._around(state, seat)
        if name == "ask_nearest":
            return self._nearest(state, slots.word(intent, "feature") or "castle", seat)
        if name == "ask_free_near":
            terrain = slots.word(intent, "terrain") or "grass"
            hexes = explore.free_near(state, seat, terrain)
            params = {"count": len(hexes), "terrain": terrain_line(terrain),
                      "places": tuple(hex_line(h) for h in hexes[:SHORT])}
            details = tuple(hex_line(h) for h in hexes[:DETAILS])
            more = (Line("answer.free_near", {**params, "places": details}, seat),)
            return Answer((Line("answer.free_near", params, seat),),
                          details=more if len(hexes) > SHORT else ())
        if name == "ask_where":
            return self._where(state, slots.word(intent, "tile"), seat,
                               self._quadrant(state, intent))
        if name == "ask_coach":
            return self._coach(state, seat)
        if name == "ask_tiles":
            return Answer((self._tiles_line(state, seat),))
        if name == "ask_scores":
            return self._scores(state, seat)
        if name == "ask_terrain":
            return Answer((self._terrain_answer(state, seat),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name == "ask_sections":
            return Answer((Line("answer.sections", {"items": self._sections(state)}, seat),))
        if name == "ask_cards":
            items = tuple(Line("card", {"card": c}) for c in state.cards)
            return Answer((Line("answer.cards", {"items": items}, seat),))
        if name == "ask_settlements":
            return self._settlements(state, seat)
        if name == "ask_tile_rule":
            return Answer((Line("answer.tile_rule", {"tile": slots.word(intent, "tile")}, seat),))
        if name == "ask_card_rule":
            return Answer((Line("answer.card_rule", {"card": slots.word(intent, "goal")}, seat),))
        return None

    def _what(self, facts: explore.HexFacts) -> Line | str:
        if facts.owner is not None:
            return Line("answer.hex_what", {"kind": "settlement", "player": self.name(facts.owner)})
        if facts.location is not None:
            return Line("answer.hex_what", {"kind": "location", "tile": tile_line(facts.location),
                                            "left": facts.tiles_left})
        if facts.capitol:
            return Line("answer.hex_what", {"kind": "capitol"})
        if facts.cave:
            return Line("answer.hex_what", {"kind": "cave"})
        return ""  # nothing on it: the terrain says it all

    def _describe_hex(self, state: KingdomBuilderState, hex_: Hex, seat: int) -> Interpretation:
        if not grid.on_board(hex_):
            r, c = grid.spoken(hex_)
            return Refusal((Line("refusal.off_board", {"row": r, "col": c}, seat),))
        d = explore.describe(state, hex_)
        items = []
        for n in d.neighbours:
            direction = Line("direction", {"direction": n.direction})
            if n.facts is None:
                items.append(Line("answer.neighbour_off", {"direction": direction}))
            else:
                items.append(Line("answer.neighbour", {
                    "direction": direction, "terrain": terrain_line(n.facts.terrain),
                    "what": self._what(n.facts)}))
        head = Line("answer.hex", {"place": hex_line(hex_), "terrain":
                                   terrain_line(d.facts.terrain), "what": self._what(d.facts)},
                    seat)
        section = Line("section", self._section_params(state, d.facts.section))
        return Answer((head, Line("answer.hex_neighbours", {"items": tuple(items)}, seat)),
                      details=(Line("answer.sections", {"items": (section,)}, seat),))

    def _around(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        s = explore.surroundings(state, seat)
        if not s.settlements:
            return Answer((Line("answer.around_none", {}, seat),))
        items = tuple(Line("answer.count_item", {"count": n, "terrain": terrain_line(t)})
                      for t, n in s.free)
        total = sum(n for _, n in s.free)
        short = Line("answer.around", {"count": total, "free": items[:SHORT]}, seat)
        specials = Line("answer.around_specials", {"castles": len(s.castles),
                                                   "locations": len(s.locations)}, seat)
        more = (Line("answer.around", {"count": total, "free": items}, seat),)
        return Answer((short, specials), details=more if len(items) > SHORT else ())

    def _nearest_item(self, n: explore.Nearby) -> Line:
        if n.from_hex is None:
            return Line("answer.nearest_item_free", {"place": hex_line(n.hex)})
        return Line("answer.nearest_item", {"place": hex_line(n.hex), "distance": n.distance,
                                            "origin": hex_line(n.from_hex)})

    def _nearest(self, state: KingdomBuilderState, feature: str, seat: int) -> Interpretation:
        found = explore.nearest(state, seat, feature, limit=DETAILS)
        word = terrain_line(feature)
        if not found:
            return Answer((Line("answer.nearest_none", {"feature": word}, seat),))
        items = tuple(self._nearest_item(n) for n in found)
        return Answer((Line("answer.nearest", {"feature": word, "items": items[:1]}, seat),),
                      details=(Line("answer.nearest", {"feature": word, "items": items[:5]},
                                    seat),))

    def _section_params(self, state: KingdomBuilderState, q: int) -> dict[str, Any]:
        return {"section": q, "tile": tile_line(state.board.layout.sections[q])}

    def _sections(self, state: KingdomBuilderState) -> tuple[Line, ...]:
        return tuple(Line("section", self._section_params(state, q)) for q in range(4))

    def _grouped(self, state: KingdomBuilderState, grouped: explore.Grouped, seat: int
                 ) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        short, full = [], []
        for q, hexes in grouped.groups:
            section = Line("section", self._section_params(state, q))
            places = tuple(hex_line(h) for h in hexes[:DETAILS])
            left = len(hexes) - len(places)
            # a list cut short says so, and how to hear the rest (one section at a time)
            named = (Line("answer.where_group_more", {"section": section, "places": places,
                                                      "more": left}, seat) if left
                     else Line("answer.where_group", {"section": section, "places": places},
                               seat))
            full.append(named)
            # a few hexes in all: named at once, not only counted
            short.append(named if grouped.total <= SHORT else Line(
                "answer.where_group_short", {"section": section, "count": len(hexes)}))
        return tuple(short), tuple(full)

    def _quadrant(self, state: KingdomBuilderState, intent: IntentLike) -> int | None:
        """The section named ("en haut à gauche", "la section de la taverne"), if any."""
        number = slots.number(intent, "quadrant")
        if number is not None:
            return number
        kind = slots.word(intent, "section")
        sections = state.board.layout.sections
        return sections.index(kind) if kind in sections else None

    def _where(self, state: KingdomBuilderState, tile: str | None, seat: int,
               quadrant: int | None = None) -> Interpretation:
        who = seat
        if tile is None or tile not in PLACE_TILES + MOVE_TILES:
            terrain = state.hands[who]
            if terrain not in BUILDABLE:
                return Answer((Line("answer.where_unknown", {}, seat),))
            grouped = explore.where_to_build(state, "build", who)
        elif tile in PLACE_TILES:
            grouped = explore.where_to_build(state, tile, who)
        else:
            targets = sorted({h for p in move_options(state, tile, who).values()
                              for h in p.hexes})
            grouped = explore.group(state, Placements(tuple(targets),
                                                      "unrestricted" if targets else "none"))
        rule = Line("rule", {"rule": grouped.rule})
        if grouped.total == 0:
            return Answer((Line("answer.where_none", {"rule": rule,
                                                      "terrain": terrain_line(
                                                          state.hands[who])}, seat),))
        if quadrant is not None:
            here = [g for g in grouped.groups if g[0] == quadrant]
            if not here:
                section = Line("section", self._section_params(state, quadrant))
                return Answer((Line("answer.where_section_none",
                                    {"section": section, "count": grouped.total}, seat),))
            grouped = explore.Grouped(grouped.rule, len(here[0][1]), tuple(here))
        short, full = self._grouped(state, grouped, seat)
        if tile is None or tile not in PLACE_TILES + MOVE_TILES:
            head = Line("answer.where", {"count": grouped.total, "rule": rule, "groups": short,
                                         "terrain": terrain_line(state.hands[who])}, seat)
        else:
            head = Line("answer.where_tile", {"count": grouped.total, "rule": rule,
                                              "groups": short, "tile": tile_line(tile)}, seat)
        return Answer((head,), details=full)

    def _coach(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        if seat != state.current:
            return Answer((Line("help.waiting", {"player": self.name(state.current)}, seat),))
        ranked = coach.rank(state, limit=5)
        if not ranked:
            return Answer((Line("answer.coach_none", {}, seat),))
        items = tuple(self._advice_line(state, a, seat) for a in ranked)
        return Answer((Line("answer.coach", {"items": items[:1]}, seat),),
                      details=(Line("answer.coach", {"items": items}, seat),))

    def _advice_line(self, state: KingdomBuilderState, advice: coach.Advice, seat: int) -> Line:
        parts = tuple(Line("answer.coach_part", {"source": Line("card", {"card": s}),
                                                 "points": p}) for s, p in advice.parts)
        return Line("answer.coach_item", {"action": self.describe(state, advice.action, seat),
                                          "gain": advice.gain, "parts": parts})

    def _tiles_line(self, state: KingdomBuilderState, seat: int) -> Line:
        held = state.tiles[seat]
        if not held:
            return Line("answer.tiles_none", {}, seat)
        items = tuple(Line("answer.tile_item", {"tile": tile_line(state.tile_kind(t)),
                                                "status": t.status}) for t in held)
        return Line("answer.tiles", {"items": items}, seat)

    def _scores(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        items, details = [], []
        for s in range(state.players):
            sheet = score_sheet(state, s)
            items.append(Line("answer.score_item", {"player": self.name(s),
                                                    "supply": state.supply[s],
                                                    "score": sheet.total}))
            parts = tuple(Line("answer.coach_part", {"source": Line("card", {"card": i.source}),
                                                     "points": i.points}) for i in sheet.items)
            details.append(Line("answer.score_details", {"player": self.name(s), "items": parts},
                                seat))
        aw = self.judge.awaiting(state)
        if aw.game_over:  # the final result, not "if the game ended now"
            totals = tuple(Line("answer.score_final_item", {"player": self.name(s),
                                                            "score": score_sheet(state, s).total})
                           for s in range(state.players))
            winners = tuple(self.name(s) for s in aw.winners)
            return Answer((Line("answer.scores_final", {"items": totals, "winner_names": winners},
                                seat),), details=tuple(details))
        return Answer((Line("answer.scores", {"items": tuple(items)}, seat),),
                      details=tuple(details))

    def _terrain_answer(self, state: KingdomBuilderState, seat: int) -> Line:
        own = state.hands[seat]
        if seat == state.current and own == "?":
            return Line("answer.terrain_unknown", {"player": self.name(seat)}, seat)
        if own in BUILDABLE:
            return Line("answer.terrain_mine", {"terrain": terrain_line(own)}, seat)
        current = state.terrain
        if current is None:
            return Line("answer.terrain_unknown", {"player": self.name(state.current)}, seat)
        return Line("answer.terrain_current", {"player": self.name(state.current),
                                               "terrain": terrain_line(current)}, seat)

    def _turn_answer(self, state: KingdomBuilderState, seat: int) -> Line:
        if state.over:
            return Line("answer.turn_over", {}, seat)
        if state.current == seat:
            return Line("answer.turn_you", {"placed": state.built}, seat)
        return Line("answer.turn", {"player": self.name(state.current), "placed": state.built},
                    seat)

    def _settlements(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        own = state.settlements(seat)
        if not own:
            return Answer((Line("answer.settlements_none", {}, seat),))
        grouped = explore.group(state, Placements(own, "adjacent"))
        _, full = self._grouped(state, grouped, seat)
        return Answer((Line("answer.settlements", {"count": len(own), "groups": full}, seat),))

    # --- speaking ---------------------------------------------------------------------

    def describe(self, state: KingdomBuilderState, action: KingdomBuilderAction, seat: int) -> Line:
        """An action in words (``action.*``)."""
        if isinstance(action, Build):
            return Line("action.build", {"place": hex_line(action.hex)})
        if isinstance(action, PlaceTile):
            return Line("action.place_tile", {"tile": tile_line(action.tile),
                                              "place": hex_line(action.hex)})
        if isinstance(action, MoveTile):
            return Line("action.move_tile", {"tile": tile_line(action.tile),
                                             "origin": hex_line(action.origin),
                                             "place": hex_line(action.target)})
        if isinstance(action, CaveMove):
            return Line("action.cave", {"origin": hex_line(action.origin),
                                        "place": hex_line(action.target)})
        if isinstance(action, RevealTerrain):
            return Line("action.terrain", {"terrain": terrain_line(action.terrain)})
        return Line("action.end")

    def _params(self, params: dict[str, Any]) -> dict[str, Any]:
        """Engine ids made speakable: hexes, terrains, tiles, seats."""
        out = dict(params)
        for key in ("hex", "origin", "target", "location"):
            if isinstance(out.get(key), str) and str(out[key]).startswith("hex:"):
                out[key] = hex_line(str(out[key]))
        if isinstance(out.get("hexes"), tuple):
            out["hexes"] = tuple(hex_line(h) for h in out["hexes"])
        for key in ("terrain", "needed"):
            if isinstance(out.get(key), str) and out[key]:
                out[key] = terrain_line(str(out[key]))
        if isinstance(out.get("tile"), str):
            out["tile"] = tile_line(str(out["tile"]))
        if isinstance(out.get("seat"), int):
            out["player"] = self.name(int(out["seat"]))
        if isinstance(out.get("owner"), int):
            out["owner_name"] = self.name(int(out["owner"]))
        return out

    def refusal_lines(
        self, state: KingdomBuilderState, action: KingdomBuilderAction, reason: Reason, seat: int
    ) -> tuple[Line, ...]:
        """The refusal on the player's channel, then up to three suggestions."""
        lines = [Line(f"refusal.{reason.code}", self._params(dict(reason.args)), seat)]
        if reason.suggestions:
            options = tuple(self.describe(state, a, seat) for a in reason.suggestions[:3])
            lines.append(Line("suggestion", {"options": options}, seat))
        return tuple(lines)

    def event_lines(
        self, before: KingdomBuilderState, after: KingdomBuilderState, events: Sequence[Event]
    ) -> tuple[Line, ...]:
        """Each event as ``event.<kind>``; a drawn card only on its owner's channel. The
        card turned face up is said by :meth:`turn_lines` instead, after whose turn it is."""
        lines = []
        for event in events:
            if isinstance(event, TerrainRevealed):
                continue  # said by turn_lines, after whose turn it is
            payload = dict(event.payload())
            params = self._params(payload)
            if "via" in payload:
                via = str(payload["via"])
                params["via_name"] = Line("card", {"card": "cave"}) if via == "cave" else (
                    tile_line(via))
            if "next_seat" in payload:
                params["next_player"] = self.name(int(payload["next_seat"]))
            if "last_seat" in payload:
                params["last_player"] = self.name(int(payload["last_seat"]))
            if "winners" in payload:
                params["winner_names"] = tuple(self.name(s) for s in payload["winners"])
                params["items"] = tuple(
                    Line("answer.final_item", {"player": self.name(s), "score": t})
                    for s, t in enumerate(payload["totals"]))
                params["items"] = Line("answer.scores", {"items": params["items"]})
            lines.append(Line(f"event.{event.kind}", params, event.private_to))
        return tuple(lines)

    def event_earcons(self, events: Sequence[Event]) -> tuple[str, ...]:
        """No game-specific earcon."""
        return ()

    def turn_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """Whose turn, and the card they play (face up now: said on the table)."""
        if state.over:
            return ()
        terrain = state.terrain
        if terrain is None:
            return (Line("your_turn_table", {"player": self.name(seat)}),)
        return (Line("your_turn", {"player": self.name(seat)}),
                Line("answer.terrain_current", {"player": self.name(seat),
                                                "terrain": terrain_line(terrain)}))

    def opening_lines(self, state: KingdomBuilderState) -> tuple[Line, ...]:
        """The board, the cards, each hidden card privately, whose turn."""
        if state.over:
            return (Line("answer.turn_over"),)
        cards = tuple(Line("card", {"card": c}) for c in state.cards)
        lines = [Line("opening", {"players": state.players, "cards": cards}),
                 Line("answer.sections", {"items": self._sections(state)})]
        for seat in range(state.players):
            own = state.hands[seat]
            if seat != state.current and own in BUILDABLE:
                lines.append(Line("answer.terrain_mine", {"terrain": terrain_line(own)}, seat))
        lines.extend(self.turn_lines(state, state.current))
        return tuple(lines)

    def help_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """What can be said now."""
        if state.over:
            return (Line("help.game_over", {}, seat),)
        if state.hands[state.current] == "?":
            return (Line("help.reveal", {"player": self.name(state.current)}, seat),
                    Line("help.explore", {}, seat))
        if seat != state.current:
            return (Line("help.waiting", {"player": self.name(state.current)}, seat),
                    Line("help.explore", {}, seat))
        return (Line("help.turn", {}, seat), Line("help.explore", {}, seat))

    def rules_lines(self, state: KingdomBuilderState, seat: int) -> tuple[Line, ...]:
        """The short rules reminder."""
        return (Line("rules.short", {}, seat),)

    def hint_intents(self, state: KingdomBuilderState, seat: int) -> tuple[str, ...]:
        """Examples offered after something not understood."""
        return ("build", "ask_where", "tutorial")

    def state_json(self, state: KingdomBuilderState) -> dict[str, Any]:
        """The engine's JSON (``notation.to_json``) plus ``names`` and ``notation``."""
        data = self.engine.to_json(state)
        data["names"] = list(self.players)
        data["notation"] = self.engine.dumps(state)
        return data



if TYPE_CHECKING:  # mypy proves the binding keeps the table's contract, with its own types
    _CONFORMS: Binding[KingdomBuilderState, KingdomBuilderAction] = KingdomBuilderBinding([])


__all__ = [
    "KingdomBuilderBinding",
    "KingdomBuilderTableEngine",
    "PartialTile",
    "computer_player",
    "hex_line",
]
