"""Kingdom Builder questions: a hex and what is around, the nearest feature, where a tile can
be used, the sections, the tiles, the scores, the terrain card, whose turn, the settlements
left, what a tile or a card does, and the coach's advice (part of
:class:`~ludivox.bindings.kingdom_builder.binding.KingdomBuilderBinding`). Short answers;
the rest is said on "plus de détails"."""

from __future__ import annotations

from typing import Any

from ludivox.bindings.kingdom_builder.narration import (
    KingdomBuilderNarration,
    hex_line,
    hex_of,
    terrain_line,
    tile_line,
)
from ludivox.bindings.kingdom_builder.nearest import nearest_from, nearest_item
from ludivox.engines.kingdom_builder import (
    coach,
    explore,
    grid,
    transitions,
)
from ludivox.engines.kingdom_builder.actions import EndTurn
from ludivox.engines.kingdom_builder.components import BUILDABLE, MOVE_TILES, PLACE_TILES
from ludivox.engines.kingdom_builder.grid import Hex
from ludivox.engines.kingdom_builder.placement import Placements, move_options
from ludivox.engines.kingdom_builder.rules import legal_actions
from ludivox.engines.kingdom_builder.scoring import score_sheet
from ludivox.engines.kingdom_builder.state import KingdomBuilderState
from ludivox.table import next_player, slots
from ludivox.table.binding import (
    HANDING_OVER,
    Answer,
    IntentLike,
    Interpretation,
    Line,
    Proposal,
    Refusal,
)
from ludivox.table.next_player import NEXT_INTENTS

SHORT = 3
"""Items in a short answer; the rest go to the details."""
DETAILS = 12
"""Items in the details at most."""

# the rules asked about one at a time
RULES = frozenset({"end", "goal", "turn", "castle", "terrain", "adjacent", "location"})


class KingdomBuilderQuestions(KingdomBuilderNarration):
    """The answers to every Kingdom Builder question."""

    def _target(
        self, state: KingdomBuilderState, intent: IntentLike, seat: int
    ) -> Hex | Refusal | None:
        """The hex named (or its neighbour in the direction said)."""
        base = hex_of(intent)
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
            params = {
                "hex": hex_line(base),
                "direction": Line("direction", {"direction": direction}),
            }
            return Refusal((Line("refusal.off_board_direction", params, seat),))
        return target

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
            origin = self._target(state, intent, seat)  # "… près de huit dix-huit ?"
            if isinstance(origin, Refusal):
                return origin
            return self._nearest(state, slots.word(intent, "feature") or "castle", seat, origin)
        if name == "ask_free_near":
            terrain = slots.word(intent, "terrain") or "grass"
            hexes = explore.free_near(state, seat, terrain)
            params = {
                "count": len(hexes),
                "terrain": terrain_line(terrain),
                "places": tuple(hex_line(h) for h in hexes[:SHORT]),
            }
            details = tuple(hex_line(h) for h in hexes[:DETAILS])
            more = (Line("answer.free_near", {**params, "places": details}, seat),)
            return Answer(
                (Line("answer.free_near", params, seat),),
                details=more if len(hexes) > SHORT else (),
            )
        if name == "ask_where":
            looked_for = slots.word(intent, "terrain")  # "où il y a du canyon ?"
            if looked_for is not None and looked_for != state.hands[seat]:
                return self._nearest(state, looked_for, seat)
            return self._where(
                state, slots.word(intent, "tile"), seat, self._quadrant(state, intent)
            )
        if name == "ask_coach":
            return self._coach(state, seat)
        if name == "ask_deck":
            return Answer((Line("answer.deck", {"count": len(state.deck)}, seat),))
        if name == "ask_rule" and slots.word(intent, "rule") in RULES:
            return Answer((Line(f"rules.{slots.word(intent, 'rule')}", {}, seat),))
        if name == "ask_tiles":
            return Answer((self._tiles_line(state, seat),))
        if name == "ask_scores":
            return self._scores(state, seat)
        if name == "ask_terrain":
            return Answer((self._terrain_answer(state, seat, slots.word(intent, "asked")),))
        if name == "ask_turn":
            return Answer((self._turn_answer(state, seat),))
        if name in NEXT_INTENTS:
            return next_player.answer(self, state, intent, seat)
        if name == "ask_sections":
            return Answer((Line("answer.sections", {"items": self._sections(state)}, seat),))
        if name == "ask_cards":
            items = tuple(Line("card", {"card": c}) for c in state.cards)
            return Answer((Line("answer.cards", {"items": items}, seat),))
        if name == "ask_settlements":
            return self._settlements(state, seat)
        if name == "ask_tiles_left":
            return Answer((self._tiles_left(state, slots.word(intent, "tile") or "", seat),))
        if name == "ask_tile_rule":
            return Answer((Line("answer.tile_rule", {"tile": slots.word(intent, "tile")}, seat),))
        if name == "ask_card_rule":
            return Answer((Line("answer.card_rule", {"card": slots.word(intent, "goal")}, seat),))
        return None

    def _what(self, facts: explore.HexFacts) -> Line | str:
        if facts.owner is not None:
            return Line("answer.hex_what", {"kind": "settlement", "player": self.name(facts.owner)})
        if facts.location is not None:
            return Line(
                "answer.hex_what",
                {"kind": "location", "tile": tile_line(facts.location), "left": facts.tiles_left},
            )
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
                items.append(
                    Line(
                        "answer.neighbour",
                        {
                            "direction": direction,
                            "terrain": terrain_line(n.facts.terrain),
                            "what": self._what(n.facts),
                        },
                    )
                )
        head = Line(
            "answer.hex",
            {
                "place": hex_line(hex_),
                "terrain": terrain_line(d.facts.terrain),
                "what": self._what(d.facts),
            },
            seat,
        )
        section = Line("section", self._section_params(state, d.facts.section))
        return Answer(
            (head, Line("answer.hex_neighbours", {"items": tuple(items)}, seat)),
            details=(Line("answer.sections", {"items": (section,)}, seat),),
        )

    def _around(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        s = explore.surroundings(state, seat)
        if not s.settlements:
            return Answer((Line("answer.around_none", {}, seat),))
        items = tuple(
            Line("answer.count_item", {"count": n, "terrain": terrain_line(t)}) for t, n in s.free
        )
        total = sum(n for _, n in s.free)
        short = Line("answer.around", {"count": total, "free": items[:SHORT]}, seat)
        specials = Line(
            "answer.around_specials",
            {"castles": len(s.castles), "locations": len(s.locations)},
            seat,
        )
        more = (Line("answer.around", {"count": total, "free": items}, seat),)
        return Answer((short, specials), details=more if len(items) > SHORT else ())

    def _nearest(
        self, state: KingdomBuilderState, feature: str, seat: int, origin: Hex | None = None
    ) -> Interpretation:
        found = nearest_from(state, seat, feature, origin, DETAILS)
        word = terrain_line(feature)
        if not found:
            return Answer((Line("answer.nearest_none", {"feature": word}, seat),))
        items = tuple(nearest_item(n) for n in found)
        return Answer(
            (Line("answer.nearest", {"feature": word, "items": items[:1]}, seat),),
            details=(Line("answer.nearest", {"feature": word, "items": items[:5]}, seat),),
        )

    def _grouped(
        self, state: KingdomBuilderState, grouped: explore.Grouped, seat: int
    ) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
        short, full = [], []
        for q, hexes in grouped.groups:
            section = Line("section", self._section_params(state, q))
            places = tuple(hex_line(h) for h in hexes[:DETAILS])
            left = len(hexes) - len(places)
            # a list cut short says so, and how to hear the rest (one section at a time)
            named = (
                Line(
                    "answer.where_group_more",
                    {"section": section, "places": places, "more": left},
                    seat,
                )
                if left
                else Line("answer.where_group", {"section": section, "places": places}, seat)
            )
            full.append(named)
            # a few hexes in all: named at once, not only counted
            short.append(
                named
                if grouped.total <= SHORT
                else Line("answer.where_group_short", {"section": section, "count": len(hexes)})
            )
        return tuple(short), tuple(full)

    def _quadrant(self, state: KingdomBuilderState, intent: IntentLike) -> int | None:
        """The section named ("en haut à gauche", "la section de la taverne"), if any."""
        number = slots.number(intent, "quadrant")
        if number is not None:
            return number
        kind = slots.word(intent, "section")
        sections = state.board.layout.sections
        return sections.index(kind) if kind in sections else None

    def _where(
        self, state: KingdomBuilderState, tile: str | None, seat: int, quadrant: int | None = None
    ) -> Interpretation:
        who = seat
        if tile is None or tile not in PLACE_TILES + MOVE_TILES:
            terrain = state.hands[who]
            if terrain not in BUILDABLE:
                return Answer((Line("answer.where_unknown", {}, seat),))
            grouped = explore.where_to_build(state, "build", who)
        elif tile in PLACE_TILES:
            grouped = explore.where_to_build(state, tile, who)
        else:
            targets = sorted({h for p in move_options(state, tile, who).values() for h in p.hexes})
            grouped = explore.group(
                state, Placements(tuple(targets), "unrestricted" if targets else "none")
            )
        rule = Line("rule", {"rule": grouped.rule})
        if grouped.total == 0:
            return Answer(
                (
                    Line(
                        "answer.where_none",
                        {"rule": rule, "terrain": terrain_line(state.hands[who])},
                        seat,
                    ),
                )
            )
        if quadrant is not None:
            here = [g for g in grouped.groups if g[0] == quadrant]
            if not here:
                section = Line("section", self._section_params(state, quadrant))
                return Answer(
                    (
                        Line(
                            "answer.where_section_none",
                            {"section": section, "count": grouped.total},
                            seat,
                        ),
                    )
                )
            grouped = explore.Grouped(grouped.rule, len(here[0][1]), tuple(here))
        short, full = self._grouped(state, grouped, seat)
        if tile is None or tile not in PLACE_TILES + MOVE_TILES:
            head = Line(
                "answer.where",
                {
                    "count": grouped.total,
                    "rule": rule,
                    "groups": short,
                    "terrain": terrain_line(state.hands[who]),
                },
                seat,
            )
        else:
            head = Line(
                "answer.where_tile",
                {"count": grouped.total, "rule": rule, "groups": short, "tile": tile_line(tile)},
                seat,
            )
        return Answer((head,), details=full)

    def _coach(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        if seat != state.current:
            return Answer((Line("help.waiting", {"player": self.name(state.current)}, seat),))
        # the computer expert's own turn (coach.plan), so the advice is what it would play:
        # its next placement now, the rest of the turn step by step in the details
        steps = coach.plan(state)
        if not steps:
            return Answer((Line("answer.coach_none", {}, seat),))
        items: list[Line] = []
        for advice in steps:
            items.append(self._advice_line(state, advice, seat))
            state, _ = transitions.perform(state, advice.action)
        return Answer(
            (Line("answer.coach", {"items": tuple(items[:1])}, seat),),
            details=(Line("answer.coach", {"items": tuple(items)}, seat),),
        )

    def advised(self, state: KingdomBuilderState, seat: int) -> tuple[Any, ...]:
        """The move "fais-le" plays: the next placement :meth:`_coach` says."""
        if seat != state.current or state.over:
            return ()
        steps = coach.plan(state)
        return (steps[0].action,) if steps else ()

    def _advice_line(self, state: KingdomBuilderState, advice: coach.Advice, seat: int) -> Line:
        parts = tuple(
            Line("answer.coach_part", {"source": Line("card", {"card": s}), "points": p})
            for s, p in advice.parts
        )
        return Line(
            "answer.coach_item",
            {
                "action": self.describe(state, advice.action, seat),
                "gain": advice.gain,
                "parts": parts,
            },
        )

    def _tiles_line(self, state: KingdomBuilderState, seat: int,
                    whose: int | None = None) -> Line:
        """The location tiles of ``whose`` (default: the asker) and whether each can be used."""
        named = {} if whose is None else {"player": self.name(whose)}
        suffix = "" if whose is None else "_of"
        held = state.tiles[seat if whose is None else whose]
        if not held:
            return Line(f"answer.tiles_none{suffix}", named, seat)
        items = tuple(
            Line("answer.tile_item", {"tile": tile_line(state.tile_kind(t)), "status": t.status})
            for t in held
        )
        return Line(f"answer.tiles{suffix}", {**named, "items": items}, seat)

    def _scores(self, state: KingdomBuilderState, seat: int) -> Interpretation:
        items, details = [], []
        for s in range(state.players):
            sheet = score_sheet(state, s)
            items.append(
                Line(
                    "answer.score_item",
                    {"player": self.name(s), "supply": state.supply[s], "score": sheet.total},
                )
            )
            parts = tuple(
                Line(
                    "answer.coach_part",
                    {"source": Line("card", {"card": i.source}), "points": i.points},
                )
                for i in sheet.items
            )
            details.append(
                Line("answer.score_details", {"player": self.name(s), "items": parts}, seat)
            )
        aw = self.judge.awaiting(state)
        if aw.game_over:  # the final result, not "if the game ended now"
            totals = tuple(
                Line(
                    "answer.score_final_item",
                    {"player": self.name(s), "score": score_sheet(state, s).total},
                )
                for s in range(state.players)
            )
            winners = tuple(self.name(s) for s in aw.winners)
            return Answer(
                (Line("answer.scores_final", {"items": totals, "winner_names": winners}, seat),),
                details=tuple(details),
            )
        return Answer(
            (Line("answer.scores", {"items": tuple(items)}, seat),), details=tuple(details)
        )

    def _terrain_answer(self, state: KingdomBuilderState, seat: int,
                        asked: str | None = None) -> Line:
        """My card (said to me only), or the one in play; "c'est canyon ma carte ?" is
        answered yes or no with the card."""
        own = state.hands[seat]
        if seat == state.current and own == "?":
            return Line("answer.terrain_unknown", {"player": self.name(seat)}, seat)
        if own in BUILDABLE:
            if asked == own:
                return Line("answer.terrain_yes", {"terrain": terrain_line(own)}, seat)
            if asked is not None:
                return Line("answer.terrain_no", {"terrain": terrain_line(own),
                                                  "asked": terrain_line(asked)}, seat)
            return Line("answer.terrain_mine", {"terrain": terrain_line(own)}, seat)
        current = state.terrain
        if current is None:
            return Line("answer.terrain_unknown", {"player": self.name(state.current)}, seat)
        return Line(
            "answer.terrain_current",
            {"player": self.name(state.current), "terrain": terrain_line(current)},
            seat,
        )

    def _turn_answer(self, state: KingdomBuilderState, seat: int) -> Line:
        if state.over:
            return Line("answer.turn_over", {}, seat)
        if state.current == seat:
            return Line("answer.turn_you", {"placed": state.built}, seat)
        return Line(
            "answer.turn", {"player": self.name(state.current), "placed": state.built}, seat
        )

    def _tiles_left(self, state: KingdomBuilderState, tile: str, seat: int) -> Line:
        """How many tiles still lie on each location of kind ``tile`` (public)."""
        board = state.board
        items = tuple(
            Line("answer.tiles_left_item", {"place": hex_line(h), "left": state.tiles_left_at(h)})
            for h in board.location_hexes() if board.location_at(h) == tile
        )
        if not items:
            return Line("answer.tiles_left_none", {"tile": tile_line(tile)}, seat)
        return Line("answer.tiles_left", {"tile": tile_line(tile), "items": items}, seat)

    def _settlements(self, state: KingdomBuilderState, seat: int,
                     whose: int | None = None) -> Interpretation:
        """Where the settlements of ``whose`` (default: the asker) stand, grouped by section."""
        of = seat if whose is None else whose
        named = {} if whose is None else {"player": self.name(whose)}
        suffix = "" if whose is None else "_of"
        own = state.settlements(of)
        mine = {} if whose is not None else {"supply": state.supply[of]}
        if not own:
            return Answer((Line(f"answer.settlements_none{suffix}", {**named, **mine}, seat),))
        grouped = explore.group(state, Placements(own, "adjacent"))
        _, full = self._grouped(state, grouped, seat)
        return Answer((Line(f"answer.settlements{suffix}",
                            {**named, **mine, "count": len(own), "groups": full}, seat),))

    def about(self, state: KingdomBuilderState, intent: IntentLike, seat: int,
              about: int) -> Interpretation | None:
        """Another player's settlements or tiles, asked by name (both are on the board for
        everyone to see); None for the other questions. "C'est à Paul", said by the player
        whose turn it is to the next one when the turn may end: the turn ends."""
        if intent.name in NEXT_INTENTS:  # "qui joue après Paul ?"
            return next_player.answer(self, state, intent, seat, about)
        following = state.seat_after(state.current)
        if intent.name in HANDING_OVER and seat == state.current != about == following \
                and EndTurn() in legal_actions(state):
            return Proposal((EndTurn(),))
        if intent.name == "ask_settlements":
            return self._settlements(state, seat, about)
        if intent.name == "ask_tiles":
            return Answer((self._tiles_line(state, seat, about),))
        return None


__all__ = ["DETAILS", "SHORT", "KingdomBuilderQuestions"]
