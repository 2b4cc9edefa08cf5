"""The relation lexicon: verb phrases (as lemmas) -> canonical relations, and which relations
hold one value at a time (a new value replaces the old) or accumulate."""

import re
from dataclasses import dataclass, field

TITLES = (
    "chief executive officer|chief executive|ceo|chairperson|chairwoman|chairman|chair|"
    "president|vice president|mayor|governor|senator|head coach|coach|manager|general manager|"
    "director|captain|prime minister|leader|owner|founder|head of state|head"
)
AUX = r"(?:(?:be|have|do|will|would|can|could|shall|should|may|might|must|get|become|go to) )*"
# What kind of job one got, said before "job" ("a new weekend job", "a part-time job").
JOB_KINDS = (
    r"(?:new|weekend|summer|holiday|seasonal|part-time|part time|full-time|full time|"
    r"temporary|temp|permanent|casual|evening|night|second|better|proper|real|little|good)"
)
POSS = r"(?:(?:his|her|their|its|my|the|a|an|\S+ 's) )?"


@dataclass(frozen=True)
class Rule:
    relation: str
    pattern: re.Pattern
    negated: bool = False
    ends_previous: bool = False
    fixed_object: str | None = None
    also: tuple[tuple[str, str], ...] = field(default=())  # extra (relation, object) facts


def _rule(relation: str, pattern: str, **kwargs) -> Rule:
    return Rule(relation, re.compile(r"^" + AUX + pattern + r"(?= |$)"), **kwargs)


EMPLOYED = (("employment_status", "employed"),)
UNEMPLOYED = (("employment_status", "unemployed"),)

RULES: list[Rule] = [
    _rule(
        "travels_to",
        rf"cancel {POSS}(?:\S+ )*?(?:trip|vacation|holiday|flight|visit|plan)s?"
        r"(?: to| in)?",
        negated=True,
        ends_previous=True,
    ),
    _rule("lives_in", r"move out (?:of|from)", negated=True, ends_previous=True),
    _rule("lives_in", r"(?:live|reside)(?! with\b)(?: (?:in|at|near))?"),  # not "live with Tom"
    _rule("lives_in", r"(?:settle|stay|remain|base|locate) (?:in|at|near)"),
    _rule(
        "lives_in",
        r"(?:move|relocate|shift|move back|go back|come back|emigrate|return) (?:to|into)",
        ends_previous=True,
    ),
    _rule(
        "works_for",
        rf"(?:quit|leave|resign from|retire from|step down from|lose) "
        rf"(?:{POSS}(?:job|position|post|role|company)(?: (?:at|with))?)?",
        negated=True,
        ends_previous=True,
        also=UNEMPLOYED,
    ),
    _rule(
        "works_for",
        rf"(?:hand in|give|put in|hand) {POSS}(?:notice|resignation)(?: (?:at|to))?",
        negated=True,
        ends_previous=True,
        also=UNEMPLOYED,
    ),
    _rule(
        "works_for",
        # ("laid off" is lemmatised "lie off" once the verb is read as a lemma again)
        r"(?:fire|(?:lay|lie) off|sack|let go|dismiss|make redundant)(?: (?:from|by|at))?",
        negated=True,
        ends_previous=True,
        also=UNEMPLOYED,
    ),
    _rule("works_as", r"(?:promote|appoint|name|make) (?:to|as)", ends_previous=True),
    _rule("works_for", r"(?:work|intern|consult)(?: (?:at|for|with))?"),
    _rule("works_for", r"employ (?:by|at|with)"),
    _rule("works_for", r"(?:an? |the )?employee (?:of|at)"),
    _rule(
        "works_for",
        r"(?:hire|recruit|rehire)(?: as (?:\S+ ){1,3}?)? (?:at|by)",  # "hired as sous chef at X"
        ends_previous=True,
        also=EMPLOYED,
    ),
    _rule(
        "works_for",
        # ("got a weekend job at", "landed a new part-time job with"; a post said with the
        # job, "accepted a counsellor job at X", is read by frames.took_post and jobs)
        rf"(?:get|land|start|take|accept|find|secure|score|have) {POSS}(?:{JOB_KINDS} ){{0,2}}"
        r"(?:job|work|position|gig|post|placement|internship)(?: line up)? (?:at|with|for)",
        ends_previous=True,
        also=EMPLOYED,
    ),
    _rule("works_for", r"start work (?:at|for)", ends_previous=True, also=EMPLOYED),
    # "accepted an offer from Verdia": an offer taken is the new employer
    _rule(
        "works_for",
        rf"(?:accept|take) {POSS}(?:\S+ )?(?:job )?offer(?: (?:from|at|with))?",
        ends_previous=True,
    ),
    # "She just started at Google", "I begin with Unbabel in May": a new employer.
    _rule("works_for", r"(?:start|begin) (?:at|with)", ends_previous=True),
    _rule(
        "employment_status",
        r"(?:unemployed|jobless|out of work|between jobs)",
        fixed_object="unemployed",
    ),
    _rule("employment_status", r"employ", fixed_object="employed"),
    _rule("member_of", r"(?:play|pitch) (?:for|with|on)"),
    _rule(
        "member_of", r"(?:trade|transfer|loan|commit|sign) (?:to|with|for|by)", ends_previous=True
    ),
    _rule("member_of", r"(?:an? |the )?(?:new )?member of"),
    _rule("member_of", r"join", ends_previous=True),
    _rule(
        "partner_of",
        r"(?:break up|split up|split|divorce)(?: (?:with|from))?",
        negated=True,
        ends_previous=True,
    ),
    _rule("partner_of", r"(?:marry|engage|date|married)(?: to| with)?"),
    _rule(
        "partner_of",
        r"(?:in a relationship with|(?:the |an? )?(?:unmarried |romantic |current |new |"
        r"longtime |long-time )?(?:partner|girlfriend|boyfriend|wife|husband|fiancée|fiancé|"
        r"spouse) of)",
    ),
    # "holds the position of X", "holds government office X": the position is the object.
    _rule(
        "holds_position",
        r"(?:hold|occupy)(?: the| a| an)?(?: \S+)? (?:position|office|post|role|title)"
        r"(?: of| as)?",
    ),
    _rule(
        "travels_to",
        rf"(?:book|plan|take|have|go on) {POSS}(?:trip|vacation|holiday|flight) "
        r"(?:to|in)",
    ),
    _rule("travels_to", r"go on (?:a |an |the )?(?:vacation|holiday|trip)(?: (?:to|in))?"),
    _rule("travels_to", r"(?:plan|want|hope|decide|intend) to (?:go|travel|fly|visit)(?: to)?"),
    _rule(
        "travels_to",
        r"(?:go|travel|fly|head|drive) to(?! (?:be|buy|see|do|have|get|make|"
        r"take|start|try|work|school|bed|sleep|the gym)\b)",
    ),
    _rule("likes", r"(?:like|love|enjoy|adore|be fond of|be into)"),
    _rule("dislikes", r"(?:hate|dislike|detest)"),
    _rule("has_pet", r"(?:an? |two |three )?(?:\S+ )?(?:dog|cat|pet|parrot|hamster|rabbit|horse)"),
    _rule("has_child", r"(?:an? |two |three )?(?:son|daughter|child|kid|baby)"),
    _rule("has_sibling", r"(?:an? |two )?(?:brother|sister|sibling)"),
    _rule("has_friend", r"(?:an? )?friend"),
    _rule("ate", r"(?:eat|have for (?:breakfast|lunch|dinner))"),
    _rule("drank", r"drink"),
    _rule("is_called", r"(?:call|name)(?! after)"),
    _rule("studies_at", r"(?:study|enroll) (?:at|in)"),
]

# Titles: "is the CEO of X", "was named head coach of X", "former mayor of X".
TITLE_RULE = re.compile(
    r"^" + AUX + r"(?:(?:name|appoint|elect|hire|promote|select|choose|install|confirm) )?"
    r"(?:as )?(?:the |an? )?(?P<mod>new |former |current |interim |acting |incoming |outgoing )?"
    rf"(?P<title>{TITLES}) (?:of|at|for)(?= |$)"
)

SINGLE_VALUED = {
    "lives_in",
    "works_for",
    "works_as",  # one job at a time, unless told with another ("also", a list)
    "employment_status",
    "member_of",
    "member_of_party",
    "partner_of",
    "travels_to",
    "is_called",
    "studies_at",
    "age",
}
LABELS = {
    "lives_in": "lives in",
    "works_for": "works for",
    "employment_status": "employment status",
    "member_of": "team",
    "member_of_party": "party",
    "partner_of": "partner",
    "travels_to": "vacation plan",
    "likes": "likes",
    "dislikes": "dislikes",
    "has_pet": "pet",
    "has_child": "child",
    "has_sibling": "sibling",
    "has_friend": "friend",
    "ate": "ate",
    "drank": "drank",
    "is_called": "name",
    "studies_at": "studies at",
    "holds_position": "position",
}

# Nouns naming the object of a relation: "the employer of X" is what X works for, so "Who is
# the employer of X?" asks for X's works_for.
ROLE_NOUNS = {
    "employer": "works_for",
    "team": "member_of",
    "club": "member_of",
    "party": "member_of_party",
    "partner": "partner_of",
    "unmarried partner": "partner_of",
    "girlfriend": "partner_of",
    "boyfriend": "partner_of",
    "spouse": "partner_of",
    "position": "holds_position",
    "job": "works_as",  # "what's my job now?": what I work as
    "job title": "works_as",
    "role": "works_as",  # "what's Aline's new role?"
    "occupation": "works_as",
    "profession": "works_as",
    "line of work": "works_as",  # "What's Marta's line of work?"
    "trade": "works_as",  # "What's Kai's trade?"
    "career": "works_as",
}


def title_relation(title: str) -> str:
    key = {
        "chief executive officer": "ceo",
        "chief executive": "ceo",
        "chairman": "chairperson",
        "chairwoman": "chairperson",
        "chair": "chairperson",
        "coach": "head coach",
    }.get(title, title)
    return key.replace(" ", "_") + "_of"


def relation_is_single_valued(relation: str) -> bool:
    relation = relation.removeprefix("not:")
    return (
        relation in SINGLE_VALUED
        or relation.endswith("_of")
        and relation not in ("member_of_club",)
    )


def relation_label(relation: str) -> str:
    relation = relation.removeprefix("not:")
    if relation in LABELS:
        return LABELS[relation]
    return relation.replace("_", " ")
