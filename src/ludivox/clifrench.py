"""The command line's own messages in French: argparse's errors, headings and help line.

argparse builds every message it prints through ``gettext`` (``argparse._`` and
``argparse.ngettext``), the hook Python gives for translating it; Debian ships no French
catalogue for it, so :func:`install` points those two names at the table below. A message
argparse adds in a later Python and that is missing here falls back to English: the test
``tests/test_cli_french.py`` runs the parser over bad command lines and fails on English.

:func:`whole_number` is the ``type=`` of the numeric options, so that "--players deux" is
answered in French ("« deux » n'est pas un nombre entier") instead of "invalid int value".
"""

from __future__ import annotations

import argparse

MESSAGES: dict[str, str] = {
    "usage: ": "utilisation : ",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s : %(message)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "commande inconnue %(parser_name)r (au choix : %(choices)s)",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir « %(filename)s » : %(error)s",
    "positional arguments": "arguments",
    "options": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "cannot have multiple subparser arguments": "une seule commande à la fois",
    "unrecognized arguments: %s": "je ne connais pas : %s",
    "not allowed with argument %s": "impossible avec l'option %s",
    "ignored explicit argument %r": "valeur %r en trop",
    "the following arguments are required: %s": "il manque : %s",
    "one of the arguments %s is required": "il faut l'une des options %s",
    "expected one argument": "il faut une valeur après cette option",
    "expected at most one argument": "au plus une valeur après cette option",
    "expected at least one argument": "au moins une valeur après cette option",
    "ambiguous option: %(option)s could match %(matches)s":
        "option ambiguë : %(option)s peut vouloir dire %(matches)s",
    "unexpected option string: %s": "option inattendue : %s",
    "invalid %(type)s value: %(value)r": "valeur invalide : %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "choix inconnu : %(value)r (au choix : %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "subcommands": "commandes",
}
"""argparse's English message -> French."""

PLURALS: dict[str, tuple[str, str]] = {
    "expected %s argument": ("il faut %s valeur après cette option",
                             "il faut %s valeurs après cette option"),
}


def _french(message: str) -> str:
    return MESSAGES.get(message, message)


def _french_plural(singular: str, plural: str, n: int) -> str:
    forms = PLURALS.get(singular)
    if forms is None:
        return singular if n == 1 else plural
    return forms[0] if n <= 1 else forms[1]


def install() -> None:
    """Make argparse speak French in this process (idempotent)."""
    argparse._ = _french  # type: ignore[attr-defined]
    argparse.ngettext = _french_plural  # type: ignore[attr-defined]


def whole_number(text: str) -> int:
    """``type=`` for numeric options: an int, or a French error naming what was typed."""
    clean = text.strip()
    if len(clean) > 12 or not clean.lstrip("-").isdecimal():
        raise argparse.ArgumentTypeError(f"« {text} » n'est pas un nombre entier")
    return int(clean)


__all__ = ["MESSAGES", "install", "whole_number"]
