"""Where articles come from, before the pipeline sees them.

- files.py: articles read from files (plain text, JSON, JSONL, HTML) or a directory of them;
- webpage.py: a news web page in, an Article out (its body without boilerplate), and fetching a
  page by URL safely.

Reads only the floor (types, errors, urls).
"""
