"""`python -m quotetrack.cli`: the `quotetrack` command."""

from . import main

main()
