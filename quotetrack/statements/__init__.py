"""Statements: one remark, however the outlets word it. Above storage, below the service.

- words.py: the words of a wording (typography-blind tokens, stems, the index keys)
- wording.py: how two wordings relate (verbatim, variant, fragment, paraphrase)
- paraphrase.py: the lexical paraphrase measure and its vetoes (negation, numbers)
- events.py: whether two claims report one event (their frames: attribution/event_frames.py)
- diff.py: word-level differences, bounded on hostile input
- index.py: the retrieval index (word 3-grams and stems) over stored claims
- linking.py: each new claim joins its strongest neighbour's statement, per speaker, under locks
- relation.py: how two claims relate (wording, time, vetoes, one event, an anchor), on plain data
- choice.py: linking's decisions on plain data: the strongest neighbour, the groups, the statements kept
- canonical.py: a statement's canonical wording and how each wording relates to it
- queries.py: statements and their wordings as the API reads them
- verify.py: a wording checked against every stored statement
"""
