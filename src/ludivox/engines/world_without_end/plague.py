"""The plague (periods III and IV): sick places, healing and its rewards.

Rule decisions:

* "Avant de lire le texte figurant sur la carte, on désigne d'abord dans quel lieu un
  citoyen est malade": the place falls sick as soon as the card is drawn, before its effect.
* A place whose tile was already turned, or healed, never falls sick again.
* Healing several places needs the *sum* of their tiles in medical knowledge, which is only
  shown, never paid. Each healed place gives 2 points and its reward (from the supply: an
  exhausted reward gives nothing). Reward ``free_house`` asks the healer for a site at once.
* The hospice's donor heals one place the same way (2 points and the reward).
"""

from __future__ import annotations

from ludivox.engines.world_without_end.components import FREE_HOUSE, Components
from ludivox.engines.world_without_end.state import HIDDEN, SICK, Prompt, Table
from ludivox.engines.world_without_end.stock import gain, score

HEAL_POINTS = 2


def sick_places(t: Table) -> list[int]:
    """Places (1..11) with a sick citizen."""
    return [i + 1 for i, status in enumerate(t.places) if status == SICK]


def need(t: Table, places: tuple[int, ...]) -> int:
    """The medical knowledge needed to heal all of ``places`` at once."""
    return sum(t.tiles[p - 1] or 0 for p in places)


def falls_sick(t: Table, place: int) -> bool:
    """The event's place: True when a tile is turned over (a new case of plague)."""
    if not 1 <= place <= len(t.places) or t.places[place - 1] != HIDDEN:
        return False
    t.places[place - 1] = SICK
    return True


def heal(t: Table, components: Components, seat: int, places: tuple[int, ...]) -> None:
    """``seat`` heals ``places``: 2 points and the reward each; the tiles leave the game."""
    for place in places:
        t.places[place - 1] = "healed"
        score(t, seat, HEAL_POINTS)
        reward = components.rewards[place - 1]
        if reward == FREE_HOUSE:
            t.queue.insert(0, Prompt("free_house", seat))
        elif not isinstance(reward, str):
            gain(t, seat, reward)
