"""Migrations freeze what they compute (issue #43): 0005 keeps its own copy of the index keys of
its day instead of importing quotetrack.statements, and the name migrations (0006, 0007, 0009)
read a frozen copy of the name rules (quotetrack/storage/name_upgrade_rules.py) instead of
quotetrack.attribution. Today each copy and the live code agree; the day they do not, the live
code changed, and an archive that should follow needs a new migration (never an edit of the copy)."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from quotetrack.attribution import identity_rules, names
from quotetrack.extraction import cues
from quotetrack.normalization import titles
from quotetrack.statements.words import stem_keys
from quotetrack.storage import name_upgrade_rules as frozen_names

STORAGE = Path(__file__).resolve().parents[1] / "quotetrack" / "storage"
VERSIONS = STORAGE / "migrations" / "versions"
MIGRATIONS = sorted(p.stem for p in VERSIONS.glob("*.py"))
# What a migration may import from quotetrack: the name migrations' shared steps and their frozen
# rules, which import nothing live themselves (checked below). Anything else is live code.
FROZEN_MODULES = {
    "quotetrack.storage.name_upgrade": STORAGE / "name_upgrade.py",
    "quotetrack.storage.name_upgrade_rules": STORAGE / "name_upgrade_rules.py",
}
WORDINGS = [
    "State police will \u201cabsolutely not\u201d assist with deportations",
    "We\u2019re not going to help ICE deport anyone, Pe\u00f1a said.",
    "The ministry's figures showed 17 arrests and six thousand inspections in a decade.",
    "",
]
# Stored names as the name migrations meet them: titles, styles, particles, possessives, suffixes,
# surname-first names, organisations, descriptions, common nouns.
NAMES = [
    "Councilmember Dana Reyes",
    "Dana Reyes, MP",
    "Police Constable Mark Hale",
    "Green MP Caroline Lucas",
    "Datuk Seri Liow Tiong Lai",
    "Tan Sri Abdul Kadir",
    "Tunku Abdul Rahman",
    "Dato\u2019 Sri Najib Razak",
    "Haji Hassanal Bolkiah",
    "Ignazio La Russa",
    "de la Fuente",
    "Al Gore",
    "Mohammed bin Salman",
    "Khalid al-Obeidi",
    "Moon Jae-in",
    "Vann R. Newkirk II",
    "Martin Luther King Jr.",
    "Dean Smith",
    "Dean John Smith",
    "J. Smith",
    "Mr. Mr. Toccafondi",
    "Undersecretary for Education Mr. Toccafondi",
    "Leeds's Amy Clarke",
    "Healey\u2019s",
    "Gov. Maura Healey",
    "Coun. Ahmed Rahimi",
    "Sgt Ron Long",
    "Jos\u00e9 Pe\u00f1a",
    "Tom Homan",
    "Hospital",
    "the Company",
    "Police officials",
    "Officials",
    "ICE",
    "Immigration and Customs Enforcement",
    "Malaysia's transport ministry",
    "Yonhap news agency",
    "the M5S party",
    "Bank of England",
    "eBay",
    "@Maura_Healey",
    "he",
    "II",
    "The Boston Globe",
    "",
]


def _migration(name: str):
    spec = importlib.util.spec_from_file_location(name, VERSIONS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _quotetrack_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:  # "from quotetrack.storage import name_upgrade"
            modules = [f"{node.module}.{a.name}" for a in node.names]
            imported += [m if m in FROZEN_MODULES else node.module for m in modules]
    return [m for m in imported if m == "quotetrack" or m.startswith("quotetrack.")]


def test_the_frozen_index_keys_of_0005_are_todays():
    frozen = _migration("0005_claims")
    for wording in WORDINGS:
        assert frozen._stem_keys(wording) == stem_keys(wording), wording


@pytest.mark.parametrize("name", NAMES)
def test_the_frozen_name_rules_of_the_name_migrations_are_todays(name):
    assert frozen_names.canonical_person(name) == names.canonical_person(name)
    assert frozen_names.is_common_noun_phrase(name) == names.is_common_noun_phrase(name)
    assert frozen_names.is_description(name) == names.is_description(name)
    assert frozen_names.slugify(name) == names.slugify(name)
    assert frozen_names.fold(name) == names.fold(name)
    assert frozen_names.folded_name(name) == identity_rules.folded_name(name)
    assert frozen_names.is_proper_name(name) == identity_rules.is_proper_name(name)
    frozen, live = frozen_names.person_name(name), identity_rules.person_name(name)
    assert (frozen and (frozen.first, frozen.last, frozen.initial)) == (live and (live.first, live.last, live.initial))
    if frozen is not None and live is not None:
        assert frozen_names.person_key(frozen) == identity_rules.person_key(live)


def test_the_frozen_word_lists_of_the_name_migrations_are_todays():
    assert frozen_names.TITLE_ABBREVIATIONS == titles.TITLE_ABBREVIATIONS
    for word_list in ("ORGANISATION_NOUNS", "SOURCE_NOUNS", "HONORIFICS", "TITLE_NOUNS"):
        assert getattr(frozen_names, word_list) == getattr(cues, word_list), word_list
    for word_list in ("ROLE_WORDS", "PARTICLES", "COMMON_NOUNS", "STYLES"):
        assert getattr(frozen_names, word_list) == getattr(names, word_list), word_list
    assert (frozen_names.PRONOUNS, frozen_names.GENERIC) == (identity_rules.PRONOUNS, identity_rules.GENERIC)


@pytest.mark.parametrize("migration", MIGRATIONS)
def test_no_migration_imports_live_code(migration):
    """Every migration: from quotetrack, only the name migrations' frozen steps and rules."""
    live = [m for m in _quotetrack_imports(VERSIONS / f"{migration}.py") if m not in FROZEN_MODULES]
    assert not live, f"{migration} imports live code: {live}"


@pytest.mark.parametrize("module", sorted(FROZEN_MODULES))
def test_the_frozen_modules_import_no_live_code(module):
    live = [m for m in _quotetrack_imports(FROZEN_MODULES[module]) if m not in FROZEN_MODULES]
    assert not live, f"{module} imports live code: {live}"
