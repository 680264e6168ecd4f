"""A learner's sentence: the game's verbs in the infinitive, the little words left out ("moi
prendre roi garder main", "je prendre la princesse dans royaume", "moi vouloir jeton
paysan").

Such a sentence is read as any other, fuzzily or by a guess; its reading is then acted on
(rather than asked) only when it is *complete*: every word said is one of the reading's (a
verb in any of its forms; ``intention_words`` such as « vouloir » said for nothing), and what
the reading has that was not said are only little words (articles, ``cheap_words``, the
subject « je »). A word that carries meaning left out (no verb: "moi maison dix-huit huit"),
added or changed keeps the question; so does another reading as close (the caller's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ludivox.grammars.intents import Intent
from ludivox.grammars.language import Language

RIVAL_MARGIN = 0.3
"""Another reading costing at most this more than the best one is as likely: asked."""


def said_by_learner(lang: Language, text: str) -> bool:
    """Whether ``text`` says the game's verbs (or an intention: « vouloir ») only in the
    infinitive (at least one, none conjugated, no modal before them): a learner's
    sentence."""
    keys = [t.key for t in lang.tokens(text)]
    verbs = [k for k in keys if k in lang.first_forms or k in lang.intention_words]
    return bool(verbs) and all(k.endswith(lang.infinitive_endings) for k in verbs) \
        and lang.without_modal(lang.tokens(text)) is None


def complete(lang: Language, text: str, reading: str) -> bool:
    """Whether the reading ``reading`` (its template's words) has every word said in
    ``text`` and leaves out only little words (see the module)."""
    def keys(said: str) -> Counter[str]:
        return Counter(lang.first_forms.get(t.key, t.key) for t in lang.tokens(said))

    heard = keys(text)
    for word in lang.intention_words:
        heard.pop(word, None)
    read = keys(reading)
    little = lang.cheap_words | lang.articles | lang.before_consonant.keys() | {
        lang.modal_subject}
    return bool(heard) and not heard - read and all(w in little for w in read - heard)


def learned(lang: Language, text: str, readings: Sequence[Intent]) -> list[Intent]:
    """``readings`` (best first), the best one made exact when ``text`` is a learner's
    sentence it reads completely and no reading as close means something else."""
    best = readings[0]
    rivals = [r for r in readings[1:] if r.cost <= best.cost + RIVAL_MARGIN
              and (r.name, r.slots) != (best.name, best.slots)]
    if rivals or not said_by_learner(lang, text) or not complete(lang, text, best.text):
        return list(readings)
    return [replace(best, cost=0.0), *readings[1:]]


__all__ = ["complete", "learned", "said_by_learner"]
