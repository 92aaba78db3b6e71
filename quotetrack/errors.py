"""Errors the library raises for bad input; the API and CLI turn them into their own shapes."""


class InvalidInput(ValueError):
    """Input that cannot be processed, with a field-by-field explanation."""

    def __init__(self, message: str, errors: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}


class ExtractionBudgetExceeded(InvalidInput):
    """An article took longer to extract than its time budget (EXTRACTION_TIME_BUDGET): the
    worker stops at the next stage boundary instead of blocking for minutes. Still invalid
    input for the API (422): the caller should split the article or send it to the queue."""

    def __init__(self, budget: float, elapsed: float, stage: str):
        message = f"Extraction exceeded its time budget of {budget:g} s (stopped after {elapsed:.1f} s, at {stage})."
        super().__init__(message, {"text": [message + " Send a shorter text, or ingest it through the batch queue."]})
        self.budget = budget
        self.elapsed = elapsed
        self.stage = stage


class NotFound(LookupError):
    """An editor's correction names a quote, speaker or article that is not on record."""


class Conflict(ValueError):
    """The correction contradicts the archive (e.g. the new name is another speaker's)."""


class Superseded(Conflict):
    """The quote belongs to an earlier revision of its article: a correction of it would
    change nothing that readers see. `live_quote_id`: the same quote in the live revision,
    when one is found (same wording, else same span)."""

    def __init__(self, quote_id: int, live_quote_id: int | None):
        self.quote_id, self.live_quote_id = quote_id, live_quote_id
        where = (
            f"correct the live quote /api/v1/quotes/{live_quote_id} instead"
            if live_quote_id is not None
            else "the live revision has no such quote"
        )
        super().__init__(f"Quote {quote_id} is from an earlier revision of its article, superseded; {where}.")


class StaleText(Conflict):
    """A write computed from an article's text found, in its own transaction, that the article
    has a newer revision: what it computed indexes another text, so nothing was written."""

    def __init__(self, article_id: int, read_revision: int, live_revision: int):
        self.article_id, self.read_revision, self.live_revision = article_id, read_revision, live_revision
        super().__init__(
            f"Article {article_id} changed while it was being processed (revision {read_revision} was read, "
            f"revision {live_revision} is live); nothing was written. Send the request again."
        )
