"""A speaker as a request names one (id, slug, name or alias), read the same way by every API
area that takes one: a 404 for a speaker that must exist, a 409 naming the candidates when a
name answers to several. The reading itself is storage's (speaker_queries.get_speaker and
resolve_speaker, the one speaker filter); this is its HTTP answer."""

from __future__ import annotations

from flask_smorest import abort

from quotetrack.storage import speaker_queries

AMBIGUOUS = "The speaker name answers to several speakers: `errors.speaker.candidates` lists them (id, slug, name)."


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
    match = speaker_queries.resolve_speaker(session, str(who))
    if match.ambiguous:
        candidates = [{"id": s.id, "slug": s.slug, "name": s.name} for s in match.candidates]
        abort(
            409,
            message=f"{who!r} names several speakers; pass one's id or slug.",
            errors={"speaker": {"candidates": candidates}},
        )
    return (match.speaker_id,) if match.speaker_id is not None else ()
