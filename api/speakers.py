"""Speakers: search, one speaker, their quotes."""

from __future__ import annotations

from flask_smorest import Blueprint

from quotetrack import corrections
from quotetrack.storage import quote_search, speaker_queries

from .auth import key_name, requires
from .corrections import correction
from .extensions import state
from .schemas.quotes import QuoteFilterSchema, QuotePageSchema
from .schemas.speakers import (
    MergeInSchema,
    SpeakerPageSchema,
    SpeakerPatchSchema,
    SpeakerSchema,
    SpeakerSearchArgsSchema,
    SplitInSchema,
)
from .speaker_lookup import speaker_or_404

blp = Blueprint("speakers", __name__, description="People and organisations quoted.")


@blp.route("/speakers")
@blp.arguments(SpeakerSearchArgsSchema, location="query")
@blp.response(200, SpeakerPageSchema)
def list_speakers(args):
    """Speakers by name or alias (surname, title + name, handle), most quoted first."""
    with state().db.reading() as session:
        items, total = speaker_queries.list_speakers(
            session, args.get("q"), args.get("kind"), args["page"], args["per_page"], args.get("ambiguous")
        )
    return {"items": items, "total": total, "page": args["page"], "per_page": args["per_page"]}


@blp.route("/speakers/<id_or_slug>")
@blp.response(200, SpeakerSchema)
@blp.alt_response(404, description="No such speaker.")
def get_speaker(id_or_slug: str):
    """One speaker by numeric id or slug (e.g. `tom-homan`)."""
    with state().db.reading() as session:
        return speaker_or_404(session, id_or_slug)


@blp.route("/speakers/<id_or_slug>/quotes")
@blp.arguments(QuoteFilterSchema, location="query")
@blp.response(200, QuotePageSchema)
@blp.alt_response(404, description="No such speaker.")
def speaker_quotes(args, id_or_slug: str):
    """A speaker's quotes, newest article first; filter by kind, outlet and date range."""
    with state().db.reading() as session:
        speaker = speaker_or_404(session, id_or_slug)
        page, per_page = args.pop("page"), args.pop("per_page")
        filters = quote_search.QuoteFilters(speaker_ids=(speaker.id,), **args)
        items, total = quote_search.search_quotes(session, filters, page, per_page)
    return {"items": items, "total": total, "page": page, "per_page": per_page}


def _speaker_answer(speaker_id: int):
    with state().db.reading() as session:
        return speaker_queries.get_speaker(session, str(speaker_id))


@blp.route("/speakers/<id_or_slug>", methods=["PATCH"])
@requires(blp, "curate")
@blp.arguments(SpeakerPatchSchema)
@blp.response(200, SpeakerSchema)
@blp.alt_response(404, schema="Error", description="No such speaker.")
@blp.alt_response(409, schema="Error", description="The new name or wikidata_id is another speaker's: merge instead.")
def update_speaker(data, id_or_slug: str):
    """Rename, set kind, titles or aliases (full lists), set `wikidata_id` (e.g. Q76), or
    clear `ambiguous`. A new name also leads later articles naming it to this speaker."""
    with correction() as session:
        speaker_id = corrections.update_speaker(session, id_or_slug, data, key_name()).id
    return _speaker_answer(speaker_id)


@blp.route("/speakers/<id_or_slug>/merge", methods=["POST"])
@requires(blp, "curate")
@blp.arguments(MergeInSchema)
@blp.response(200, SpeakerSchema, description="The speaker merged into.")
@blp.alt_response(404, schema="Error", description="No such speaker.")
@blp.alt_response(409, schema="Error", description="A speaker cannot be merged into itself.")
def merge_speaker(data, id_or_slug: str):
    """Merge this speaker into another (`into`: id or slug): its quotes, names, titles and
    identity follow; its slug answers as the other from then on."""
    with correction() as session:
        speaker_id = corrections.merge_speakers(session, id_or_slug, data["into"], key_name()).id
    return _speaker_answer(speaker_id)


@blp.route("/speakers/<id_or_slug>/split", methods=["POST"])
@requires(blp, "curate")
@blp.arguments(SplitInSchema)
@blp.response(201, SpeakerSchema, description="The new speaker.")
@blp.alt_response(404, schema="Error", description="No such speaker, or a quote that is not this speaker's.")
def split_speaker(data, id_or_slug: str):
    """Move chosen quotes (`quotes`: ids) of this speaker to a new speaker (`name`, `kind`:
    default the same)."""
    with correction() as session:
        new = corrections.split_speaker(
            session, id_or_slug, data["quotes"], key_name(), data.get("name"), data.get("kind")
        )
        speaker_id = new.id
    return _speaker_answer(speaker_id)
