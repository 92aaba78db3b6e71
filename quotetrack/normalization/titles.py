"""Abbreviated titles and the role each stands for ("Gov." -> governor, "Coun." -> councillor).

Here, at the bottom of the house, because two floors read them: extraction and attribution
map a title to its role, and the tokenizer (nlp/pipeline.py) keeps every dotted one a single
token, so that "said Coun. Ahmed Rahimi" is not cut into two sentences at the full stop.
"""

from __future__ import annotations

TITLE_ABBREVIATIONS = {
    "gov.": "governor",
    "gov": "governor",
    "sen.": "senator",
    "rep.": "representative",
    "lt.": "lieutenant",
    "pres.": "president",
    "sec.": "secretary",
    "supt.": "superintendent",
    "dir.": "director",
    "gen.": "general",
    "atty.": "attorney",
    "amb.": "ambassador",
    "rev.": "reverend",
    "prof.": "professor",
    "sgt.": "sergeant",
    "capt.": "captain",
    "cmdr.": "commander",
    "adm.": "admiral",
    "col.": "colonel",
    "det.": "detective",
    "ceo": "executive",  # as "chief executive (officer)" reads: names.role_of
    "justice": "judge",  # a senior court's judge: "Justice Ann Roe ... the judge said"
    # British and Australian titles, written without a full stop ("Cr Bronwyn Keel", "Cllr Hale")
    "cr": "councillor",
    "cr.": "councillor",
    "cllr": "councillor",
    "cllr.": "councillor",
    # Canadian councillors ("Coun. Ahmed Rahimi", "Couns. Vasko and Rahimi")
    "coun.": "councillor",
    "coun": "councillor",
    "couns.": "councillor",
    # Other abbreviated titles of North American news style
    "maj.": "major",
    "cpl.": "corporal",
    "const.": "constable",
    "insp.": "inspector",
    "hon.": "honourable",
    "insp": "inspector",
    "supt": "superintendent",
    "sgt": "sergeant",
    "prof": "professor",
}


def dotted_titles() -> list[str]:
    """Every abbreviated title written with a full stop, as printed: "Gov.", "gov.", "GOV."."""
    dotted = [key for key in TITLE_ABBREVIATIONS if key.endswith(".")]
    return sorted({form for key in dotted for form in (key, key.capitalize(), key.upper())})
