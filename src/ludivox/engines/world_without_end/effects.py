"""Event cards' effects: the immediate operations and the lasting rules in force.

Rule decisions:

* An immediate card's operations that need no decision are carried out in the order
  printed; those that need one ("each player decides, clockwise, whether to exchange 1 wool
  for 3 gold") ask the active player first, then the others clockwise, after them.
* "Lorsqu'un joueur ... échange quelque chose, il ne peut le faire qu'une fois": an exchange
  is one yes/no per player (every player concerned is asked, so the table does not learn who
  lacks the goods; "yes" needs them). A lasting exchange is offered to each player as their
  action turn begins, once per round.
* A cover needs a free cover tile (5 in the box, one of them on the market's cloth at the
  start); with none left the cover is not placed.
* "A Kingsbridge, la peste ...": each player removes one of their houses (choosing which when
  they have several).
* "Dans chaque période, il ne peut y avoir au plus que 3 cartes Événement à effet
  prolongé": a fourth lasting card in a period has no effect. At most two are in force; a
  third replaces the oldest ("la carte située sur la case 1 est échangée").
* A card whose effect the vocabulary cannot express (``said``) changes nothing here: the
  players carry it out themselves.
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import (
    VP,
    Components,
    EventCard,
    Op,
)
from ludivox.engines.world_without_end.houses import own_sites, remove_house
from ludivox.engines.world_without_end.projects import bring, complete_now
from ludivox.engines.world_without_end.state import Prompt, Table
from ludivox.engines.world_without_end.stock import gain, pay, score

MAX_LASTING = 2
MAX_LASTING_PER_PERIOD = 3
WOOL_PRICE = 2
CLOTH_PRICE = 4


def targets(t: Table, who: str) -> list[int]:
    """The seats an operation concerns, from the active player clockwise."""
    seats = t.clockwise(t.active)
    return seats[:1] if who == "active" else seats[1:] if who == "others" else seats


def cover(t: Table, components: Components, target: str) -> None:
    """Place a cover tile on ``target`` if one is free."""
    if target not in t.covers and len(t.covers) < components.covers:
        t.covers.append(target)


def resolve(t: Table, components: Components, card: EventCard) -> None:
    """Carry out an immediate card's effect (questions go to ``t.queue``)."""
    for op in card.ops:
        _immediate(t, components, op, card.number)


def _immediate(t: Table, components: Components, op: Op, number: int) -> None:
    kind = op.kind
    if kind == "gain":
        for seat in targets(t, op.who):
            gain(t, seat, op.get)
    elif kind == "lose":
        for seat in targets(t, op.who):
            for resource, n in op.give:
                if resource == VP:
                    score(t, seat, -n)
                else:
                    pay(t, seat, resource, n)
    elif kind == "exchange":
        t.queue.extend(Prompt("exchange", s, str(number)) for s in targets(t, op.who))
    elif kind == "lose_one":
        t.queue.extend(
            Prompt("lose_one", s, str(number)) for s in targets(t, op.who)
            if any(t.seats[s].stock[r] for r in op.options)
        )
    elif kind == "cover":
        cover(t, components, op.target)
    elif kind == "uncover" and op.target in t.covers:
        t.covers.remove(op.target)
    elif kind == "project":
        bring(t, op.target)
    elif kind == "cover_others":
        bring(t, op.target)
        for p in t.projects:
            if p.id != op.target and not p.done:
                cover(t, components, f"project:{p.id}")
    elif kind == "complete":
        complete_now(t, components, op.target)
    elif kind == "remove_house":
        for seat in targets(t, op.who):
            sites = own_sites(t, seat)
            if len(sites) == 1:
                remove_house(t, sites[0])
            elif sites:
                t.queue.append(Prompt("remove_house", seat))


def prompt_op(t: Table, components: Components, prompt: Prompt) -> Op:
    """The operation a question is about (its ``arg`` is the event card's number)."""
    card = t.card(components, int(prompt.arg))
    return next(op for op in card.ops if op.kind == prompt.kind)


def offer_exchange(t: Table, components: Components) -> None:
    """A lasting exchange: asked of the seat about to play, once in the round ("Pour les
    cartes Événement à effet prolongé cela n'est possible qu'une fois par tour")."""
    if not t.pending:
        return
    for number in t.lasting:
        if any(op.kind == "exchange" for op in t.card(components, number).ops):
            t.queue.append(Prompt("exchange", t.pending[0], str(number)))


def add_lasting(t: Table, card: EventCard) -> None:
    """A lasting card comes into force (see the module docstring for the limits)."""
    t.lasting_count += 1
    if t.lasting_count > MAX_LASTING_PER_PERIOD:
        return
    t.lasting.append(card.number)
    if len(t.lasting) > MAX_LASTING:
        t.lasting.pop(0)


def lasting_ops(t: Table, components: Components) -> list[Op]:
    """The operations of the lasting cards in force."""
    return [op for n in t.lasting for op in t.card(components, n).ops]


def wool_price(t: Table, components: Components) -> int:
    """The gold a wool sells for now ("Comme les travaux se poursuivent ...": 1)."""
    prices = [op.amount for op in lasting_ops(t, components) if op.kind == "wool_price"]
    return min(prices, default=WOOL_PRICE)


def blocked(t: Table, components: Components, card: str) -> bool:
    """Whether a lasting card forbids the action of ``card``."""
    return any(op.kind == "card_blocked" and op.card == card
               for op in lasting_ops(t, components))


def on_renounce(t: Table, components: Components, seat: int) -> None:
    """A lasting reward for renouncing ("Accusée de sorcellerie ...": 1 knowledge)."""
    for op in lasting_ops(t, components):
        if op.kind == "renounce_gain":
            gain(t, seat, op.get)


def random_discard(t: Table, components: Components) -> bool:
    """Whether the face-down discard is picked at random ("Avec l'arrivée de la peste ...":
    "un adversaire lui désigne aléatoirement une carte"; the player may look at it)."""
    return any(op.kind == "random_discard" for op in lasting_ops(t, components))


def card_bonus(t: Table, components: Components, seat: int, card: str) -> None:
    """A lasting extra for carrying out ``card``'s action."""
    for op in lasting_ops(t, components):
        if op.kind == "card_bonus" and op.card == card:
            gain(t, seat, op.get)
