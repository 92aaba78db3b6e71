"""Speakers: search, one speaker, their quotes."""

from __future__ import annotations

from flask_smorest import Blueprint, abort

from quotetrack.storage import repository

from .extensions import state
from .schemas import QuoteFilterSchema, QuotePageSchema, SpeakerPageSchema, SpeakerSchema, SpeakerSearchArgsSchema

blp = Blueprint("speakers", __name__, description="People and organisations quoted.")


@blp.route("/speakers")
@blp.arguments(SpeakerSearchArgsSchema, location="query")
@blp.response(200, SpeakerPageSchema)
def list_speakers(args):
    """Speakers by name or alias (surname, title + name, handle), most quoted first."""
    with state().db.reading() as session:
        items, total = repository.list_speakers(
            session, args.get("q"), args.get("kind"), args["page"], args["per_page"]
        )
    return {"items": items, "total": total, "page": args["page"], "per_page": args["per_page"]}


def speaker_or_404(session, id_or_slug: str):
    speaker = repository.get_speaker(session, id_or_slug)
    if speaker is None:
        abort(404, message=f"No speaker {id_or_slug!r}.")
    return speaker


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
        items, total = repository.search_quotes(session, speaker_id=speaker.id, page=page, per_page=per_page, **args)
    return {"items": items, "total": total, "page": page, "per_page": per_page}
