"""A queued ingest as the API answers it."""

from __future__ import annotations

import marshmallow as ma

from .vocabulary import JOB_STATUSES


class JobSchema(ma.Schema):
    id = ma.fields.String(metadata={"description": "Also the path: /api/v1/jobs/{id}."})
    status = ma.fields.String(metadata={"enum": list(JOB_STATUSES)})
    article_id = ma.fields.Integer(allow_none=True, metadata={"description": "Set when done."})
    created = ma.fields.Boolean(
        allow_none=True, metadata={"description": "Done: a new article or revision (false: already stored)."}
    )
    error = ma.fields.String(allow_none=True, metadata={"description": "Why it failed."})
    attempts = ma.fields.Integer(metadata={"description": "Times a worker started it (>1: a worker died)."})
    created_at = ma.fields.DateTime()
    updated_at = ma.fields.DateTime()
