"""Storage: idempotent, all-or-nothing ingest and speaker identity across articles."""

import pytest
from sqlalchemy import func, select

from quotetrack import service
from quotetrack.errors import InvalidInput
from quotetrack.storage import article_queries, quote_search
from quotetrack.storage.models import ArticleRow, QuoteRow, SpeakerRow
from quotetrack.types import Article

pytestmark = pytest.mark.model

HYDE_1 = "“The arrest removes a threat from our streets,” acting Field Office Director Patricia H. Hyde said.\n"
HYDE_2 = "“We will keep working with our partners,” said Patricia Hyde, acting director of the Boston office.\n"
HOMAN_TOM = "“We will do it with or without them,” Tom Homan said on Monday.\n"
HOMAN_JANE = "“The shelter needs volunteers this winter,” Jane Homan said at the meeting.\n"


def counts(db):
    with db.reading() as session:
        return tuple(session.scalar(select(func.count()).select_from(model)) for model in (ArticleRow, QuoteRow))


def test_same_article_twice_is_stored_once(db, nlp):
    article = Article(text=HYDE_1, url="https://example.org/a", outlet="Example")
    first = service.ingest(article, nlp, db, 10_000)
    again = service.ingest(article, nlp, db, 10_000)
    assert first.created and not again.created
    assert first.article.id == again.article.id
    assert counts(db) == (1, len(first.quotes))


def test_same_text_without_url_is_the_same_article(db, nlp):
    service.ingest(Article(text=HOMAN_TOM), nlp, db, 10_000)
    service.ingest(Article(text=HOMAN_TOM), nlp, db, 10_000)
    assert counts(db)[0] == 1


def test_new_text_at_the_same_url_is_a_new_revision_that_keeps_the_old_quotes(db, nlp):
    first = service.ingest(Article(text=HOMAN_TOM, url="https://example.org/b"), nlp, db, 10_000)
    result = service.ingest(Article(text=HYDE_1, url="https://example.org/b"), nlp, db, 10_000)
    assert result.created and result.article.id == first.article.id and result.article.revision == 2
    assert counts(db) == (1, len(first.quotes) + len(result.quotes))
    assert all("threat" in q.text for q in result.quotes)  # look-ups see the latest revision only
    with db.reading() as session:
        old = quote_search.get_quote(session, first.quotes[0].id)  # still readable: its cards keep working
        assert old is not None and old.status == "superseded" and old.revision == 1
        assert old.sentence.startswith("“We will do it")  # offsets into revision 1's text
        assert [
            q.text
            for q in quote_search.search_quotes(session, quote_search.QuoteFilters(text="with or without them"))[0]
        ] == []
        article = article_queries.article_with_revisions(session, first.article.id)
        assert article is not None and [r.number for r in article.revisions] == [1, 2]
    again = service.ingest(Article(text=HYDE_1, url="https://example.org/b"), nlp, db, 10_000)
    assert not again.created and again.article.revision == 2  # the same text again: nothing new


def test_failed_ingest_writes_nothing(db, nlp, monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("disk full")  # fault injected after the article row was added

    monkeypatch.setattr(service, "link_quotes", explode)
    with pytest.raises(RuntimeError):
        service.ingest(Article(text=HYDE_1, url="https://example.org/c"), nlp, db, 10_000)
    assert counts(db) == (0, 0)


def test_invalid_article_is_rejected_before_anything_is_written(db, nlp):
    with pytest.raises(InvalidInput):
        service.ingest(Article(text="   "), nlp, db, 10_000)
    with pytest.raises(InvalidInput):
        service.ingest(Article(text="x" * 101), nlp, db, 100)
    assert counts(db) == (0, 0)


def test_one_person_across_articles_with_and_without_middle_initial(db, nlp):
    service.ingest(Article(text=HYDE_1, url="https://example.org/1"), nlp, db, 10_000)
    service.ingest(Article(text=HYDE_2, url="https://example.org/2"), nlp, db, 10_000)
    with db.reading() as session:
        hydes = session.scalars(select(SpeakerRow).where(SpeakerRow.name.like("%Hyde%"))).all()
        assert [s.name for s in hydes] == ["Patricia H. Hyde"]
        assert len(hydes[0].quotes) == 2
        assert {"acting Field Office Director"} <= set(hydes[0].titles)


def test_different_people_sharing_a_surname_stay_apart(db, nlp):
    service.ingest(Article(text=HOMAN_TOM, url="https://example.org/3"), nlp, db, 10_000)
    service.ingest(Article(text=HOMAN_JANE, url="https://example.org/4"), nlp, db, 10_000)
    with db.reading() as session:
        names = sorted(session.scalars(select(SpeakerRow.name).where(SpeakerRow.name.like("%Homan%"))))
    assert names == ["Jane Homan", "Tom Homan"]
