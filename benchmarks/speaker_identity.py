"""Speaker identity across an archive, against gold speakers.

Builds an archive (a fresh SQLite file) from the gum-news-quotes and wikinews-quotes gold texts
(read from ../shared/data, never copied into the repository) plus the seeds,
matches each article's stored quotes to its gold quotes (quotetrack.measure.evaluation.match: spans
overlapping by half of the longer), and scores the stored speakers of the matched quotes
against the gold speakers:

- B-cubed precision, recall and F1 (Bagga & Baldwin 1998) over matched quotes; an
  unattributed quote is a cluster of its own;
- speakers holding two or more matched quotes, and how many of them hold quotes of more
  than one gold person; and the same count when a quote stored under one of its gold aliases
  counts as that alias's (wikinews-quotes' convention for nested attributions: "the original
  speaker is the speaker and the outlet that reports them is an alias", an accepted answer);
- gold people spread over several stored speakers; and named people (not descriptions) with two
  or more matched quotes whose attributed quotes are under more than one stored speaker;
- name accuracy: the stored speaker's name is the gold canonical name (both folded, middle
  initials dropped, titles never allowed) for that share of matched quotes; and the same
  share among the quotes whose speaker is right (its name or an alias is the gold speaker
  or a gold alias, as `quotetrack eval` judges), which separates naming from choosing.

Gold people: the gold canonical name with middle initials dropped ("Patricia H. Hyde" and
"Patricia Hyde" are one person), across articles. A gold speaker that is a description
rather than a name ("officials", "Recent reports", a lone plural common noun such as
"Officials" by WordNet, so "Reuters" stays a name) is one entity of its own article only,
unless its gold aliases name an entity ("federal immigration officials", aliases ["ICE"]).

Cross-validated by default: the development articles are split into the folds `quotetrack
train-ranker` uses (by article name), and each fold's articles are ingested with a candidate model
fitted on the other folds only, so no article is attributed by a model trained on it; the seeds,
never trained on, use the shipped model. `--in-sample` ingests everything with the shipped model
(fitted on all of these articles), as the runs before the cross-validated one did.

Then the breakdown (benchmarks/speaker_identity_breakdown.py): why speakers mix people
(attribution inside an article, or identity joining people within or across articles), why
people are split, and why rightly attributed speakers carry another name than the gold one.

    python benchmarks/speaker_identity.py > benchmarks/speaker_identity.txt
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from spacy.language import Language

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.speaker_identity_breakdown import Judged, breakdown  # noqa: E402
from quotetrack.attribution.names import canonical_person  # noqa: E402
from quotetrack.attribution.ranker import Model, standing_in  # noqa: E402
from quotetrack.config import load_settings  # noqa: E402
from quotetrack.measure.evaluation import GoldArticle, Span, load_gold, match, speaker_right  # noqa: E402
from quotetrack.nlp import load_pipeline  # noqa: E402
from quotetrack.normalization.lexicon import wordnet_index  # noqa: E402
from quotetrack.service import ingest  # noqa: E402
from quotetrack.sources.files import read_path  # noqa: E402
from quotetrack.storage import Database, speaker_queries  # noqa: E402
from quotetrack.storage.identity import folded_name  # noqa: E402
from quotetrack.types import Article  # noqa: E402

GUM = ROOT.parent / "shared" / "data" / "gum-news-quotes" / "gold.json"
WIKINEWS = ROOT.parent / "shared" / "data" / "wikinews-quotes" / "gold.json"
SEEDS_GOLD = ROOT / "benchmarks" / "gold" / "seeds.json"
_CONNECTIVES = {"of", "and", "for", "the", "on", "de", "del", "al", "von", "van", "la", "le", "y"}
_INITIAL = re.compile(r"^[A-Z]\.?$")


def gold_person(name: str, article: str, aliases: tuple[str, ...] = ()) -> str:
    """The gold entity of a speaker. A description whose gold aliases name an entity
    ("federal immigration officials", aliases ["ICE"]) is that entity."""
    key, descriptive = _gold_key(name)
    if descriptive:
        named = [k for k, d in map(_gold_key, aliases) if not d]
        return named[0] if named else f"{article}::{key}"
    return key


def _gold_key(name: str) -> tuple[str, bool]:
    words = [w for w in name.split() if not _INITIAL.match(w)]
    # A lone plural common noun ("Officials", "Reports"), not a name ending in s ("Reuters").
    descriptive = len(words) == 1 and words[0][:1].isupper() and len(name) < 12 and _plural_noun(words[0])
    descriptive = descriptive or any(w[:1].islower() and w.lower() not in _CONNECTIVES for w in words)
    return folded_name(" ".join(words)), descriptive


def _plural_noun(word: str) -> bool:
    lowered = word.lower()
    return lowered.endswith("s") and any(s.startswith("n") for s in wordnet_index().get(lowered[:-1], ()))


def name_matches(stored: str, gold: str) -> bool:
    """The stored name is the gold canonical name: folded, middle initials dropped."""
    return _gold_key(stored)[0] == _gold_key(gold)[0]


def mention_right(mention: str, gold: Span, aliases: tuple[str, ...]) -> bool:
    """The article's own speaker is the gold speaker: its name as attribution gave it or
    without titles, or an acronym the stored speaker answers to (other aliases may have
    come from other articles, so they do not count)."""
    if not mention:
        return False
    acronyms = tuple(a for a in aliases if a.isupper())
    return any(speaker_right(name, gold, acronyms=acronyms) for name in (mention, canonical_person(mention)[1]))


def b_cubed(items: list[tuple[str, str]]) -> tuple[float, float]:
    """items: (predicted cluster, gold cluster) per quote."""
    predicted, gold, both = defaultdict(int), defaultdict(int), defaultdict(int)
    for p, g in items:
        predicted[p] += 1
        gold[g] += 1
        both[(p, g)] += 1
    precision = sum(both[(p, g)] / predicted[p] for p, g in items) / len(items)
    recall = sum(both[(p, g)] / gold[g] for p, g in items) / len(items)
    return precision, recall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", help="SQLite file to build (default: a temporary one)")
    parser.add_argument(
        "--in-sample", action="store_true", help="attribute with the shipped model, trained on these articles"
    )
    args = parser.parse_args()
    settings = load_settings()
    nlp = load_pipeline(settings["SPACY_MODEL"], settings["COREF_ENABLED"])
    gum = load_gold(GUM)
    wikinews = load_gold(WIKINEWS)
    fold_models = {} if args.in_sample else out_of_fold_models(gum + wikinews, nlp)
    seeds_gold = {Path(a.name).name: a for a in load_gold(SEEDS_GOLD)}
    seeds = {Path(item.source).name: item.article for item in read_path(ROOT / "seeds")}
    archive = [
        (f"gum/{a.name}", Article(a.text, outlet="Wikinews", url=f"https://gum.invalid/{a.name}"), a) for a in gum
    ]
    archive += [
        (f"wikinews/{a.name}", Article(a.text, outlet="Wikinews", url=f"https://wikinews.invalid/{a.name}"), a)
        for a in wikinews
    ]
    archive += [(f"seeds/{name}", seeds[name], gold) for name, gold in sorted(seeds_gold.items())]

    with tempfile.TemporaryDirectory() as tmp:
        path = args.database or str(Path(tmp) / "archive.sqlite3")
        db = Database(f"sqlite:///{path}")
        db.migrate()
        started = time.perf_counter()
        items, who, gold_count, predicted_count = [], defaultdict(set), 0, 0
        who_accepted: dict[str | None, set[str]] = defaultdict(set)
        speakers: dict[str, str] = {}
        named_right, misnamed = 0, defaultdict(int)
        right_speaker, right_speaker_named = 0, 0
        judged: list[Judged] = []
        right_misnamed: dict[tuple[str, str, str, bool], int] = defaultdict(int)
        for label, article, gold in archive:
            model = fold_models.get(gold.name)  # None for the seeds: the shipped model
            with standing_in(model) if model is not None else contextlib.nullcontext():
                result = ingest(article, nlp, db, settings["MAX_ARTICLE_CHARS"])
            predicted = [
                Span(q.start, q.end, q.text, q.kind, str(q.speaker.id) if q.speaker else f"none:{q.id}")
                for q in result.quotes
            ]
            for q in result.quotes:
                if q.speaker:
                    speakers[str(q.speaker.id)] = f"{q.speaker.name} ({q.speaker.kind})"
            gold_count, predicted_count = gold_count + len(gold.quotes), predicted_count + len(predicted)
            names = {str(q.speaker.id): q.speaker.name for q in result.quotes if q.speaker}
            others = {str(q.speaker.id): q.speaker.aliases for q in result.quotes if q.speaker}
            kinds = {str(q.speaker.id): q.speaker.kind for q in result.quotes if q.speaker}
            # The article's own speaker, as attribution named it before the identity step.
            mentions = {(q.start, q.end): q.identity.mention for q in result.quotes if q.identity}
            for p, g in match(predicted, gold.quotes):
                person = gold_person(g.speaker or "?", label, g.speaker_aliases)
                stored_name = names.get(p.speaker or "")
                if stored_name is not None and speaker_right(stored_name, g, acronyms=others[p.speaker or ""]):
                    right_speaker += 1
                    right_speaker_named += name_matches(stored_name, g.speaker or "?")
                    if not name_matches(stored_name, g.speaker or "?"):
                        kind = kinds[p.speaker or ""]
                        alias = any(name_matches(stored_name, a) for a in g.speaker_aliases)
                        right_misnamed[(stored_name, kind, g.speaker or "?", alias)] += 1
                mention = mentions.get((p.start, p.end), "")
                judged.append(
                    Judged(
                        label,
                        p.speaker or "",
                        stored_name or "",
                        kinds.get(p.speaker or "", ""),
                        mention,
                        mention_right(mention, g, others.get(p.speaker or "", ())),
                        person,
                        g.speaker or "?",
                    )
                )
                if stored_name is not None and name_matches(stored_name, g.speaker or "?"):
                    named_right += 1
                else:
                    misnamed[(stored_name or "unattributed", g.speaker or "?")] += 1
                items.append((p.speaker or "", person))
                who[p.speaker].add(person)
                # The nested-attribution convention (wikinews-quotes README): the reporting party is
                # a gold alias, an accepted answer. Such a quote counts as that party's here.
                alias = next((a for a in g.speaker_aliases if stored_name and name_matches(stored_name, a)), None)
                if alias is not None and not name_matches(stored_name or "", g.speaker or "?"):
                    who_accepted[p.speaker].add(gold_person(alias, label))
                else:
                    who_accepted[p.speaker].add(person)
        seconds = time.perf_counter() - started
        with db.reading() as session:
            total_speakers = speaker_queries.list_speakers(session, None, None, 1, 1)[1]
        db.engine.dispose()

    precision, recall = b_cubed(items)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    held = defaultdict(int)
    for p, _ in items:
        held[p] += 1
    multi = [p for p, n in held.items() if n >= 2 and not p.startswith("none:")]
    mixed = sorted((p for p in multi if len(who[p]) > 1), key=lambda p: speakers.get(p, p))
    print(
        "attribution: cross-validated, each development article by a model fitted on the other folds"
        if fold_models
        else "attribution: IN-SAMPLE, the shipped model was fitted on these development articles"
    )
    print(
        f"archive: {len(gum)} gum-news-quotes + {len(wikinews)} wikinews-quotes articles + {len(seeds_gold)} seeds,"
        f" ingested in {seconds:.0f} s"
    )
    print(
        f"quotes: {gold_count} gold, {predicted_count} stored, {len(items)} matched; stored speakers: {total_speakers}"
    )
    print(f"gold people among matched quotes: {len({g for _, g in items})}")
    print()
    print(f"B-cubed precision {precision:.3f}  recall {recall:.3f}  F1 {f1:.3f}")
    share = len(mixed) / len(multi) if multi else 0.0
    print(f"speakers with 2+ matched quotes: {len(multi)}; holding quotes of more than one gold person: {len(mixed)}")
    print(f"share of multi-quote speakers mixing people: {share:.1%}")
    accepted = [p for p in multi if len(who_accepted[p]) > 1]
    print(
        f"  counting a quote stored under one of its gold aliases (a nested attribution's reporting party) as"
        f" that alias's: {len(accepted)} mixing, {len(accepted) / len(multi) if multi else 0.0:.1%}"
    )
    print(f"gold people spread over several stored speakers: {len(spread_people(items))}")
    named, named_split = named_people_split(items)
    print(
        f"named gold people with 2+ matched quotes: {named}; their attributed quotes under several stored"
        f" speakers: {named_split} ({named_split / max(named, 1):.1%})"
    )
    print(f"name accuracy (stored name is the gold canonical name): {named_right / len(items):.1%} of matched quotes")
    print(
        f"  among the {right_speaker} quotes whose speaker is right: {right_speaker_named / max(right_speaker, 1):.1%}"
        " (the rest of the gap is the speaker chosen, not its name)"
    )
    print()
    print("\n".join(breakdown(judged, right_misnamed)))
    if mixed:
        print("\nmixed speakers (stored name: gold people):")
        for p in mixed:
            print(f"  {speakers.get(p, p)}: {', '.join(sorted(who[p]))}")
    if misnamed:
        print("\nstored names that are not the gold canonical name (stored -> gold: quotes):")
        for (stored_name, gold_name), n in sorted(misnamed.items()):
            print(f"  {stored_name} -> {gold_name}: {n}")
    split = spread_people(items)
    spread = sorted(split)
    if spread:
        print("\ngold people spread over several stored speakers (gold: stored names):")
        for g in spread:
            print(f"  {g}: {', '.join(sorted(speakers.get(p, 'unattributed') for p in split[g]))}")


def out_of_fold_models(articles: list[GoldArticle], nlp: Language) -> dict[str, Model]:
    """Article name -> a candidate model fitted on the folds without it (train-ranker's folds)."""
    from quotetrack.measure import ranker_training  # scikit-learn: the dev extra

    return ranker_training.out_of_fold_models(ranker_training.collect(articles, nlp))


def spread_people(items: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Gold person -> the stored speakers holding their quotes, for people on several."""
    split = defaultdict(set)
    for p, g in items:
        split[g].add(p)
    return {g: ps for g, ps in split.items() if len(ps) > 1}


def named_people_split(items: list[tuple[str, str]]) -> tuple[int, int]:
    """(named gold people with two or more matched quotes, those of them whose attributed quotes
    are under more than one stored speaker). Descriptions ("officials", one article's own) are
    left out: they stay per article by design; an unattributed quote splits nobody."""
    quotes: dict[str, int] = defaultdict(int)
    stored: dict[str, set[str]] = defaultdict(set)
    for p, g in items:
        if "::" in g:
            continue
        quotes[g] += 1
        if p and not p.startswith("none:"):
            stored[g].add(p)
    named = [g for g, n in quotes.items() if n >= 2]
    return len(named), sum(len(stored[g]) > 1 for g in named)


if __name__ == "__main__":
    main()
