"""Errors the library raises for bad input; the API and CLI turn them into their own shapes."""


class InvalidInput(ValueError):
    """Input that cannot be processed, with a field-by-field explanation."""

    def __init__(self, message: str, errors: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
