"""The audit log of corrections and ingests."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from .fields import OrderedSchema, PageArgsSchema, UtcDateTime, page_schema


class AuditEntrySchema(OrderedSchema):
    id = ma.fields.Integer()
    at = UtcDateTime()
    key_name = ma.fields.String(metadata={"description": "Name of the API key that made the correction."})
    action = ma.fields.String(
        metadata={
            "description": "quote.update, speaker.update, speaker.merge, speaker.split, article.update, "
            "article.ingest, or speaker.migration_* (a schema migration's change). Not an enum: later "
            "versions may add actions."
        }
    )
    target = ma.fields.String(metadata={"description": "quote:ID or speaker:ID"})
    before = ma.fields.Dict()
    after = ma.fields.Dict()


AuditPageSchema = page_schema(AuditEntrySchema, "AuditPageSchema")


class AuditArgsSchema(PageArgsSchema):
    target = ma.fields.String(
        validate=validate.Regexp(r"^(quote|speaker|article):[1-9][0-9]{0,17}$"),
        metadata={"description": "quote:ID, speaker:ID or article:ID"},
    )
