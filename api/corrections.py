"""An editor's correction (quotes, speakers) as one transaction, with the library's refusals
answered in the one error shape."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask_smorest import abort
from sqlalchemy.orm import Session

from quotetrack import corrections
from quotetrack.errors import InvalidInput

from .extensions import state


@contextmanager
def correction() -> Iterator[Session]:
    """One correction, one transaction; the library's refusals in the one error shape."""
    try:
        with state().db.transaction() as session:
            yield session
    except corrections.NotFound as error:
        abort(404, message=str(error))
    except corrections.Conflict as error:
        abort(409, message=str(error))
    except InvalidInput as error:
        abort(422, message=error.message, errors={"json": error.errors})
