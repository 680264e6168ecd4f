"""Why a ``--state`` position was refused, in French.

The engines check a position and say what is wrong in a developer's words (they hold no
language). A tester reading the command line must read French: :func:`french_reason` turns
each part of such a message ("column 1: card 14 is not between 1 and 13") into French with
the table below; a message it does not know is never shown as it is: the tester reads a
French sentence saying the position is inconsistent, and the detail goes to the log
(``LUDIVOX_LOG=debug`` shows it on the screen in script mode).
"""

from __future__ import annotations

import logging
import re

log = logging.getLogger(__name__)

_PARTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), french) for pattern, french in (
        (r"column (\d+)", "colonne {0}"),
        (r"seat (\d+) (hand|pile)", "{1} de la place {0}"),
        (r"players\[(\d+)\]\.(hand|pile)", "{1} de la place {0}"),
        (r"card (\S+) is not between (\d+) and (\d+)", "la carte {0} n'est pas entre {1} et {2}"),
        (r"card (\S+) is not an integer", "la carte {0} n'est pas un nombre"),
        (r"(\S+) is not a card value", "{0} n'est pas une valeur de carte"),
        (r"(.+) is played by (\d+) to (\d+) players, got (\d+)",
         "{0} se joue de {1} à {2} joueurs, pas {3}"),
        (r"(.+) JSON", "position de {0}"),
        (r"'?(\w+)'? is missing", "il manque la clé « {0} »"),
        (r"not a (.+) state \(format should be '(.+)'\)",
         "ce n'est pas une position de {0} (« format » doit valoir « {1} »)"),
        (r"a (.+) position is a JSON object, got \w+", "une position de {0} est un objet JSON"),
        (r"expected (\d+) columns, got (\d+)", "il faut {0} colonnes, pas {1}"),
        (r"column (\d+) is not an ascending run: (\d+) then (\d+)",
         "la colonne {0} ne se suit pas : {1} puis {2}"),
        (r"the position holds (\d+) cards \(known and unknown\), not (\d+)",
         "la position compte {0} cartes au lieu de {1}"),
        (r"turn must be a seat from 0 to (\d+), got (\S+)",
         "« turn » doit être une place de 0 à {0}, pas {1}"),
        (r"'?(\w+)'? must be '(\w+)' or '(\w+)', got (.+)",
         "« {0} » doit valoir {1} ou {2}, pas {3}"),
        (r"'?(\w+)'? must be a list, got .+", "« {0} » doit être une liste"),
        (r"'?(\w+)'? must be an integer, got (.+)", "« {0} » doit être un nombre entier, pas {1}"),
        (r"'?(\w+)'? must be true or false, got (.+)", "« {0} » doit valoir true ou false"),
    )
)
_PLACES = {"hand": "la main", "pile": "la pioche"}


def _part(text: str) -> str | None:
    for pattern, french in _PARTS:
        m = pattern.fullmatch(text.strip())
        if m:
            groups = [_PLACES.get(g, g) for g in m.groups()]
            if pattern.pattern.startswith(("seat", "players")):
                groups[0] = str(int(groups[0]) + 1)  # seats are counted from 1 aloud
            return french.format(*groups)
    return None


def french_reason(detail: str) -> str:
    """The engine's message in French, part by part; a French fallback when unknown."""
    parts = [_part(p) for p in detail.split(": ")]
    if all(parts) and parts:
        return " : ".join(p for p in parts if p)
    log.info("--state refused: %s", detail)
    return ("elle n'est pas cohérente avec les règles ou le format décrits dans le README "
            "(LUDIVOX_LOG=debug donne le détail technique)")


__all__ = ["french_reason"]
