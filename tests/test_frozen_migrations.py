"""Migrations freeze what they compute (issue #43): 0005 keeps its own copy of the index keys of
its day instead of importing quotetrack.statements. Today the copy and the live code agree; the
day they do not, the live code changed the index keys and a new migration must re-index claims."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from quotetrack.statements.words import stem_keys

VERSIONS = Path(__file__).resolve().parents[1] / "quotetrack" / "storage" / "migrations" / "versions"
WORDINGS = [
    "State police will \u201cabsolutely not\u201d assist with deportations",
    "We\u2019re not going to help ICE deport anyone, Pe\u00f1a said.",
    "The ministry's figures showed 17 arrests and six thousand inspections in a decade.",
    "",
]


def _migration(name: str):
    spec = importlib.util.spec_from_file_location(name, VERSIONS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_frozen_index_keys_of_0005_are_todays():
    frozen = _migration("0005_claims")
    for wording in WORDINGS:
        assert frozen._stem_keys(wording) == stem_keys(wording), wording


def test_no_migration_imports_the_statements_layer():
    for path in sorted(VERSIONS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
        assert not [m for m in imported if m.startswith("quotetrack.statements")], path.name
