"""The measuring commands: `quotetrack eval` scores extraction against gold, `train-ranker`
trains and cross-validates the candidate model, `fit-rule-shift` fits how much less often each
sieve is right on unseen text, `train-coref` trains coreferee's model."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..config import load_settings


@click.command("train-coref")
@click.option(
    "--data",
    "data_dir",
    required=True,
    type=click.Path(exists=True, file_okay=False),
    help="LitBank coreference brat files, e.g. ../shared/data/litbank-coref",
)
@click.option(
    "--output",
    type=click.Path(file_okay=False),
    default=None,
    help="Where to install the model (default: inside the quotetrack package).",
)
def train_coref(data_dir, output) -> None:
    """Train coreferee's English model for the configured spaCy model (about 10 minutes)."""
    from ..nlp.coref_training import SHIPPED_COREF_MODELS, train_coref_model

    settings = load_settings()
    target = train_coref_model(
        Path(data_dir), settings["SPACY_MODEL"], Path(output) if output else SHIPPED_COREF_MODELS
    )
    click.echo(f"coreferee model installed in {target}")


@click.command("eval")
@click.argument("gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--peer/--no-peer",
    default=True,
    show_default=True,
    help="Also score textacy's direct_quotations on the same gold (needs the dev extra).",
)
@click.option("--output", type=click.Path(dir_okay=False), help="Also write the report to this file.")
@click.option(
    "--fit-calibration",
    is_flag=True,
    help="Fit each sieve's confidence to its precision on these gold sets (attribution/calibration.json).",
)
def evaluate(gold, peer, output, fit_calibration) -> None:
    """Score extraction against hand-annotated GOLD files: span P/R/F1, speaker accuracy,
    end-to-end F1, per kind, and every miss."""
    from ..measure.evaluation import evaluate as run
    from ..measure.evaluation import format_reports, load_gold, quotetrack_predictor, textacy_predictor

    settings = load_settings()
    articles = [a for path in gold for a in load_gold(Path(path))]
    from ..nlp import configured_pipeline  # spaCy loads only for the commands that parse

    nlp = configured_pipeline(settings)
    reports = [run(articles, quotetrack_predictor(nlp), "quotetrack")]
    if fit_calibration:
        from ..attribution import calibration

        table = calibration.fit((method, right) for method, _, right in reports[0].attributions)
        calibration.save(table, [Path(p).as_posix() for p in gold])
        reports = [run(articles, quotetrack_predictor(nlp), "quotetrack")]  # with the fitted confidences
    if peer and not _textacy_installed():
        click.echo("note: textacy is not installed (it comes with the dev extra); scoring without the peer", err=True)
        peer = False
    if peer:
        import spacy

        reports.append(
            run(articles, textacy_predictor(spacy.load(settings["SPACY_MODEL"])), "textacy", lenient_surname=True)
        )
    command = "$ quotetrack eval " + " ".join([*gold, *([] if peer else ["--no-peer"])])
    text = command + "\n" + _in_sample_note(gold) + format_reports(reports, list(gold))
    click.echo(text)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")


@click.command("train-ranker")
@click.argument("gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--held-out",
    multiple=True,
    type=click.Path(exists=True, dir_okay=False),
    help="Gold sets never trained on: scored with the final model only.",
)
@click.option("--output", type=click.Path(dir_okay=False), help="Also write the report to this file.")
@click.option("--save/--no-save", default=True, show_default=True, help="Write attribution/ranker.json.")
def train_ranker(gold, held_out, output, save) -> None:
    """Train the candidate model that picks each quote's speaker on GOLD files, report it
    cross-validated over articles beside the sieves alone, and ship it (needs the dev extra)."""
    from ..attribution import ranker
    from ..measure import ranker_training
    from ..measure.evaluation import format_reports, load_gold

    try:
        import sklearn  # noqa: F401  (fitting needs it; serving the model does not)
    except ImportError as error:
        raise click.ClickException("train-ranker needs scikit-learn: pip install -e '.[dev]'") from error
    settings = load_settings()
    from ..nlp import configured_pipeline  # spaCy loads only for the commands that parse

    nlp = configured_pipeline(settings)
    examples = ranker_training.collect([a for path in gold for a in load_gold(Path(path))], nlp)
    cross_validated = ranker_training.cross_validate(examples)
    sieves = ranker_training.report(examples, lambda a: [q.span for q in a.quotes], "sieves")
    model = ranker_training.report(examples, lambda a: cross_validated[a.gold.name], "model (CV)")
    lines = [
        "$ quotetrack train-ranker " + " ".join([*gold, *(f"--held-out {p}" for p in held_out)]),
        f"{ranker_training.FOLDS}-fold cross-validation over {len(examples)} articles (folds by article name); "
        "'model (CV)': every article scored by a model and a calibration fitted on the other folds only; "
        "'sieves': the rules alone, their confidences fitted in-sample (attribution/calibration.json)",
        format_reports([sieves, model], list(gold), with_misses=False),
    ]
    for path in gold:  # each set on its own, still cross-validated
        names = {a.name for a in load_gold(Path(path))}
        subset = [a for a in examples if a.gold.name in names]
        by_set = ranker_training.report(subset, lambda a: cross_validated[a.gold.name], "model (CV)")
        lines += ["", f"== {path}", _summary(by_set)]
    final = ranker_training.fit(examples)
    for path in held_out:
        unseen = ranker_training.collect(load_gold(Path(path)), nlp)
        scored = ranker_training.report(unseen, lambda a: ranker_training.predict(a, final), "model")
        lines += ["", f"== {path} (held out: the final model)", _summary(scored)]
    if save:
        figures = model.overall.figures()
        ranker_training.save(
            final,
            [Path(p).as_posix() for p in gold],
            {"speaker_accuracy": round(float(figures["speaker_accuracy"]), 4), "articles": len(examples)},
        )
        ranker.shipped_model.cache_clear()
        lines += ["", f"saved {ranker.MODEL_FILE.name}: {len(final.weights)} weights, calibration {final.calibration}"]
    text = "\n".join(lines)
    click.echo(text)
    if output:
        Path(output).write_text(text + "\n", encoding="utf-8")


@click.command("fit-rule-shift")
@click.argument("first_runs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--reference",
    required=True,
    type=click.Path(exists=True, dir_okay=False),
    help="The cross-validated report of `train-ranker` (its 'model (CV)' sieve table).",
)
def fit_rule_shift(first_runs, reference) -> None:
    """Fit each method's rule shift (attribution/rule_shift.py) from FIRST_RUNS, reports of
    `quotetrack eval` on gold sets made before any rule was written from them."""
    from ..attribution import rule_shift

    tables = [rule_shift.sieve_table(Path(p).read_text(encoding="utf-8"), "quotetrack") for p in first_runs]
    reference_report = Path(reference).read_text(encoding="utf-8")
    cross_validated = rule_shift.sieve_table(reference_report, "model (CV)")
    calibrated = rule_shift.calibrated_means(reference_report, "model (CV)")
    table = rule_shift.fit(rule_shift.pooled(tables), cross_validated, calibrated)
    rule_shift.save(table, [Path(p).as_posix() for p in first_runs], Path(reference).as_posix())
    click.echo(f"{'method':22} {'first run':>10} {'CV':>10} {'CV conf':>8} {'shift':>7}")
    for method, entry in table.items():
        first, cv, mean = entry["first_run"], entry["cross_validated"], entry["calibrated_mean"]
        shown = f"{mean:8.4f}" if mean is not None else f"{'-':>8}"
        click.echo(f"{method:22} {first[0]:>4}/{first[1]:<5} {cv[0]:>4}/{cv[1]:<5} {shown} {entry['shift']:>7}")
    click.echo(f"saved {rule_shift.SHIFT_FILE.name}")


def _in_sample_note(gold) -> str:
    """A figure on articles the candidate model was trained on is in-sample: say so in the report."""
    from ..attribution.ranker import MODEL_FILE

    if not MODEL_FILE.exists():
        return ""
    trained_on = {Path(p).name + "/" + Path(p).parent.name for p in json.loads(MODEL_FILE.read_text())["trained_on"]}
    seen = [p for p in gold if Path(p).name + "/" + Path(p).parent.name in trained_on]
    if not seen:
        return ""
    return (
        f"note: the candidate model was trained on {', '.join(seen)}: these speaker figures are in-sample; "
        "`quotetrack train-ranker` reports them cross-validated over articles\n"
    )


def _summary(report) -> str:
    from ..measure.evaluation import format_reliability

    figures = report.overall.figures()
    return "\n".join(
        [
            f"quotes {figures['gold']}, span F1 {figures['f1']:.3f}, speaker {figures['speaker_accuracy']:.3f}, "
            f"e2e F1 {figures['end_to_end_f1']:.3f}",
            *format_reliability(report),
        ]
    )


def _textacy_installed() -> bool:
    try:
        import textacy.extract.triples  # noqa: F401  (what the peer uses; it is imported for it anyway)
    except ImportError:
        return False
    return True
