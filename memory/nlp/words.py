"""The word lists the parse readers share: pronouns, the roles people hold of one another
and their synonyms, genders roles show, and the verbs of getting, losing, stopping and
starting. Kept apart from memory.nlp.reader, which re-exports them, for its size."""

FIRST_PERSON = {"i", "me", "myself", "we", "us", "ourselves"}
FIRST_POSSESSIVE = {"my", "our", "mine", "ours"}
THIRD_PERSON = {"he", "she", "him", "they", "them", "his", "her", "their"}
SUBJECTS = ("nsubj", "nsubjpass", "csubj")
OBJECTS = ("dobj", "attr", "oprd", "acomp", "dative")
# Modifiers that date a role rather than name it: "my new manager" is my manager.
TRANSIENT = {
    "new",
    "current",
    "old",
    "former",
    "first",
    "last",
    "latest",
    "newest",
    "previous",
    "ex",
    "actual",
    "real",
    "present",
}
# Ordinals that count one more of a kind ("adopted a third cat"), not a kind of its own as
# "second violin" is: left out of a role, kept in a value.
COUNTING = {"second", "third", "fourth", "fifth"}
# One role, several words: "my boss" is my manager, "my mom" my mother.
ROLE_SYNONYMS = {
    "boss": "manager",
    # ("new part time is Min-jun" names the part-timer)
    "part-timer": "part time",
    "part-timers": "part time",
    "flatmate": "housemate",
    "roommate": "housemate",
    "flatmates": "housemate",
    "roommates": "housemate",
    "roomie": "housemate",
    "roomies": "housemate",
    "housemates": "housemate",
    "mom": "mother",
    "mum": "mother",
    "mam": "mother",
    "dad": "father",
    "kid": "child",
    "kids": "child",
    "children": "child",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "hubby": "husband",
    "grandma": "grandmother",
    "granny": "grandmother",
    "grandpa": "grandfather",
    "doc": "doctor",
    "baby": "child",
    "headmaster": "head",
    "headmistress": "head",
    "headteacher": "head",
    "nan": "grandmother",
    "nana": "grandmother",
    "nanna": "grandmother",
    "gran": "grandmother",
    "grandad": "grandfather",
    "granddad": "grandfather",
}
# what people call their parents and grandparents in the languages chat mixes in
MOTHERS = ("amma", "ammi", "mama", "mamá", "maman", "mutti", "mami", "mãe")
ROLE_SYNONYMS |= dict.fromkeys(MOTHERS, "mother")
ROLE_SYNONYMS |= dict.fromkeys(("appa", "papa", "papá", "baba", "papi", "pai"), "father")
ROLE_SYNONYMS |= dict.fromkeys(("nonna", "abuela", "oma", "babcia", "avó", "bunica"), "grandmother")
ROLE_SYNONYMS |= dict.fromkeys(("nonno", "abuelo", "opa", "dziadek", "avô"), "grandfather")
# Roles that are people: "my mum ... she" is the mother; "my car ... she" is not a person.
PEOPLE = frozenset(
    "mother father mom mum dad parent brother sister sibling son daughter child kid baby "
    "husband wife partner girlfriend boyfriend fiance fiancee spouse grandmother grandfather "
    "grandparent aunt uncle cousin nephew niece friend manager boss colleague coworker "
    "neighbour neighbor landlord landlady flatmate roommate housemate teacher doctor "
    "dentist supervisor mentor client boyfriend in-law stepdad stepmum stepmom stepfather "
    "stepmother half-brother half-sister coach trainer tutor therapist physio roomie "
    "stepson stepdaughter stepkid bandmate teammate classmate".split()
)
# Kin said with hyphens, which the parse keeps as one word: "my sister-in-law".
IN_LAWS = frozenset(f"{kin}-in-law" for kin in "mother father sister brother son daughter".split())
# Kin by birth or marriage: someone who left, quit or is gone is still one ("now that Njeri
# is gone" does not end "Njeri is my sister").
BLOOD = (
    frozenset(
        "mother father mom mum dad parent brother sister sibling son daughter grandmother "
        "grandfather grandparent grandson granddaughter grandchild aunt uncle cousin nephew "
        "niece stepdad stepmum stepmom stepfather stepmother half-brother half-sister stepson "
        "stepdaughter".split()
    )
    | IN_LAWS
)
# (and exes: "my ex-wife")
PEOPLE |= IN_LAWS | frozenset(
    f"ex-{p}" for p in "wife husband girlfriend boyfriend partner".split()
)
PEOPLE |= frozenset("co-worker step-mum step-mom step-dad step-son step-daughter".split())
# ... and what people call them ("my nan", "my gran", "mama")
PEOPLE |= {word for word, role in ROLE_SYNONYMS.items() if role in PEOPLE}
# Pronouns that say a gender, and roles that show one.
FEMININE = {"she": "f", "her": "f", "hers": "f", "herself": "f", "he": "m", "him": "m"}
FEMININE |= {"his": "m", "himself": "m"}
GENDERED = {
    **dict.fromkeys(
        "husband boyfriend brother father dad son uncle nephew grandfather grandpa stepdad "
        "stepfather half-brother fiance brother-in-law father-in-law son-in-law ex-husband "
        "ex-boyfriend step-dad step-son grandson".split(),
        "m",
    ),
    **dict.fromkeys(
        "wife girlfriend sister mother mum mom daughter aunt niece grandmother grandma "
        "stepmum stepmom stepmother half-sister fiancee sister-in-law mother-in-law "
        "daughter-in-law ex-wife ex-girlfriend step-mum step-mom step-daughter "
        "granddaughter".split(),
        "f",
    ),
}
# The role a gendered one is a kind of: "my granddaughter" is the grandchild who is a girl.
NEUTRAL_ROLES = {"son": "child", "daughter": "child", "grandson": "grandchild"}
NEUTRAL_ROLES |= {"granddaughter": "grandchild", "brother": "sibling", "sister": "sibling"}
NEUTRAL_ROLES |= {"husband": "spouse", "wife": "spouse", "niece": "nibling", "nephew": "nibling"}
# Relatives chat names without "my" ("mum says hi", "visited grandma").
KIN = {"mother", "father", "grandmother", "grandfather", "mom", "mum", "dad"}
# Small words inside names, which the tagger may call foreign ("Penha de França").
LINKS = {"de", "da", "do", "das", "dos", "del", "della", "di", "du", "van", "von", "der", "la", "&"}
# Verbs by which a value leaves: its current fact, whatever the slot, stops being true.
LOSS_VERBS = {
    "give",
    "sell",
    "lose",
    "rehome",
    "donate",
    "die",
    "pass",
    "drop",
    "ditch",
    "cancel",
    "part",
    "return",  # "returned the honda before leaving"
    "surrender",
    "split",
    "dump",
    "abandon",
    "scrap",
    "rid",  # "got rid of the sony"
}
# Words that deny what follows them ("not ilemela", "nope, warlock").
DENIALS = {"not", "n't", "no", "nope", "nah", "never"}
CORRECTION_CUES = {
    "actually",
    "sorry",
    "meant",
    "mistake",
    "correction",
    "oops",
    "wrong",
    "scratch",
    "misspoke",
    "wait",
    "typo",
    "autocorrect",
    "pardon",
}
# "Desculpa, I confused, it is 3 of April": sorry in the languages chat mixes in, and
# "confused" as non-native speakers say "got it wrong"
SORRY_ELSEWHERE = {"desculpa", "desculpe", "perdón", "perdon", "disculpa", "disculpe", "scusa"}
SORRY_ELSEWHERE |= {"scusate", "entschuldigung", "sori", "maaf", "confused", "przepraszam"}
CORRECTION_CUES |= SORRY_ELSEWHERE
STOP_VERBS = {"stop", "quit", "cease", "give"}
ASPECT_VERBS = STOP_VERBS | {"start", "begin", "keep", "continue"}
ACQUIRE = {"get", "buy", "adopt", "rescue"}
ANIMALS = frozenset(
    "dog cat puppy kitten hamster parrot rabbit fish bird horse turtle tortoise snake lizard "
    "ferret pet pup kitty bunny canary budgie parakeet cockatiel gecko goldfish hen chook "
    "pony goat duck mouse rat".split()
    # the farm's animals are had and named as pets are ("we keep one cow, Lakhi")
    + "cow calf heifer bull ox sheep ewe lamb pig sow chicken rooster donkey mule alpaca llama "
    "camel goose".split()
    # and a breed said for the animal ("his little terrier Lady", "a kelpie called Nugget")
    + "terrier collie kelpie spaniel labrador retriever greyhound poodle beagle husky".split()
    + "tabby moggy mutt heeler dachshund pug corgi whippet lurcher".split()
)
CHILDREN = frozenset("son daughter child kid baby boy girl".split())
# Nouns whose number is an age ("my nephew is 6"; "the rent is 950" is not one)
ANIMATE = (
    PEOPLE
    | ANIMALS
    | CHILDREN
    | frozenset("twin grandchild grandson granddaughter man woman guy lady person".split())
)
SIBLINGS = frozenset("brother sister sibling".split())
# Those who work for the user ("my assistant Jonas", "our hired hand Dylan", "hired Mia").
STAFF = frozenset(
    "employee staff assistant apprentice intern helper worker hand part-timer trainee "
    "hired hand receptionist cashier waiter waitress barista".split()
) | {"hired hand"}
# People who come to help at home: one said with no owner is the speaker's ("a cleaner
# comes on Tuesdays").
HELPERS = {"carer", "caregiver", "cleaner", "helper", "nanny", "babysitter", "housekeeper"}
HELPERS |= {"gardener", "tutor", "physio", "nurse", "childminder"}
# What one gets and then has: pets and children ("we got a puppy", "they had a baby").
VEHICLES = {"car", "van", "truck", "ute", "pickup", "scooter", "motorbike", "motorcycle", "bike"}
VEHICLES |= {"estate", "hatchback", "suv", "moped", "camper", "campervan", "hybrid", "cargo"}
KEPT = ANIMALS | CHILDREN | {"car", "bike", "house", "flat", "apartment"}
# Nouns for a group of people one is in or keeps ("the crew is me, Rob and Kyle"); who is
# on them is a set, said "Kyle and Dan are on your crew".
COLLECTIVES = {"team", "crew", "squad", "staff", "band", "choir", "class", "group", "lineup"}
COLLECTIVES |= {"club", "committee", "board", "gang", "cast", "shift", "rota", "unit", "ward"}


def member_of(group: str) -> str:
    """How one is said to be in a group: on a team, in a band."""
    on = {"team", "crew", "squad", "staff", "committee", "board", "shift", "rota", "ward"}
    return "on" if group in on else "in"


LEAVE_VERBS = {"leave", "quit", "exit"}
# Verbs by which someone leaves the place they held ("Sorina quit", "Mr Kowal left on Friday").
QUITTING = {"quit", "leave", "retire", "resign"}
# Verbs of a task one has, any of which says who has it ("Who runs the machines?" after
# "Joost handles the machines").
DUTY_VERBS = {"run", "handle", "manage", "operate", "look_after", "take_care_of", "deal_with"}
DUTY_VERBS |= {"organise", "organize", "do", "be_in_charge_of", "cover", "mind", "oversee"}
# Words for whoever takes someone's place ("her replacement is Bogdan").
STAND_INS = {"replacement", "successor", "stand-in", "cover", "sub", "substitute"}

# Verbs whose object joins the subject: the object is who the fact is about.
ACQUIRING = {
    "sign": "member_of",
    "land": "member_of",
    "draft": "member_of",
    "acquire": "member_of",
    "recruit": "works_for",
    "hire": "works_for",
    "employ": "works_for",
}
# Objects that only name the slot ("quit his job"): the value is the job's employer.
GENERIC_OBJECTS = {"job", "position", "post", "role", "company", "work", "career", "offer"}
# Roles that accumulate: a person has several sisters, friends, pets or clients at once. Any
# other role holds one value at a time ("our new drummer is Diogo" replaces Nuno) unless the
# text says otherwise ("another", "also", a list).
MULTI_ROLES = (
    ANIMALS
    | CHILDREN
    | SIBLINGS
    | frozenset(
        "cousin friend aunt uncle nephew niece grandchild grandson granddaughter neighbour "
        "neighbor colleague coworker teammate client customer student hobby language flatmate "
        "roommate housemate parent grandparent in-law classmate member guest bridesmaid car "
        "bike".split()
    )
)
# Verbs one works by: "drives for Uber", "teaches at Ridgeview High" say where one works.
WORKING = {"drive", "cook", "work", "write", "guide", "teach", "coach", "fly", "design", "code"}
WORKING |= {"consult", "freelance", "model", "report", "nurse", "clean", "sail", "deliver"}

# Numbers said in words, as chat says small counts and ages ("the twins are twelve").
NUMBER_NAMES = {
    w: n
    for n, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split(),
        1,
    )
}
