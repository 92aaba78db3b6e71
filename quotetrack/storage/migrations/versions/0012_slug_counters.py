"""slug_counters: a speaker's slug drawn from a counter of its base, not probed

Issue 38, finding 5. A new speaker's slug was the first free of base, base-2, base-3 ... (base:
the name slugified), one SELECT each and outside any lock: two ingests on PostgreSQL both read
one slug as free and the second's insert failed on uq_speakers_slug (a unit of work that kept
losing answered 500), and the 19th "officials" paid 19 look-ups.

slug_counters holds a row per slug handed out (`base`) with the last number drawn for its
namesakes (`last`). A new speaker draws with one upsert on its base's row (INSERT ... ON
CONFLICT DO UPDATE SET last = last + 1 RETURNING last): 1 is the base itself, n is
"base-n", which is then claimed by inserting its own row (taken already, by a name that
slugifies to it: the next number). storage/identity.py `unique_slug`.

The upgrade seeds a row for every stored slug, and a numbered slug "p-n" raises p's `last` to n
when p is the slug of its speaker's name or a stored slug, so the next namesake goes on from
the highest number (stored "officials-18": "officials-19", even with "officials" itself gone).
A name that ends in a number ("Area 51": area-51) numbers no other base. A counter never goes
down: no slug is handed out twice, even after its speaker was merged or deleted. Downgrade
drops the table (the slugs stay; upgrading again seeds it from the speakers then stored).

The name's slug is computed by a copy of attribution.names.slugify as it stood here.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06 09:00:00
"""

from __future__ import annotations

import re
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

speakers = sa.table("speakers", sa.column("slug", sa.String), sa.column("name", sa.String))
NUMBERED = re.compile(r"^(.+)-([0-9]{1,9})$")  # a longer number is a name's, and INTEGER would overflow


def _slugify(name: str) -> str:
    """attribution.names.slugify at 0012: ASCII-folded, lowercase, runs of other characters one "-"."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower().strip()
    return re.sub(r"[^a-z0-9]+", "-", folded).strip("-") or "speaker"


def counters_for(stored: list[tuple[str, str]]) -> dict[str, int]:
    """(slug, name) of every speaker -> each counter's last number."""
    slugs = {slug for slug, _ in stored}
    last = dict.fromkeys(slugs, 1)
    for slug, name in stored:
        numbered = NUMBERED.match(slug)
        if numbered is None or slug == _slugify(name):
            continue
        base, number = numbered[1], int(numbered[2])
        if base == _slugify(name) or base in slugs:
            last[base] = max(last.get(base, 1), number)
    return last


def upgrade() -> None:
    counters = op.create_table(
        "slug_counters",
        sa.Column("base", sa.String(length=200), nullable=False),
        sa.Column("last", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("base", name=op.f("pk_slug_counters")),
    )
    stored = [(row.slug, row.name) for row in op.get_bind().execute(sa.select(speakers.c.slug, speakers.c.name))]
    rows = [{"base": base, "last": last} for base, last in sorted(counters_for(stored).items())]
    if rows:
        op.bulk_insert(counters, rows)


def downgrade() -> None:
    op.drop_table("slug_counters")
