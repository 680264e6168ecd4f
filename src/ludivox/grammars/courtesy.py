"""Courtesy around a move or a question, which carries no meaning: the move said is the
speaker's own ("je vous serais reconnaissante de bien vouloir placer le roi dans mon
royaume", "excusez-moi de vous déranger mais je voudrais échanger mon deux si ce n'est pas
trop vous demander", "j'aimerais, s'il vous plaît, que vous placiez le roi").

The language's ``courtesy`` data, written with alternatives ("(a|b)" one of them, "[a|b]"
one or none), is expanded once into the normaliser's lists: ``anywhere`` into its fillers,
``openings`` into its leading fillers, ``endings`` into its loose endings (a reading
without them, tried when nothing fits as said: "… comme d'habitude"), each of
``asks`` (a request to the listener before an infinitive) alone and followed by each of
``softeners`` ("bien vouloir") into its modals (so the verb after them is the move, only when
it is a verb of the game) and, before each way of telling, into its question frames. A wish
that the listener do it (``wishes`` then a listener of ``listener_endings``, "que vous
placiez") is the speaker's move: the verb is said as "je" says it in the subjunctive ("je
place"), read by the tenses pass as the present."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ludivox.grammars.tokens import Token, fold

if TYPE_CHECKING:
    from ludivox.grammars.language import Language

Phrase = tuple[str, ...]
def expand(pattern: str) -> list[str]:
    """Every phrase a pattern says: "(a|b) c" -> "a c", "b c"; "[a|b] c" adds "c"; groups
    may hold groups ("[de (vous|te) déranger]")."""
    found, _ = _sequence(pattern, 0)
    return list(dict.fromkeys(" ".join(p.split()) for p in found))


def _sequence(pattern: str, at: int) -> tuple[list[str], int]:
    """The phrases of ``pattern`` from ``at`` to the end of its group ("|", ")", "]")."""
    out = [""]
    while at < len(pattern) and pattern[at] not in "|)]":
        if pattern[at] in "([":
            options, at = _options(pattern, at + 1)
            if pattern[at - 1] == "]":
                options.append("")
            out = [o + p for o, p in itertools.product(out, options)]
        else:
            out = [o + pattern[at] for o in out]
            at += 1
    return out, at


def _options(pattern: str, at: int) -> tuple[list[str], int]:
    """The options of the group opened before ``at``, and where it closes (after it)."""
    options: list[str] = []
    while True:
        found, at = _sequence(pattern, at)
        options += found
        if at >= len(pattern) or pattern[at] in ")]":
            return options, at + 1
        at += 1  # "|"


@dataclass(frozen=True)
class Courtesy:
    """The wishes and their listeners' subjunctive endings (the rest goes into the
    normaliser's lists when loaded: see the module docstring)."""

    wishes: tuple[Phrase, ...] = ()
    listener_endings: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    subject: tuple[Token, ...] = ()

    @classmethod
    def load(cls, lang: Language, data: Any, telling: Iterable[Phrase] = ()) -> Courtesy:
        """From the language data's ``courtesy`` mapping; extends ``lang``'s fillers,
        modals and question frames (call after they are read)."""
        data = data or {}

        def phrases(key: str) -> tuple[Phrase, ...]:
            said = (tuple(t.key for t in lang.words(p)) for pattern in data.get(key) or ()
                    for p in expand(str(pattern)))
            return tuple(dict.fromkeys(p for p in said if p))

        def longest(*groups: Iterable[Phrase]) -> tuple[Phrase, ...]:
            return tuple(sorted(dict.fromkeys(itertools.chain(*groups)), key=len, reverse=True))

        lang.fillers = tuple(dict.fromkeys((*lang.fillers, *phrases("anywhere"))))
        # after the language's own openers, in their order ("allez" before "allez vas-y")
        lang.leading_fillers = tuple(dict.fromkeys((*lang.leading_fillers,
                                                    *phrases("openings"))))
        lang.loose_endings = longest(lang.loose_endings, phrases("endings"))
        asks = phrases("asks")
        asked = [a + s for a in asks for s in ((), *phrases("softeners"))]
        lang.modals = longest(lang.modals, asked)
        lang.question_frames = longest(lang.question_frames,
                                       (a + t for a in asked for t in telling))
        endings = {fold(str(who)): tuple((fold(str(a)), fold(str(b))) for a, b in pairs)
                   for who, pairs in (data.get("listener_endings") or {}).items()}
        return cls(phrases("wishes"), endings, tuple(lang.words(lang.modal_subject)))

    def wished(self, lang: Language, tokens: list[Token]) -> list[Token]:
        """``tokens`` with a wish that the listener make a move ("j'aimerais que vous placiez
        le roi") said as the speaker's ("je place le roi"); as they are when there is none or
        the verb is none of the game's."""
        for _ in range(len(tokens)):  # each wish, in turn ("… et que tu le valides")
            said = self._wished_once(lang, tokens)
            if said is None:
                break
            tokens = said
        return tokens

    def _wished_once(self, lang: Language, tokens: list[Token]) -> list[Token] | None:
        keys = [t.key for t in tokens]
        for wish in self.wishes:
            at = next((i for i in range(len(keys)) if tuple(keys[i:i + len(wish)]) == wish),
                      None)
            if at is None or at + len(wish) + 1 >= len(keys):
                continue
            who = at + len(wish)
            verb = who + 1
            while verb < len(keys) - 1 and keys[verb] in lang.verb_clitics:
                verb += 1  # "que vous me placiez", "que tu le mettes"
            form = self._as_mine(lang, keys[verb], self.listener_endings.get(keys[who], ()))
            if form is not None:
                return [*tokens[:at], *self.subject, *tokens[who + 1:verb], Token(form, form),
                        *tokens[verb + 1:]]
        return None

    def _as_mine(self, lang: Language, key: str, endings: Iterable[tuple[str, str]]
                 ) -> str | None:
        """The speaker's subjunctive of the listener's ``key`` when it is a verb of the game
        (its present, by the language's ``person_endings`` of the speaker, a known form)."""
        mine = lang.person_endings.get(self.subject[0].key if self.subject else "", ())
        for said, meant in endings:
            if not key.endswith(said) or len(key) <= len(said):
                continue
            form = key[:len(key) - len(said)] + meant
            present = [form[:len(form) - len(a)] + b for a, b in mine if form.endswith(a)]
            if any(p in lang.meaning_words for p in (form, *present)):
                return form
        return None


__all__ = ["Courtesy", "expand"]
