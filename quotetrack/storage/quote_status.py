"""A stored quote's status. Only accepted quotes are in statements and look-ups; a superseded
one (an earlier revision of its article) still answers by id; a rejected one (an editor said it
is not a quote) only to editors."""

ACCEPTED, REJECTED, SUPERSEDED = "accepted", "rejected", "superseded"
