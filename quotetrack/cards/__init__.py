"""Quote cards and the labels every reader sees.

- render.py: a card as self-contained HTML (templates/card.html) and as a PNG;
- card_text.py: what a card says, block by block, and the cut of its wording to a height;
- card_layout.py: how tall that text is, wrapped as a browser wraps it (card_metrics.py: the
  fonts' advance widths, generated);
- display.py: honest labels for a stored quote, shared by the cards and the journalist pages.

Reads only the floor (types): a card is drawn from dataclasses, never from storage.
"""
