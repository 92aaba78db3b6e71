from .db import Database

__all__ = ["Database"]
