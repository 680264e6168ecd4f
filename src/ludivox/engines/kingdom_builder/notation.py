"""The one-line notation of a Kingdom Builder state (its "FEN") and its JSON form.

``dumps`` writes space-separated ``key=value`` fields after the tag ``kb1``::

    kdb1 mode=v:42:0 players=2 layout=tavern,paddock,oasis^,farm capitols=- caves=-
    cards=fishermen,knights,merchants settlements=20/20/3a16/... supply=40,37
    tiles=7-3+,12-4*/- left=2,2,1,... deck=GKD... discard=- removed=- hands=G? turn=0:2
    flags=-

* ``mode``: ``v:<seed>:<reshuffles>`` (virtual) or ``t`` (table);
* ``settlements``: 20 rows, top first, ``/``-separated; a number is a run of empty hexes,
  ``a``..``d`` a settlement of seat 0..3;
* ``tiles``: per seat (``/``), the location hexes (1-based ``R-C``) of the held tiles, each
  followed by ``+`` (ready), ``*`` (taken this turn) or ``x`` (used this turn); ``-``: none;
* ``left``: tiles still on each location hex, in row-by-row order;
* terrain cards as letters ``G K D F T`` (``?``: unknown at a physical table), deck top
  first; ``hands``: one letter per seat, ``-`` for no card;
* ``turn``: current seat and settlements placed by the mandatory action this turn;
* ``flags``: ``c`` Cave used this turn, ``f`` final round, ``o`` game over (``-``: none);
* ``spent`` (only when a player lost a location's tile): per seat (``/``), the location hexes
  that player may never take a tile from again (``-``: none).

The board itself is not written: the layout names the sections, which the engine was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludivox.engines.kingdom_builder import grid
from ludivox.engines.kingdom_builder.board import Layout, Section, assemble
from ludivox.engines.kingdom_builder.components import (
    BUILDABLE,
    KINGDOM_BUILDER_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SETTLEMENTS_PER_PLAYER,
    SETTLEMENTS_PER_TURN,
    TERRAIN_CARDS_PER_KIND,
    TERRAIN_LETTERS,
    TILES_PER_LOCATION,
)
from ludivox.engines.kingdom_builder.state import (
    EMPTY,
    NEW,
    NO_CARD,
    READY,
    TABLE,
    UNKNOWN,
    USED,
    VIRTUAL,
    HeldTile,
    KingdomBuilderState,
)

TAG = "kdb1"
OLD_TAGS = ("kb1",)  # saves written before the tag said Kingdom Builder unambiguously
SEAT_LETTERS = "abcd"
_STATUS_MARK = {READY: "+", NEW: "*", USED: "x"}
_MARK_STATUS = {v: k for k, v in _STATUS_MARK.items()}
_CARD_LETTER = {t: TERRAIN_LETTERS[t] for t in BUILDABLE} | {UNKNOWN: "?"}
_LETTER_CARD = {v: k for k, v in _CARD_LETTER.items()}
FIELDS = (
    "mode",
    "players",
    "layout",
    "capitols",
    "caves",
    "cards",
    "settlements",
    "supply",
    "tiles",
    "left",
    "deck",
    "discard",
    "removed",
    "hands",
    "turn",
    "flags",
)
OPTIONAL = ("spent",)


class NotationError(ValueError):
    """A notation or JSON state cannot be read; the message says which field and why."""


# ---- writing ------------------------------------------------------------------------------


def _rows(owner: tuple[int, ...]) -> str:
    rows = []
    for r in range(grid.SIZE):
        out, run = [], 0
        for c in range(grid.SIZE):
            o = owner[r * grid.SIZE + c]
            if o == EMPTY:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(SEAT_LETTERS[o])
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def _hexes(hexes: tuple[grid.Hex, ...]) -> str:
    return ",".join(grid.label(h) for h in hexes) or "-"


def _cards(cards: tuple[str, ...]) -> str:
    return "".join(_CARD_LETTER[c] for c in cards) or "-"


def _flags(state: KingdomBuilderState) -> str:
    out = ("c" if state.cave_used else "") + ("f" if state.final_round else "")
    return out + ("o" if state.over else "") or "-"


def dumps(state: KingdomBuilderState) -> str:
    """The state's one-line notation."""
    mode = f"v:{state.seed}:{state.shuffles}" if state.mode == VIRTUAL else "t"
    tiles = "/".join(
        ",".join(grid.label(t.location) + _STATUS_MARK[t.status] for t in seat) or "-"
        for seat in state.tiles
    )
    fields = {
        "mode": mode,
        "players": str(state.players),
        "layout": state.board.layout.text(),
        "capitols": _hexes(state.board.capitols),
        "caves": _hexes(state.board.caves),
        "cards": ",".join(state.cards),
        "settlements": _rows(state.owner),
        "supply": ",".join(map(str, state.supply)),
        "tiles": tiles,
        "left": ",".join(map(str, state.tiles_left)),
        "deck": _cards(state.deck),
        "discard": _cards(state.discard),
        "removed": _cards(state.removed),
        "hands": "".join("-" if h == NO_CARD else _CARD_LETTER[h] for h in state.hands),
        "turn": f"{state.current}:{state.built}",
        "flags": _flags(state),
    }
    if any(state.spent):  # written only when used: older notations stay exactly the same
        fields["spent"] = "/".join(_hexes(seat) for seat in state.spent)
    return " ".join([TAG, *(f"{k}={fields[k]}" for k in (*FIELDS, *OPTIONAL) if k in fields)])


def to_json(state: KingdomBuilderState) -> dict[str, Any]:
    """The state as a JSON-compatible dict (hexes as 1-based ``R-C`` labels)."""
    return {
        "format": TAG,
        "mode": state.mode,
        "seed": state.seed,
        "shuffles": state.shuffles,
        "players": state.players,
        "layout": {
            "sections": list(state.board.layout.sections),
            "rotated": list(state.board.layout.rotated),
        },
        "capitols": [grid.label(h) for h in state.board.capitols],
        "caves": [grid.label(h) for h in state.board.caves],
        "cards": list(state.cards),
        "settlements": [
            [grid.label(h) for h in state.settlements(s)] for s in range(state.players)
        ],
        "supply": list(state.supply),
        "tiles": [
            [{"location": grid.label(t.location), "status": t.status} for t in seat]
            for seat in state.tiles
        ],
        "tiles_left": list(state.tiles_left),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "removed": list(state.removed),
        "hands": list(state.hands),
        "current": state.current,
        "built": state.built,
        "cave_used": state.cave_used,
        "final_round": state.final_round,
        "over": state.over,
        "spent": [[grid.label(h) for h in state.spent_by(s)] for s in range(state.players)],
    }


# ---- reading ------------------------------------------------------------------------------


def _fail(field: str, value: object, why: str) -> NotationError:
    return NotationError(f"field {field}={value!r}: {why}")


def _int(field: str, text: str) -> int:
    if not text.isdecimal():
        raise _fail(field, text, "expected a number")
    return int(text)


def _parse_rows(text: str, players: int) -> tuple[int, ...]:
    rows = text.split("/")
    if len(rows) != grid.SIZE:
        raise _fail("settlements", text, f"expected {grid.SIZE} rows separated by /")
    owner: list[int] = []
    for r, row in enumerate(rows):
        cells: list[int] = []
        num = ""
        for ch in row + " ":
            if ch.isdecimal():
                num += ch
                continue
            if num:
                cells.extend([EMPTY] * int(num))
                num = ""
            if ch == " ":
                break
            seat = SEAT_LETTERS.find(ch)
            if seat < 0 or seat >= players:
                raise _fail("settlements", row, f"row {r + 1}: {ch!r} is not a seat letter")
            cells.append(seat)
        if len(cells) != grid.SIZE:
            raise _fail("settlements", row, f"row {r + 1} has {len(cells)} hexes, not 20")
        owner.extend(cells)
    return tuple(owner)


def _parse_hexes(field: str, text: str) -> tuple[grid.Hex, ...]:
    if text == "-":
        return ()
    try:
        return tuple(grid.parse_label(p) for p in text.split(","))
    except ValueError as exc:
        raise _fail(field, text, str(exc)) from exc


def _parse_cards(field: str, text: str) -> tuple[str, ...]:
    if text == "-":
        return ()
    try:
        return tuple(_LETTER_CARD[ch] for ch in text)
    except KeyError as exc:
        raise _fail(field, text, "terrain cards are letters G K D F T or ?") from exc


def _parse_tiles(text: str, players: int) -> tuple[tuple[HeldTile, ...], ...]:
    groups = text.split("/")
    if len(groups) != players:
        raise _fail("tiles", text, f"expected {players} groups separated by /")
    out = []
    for g in groups:
        held = []
        for part in [] if g == "-" else g.split(","):
            mark = part[-1:]
            if mark not in _MARK_STATUS:
                raise _fail("tiles", part, "each tile ends with + (ready), * (new) or x (used)")
            held.append(HeldTile(_parse_hexes("tiles", part[:-1])[0], _MARK_STATUS[mark]))
        out.append(tuple(held))
    return tuple(out)


def loads(text: str, catalogue: Mapping[str, Section]) -> KingdomBuilderState:
    """Read :func:`dumps`'s notation; ``NotationError`` (a ``ValueError``) names the field."""
    parts = text.split()
    if not parts or (parts[0] != TAG and parts[0] not in OLD_TAGS):
        raise NotationError(f"not a Kingdom Builder state (expected it to start with {TAG!r})")
    fields: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or key not in (*FIELDS, *OPTIONAL):
            raise NotationError(f"unknown field {part!r}; fields are {', '.join(FIELDS)}")
        fields[key] = value
    missing = [f for f in FIELDS if f not in fields]
    if missing:
        raise NotationError(f"missing fields: {', '.join(missing)}")
    players = _int("players", fields["players"])
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _fail("players", players, "2 to 4")
    mode_parts = fields["mode"].split(":")
    if mode_parts == ["t"]:
        mode, seed, shuffles = TABLE, None, 0
    elif len(mode_parts) == 3 and mode_parts[0] == "v":
        seed_text = mode_parts[1].removeprefix("-")
        if not seed_text.isdecimal():
            raise _fail("mode", fields["mode"], "the seed must be a whole number")
        mode, seed = VIRTUAL, int(mode_parts[1])
        shuffles = _int("mode", mode_parts[2])
    else:
        raise _fail("mode", fields["mode"], "expected t or v:<seed>:<reshuffles>")
    seat_text, _, built_text = fields["turn"].partition(":")
    hands_text = fields["hands"]
    if len(hands_text) != players:
        raise _fail("hands", hands_text, f"expected one letter per seat ({players})")
    hands = tuple(NO_CARD if ch == "-" else _parse_cards("hands", ch)[0] for ch in hands_text)
    flags = fields["flags"]
    if flags != "-" and set(flags) - set("cfo"):
        raise _fail("flags", flags, "letters c, f, o or -")
    raw = {
        "mode": mode,
        "seed": seed,
        "shuffles": shuffles,
        "players": players,
        "layout": fields["layout"],
        "capitols": _parse_hexes("capitols", fields["capitols"]),
        "caves": _parse_hexes("caves", fields["caves"]),
        "cards": tuple(fields["cards"].split(",")),
        "owner": _parse_rows(fields["settlements"], players),
        "supply": tuple(_int("supply", x) for x in fields["supply"].split(",")),
        "tiles": _parse_tiles(fields["tiles"], players),
        "tiles_left": tuple(_int("left", x) for x in fields["left"].split(",")),
        "deck": _parse_cards("deck", fields["deck"]),
        "discard": _parse_cards("discard", fields["discard"]),
        "removed": _parse_cards("removed", fields["removed"]),
        "hands": hands,
        "current": _int("turn", seat_text),
        "built": _int("turn", built_text),
        "cave_used": "c" in flags,
        "final_round": "f" in flags,
        "over": "o" in flags,
        "spent": _parse_spent(fields.get("spent"), players),
    }
    return _build(raw, catalogue)


def _parse_spent(text: str | None, players: int) -> tuple[tuple[grid.Hex, ...], ...]:
    if text is None:
        return ()
    groups = text.split("/")
    if len(groups) != players:
        raise _fail("spent", text, f"expected {players} groups separated by /")
    return tuple(_parse_hexes("spent", g) for g in groups)


def from_json(data: Mapping[str, Any], catalogue: Mapping[str, Section]) -> KingdomBuilderState:
    """Read :func:`to_json`'s dict; ``NotationError`` names the field."""
    try:
        if data.get("format") != TAG and data.get("format") not in OLD_TAGS:
            raise NotationError(f"not a Kingdom Builder state (format should be {TAG!r})")
        players = int(data["players"])
        owner = [EMPTY] * grid.CELLS
        for seat, hexes in enumerate(data["settlements"]):
            for label in hexes:
                owner[grid.index(grid.parse_label(label))] = seat
        layout = data["layout"]
        raw = {
            "mode": data["mode"],
            "seed": data["seed"],
            "shuffles": int(data["shuffles"]),
            "players": players,
            "layout": Layout(tuple(layout["sections"]), tuple(layout["rotated"])).text(),
            "capitols": tuple(grid.parse_label(h) for h in data["capitols"]),
            "caves": tuple(grid.parse_label(h) for h in data["caves"]),
            "cards": tuple(data["cards"]),
            "owner": tuple(owner),
            "supply": tuple(int(x) for x in data["supply"]),
            "tiles": tuple(
                tuple(HeldTile(grid.parse_label(t["location"]), t["status"]) for t in seat)
                for seat in data["tiles"]
            ),
            "tiles_left": tuple(int(x) for x in data["tiles_left"]),
            "deck": tuple(data["deck"]),
            "discard": tuple(data["discard"]),
            "removed": tuple(data["removed"]),
            "hands": tuple(data["hands"]),
            "current": int(data["current"]),
            "built": int(data["built"]),
            "cave_used": bool(data["cave_used"]),
            "final_round": bool(data["final_round"]),
            "over": bool(data["over"]),
            "spent": tuple(tuple(grid.parse_label(h) for h in seat)
                           for seat in data.get("spent") or ()),
        }
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise NotationError(f"malformed Kingdom Builder JSON state: {exc!r}") from exc
    return _build(raw, catalogue)


# ---- checking -----------------------------------------------------------------------------


def _build(raw: dict[str, Any], catalogue: Mapping[str, Section]) -> KingdomBuilderState:
    players = raw["players"]
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _fail("players", players, "2 to 4")
    try:
        board = assemble(catalogue, Layout.parse(raw["layout"]), raw["capitols"], raw["caves"])
    except ValueError as exc:
        raise _fail("layout", raw["layout"], str(exc)) from exc
    cards = raw["cards"]
    known = KINGDOM_BUILDER_CARDS
    if len(cards) != 3 or len(set(cards)) != 3 or any(c not in known for c in cards):
        raise _fail("cards", ",".join(cards), "3 different Kingdom Builder cards")
    state = KingdomBuilderState(
        board=board,
        cards=cards,
        players=players,
        mode=raw["mode"],
        seed=raw["seed"],
        shuffles=raw["shuffles"],
        owner=raw["owner"],
        supply=raw["supply"],
        tiles=tuple(tuple(sorted(seat, key=lambda t: t.location)) for seat in raw["tiles"]),
        tiles_left=raw["tiles_left"],
        deck=raw["deck"],
        discard=raw["discard"],
        removed=raw["removed"],
        hands=raw["hands"],
        current=raw["current"],
        built=raw["built"],
        cave_used=raw["cave_used"],
        final_round=raw["final_round"],
        over=raw["over"],
        spent=tuple(tuple(sorted(seat)) for seat in raw["spent"]) if any(raw["spent"]) else (),
    )
    check(state)
    return state


def check(state: KingdomBuilderState) -> None:
    """Consistency of a state read from outside (``NotationError`` on the first problem)."""
    n = state.players
    if state.mode not in (VIRTUAL, TABLE):
        raise _fail("mode", state.mode, "virtual or table")
    if len(state.supply) != n or len(state.hands) != n or len(state.tiles) != n:
        raise NotationError(f"supply, hands and tiles need one entry per seat ({n})")
    for seat in range(n):
        on_board = state.owner.count(seat)
        if on_board + state.supply[seat] != SETTLEMENTS_PER_PLAYER:
            raise _fail(
                "supply",
                state.supply[seat],
                f"seat {seat}: {on_board} on the board + supply must make 40",
            )
    if not 0 <= state.current < n:
        raise _fail("turn", state.current, f"seat 0 to {n - 1}")
    if not 0 <= state.built <= SETTLEMENTS_PER_TURN:
        raise _fail("turn", state.built, "0 to 3 settlements placed")
    if len(state.tiles_left) != len(state.board.locations):
        raise _fail(
            "left", state.tiles_left, f"one count per location hex ({len(state.board.locations)})"
        )
    if any(not 0 <= x <= TILES_PER_LOCATION for x in state.tiles_left):
        raise _fail("left", state.tiles_left, "0 to 2 tiles per location")
    locations = set(state.board.location_hexes())
    for seat, held in enumerate(state.tiles):
        spots = [t.location for t in held]
        if len(set(spots)) != len(spots) or not set(spots) <= locations:
            raise _fail("tiles", spots, f"seat {seat}: one tile per location hex of the board")
        if any(t.status not in _STATUS_MARK for t in held):
            raise _fail("tiles", held, "statuses are ready, new, used")
        lost = state.spent_by(seat)
        if not set(lost) <= locations or set(lost) & set(spots):
            raise _fail("spent", lost, f"seat {seat}: location hexes, none of them held")
    cards = [*state.deck, *state.discard, *state.removed, *(h for h in state.hands if h != NO_CARD)]
    if any(c not in _CARD_LETTER for c in cards):
        raise NotationError("terrain cards are grass, canyon, desert, flower, forest or ?")
    if len(cards) != TERRAIN_CARDS_PER_KIND * len(BUILDABLE):
        raise NotationError(
            f"{len(cards)} terrain cards in deck, discard, set aside and hands, not 25"
        )
    for t in BUILDABLE:
        if cards.count(t) > TERRAIN_CARDS_PER_KIND:
            raise NotationError(f"more than 5 {t} terrain cards")
    if state.mode == VIRTUAL and (UNKNOWN in cards or state.seed is None):
        raise NotationError("a virtual game knows every card and has a seed")
