"""Every reason code the Un monde sans fin engine can refuse with, and its parameters.

The grammars turn each code into a sentence. Seats are 0-based; sites, places, sides and
periods are numbered as printed (sites 1..14, places 1..11, sides 0..3, periods 1..4).
Resources and cards are ids (``stone``, ``ble``...). Suggestions carry legal actions close to
what was asked. A refusal never names another seat's hidden cards or stock.
"""

from __future__ import annotations

REASON_CODES: dict[str, tuple[str, ...]] = {
    # flow
    "game_over": (),
    "not_table_mode": ("kind",),  # a world reveal in a virtual game (the engine draws)
    "not_now": ("kind", "phase"),
    # world reveals (table mode)
    "no_such_event": ("card",),
    "wrong_period": ("card", "period", "card_period"),
    "event_already_drawn": ("card",),
    "bad_place": ("place", "period"),  # a described card: a place 1..11 from period III only
    "no_such_tile": ("value",),  # no plague tile with that value is still face down
    "no_such_face": ("value",),  # the tax die has no such face
    # orientation
    "no_such_side": ("side",),
    "outlaw_unpaid": ("side",),  # lands on Hors-la-loi without 1 gold to pay
    # action cards
    "card_not_in_hand": ("card",),
    "court_must_renounce": (),  # the royal court: the first action is lost
    "card_blocked": ("card",),  # a lasting event forbids this action
    "bad_choice": ("card", "choice"),  # a choice this card does not take
    "choice_needed": ("card",),
    "not_enough": ("resource", "need", "have"),
    "supply_short": ("resource", "left"),
    "no_such_project": ("project",),
    "project_closed": ("project", "done"),  # finished, or covered by an event
    "too_many_materials": ("most",),
    "no_free_slot": ("project", "material", "free"),
    "already_donor": ("project",),
    "no_seal_left": (),
    "too_much_cloth": ("most",),
    "cloth_sale_closed": (),
    "wool_sale_closed": (),
    "too_much_wool": ("most",),
    "no_such_site": ("site", "sites"),
    "site_taken": ("site", "owner"),
    "no_house_left": (),
    "same_income": ("site", "other"),
    "cannot_pay_house": ("site", "material"),
    "too_many_houses": ("most",),
    "not_own_house": ("site",),
    "no_plague_yet": ("period",),
    "not_sick": ("place",),
    "not_enough_knowledge": ("need", "have"),
    # questions and the end of a period
    "bad_answer": ("question", "answer"),
    "not_unpaid": ("contribution",),
}
