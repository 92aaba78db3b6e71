"""Measuring the NLP half against hand-annotated gold, and training what is learnt from it.

- evaluation.py: the scorer (span, speaker and end-to-end figures, per kind, every miss);
- ranker_training.py: fits the candidate model and its calibration, cross-validated over articles
  (scikit-learn, the dev extra; the service only reads the weights, attribution/ranker.py).

Runs the NLP half (quotes, attribution, extraction), never the archive: nothing here reads or
writes storage. The commands are quotetrack/cli/measure.py's.
"""
