"""End of a period, the obligations and sanctions, a new period, and the end of the game.

Rule decisions:

* Contributions are paid as far as the player can: "Si un joueur n'a pas suffisamment d'or,
  il doit donner tout l'or qu'il possède"; the same is done for piety and grain, and each
  missing unit costs 3 (piety), 2 (grain) or 1 (gold) points.
* Loyalty: each unpaid contribution may be covered by one loyalty token, chosen by the
  player (``protect``): in periods I-III it lifts that contribution's sanction ("il est
  dispensé ... d'une sanction"); after period IV, where there are no sanctions, it keeps
  that contribution's loss single instead of doubled ("Il perd toutefois ses points de
  victoire de façon habituelle, au lieu du double"). Every player with an unpaid
  contribution is asked, from the active player clockwise (also those without loyalty, so
  that the table does not learn who holds none).
* The blason: it passes left at the end of every round, the sixth included; the end of
  period's "le premier joueur remet son blason au joueur suivant" is that same pass, not a
  second one.
* Sanctions apply in the next period's first round: penitence (a random card of the hand
  discarded before the first event; "Il n'est toutefois pas obligé de défausser une autre
  carte cachée lors de sa première action": he does not, so that his hand lasts exactly the
  period's six rounds), begging (no
  income in round 1), the royal court (the round-1 action is renounced: one card face up,
  one face down). "Le roi Édouard III ..." drawn as the first event of period II lifts the
  court sanction.
* End of game: 1 point per stone or wood left, half a point per gold (a half point is kept);
  ties are broken by piety, then loyalty, then medical knowledge; players still tied share
  the victory.
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import (
    ACTION_CARDS,
    PERIODS,
    PLAGUE_PLACES,
    STARRED,
    Components,
)
from ludivox.engines.world_without_end.projects import BELL_TOWER, bring, progress
from ludivox.engines.world_without_end.state import (
    CONTRIBUTIONS,
    DRAW,
    FIRST_GAME,
    HIDDEN,
    OVER,
    PENITENCE,
    PROTECT,
    SANCTIONS,
    TAX,
    Table,
)
from ludivox.engines.world_without_end.stock import pay, score

DUES = {"piety": 2, "grain": 2}
LOSS = {"piety": 3, "grain": 2, "gold": 1}
PLAGUE_STARTS_AFTER = 2


def end_period(t: Table, components: Components) -> None:
    """After the sixth round: materials, covers and lasting cards away, then the tax die."""
    progress(t, components)
    t.covers = []
    t.lasting = []
    t.lasting_count = 0
    t.phase = TAX


def pay_dues(t: Table, tax: int) -> None:
    """Everyone pays what they can of the contributions; what is missing is remembered."""
    t.tax = tax
    t.shortfalls = []
    for seat in range(t.players):
        missing = []
        for what in CONTRIBUTIONS:
            due = tax if what == "gold" else DUES[what]
            missing.append(due - pay(t, seat, what, due))
        t.shortfalls.append((missing[0], missing[1], missing[2]))
    t.phase = PROTECT
    t.pending = [s for s in t.clockwise(t.active) if any(t.shortfalls[s])]


def unpaid(t: Table, seat: int) -> tuple[str, ...]:
    """The contributions ``seat`` did not pay in full."""
    return tuple(w for w, n in zip(CONTRIBUTIONS, t.shortfalls[seat], strict=True) if n)


def protect(t: Table, seat: int, kinds: tuple[str, ...]) -> None:
    """``seat`` pays one loyalty per contribution in ``kinds``; losses and sanctions follow."""
    pay(t, seat, "loyalty", len(kinds))
    settle(t, seat, kinds)
    t.pending.remove(seat)


def settle(t: Table, seat: int, protected: tuple[str, ...]) -> None:
    """Points lost and sanctions for ``seat``'s unpaid contributions."""
    last = t.period == PERIODS
    sanctions = []
    for what, sanction, missing in zip(CONTRIBUTIONS, SANCTIONS, t.shortfalls[seat],
                                       strict=True):
        if not missing:
            continue
        double = last and what not in protected
        score(t, seat, -LOSS[what] * missing * (2 if double else 1))
        if not last and what not in protected:
            sanctions.append(sanction)
    t.seats[seat].sanctions = sanctions


def settle_unasked(t: Table) -> None:
    """Settle the seats that had nothing to decide (no loyalty, or nothing unpaid)."""
    for seat in range(t.players):
        if seat not in t.pending:
            settle(t, seat, ())


def next_period(t: Table, components: Components, random_tiles: list[int] | None) -> None:
    """A new period (or the end): hands back, the bell tower and the plague after II."""
    t.shortfalls = []
    if t.period == PERIODS:
        final_score(t)
        t.phase = OVER
        t.pending = []
        return
    if t.period == PLAGUE_STARTS_AFTER:
        bring(t, BELL_TOWER)
        t.places = [HIDDEN] * PLAGUE_PLACES
        t.tiles = list(random_tiles) if random_tiles is not None else [None] * PLAGUE_PLACES
    t.period += 1
    t.round = 1
    t.drawn = []
    for seat in t.seats:
        seat.hand = list(ACTION_CARDS)
        seat.played, seat.discards, seat.last_used = [], [], ""
        seat.skip_discard = "penitence" in seat.sanctions
    t.pending = [s for s in t.clockwise(t.active) if "penitence" in t.seats[s].sanctions]
    t.phase = PENITENCE if t.pending else DRAW


def penitence(t: Table, seat: int, card: str) -> None:
    """The random card leaves ``seat``'s hand face down."""
    s = t.seats[seat]
    s.hand.remove(card)
    s.discards.append(card)
    s.sanctions.remove("penitence")
    t.pending.remove(seat)
    if not t.pending:
        t.phase = DRAW


def first_hand(rules: str) -> list[str]:
    """The hand of period I: the six starred cards for a first game, else all twelve."""
    return list(STARRED if rules == FIRST_GAME else ACTION_CARDS)


def final_score(t: Table) -> None:
    """Stone and wood: 1 point each; gold: half a point each (a half point kept)."""
    for seat, s in enumerate(t.seats):
        score(t, seat, s.stock["stone"] + s.stock["wood"] + s.stock["gold"] // 2)
        s.half = s.stock["gold"] % 2 == 1


def ranking_key(t: Table, seat: int) -> tuple[int, int, int, int]:
    """What decides the winner: points (in halves), piety, loyalty, medical knowledge."""
    s = t.seats[seat]
    return (2 * s.score + s.half, s.stock["piety"], s.stock["loyalty"], s.stock["medicine"])


def winners(t: Table) -> tuple[int, ...]:
    """The seats ranked first (several when tied on every criterion)."""
    best = max(ranking_key(t, s) for s in range(t.players))
    return tuple(s for s in range(t.players) if ranking_key(t, s) == best)
