"""The ``ludivox`` command line: its options (help texts in French, players read them) and
the checks made on them before anything is created. :mod:`ludivox.cli` runs what they ask."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from ludivox import commands
from ludivox.bindings.registry import GAMES
from ludivox.clifrench import install as french_argparse
from ludivox.clifrench import whole_number
from ludivox.shell.launch import UsageError
from ludivox.table.settings import LISTEN_MODES
from ludivox.voice.tts import MAX_RATE_WPM, MIN_RATE_WPM


def build_parser() -> argparse.ArgumentParser:
    """The command line (help texts and argparse's own messages in French: players read
    them)."""
    french_argparse()
    parser = argparse.ArgumentParser(
        prog="ludivox",
        description=(
            "Assistant de jeu de société pour personnes aveugles et malvoyantes. Sans "
            "commande : reprend la partie en cours, ou en commence une nouvelle."
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="commande")

    play = sub.add_parser("play", help="commencer une nouvelle partie",
                          description="Commencer une nouvelle partie.")
    play.add_argument("game", choices=GAMES, metavar="jeu",
                      help=f"le jeu : {', '.join(GAMES)}")
    play.add_argument("--players", type=whole_number, metavar="N",
                      help="nombre de joueurs (Kingsbridge 1 à 5, 7 Kingdoms 2 à 4, "
                           "Kingdom Builder 2 à 4, Un monde sans fin 2 à 4)")
    play.add_argument("--names", metavar="A,B,C",
                      help="prénoms des joueurs, séparés par des virgules, dans l'ordre du tour")
    play.add_argument("--mode", choices=("virtual", "table"), default="virtual",
                      help="virtual : l'assistant distribue les cartes ; table : vraies cartes "
                           "sur la table (par défaut : virtual)")
    play.add_argument("--seed", type=whole_number, metavar="S",
                      help="graine du mélange (partie virtuelle), pour rejouer la même donne")
    play.add_argument("--state", type=Path, metavar="FICHIER",
                      help="commencer à partir d'une position (fichier JSON)")
    play.add_argument("--computer", metavar="2,3",
                      help="joueurs tenus par l'ordinateur (numéros à partir de 1, séparés par "
                           "des virgules ; partie virtuelle seulement)")
    play.add_argument("--strength", default="expert", metavar="NIVEAU",
                      help="niveau des joueurs ordinateur : debutant, moyen (Kingsbridge) ou "
                           "expert (par défaut : expert)")
    play.add_argument("--characters", action="store_true",
                      help="Kingsbridge : partie complète, avec les cartes Personnage")
    play.add_argument("--variant", choices=("standard", "solo", "coop"), default="standard",
                      help="Kingsbridge : standard, solo (1 joueur) ou coop (2 à 5 joueurs) ; "
                           "solo et coop se jouent avec les personnages")
    play.add_argument("--layout", metavar="A,B,C,D",
                      help="Kingdom Builder : les 4 sections (haut gauche, haut droite, bas "
                           "gauche, bas droite ; ^ : retournée), ou « suggested » (première "
                           "partie) ; par défaut : tirées au hasard")
    play.add_argument("--cards", metavar="A,B,C",
                      help="Kingdom Builder : les 3 cartes objectif (ids : fishermen, knights...)")
    play.add_argument("--rules", choices=("premiere", "complete"),
                      help="Un monde sans fin : premiere (première partie : les 6 cartes "
                           "étoilées en période I) ou complete (par défaut)")
    add_common_options(play)

    resume = sub.add_parser("resume", help="reprendre une partie sauvegardée",
                            description="Reprendre une partie sauvegardée.")
    resume.add_argument("file", nargs="?", type=Path, metavar="FICHIER",
                        help="la sauvegarde à reprendre (par défaut : la dernière partie "
                             "non terminée)")
    add_common_options(resume, journal=False)
    commands.register_all(sub)
    return parser


def add_common_options(parser: argparse.ArgumentParser, journal: bool = True) -> None:
    parser.add_argument("--script", metavar="FICHIER",
                        help="mode testeur : lire les phrases dans ce fichier (« - » : l'entrée "
                             "standard) et écrire les réponses en lignes SAY/STATE")
    if journal:
        parser.add_argument("--journal", type=Path, metavar="FICHIER",
                            help="enregistrer la partie dans ce fichier (toujours fait hors "
                                 "mode testeur)")
    parser.add_argument("--text", action="store_true",
                        help="répondre par écrit au lieu de parler")
    parser.add_argument("--model", type=Path, metavar="DOSSIER",
                        default=env_path("LUDIVOX_VOSK_MODEL"),
                        help="modèle de reconnaissance vocale Vosk (par défaut : la variable "
                             "LUDIVOX_VOSK_MODEL) ; en mode testeur, « @wav FICHIER » fait "
                             "entendre un enregistrement")
    parser.add_argument("--rate", type=whole_number, metavar="MOTS",
                        help="vitesse de la voix en mots par minute (80 à 500) ; comme --listen et "
                             "--headphones, elle devient le réglage gardé des joueurs de la "
                             "partie")
    parser.add_argument("--listen", choices=LISTEN_MODES,
                        help="écoute au micro : push_to_talk (appuyer sur Tabulation, puis "
                             "parler), hands_free (écoute continue) ou off (clavier seulement) ; "
                             "par défaut : le réglage du joueur, off sans modèle de "
                             "reconnaissance vocale")
    parser.add_argument("--headphones", action="store_true",
                        help="je porte un casque : le micro reste ouvert pendant que "
                             "l'assistant parle, et parler lui coupe la parole")
    parser.add_argument("--mic", metavar="APPAREIL",
                        help="le micro à utiliser : son numéro ou une partie de son nom "
                             "(par défaut : le micro du système)")
    parser.add_argument("--reader", default="auto", metavar="LECTEUR",
                        help="le lecteur de cartes NFC : auto (un lecteur USB s'il y en a un ; "
                             "par défaut), off, ou son chemin nfcpy (usb:054c:06c3, "
                             "tty:USB0:pn532, udp:localhost:54321…)")


def env_path(name: str) -> Path | None:
    """The path in environment variable ``name``, or None when it is unset or blank."""
    value = os.environ.get(name, "").strip()
    return Path(value) if value else None


def check_rate(args: argparse.Namespace) -> None:
    """``--rate`` out of range is a usage error before any game or save is created."""
    rate = getattr(args, "rate", None)
    if rate is not None and not MIN_RATE_WPM <= rate <= MAX_RATE_WPM:
        raise UsageError(f"--rate : choisis une vitesse de {MIN_RATE_WPM} à {MAX_RATE_WPM} "
                         "mots par minute")
