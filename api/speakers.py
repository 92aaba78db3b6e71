"""Speakers: search, one speaker, their quotes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask_smorest import Blueprint, abort
from sqlalchemy.orm import Session

from quotetrack import curation
from quotetrack.errors import InvalidInput
from quotetrack.storage import quote_search, speaker_queries
from quotetrack.storage.speaker_filter import resolve_speaker

from .auth import key_name, requires
from .extensions import state
from .schemas import (
    MergeInSchema,
    QuoteFilterSchema,
    QuotePageSchema,
    SpeakerPageSchema,
    SpeakerPatchSchema,
    SpeakerSchema,
    SpeakerSearchArgsSchema,
    SplitInSchema,
)

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


def speaker_or_404(session, id_or_slug: str):
    speaker = speaker_queries.get_speaker(session, id_or_slug)
    if speaker is None:
        abort(404, message=f"No speaker {id_or_slug!r}.")
    return speaker


def speaker_filter(session, who: str | int | None) -> tuple[int, ...] | None:
    """A `speaker` filter as typed (id, slug, name or alias): None for no filter, () for a
    speaker nobody on record answers to (an empty result), else the one speaker's id.
    A name several speakers answer to is a 409 naming them, so the client can pick one."""
    if who is None or who == "":
        return None
    match = resolve_speaker(session, str(who))
    if match.ambiguous:
        candidates = [{"id": s.id, "slug": s.slug, "name": s.name} for s in match.candidates]
        abort(
            409,
            message=f"{who!r} names several speakers; pass one's id or slug.",
            errors={"speaker": {"candidates": candidates}},
        )
    return (match.speaker_id,) if match.speaker_id is not None else ()


AMBIGUOUS = "The speaker name answers to several speakers: `errors.speaker.candidates` lists them (id, slug, name)."


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


@contextmanager
def corrections() -> Iterator[Session]:
    """One correction, one transaction; the library's refusals in the one error shape."""
    try:
        with state().db.transaction() as session:
            yield session
    except curation.NotFound as error:
        abort(404, message=str(error))
    except curation.Conflict as error:
        abort(409, message=str(error))
    except InvalidInput as error:
        abort(422, message=error.message, errors={"json": error.errors})


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
    with corrections() as session:
        speaker_id = curation.update_speaker(session, id_or_slug, data, key_name()).id
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
    with corrections() as session:
        speaker_id = curation.merge_speakers(session, id_or_slug, data["into"], key_name()).id
    return _speaker_answer(speaker_id)


@blp.route("/speakers/<id_or_slug>/split", methods=["POST"])
@requires(blp, "curate")
@blp.arguments(SplitInSchema)
@blp.response(201, SpeakerSchema, description="The new speaker.")
@blp.alt_response(404, schema="Error", description="No such speaker, or a quote that is not this speaker's.")
def split_speaker(data, id_or_slug: str):
    """Move chosen quotes (`quotes`: ids) of this speaker to a new speaker (`name`, `kind`:
    default the same)."""
    with corrections() as session:
        new = curation.split_speaker(
            session, id_or_slug, data["quotes"], key_name(), data.get("name"), data.get("kind")
        )
        speaker_id = new.id
    return _speaker_answer(speaker_id)
