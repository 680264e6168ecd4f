"""The public face of the language layer: :class:`Grammar`.

Files, per game (``kingsbridge``) and for the conversation shared by all games
(``common``)::

    <game>/intents.yaml            language-neutral: intents, slots, number lists, response keys
    <game>/<lang>/sentences.yaml   hassil templates per intent, rules, word lists, examples
    <game>/<lang>/responses.yaml   sentences per response key
    <game>/<lang>/tests.yaml       utterances -> expected intent and slots; must-not-match
    common/<lang>/language.yaml    fillers, cheap words, number extras, list words

``Grammar.load(game, lang)`` merges ``common`` and the game; every authoring error fails
there, with file and line.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cached_property, lru_cache
from pathlib import Path

from ludivox.grammars import asides, detached, frames, guess, homophones, in_situ
from ludivox.grammars.automaton import Automaton
from ludivox.grammars.benefactive import for_whom_readings
from ludivox.grammars.clefts import done_bare, presented, speaker_put_first, unclefted
from ludivox.grammars.dislocation import counted, tail_moved, undislocated
from ludivox.grammars.edges import without_edges
from ludivox.grammars.errors import GrammarError
from ludivox.grammars.for_nothing import for_nothing
from ludivox.grammars.imperatives import as_said_by_me, elision_swapped, enclitics
from ludivox.grammars.intents import Intent, SlotValue
from ludivox.grammars.language import Language, Token
from ludivox.grammars.learner import learned
from ludivox.grammars.matcher import Matcher, TemplateMatch
from ludivox.grammars.memo import remembered
from ludivox.grammars.owned import names_mine, said_as_mine
from ludivox.grammars.phrases import bigrams, cover, split_unknown
from ludivox.grammars.remarks import (
    after_remark,
    after_thought,
    count_said_twice,
    number_begun_again,
    said_twice,
)
from ludivox.grammars.responses import Node
from ludivox.grammars.restarts import restarted, stuttered, unstuttered
from ludivox.grammars.said_again import said_again
from ludivox.grammars.saying import Saying
from ludivox.grammars.sources import (
    Sources,
    compile_grammar,
    parts,
    read_responses,
    read_sentences,
)
from ludivox.grammars.specs import Declarations, IntentSpec
from ludivox.grammars.tenses import after_intention, in_first_person, in_present
from ludivox.grammars.tokens import words_left_out
from ludivox.grammars.topics import TOPIC_COST, TOPIC_SPREAD, TopicReader
from ludivox.grammars.valuepasses import regendered, reworded
from ludivox.grammars.weighed import weighed
from ludivox.grammars.yamlfile import load_yaml
from ludivox.heap import building

ROOT = Path(__file__).resolve().parent
COMMON = "common"
_Order = tuple[float, int, int]
ALTERNATIVE_COST = 0.05  # added per rank of an N-best alternative
# Added per slot value beyond the fewest that the same words gave for the same intent:
# "j'ai un sept" is the card 7 (cost 0); the cards 1 and 7 come next, as a much less likely
# reading (cost 0.4), listed but not a rival worth a question.
EXTRA_VALUE_COST = 0.4
# A reading that may not be what was meant ("le huit sur la trois, non, le sept": the card or
# the column corrected?): costly enough that the table asks before acting on it.
DOUBT_COST = 0.4
MAX_RESULTS = 10
HANDOVER_INTENTS = frozenset({"end_turn", "ask_turn"})
"""What is left of « terminé, Paul, à toi » once what is done is left out may only be
read as one of these: the turn ended, or whose it is (the bindings hand it over)."""
TURN_OVER_INTENTS = HANDOVER_INTENTS | {"pass"}
"""Said after moves in one sentence (« je pose le neuf sur la six et je passe »), these say
the turn is over: « je passe » then means « j'ai fini », never a pass of its own."""


class Grammar(Saying):
    """What can be said in one game and language, how to understand it, and how to answer
    (:class:`Saying`: the responses)."""

    def __init__(
        self,
        game: str,
        lang: str,
        language: Language,
        declarations: Declarations,
        matcher: Matcher,
        surface: Automaton,
        examples: Mapping[str, str],
        responses: Mapping[str, Node],
        short: Mapping[str, Node] | None = None,
    ) -> None:
        super().__init__(game, lang, language, declarations, responses, short)
        self.language = language
        self.intent_names: frozenset[str] = frozenset(declarations.intents)
        self._matcher = matcher
        self._surface = surface
        self._examples = dict(examples)
        self._phrase_cache: dict[frozenset[str] | None, list[list[str]]] = {}
        self._phrase_text_cache: dict[frozenset[str] | None, list[str]] = {}
        self._topics: TopicReader | None = None

    # -- loading -------------------------------------------------------------------------

    @classmethod
    def load(cls, game: str, lang: str = "fr", *, root: Path | None = None) -> Grammar:
        """The grammar of ``game`` (or ``"common"`` alone) in ``lang``; cached.

        ``root`` points at another grammars folder (tests). Raises :class:`GrammarError`.
        """
        return _load(game, lang, str(Path(root).resolve() if root else ROOT))

    @staticmethod
    def clear_cache() -> None:
        """Forget loaded grammars (the next :meth:`load` reads the files again)."""
        _load.cache_clear()

    # -- understanding -------------------------------------------------------------------

    @remembered
    def understand(
        self,
        text: str,
        alternatives: Sequence[str] = (),
        intents: Collection[str] | None = None,
        *,
        said_once: bool = False,
    ) -> list[Intent]:
        """Ranked ways to understand ``text`` (best first); ``[]`` when nothing fits.

        ``alternatives`` are the recogniser's other hypotheses (each rank adds 0.05 to the
        cost); ``intents`` restricts matching to what can be said now. Exact matches of any
        hypothesis come before fuzzy ones, which are only tried when nothing is exact. A
        sentence with several words said twice in a row that fits nothing exactly is read
        again with each said once (``said_once``: that second reading).
        """
        if guess.imagined(self.language, text):  # "imagine je mets le sept sur la trois"
            return []
        starts = self._starts(intents)
        heard = [self.language.tokens(t) for t in (text, *alternatives)]
        # "je tisserai ma laine": the future of a verb the grammar knows, said now
        heard = [in_present(self.language, t, self._matcher.known) or t for t in heard]
        # "nous vendons nos laines", "il faut que je mette …": as "je" says it
        heard = [in_first_person(self.language, t, self._matcher.known) or t for t in heard]
        counts, uncounted = counted(self.language, heard[0])  # "j'en mets un, le treize"
        heard[0] = (uncounted or []) if counts else heard[0]
        # "ensuite c'est à qui": a template's own words, first as said when the reading
        # only left words out (a filler, « numéro »); a rewrite ("la carte quarante" is "le
        # quarante") or a changed form ("je prendrai") is read first as it reads
        kept = self.language.tokens(text, literal=True)
        shortened = words_left_out(self.language.tokens(text), kept)
        as_said = self._matcher.exact(kept, starts) if shortened else []
        found: list[tuple[TemplateMatch, int, float]] = [(m, 0, 0.0) for m in as_said]
        for rank, tokens in enumerate(heard):
            if tokens and not (rank == 0 and as_said):
                found += [(m, rank, 0.0) for m in self._matcher.exact(tokens, starts)]
        if not found and not shortened:  # "j'en pose un en dix-huit dix-neuf": not a count
            found = [(m, 0, 0.0) for m in self._matcher.exact(kept, starts)]
        if not found and for_nothing(self.language, text):
            return []  # "c'est comment", "salut frérot": said for nothing, no look-alike read
        plain = self.language.without_modal(heard[0]) if heard[0] else None
        moved = undislocated(self.language, heard[0]) if heard[0] else None
        speaker = self.language.as_speaker(heard[0]) if heard[0] else None  # "on pose" -> "je"
        # "prenez le six et validez-le" -> "je prends le six et je le valide"
        mine = as_said_by_me(self.language, heard[0], text) if heard[0] else None
        if not found and heard[0] and not said_once:
            # "le neuf, comme ça je garde le sept pour plus tard, sur la six": the aside out
            aside = asides.read(self.language, heard[0], lambda t: self.understand(
                t, (), intents, said_once=True))
            if aside:
                return aside
        if not found and heard[0]:
            # other readings of the same words: "vingt huit" said apart (a hex, 20 and 8,
            # when 28 fits nothing), "je vais construire ..." as "construire ...", "le neuf,
            # je le pose sur la six" as "je pose le neuf sur la six"
            apart = self.language.tokens(text, numbers_apart=True)
            loose = self.language.loosened(heard[0])  # "c'est bon, ...", "... ce tour-ci ?"
            swapped = elision_swapped(self.language, heard[0])  # "j'oriente", "je oriente"
            # "en dix-huit euh dix-huit douze", "je po- je pose"
            again = restarted(self.language, text, self._matcher.known)
            stutter = stuttered(self.language, text)  # "je... je mets le neuf"
            follows = tail_moved(self.language, heard[0])  # "…, après le huit"
            # "je vais protéger mon blé": any verb of the game after an intention, as said now
            intended = after_intention(self.language, heard[0], self._matcher.known)
            readings = [apart, plain, moved, speaker, mine, swapped, follows, intended, *loose,
                        self.language.tokens(again) if again else None,
                        *(self.language.tokens(t) for t in stutter),
                        # "je construis construis en vingt neuf": a hex said apart too
                        *(self.language.tokens(t, numbers_apart=True) for t in stutter),
                        *for_whom_readings(self.language, heard[0]),
                        *after_remark(self.language, heard[0]),  # "j'ai que des petits, je …"
                        *in_situ.fronted(self.language, heard[0])]  # "il me reste combien …"
            # two of them at once: "je préfère échanger le deux ce tour-ci" (a modal, then a
            # closing "ce tour-ci")
            readings += [r for t in (plain, moved, speaker, mine) if t
                         for r in self.language.loosened(t)]
            # "une pierre, non, du bois", also in another reading ("j'oriente la flèche
            # vers Anne, non, vers moi": the elision swapped, then the correction)
            readings += [r for t in (heard[0], *readings[1:]) if t
                         for r in reworded(self.language, t)]
            # last: "je vais garder la loyauté pour moi" with the intention left out and the
            # infinitive said as the speaker says it ("je garde la loyauté pour moi"), exactly,
            # rather than the fuzzy pass's reading without its closing words ("pour moi" says
            # who gets it); then the same without a closing word ("... ce tour-ci")
            plain_mine = as_said_by_me(self.language, plain, text) if plain else None
            if plain_mine:
                readings += [plain_mine, *self.language.loosened(plain_mine)]
            for other in readings:
                if other and other != heard[0] and not found:
                    found += [(m, 0, 0.0) for m in self._matcher.exact(other, starts)]
        if not found and heard[0] and not said_once:  # "quatre au dé, ah non, c'est un deux"
            # "la trois ou la quatre… bon allez, la quatre": a choice weighed aloud
            def exactly(piece: list[Token]) -> list[Intent]:
                return self._exactly(piece, intents)

            def alone(piece: list[Token]) -> list[Intent]:
                read = self.understand(self.language.detokenize([t.text for t in piece]), (),
                                       intents, said_once=True)
                return read if read and read[0].cost == 0 else []
            last = (said_again(self.language, heard[0], exactly)
                    or weighed(self.language, heard[0], exactly, alone, self.value_words))
            if last:
                return last
        if not found and heard[0]:  # "terminé, Paul, à toi": what is done said first
            found += self._handed_over(heard[0], intents)
        if not found and heard[0]:  # "le huit sur la trois, non, le sept": asked
            for rank, other in enumerate(regendered(self.language, heard[0])):
                found += [(m, rank, DOUBT_COST) for m in self._matcher.exact(other, starts)]
            # "je vends deux deux laines": the count said once; "vingt... vingt treize": the
            # number begun again; both asked
            for once_said in (count_said_twice(self.language, text, self.value_words),
                              number_begun_again(self.language, text)):
                if once_said and not found:
                    found += [(m, 0, DOUBT_COST) for m in self._matcher.exact(once_said, starts)]
        if not found and heard[0]:  # "je construis en saint quinze": a number written as a
            # word that sounds the same, where it then fits exactly: asked, never done at once
            for other in homophones.readings(self.language, text, self.value_words):
                found += [(m, 0, DOUBT_COST) for m in self._matcher.exact(other, starts)]
        if not found and heard[0]:  # "c'est quoi mes cartes ?": a question in a frame
            asked = self._starts(frames.questions(intents or self.intent_names))
            for other in [*frames.unframed(self.language, heard[0]),  # "c'est quoi …"
                          *frames.unclaused(self.language, heard[0])]:  # "avant que je …, "
                if not found:
                    found += [(m, 0, 0.0) for m in self._matcher.exact(other, asked)]
            for other in frames.uncounted(self.language, heard[0]):  # "mes six cartes"
                found += [(m, 0, 0.0) for m in self._matcher.exact(other, asked)
                          if not found and not m.captures]
        if not found and heard[0] and not said_once:  # "ce que je pose c'est le sept",
            # "j'ai bien regardé et je crois que le mieux c'est de …": read alone
            plains = [*unclefted(self.language, heard[0]),
                      *after_thought(self.language, heard[0]),
                      *said_twice(heard[0])]  # "trente-cinq trente-cinq": once
            moves_only = len(plains)  # "moi c'est le huit sur la cinq": kept as a move only
            shown = [*plains, *presented(self.language, text),
                     *done_bare(self.language, heard[0])]
            # "c'est moi qui joue le trente-quatre": a move naming what it does, only
            for at, plain in enumerate([*shown, *speaker_put_first(self.language, text)]):
                plainly = self.understand(" ".join(t.text for t in plain), (), intents,
                                          said_once=True)
                if plainly and plainly[0].cost == 0 and (
                        at < moves_only or self._a_move(plainly[0])) and (
                        at < len(shown) or plainly[0].slots):
                    return plainly
        if not found and heard[0] and not said_once:  # "je joue la piété, un cierge pour le
            # prieuré", "c'est au tour de qui là, j'ai perdu le fil": a remark around it
            around = detached.read_either(self.language, heard[0], text, self.value_words,
                                          self.known, lambda t: self.understand(
                                              self.language.detokenize([w.text for w in t]),
                                              (), intents, said_once=True), self._a_move)
            if around:
                return around
        whole = None if found or said_once else unstuttered(self.language, text)
        # "je je voulais mettre le le sept": read as said once
        once = self.understand(whole, (), intents, said_once=True) if whole is not None else []
        if once:
            return once
        if not found:
            subject = self.language.modal_subject  # "je vais prendre" -> "je prendre"
            said = self.language.without_modal(heard[0], subject) if heard[0] else None
            if moved is not None:  # "le neuf, je vais le poser ..." -> "je vais poser le neuf"
                said = self.language.without_modal(moved, subject) or said or moved
            # a pronoun moved before its verb ("garde-le plutôt en main") only: a verb's
            # other form alone costs little in the fuzzy pass as said
            moved_pronoun = mine if enclitics(text) else None
            intended = after_intention(self.language, heard[0], self._matcher.known)
            others = [t for t in (said, speaker, moved_pronoun, intended) if t]
            # (a reason left out that says a number is no look-alike: "…, comme ça le neuf
            # passe derrière le sept" says a second move)
            others += [r for t in (heard[0], said, speaker) if t
                       for r in self.language.loosened(t)
                       if not detached.leaves_numbers(self.language, t, r)]
            for rank, tokens in enumerate([*heard, *others]):
                if tokens:
                    rank = min(rank, len(heard) - 1)  # the modal left out: as said
                    found += [(m, rank, 0.0) for m in self._matcher.fuzzy(tokens, starts)]
        ranked: dict[tuple[str, tuple[tuple[str, SlotValue], ...]], tuple[_Order, Intent]] = {}
        templates = self._matcher.auto.templates
        fewest: dict[tuple[int, str], int] = {}
        owned = said_as_mine(self.language, kept)  # "mon neuf": never a card on the table
        for match, rank, _ in found:
            key0 = (rank, templates[match.template].intent)
            fewest[key0] = min(fewest.get(key0, 99), len(match.captures))
        for match, rank, doubt in found:
            template = templates[match.template]
            slots = self._slots(template.intent, match)
            if names_mine(self.declarations.intents.get(template.intent), slots, owned):
                continue
            extra = len(match.captures) - fewest[(rank, template.intent)]
            cost = round(match.cost + ALTERNATIVE_COST * rank + EXTRA_VALUE_COST * extra
                         + doubt, 4)
            intent = Intent(template.intent, slots, self.language.detokenize(match.words), cost)
            key = (intent.name, tuple(sorted(slots.items())))
            order = (cost, len(match.captures), template.order)
            if key not in ranked or order < ranked[key][0]:
                ranked[key] = (order, intent)
        out = [intent for _, intent in sorted(ranked.values(), key=lambda x: x[0])][:MAX_RESULTS]
        return learned(self.language, text, out) if out and out[0].cost > 0 else out

    @remembered
    def guess(self, text: str, intents: Collection[str] | None = None) -> list[Intent]:
        """The last resort when :meth:`understand` and :meth:`topic` found nothing: readings
        by the words that carry meaning (:mod:`ludivox.grammars.guess`), each with at least
        one value, costing ``GUESS_COST`` or more: to be asked, never acted on."""
        tokens = self.language.tokens(text)
        if guess.imagined(self.language, text) or not guess.guessable(
                self.language, tokens, self._matcher.knows):
            return []
        starts = self._starts(intents)
        out: dict[tuple[str, tuple[tuple[str, SlotValue], ...]], Intent] = {}
        owned = said_as_mine(self.language, self.language.tokens(text, literal=True))
        for rank, said in enumerate(guess.readings(self.language, tokens)):
            for match in self._matcher.fuzzy(said, starts, loose=True):
                if not match.captures:
                    continue
                name = self._matcher.auto.templates[match.template].intent
                slots = self._slots(name, match)
                if names_mine(self.declarations.intents.get(name), slots, owned):
                    continue
                cost = round(guess.GUESS_COST + match.cost + ALTERNATIVE_COST * min(rank, 1), 4)
                key = (name, tuple(sorted(slots.items())))
                if key not in out or cost < out[key].cost:
                    out[key] = Intent(name, slots, self.language.detokenize(match.words), cost)
        return sorted(out.values(), key=lambda i: i.cost)[:MAX_RESULTS]

    @remembered
    def topic(self, text: str, intents: Collection[str] | None = None,
              loose: bool = False) -> list[Intent]:
        """A question read by its words when :meth:`understand` found nothing
        (:mod:`ludivox.grammars.topics`): the intents it may be about, best first, each
        costing ``TOPIC_COST`` plus a little for what it leaves unexplained, to be answered
        and never made a move; ``[]`` when the sentence asks nothing clear. ``loose``: the
        last try, every intent the words explain well enough, closest first."""
        if self._topics is None:
            self._topics = TopicReader(self._matcher.auto, self.language,
                                       self.declarations.intents)
        if for_nothing(self.language, text):  # "on dit quoi": a greeting asks nothing
            return []
        tokens = self.language.tokens(text)
        allowed = self._check_intents(intents)
        found = self._topics.read(tokens, text, allowed, loose)
        for shorter in without_edges(tokens, self.language.question_frames, ()):
            if not frames.questions({f[0] for f in found}):  # "peut-on savoir qui mène au
                asked = self._topics.read(shorter, text, allowed, loose)  # score": the
                asked = [f for f in asked if f[0] in frames.questions({f[0]})]  # question
                found, tokens = (asked, shorter) if asked else (found, tokens)  # after it
        if found and not frames.questions({f[0] for f in found}):
            # only moves near ("Paul, il a quoi devant lui dans son royaume ?" near "je
            # prends … dans mon royaume"): a move is never answered, the questions are read
            only = frames.questions(self.intent_names if allowed is None else allowed)
            found = self._topics.read(tokens, text, only, loose) or found
        for shorter in self.language.loosened(tokens):  # "... ce tour-ci ?"
            if not found and not loose:  # (loose: "et ensuite, où je veux" asks nothing)
                found = self._topics.read(shorter, text, allowed, loose)
        if not found:  # "la case dix sept ..." said apart: row 10, column 7
            tokens = self.language.tokens(text, numbers_apart=True)
            found = self._topics.read(tokens, text, allowed, loose)
        for shorter in [] if found else frames.unclaused(self.language, tokens):
            if not found:  # "avant que je valide, qui est devant aux points ?": what is
                tokens = shorter  # left asks, whatever verb the clause's end keeps
                asked = self._topics.read(tokens, text, allowed, loose)
                found = [f for f in asked if f[0] in frames.questions({f[0]})]
        words = self.language.detokenize([t.text for t in tokens])
        out = []
        for name, caps, share in found:
            cost = round(TOPIC_COST + TOPIC_SPREAD * (1.0 - share), 4)
            out.append(Intent(name, self._slots(name, TemplateMatch(-1, caps, cost, ())), words,
                              cost))
        return out

    def normalize(self, text: str) -> str:
        """``text`` as the matcher sees it (fillers out, numbers merged), for logs."""
        return self.language.detokenize([t.text for t in self.language.tokens(text)])

    def _slots(self, intent: str, match: TemplateMatch) -> dict[str, SlotValue]:
        return self.declarations.intents[intent].slots_of(match.captures)

    def _a_move(self, intent: Intent) -> bool:
        """Whether ``intent`` is one of the game's own (not ``common``), and no question."""
        common = Grammar.load(COMMON, self.lang).intent_names
        return intent.name not in common and not frames.questions([intent.name])

    def _check_intents(self, intents: Collection[str] | None) -> frozenset[str] | None:
        if intents is None:
            return None
        names = frozenset(intents)
        unknown = names - self.intent_names
        if unknown:
            raise ValueError(f"unknown intents for {self.game}: {', '.join(sorted(unknown))}")
        return names

    def _handed_over(self, tokens: list[Token], intents: Collection[str] | None
                     ) -> list[tuple[TemplateMatch, int, float]]:
        """``tokens`` read without what is done said before the turn is handed over
        (``handover_openings``), exactly, as one of :data:`HANDOVER_INTENTS` only."""
        wanted = HANDOVER_INTENTS & self.intent_names & set(intents or self.intent_names)
        lang = self.language
        for rest in without_edges(tokens, lang.handover_openings, lang.loose_endings):
            if wanted and len(rest) < len(tokens):
                found = self._matcher.exact(rest, self._starts(wanted))
                if found:
                    return [(m, 0, 0.0) for m in found]
        return []

    def _exactly(self, tokens: list[Token], intents: Collection[str] | None) -> list[Intent]:
        """The readings of a piece of a sentence, word for word."""
        text = self.language.detokenize([t.text for t in tokens])
        return [i for i in self.understand(text, (), intents, said_once=True) if i.cost == 0]

    @remembered
    def _starts(self, intents: Collection[str] | None) -> list[int]:
        return self._matcher.starts(self._check_intents(intents))

    # -- speech recognition --------------------------------------------------------------

    def phrases(
        self, intents: Collection[str] | None = None, known: Callable[[str], bool] | None = None
    ) -> list[str]:
        """A compact Vosk phrase list for ``intents`` (all when ``None``).

        Lowercase words, no punctuation (apostrophes and hyphens stay inside words). With
        ``known`` (``word -> bool``, e.g. a Vosk model's ``find_word(w) >= 0``), words the
        recogniser lacks are split at hyphens and apostrophes when their parts are known.
        """
        names = self._check_intents(intents)
        if names not in self._phrase_cache:
            starts = [s for n in (names or self.intent_names) for s in self._surface.starts[n]]
            with building():  # long-lived, built while the assistant may be speaking
                self._phrase_cache[names] = cover(bigrams(self._surface, sorted(starts)))
        if known is not None:
            return [" ".join(p) for p in split_unknown(self._phrase_cache[names], known)]
        if names not in self._phrase_text_cache:  # asked after every answer: join once
            self._phrase_text_cache[names] = [" ".join(p) for p in self._phrase_cache[names]]
        return list(self._phrase_text_cache[names])

    def vocabulary(
        self, intents: Collection[str] | None = None, known: Callable[[str], bool] | None = None
    ) -> set[str]:
        """Every word the phrase list for ``intents`` uses."""
        return {w for phrase in self.phrases(intents, known) for w in phrase.split()}

    # -- reading speech as it comes (early endpointing) ----------------------------------

    @property
    def known(self) -> frozenset[str]:
        """Every word (folded) some sentence of the game holds."""
        return self._matcher.known

    @property
    def automaton(self) -> Automaton:
        """The sentence automaton :meth:`understand` matches against (read it, never change
        it: it is shared by every session of this game)."""
        return self._matcher.auto

    @cached_property
    def value_words(self) -> Mapping[str, frozenset[str]]:
        """The words that name a value of the game (a resource, a place, a character...),
        each with the values it names ("ors" and "or": gold): the one-word entries of its
        slot lists, without the little words some lists hold."""
        little = self.language.cheap_words | self.language.discourse_words
        found: dict[str, set[str]] = {}
        for table in self._matcher.auto.tables:
            for word, meant in table.items():
                if word not in little:
                    found.setdefault(word, set()).update(value for value, _ in meant)
        return {word: frozenset(values) for word, values in found.items()}

    def start_states(self, intents: Collection[str] | None = None) -> tuple[int, ...]:
        """The :attr:`automaton`'s start states of ``intents`` (all when ``None``; raises
        ValueError for an intent the game does not have)."""
        return tuple(self._starts(intents))

    # -- examples and specs ----------------------------------------------------------------

    def example(self, intent: str) -> str:
        """A natural example sentence for ``intent`` (from ``sentences.yaml``)."""
        if intent not in self.intent_names:
            raise KeyError(intent)
        return self._examples[intent]

    def examples(self, intents: Collection[str] | None = None) -> list[str]:
        """Example sentences for ``intents`` (all when ``None``), in a stable order."""
        names = sorted(self._check_intents(intents) or self.intent_names)
        return [self._examples[n] for n in names]

    def intent_spec(self, intent: str) -> IntentSpec:
        """The language-neutral declaration of ``intent`` (slots, description)."""
        return self.declarations.intents[intent]


# -- building --------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _load(game: str, lang: str, root: str) -> Grammar:
    base = Path(root)
    games = [COMMON] if game == COMMON else [COMMON, game]
    if not (base / game).is_dir():
        raise GrammarError(f"no grammar for game {game!r}", base / game)
    sources = Sources(
        [p for g in games for p in parts(base / g, "intents")], [base / g / lang for g in games]
    )
    for d in sources.lang_dirs:
        if not d.is_dir():
            raise GrammarError(f"no {lang!r} grammar here", d)
    language = Language.load(base / COMMON / lang / "language.yaml")
    decl = Declarations()
    for path in sources.declarations:
        decl.add_file(load_yaml(path), path)
    templates, examples, rules, lists = read_sentences(sources, lang, decl)
    matcher_auto, surface_auto = compile_grammar(language, decl, templates, rules, lists)
    responses, short = read_responses(sources, lang, decl)
    return Grammar(
        game, lang, language, decl, Matcher(matcher_auto, language), surface_auto,
        examples, responses, short,
    )


__all__ = ["COMMON", "ROOT", "Grammar", "parts"]
