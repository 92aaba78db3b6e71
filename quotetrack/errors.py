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
