"""What a card says, block by block (CardText), built from a quote or a statement, and the cut
of its wording to a maximum height. The card template renders a CardText and card_layout
measures the same one, so an embed's height is the height of what the reader sees."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..types import StoredQuote, StoredStatement
from . import card_layout, display

READ_MORE = "read in full"
_CUT_PUNCTUATION = " ,;:\u2013\u2014-"


@dataclass(frozen=True)
class CardText:
    """Everything a card says, block by block: the template renders it and card_layout
    measures it, so the oEmbed height is the height of what the reader sees."""

    kind: str  # how the body is shown: "direct" (in marks), "indirect" or "mixed"
    lead: str  # speaker and cue before reported speech ("Maura Healey said "), else ""
    segments: tuple[display.Segment, ...]
    speaker: str
    title: str | None  # the speaker's first title, after the name
    outlet_line: str | None  # "The Boston Globe, November 21, 2024"; None: no source article
    in_article: bool  # the card links the quote in its article page
    reach: str | None  # statements: "carried by 3 outlets in 2 wordings"
    small_print: str | None  # kind, attribution method, confidence
    low: bool  # low confidence: the small print in bold
    wording: str = ""  # the whole wording as one string (metadata: title, og:title, JSON-LD)
    shortened: bool = False  # cut to fit a maxheight: an ellipsis and a "read in full" link

    @property
    def label(self) -> str | None:
        if self.kind == "direct":
            return None
        if self.kind == "indirect":
            return "Reported speech: the outlet's words, not a verbatim quote"
        return "Partly quoted: only the words in quotation marks are verbatim"

    @property
    def source(self) -> str:
        parts = [self.outlet_line, "in its article" if self.in_article else None, self.reach]
        return " · ".join(p for p in parts if p)

    def blocks(self) -> card_layout.CardBlocks:
        if self.kind == "direct":
            face = card_layout.SERIF
            body: list[card_layout.Run] = [(f"{display.OPEN}{self.segments[0].text}{display.CLOSE}", face)]
        else:
            face = card_layout.SANS
            body = [(self.lead, face)]
            body += [
                (f"{display.OPEN}{s.text}{display.CLOSE}", card_layout.SERIF) if s.quoted else (s.text, face)
                for s in self.segments
            ]
        if self.shortened:
            body.append((f" {READ_MORE}", face))
        byline = [("\u2014 ", card_layout.SANS), (self.speaker, card_layout.SANS_BOLD)]
        if self.title:
            byline.append((f", {self.title}", card_layout.SANS))
        return card_layout.CardBlocks(
            label=self.label,
            body=tuple(body),
            body_quoted=self.kind == "direct",
            byline=tuple(byline),
            source=self.source,
            small_print=self.small_print,
            small_print_bold=self.low,
        )

    def height(self, width: int) -> int:
        return card_layout.card_height(self.blocks(), width)

    def word_count(self) -> int:
        return sum(len(s.text.split()) for s in self.segments)

    def first_words(self, count: int) -> CardText:
        """The card with only the first `count` words of its wording, an ellipsis after them."""
        kept: list[display.Segment] = []
        left = count
        for segment in self.segments:
            end = None
            for number, word in enumerate(re.finditer(r"\S+", segment.text), start=1):
                if number == left:
                    end = word.end()
                    break
            if end is None:  # the whole segment is within the count
                kept.append(segment)
                left -= len(segment.text.split())
                continue
            kept.append(display.Segment(segment.text[:end].rstrip(_CUT_PUNCTUATION) + "\u2026", segment.quoted))
            break
        return replace(self, segments=tuple(kept), shortened=True)


class CardTooTall(ValueError):
    """Even the card's first word with its attribution is taller than the height asked for."""

    def __init__(self, minimum: int):
        super().__init__(f"the smallest card is {minimum} px tall")
        self.minimum = minimum


def fit(card: CardText, width: int, max_height: int | None) -> tuple[CardText, int]:
    """The card and its height at `width`; over `max_height`, the wording is cut to the most
    words that fit (the attribution, source and small print always stay)."""
    if max_height is None or card.word_count() <= card_layout.most_words(width, max_height):
        height = card.height(width)  # (more words than the height could ever hold: no need to measure)
        if max_height is None or height <= max_height:
            return card, height
    smallest = card.first_words(1)
    if smallest.height(width) > max_height:
        raise CardTooTall(smallest.height(width))
    # The most words that fit lies in [low, high]; `high` is also bounded by what the height
    # could hold at all, so a very long quote costs no more to cut than a short one.
    low, high = 1, min(card.word_count() - 1, card_layout.most_words(width, max_height))
    while low < high:
        middle = (low + high + 1) // 2
        if card.first_words(middle).height(width) <= max_height:
            low = middle
        else:
            high = middle - 1
    fitted = card.first_words(low)
    return fitted, fitted.height(width)


def _outlet_line(outlet: str | None, published) -> str:
    date = published.strftime("%B %-d, %Y") if published else None
    return ", ".join(p for p in (outlet or "Source article", date) if p)


def _speaker_parts(speaker) -> tuple[str, str | None]:
    if speaker is None:
        return "Unattributed", None
    return speaker.name, (speaker.titles[0] if speaker.titles else None)


def quote_card_text(
    quote: StoredQuote, low_confidence: float = display.DEFAULT_LOW_CONFIDENCE, in_article: bool = True
) -> CardText:
    """A direct quote in quotation marks; reported speech as speaker + cue + content without
    them; a mixed quote with only its quoted fragments in marks; kind, attribution method and
    confidence in the small print."""
    shown = display.display(quote)
    name, title = _speaker_parts(quote.speaker)
    return CardText(
        kind=shown.kind,
        lead=shown.lead,
        segments=shown.segments,
        speaker=name,
        title=title,
        outlet_line=_outlet_line(quote.article.outlet, quote.article.published),
        in_article=in_article,
        reach=None,
        small_print=display.small_print(quote, low_confidence),
        low=display.is_low_confidence(quote.confidence, low_confidence),
        wording=shown.segments[0].text if shown.kind == "direct" else shown.plain,
    )


def statement_card_text(
    statement: StoredStatement,
    canonical_quote: StoredQuote | None = None,
    low_confidence: float = display.DEFAULT_LOW_CONFIDENCE,
    in_article: bool = True,
) -> CardText:
    """The canonical wording (in marks when an outlet printed it as a direct quote), the outlet
    that printed it, how widely it was reported, and the kind, attribution method and
    confidence of the quote it was printed in (`canonical_quote`)."""
    # The card cites the outlet that printed the canonical wording, not merely the first to
    # report the remark: another outlet's wording must never appear under its name.
    source = statement.canonical_appearance or statement.first_appearance
    kind = statement.canonical_kind if statement.canonical_kind in display.KIND_LABELS else "indirect"
    direct = kind == "direct"
    lead = display.reporting_lead(canonical_quote) if canonical_quote and not direct else ""
    name, title = _speaker_parts(statement.speaker)
    # Only the speaker's words in marks: a mixed wording's own quoted fragments (display.wording).
    shown = display.wording(statement.canonical_text, kind)
    wordings = len(statement.wordings)
    reach = f"carried by {statement.outlet_count} outlet{'s' if statement.outlet_count != 1 else ''}"
    if wordings > 1:
        reach += f" in {wordings} wordings"
    facts = (
        display.facts(kind, canonical_quote.method, canonical_quote.confidence, low_confidence)
        if canonical_quote
        else display.kind_label(kind)
    )
    return CardText(
        kind=kind if not direct else "direct",
        lead=lead,
        segments=shown.segments,
        speaker=name,
        title=title,
        outlet_line=_outlet_line(source.outlet, source.published) if source else None,
        in_article=in_article and source is not None,
        reach=reach,
        small_print=facts,
        low=bool(canonical_quote and display.is_low_confidence(canonical_quote.confidence, low_confidence)),
        wording=lead + (shown.segments[0].text if direct else shown.body),
    )
