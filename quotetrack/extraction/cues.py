"""Word lists for cues: reporting verbs, nominal cues, roles. Data, not logic."""

from ..normalization.titles import TITLE_ABBREVIATIONS  # noqa: F401  (re-exported: the cues read them)

# Lemmas of verbs that report speech or writing (after the Gender Gap Tracker's list,
# extended with verbs common in wire copy and social-media reporting).
REPORTING_VERBS = frozenset(
    """
say tell add warn announce claim estimate confirm hint note respond reply explain argue insist
state declare write post tweet ask acknowledge admit agree allege assert caution comment
concede contend deny emphasize maintain mention predict promise pledge report reiterate remark
reveal stress suggest testify urge vow lament complain recall observe repeat shout quip joke
conclude tout boast demand threaten proclaim question wonder speculate signal indicate
assure retort counter blast slam praise criticize decry scoff muse recount describe
characterize call label dub brand term affirm disclose inform notify advise predict forecast reason read
recommend theorize theorise criticise emphasise rule
""".split()
)

# Verbs whose object or complement may be a quoted fragment: called it "appalling".
FRAGMENT_CUES = frozenset("call describe label dub brand term characterize say write".split())

# "the Massachusetts Democrat", "a Republican from Ohio": a politician described by party, not a
# party's name.
PARTY_MEMBER_NOUNS = frozenset({"democrat", "republican", "tory", "conservative", "socialist", "liberal"})

# What a person says, standing for the person: "his remarks described it as ...", "her
# responses", "their statement": the possessor speaks.
UTTERANCE_NOUNS = frozenset(
    "response comment remark answer reply word statement testimony tweet post letter speech argument message".split()
)

# Nouns that speak on behalf of whoever issued them: "the announcement said".
DOCUMENT_NOUNS = frozenset(
    """
announcement statement release report letter filing memo post tweet complaint ruling summary study
analysis survey document record email warning advisory bulletin notice data statistic
""".split()
)

# Nouns that stand for an organisation when used with "the": "the agency said".
ORGANISATION_NOUNS = frozenset(
    """
agency department office administration company ministry police group organization organisation
campaign party union commission committee court council board bureau service firm government
unit division hospital university college school district company bank airline network newspaper
station club team league church museum city county state ministry embassy office
center centre institute foundation association federation charity authority regulator watchdog
army military coalition alliance carrier
""".split()
)

# "fired back that ...", "shot back", "pointed out that ...": particle verbs that report speech,
# by lemma and particle.
PARTICLE_CUES = {"fire": "back", "shoot": "back", "hit": "back", "push": "back", "point": "out"}

# Nouns for people or groups that are not named: kept as unnamed sources, never guessed.
SOURCE_NOUNS = frozenset(
    "source sources official officials spokesperson spokesman spokeswoman person people aide aides insider".split()
)

# Pronouns by what they can refer to (agreement in attribution/pronouns.py).
PRONOUNS_MALE = frozenset("he him his himself".split())
PRONOUNS_FEMALE = frozenset("she her hers herself".split())
PRONOUNS_PLURAL = frozenset("they them their we us our".split())
PRONOUNS_THING = frozenset("it its".split())
PRONOUNS_RELATIVE = frozenset("who which that".split())

# Abbreviated titles and what they stand for: normalization/titles.py (the tokenizer reads them too).
HONORIFICS = frozenset("mr. mrs. ms. dr. mr mrs ms dr sir dame".split())

# Plural nouns that cannot speak: "Healey's comments", "the policies". Not groups.
NON_SPEAKER_NOUNS = frozenset(
    """
comment remark word statement report document policy law number figure arrest charge crime
effort operation threat issue question right
""".split()
)

# Role nouns that NER often folds into a PERSON name ("Councilor Rita Diaz"): moved to titles.
TITLE_NOUNS = frozenset(
    """
president vice governor lieutenant mayor senator representative congressman congresswoman councilor
councillor alderman director secretary minister chancellor chair chairman chairwoman chairperson
judge justice sheriff chief commissioner coach professor superintendent ambassador attorney general
prosecutor speaker leader treasurer auditor inspector officer detective sergeant captain colonel
commander admiral bishop pope king queen prince princess premier mp
""".split()
)

# Words that mark a name as an organisation's ("Massachusetts Fiscal Alliance").
ORGANISATION_NAME_WORDS = frozenset(
    """
alliance association party committee council news network times post journal institute foundation
center centre union coalition group league society agency department office fund project campaign
inc inc. llc corp corp. company co. press media watch
club fc afc rovers wanderers athletic rangers albion hotspur united
holdings partners associates consulting consultants advisors advisers restructuring solutions logistics industries
enterprises ventures technologies laboratories pharmaceuticals securities investments insurance
""".split()
)
