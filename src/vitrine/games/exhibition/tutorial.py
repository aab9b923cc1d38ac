"""Exhibition's guided first game (``kit.tutorial``): deal 4, against the casual bot.

The learner's decisions are those the strong bot (``ismcts:500``) made in
seat 0 of this deal; the game uses every showcase, a wild card, the depot
to its last place and the end of an exhibition, and the learner wins 19 to
14.  The lessons come where each rule first matters (docs/rules.md).
"""

from vitrine.kit.tutorial import Lesson, Tutorial

DECISIONS = (
    "1953 G3 1942 Y2 1912 C1 1948 E4 1927 G2 EIN@AS G5 1967 G4 1932 Y1 1970 C3 1908 M1 "
    "1980 D 1988 G6 1977 D 1935 E1 1989 D 1939 E3 1959 C2 1910 X"
)

LESSONS = {
    0: Lesson(
        "take",
        {
            "en": "A turn has two decisions. First, take a card lying at the continent where "
            "your vehicle stands: yours is at Oceania, so one of its three cards. The card's own "
            "continent is the coloured band and badge: 1953, the first ascent of Mount Everest, "
            "is Asian. Take it.",
            "fr": "Un tour compte deux décisions. D'abord, prenez une carte posée sur le "
            "continent où se trouve votre véhicule : le vôtre est en Océanie, donc l'une de ses "
            "trois cartes. Le continent de la carte elle-même est sa bande et son badge de "
            "couleur : 1953, la première ascension de l'Everest, est asiatique. Prenez-la.",
        },
    ),
    1: Lesson(
        "place",
        {
            "en": "Your vehicle moved to Asia, the continent of the card you took: next turn you "
            "take from there. The stock filled the gap at once (the ★ card), for everyone to see. "
            "Now place your card in your hall. Each showcase has its rule; General (G1 to G6) "
            "wants years ascending from left to right and six different continents. Put 1953 "
            "in G3, leaving room on both sides.",
            "fr": "Votre véhicule est allé en Asie, le continent de la carte prise : au prochain "
            "tour vous prendrez là-bas. La pioche a aussitôt comblé le vide (la carte ★), sous "
            "les yeux de tous. Placez maintenant votre carte dans votre salle. Chaque vitrine a "
            "sa règle ; Générale (G1 à G6) veut des années croissantes de gauche à droite et six "
            "continents différents. Mettez 1953 en G3, en gardant de la place des deux côtés.",
        },
    ),
    3: Lesson(
        "years_gap",
        {
            "en": "Years Gap (Y1, Y2) holds two cards of different continents, the earlier on "
            "the left. It scores the gap between their years: 5 points for the widest gap at "
            "the table, 4 for the next. Put 1942 in Y2.",
            "fr": "Écart d'années (Y1, Y2) reçoit deux cartes de continents différents, la "
            "plus ancienne à gauche. Elle marque l'écart entre leurs années : 5 points pour le "
            "plus grand écart de la table, 4 pour le suivant. Mettez 1942 en Y2.",
        },
    ),
    5: Lesson(
        "one_continent",
        {
            "en": "One Continent (C1 to C3) wants ascending years, all from one continent, and "
            "a continent no other player's One Continent holds: the first card claims it. 1912, "
            "the bust of Nefertiti, claims Africa for you.",
            "fr": "Un seul continent (C1 à C3) veut des années croissantes, toutes d'un même "
            "continent, et un continent qu'aucune autre vitrine Un seul continent ne tient : "
            "la première carte le réserve. 1912, le buste de Néfertiti, vous réserve l'Afrique.",
        },
    ),
    7: Lesson(
        "one_era",
        {
            "en": "One Era (E1 to E4) wants ascending years and different continents, and at "
            "most 10 years per step between two cards: 10 for next-door spots, 20 with one "
            "empty spot between. 1948 in E4 leaves E1 to E3 for the years before it.",
            "fr": "Une seule ère (E1 à E4) veut des années croissantes et des continents "
            "différents, et au plus 10 ans par pas entre deux cartes : 10 entre voisines, 20 "
            "avec une place vide entre elles. 1948 en E4 laisse E1 à E3 aux années d'avant.",
        },
    ),
    10: Lesson(
        "wild",
        {
            "en": "Albert Einstein is a white card: any year, any continent, whichever keeps a "
            "showcase legal (it never scores one). Taking a white card, you choose where your "
            "vehicle goes: send it to Asia.",
            "fr": "Albert Einstein est une carte blanche : n'importe quelle année, n'importe "
            "quel continent, ceux qui gardent la vitrine légale (sans jamais les marquer). En "
            "prenant une carte blanche, vous choisissez où va votre véhicule : envoyez-le en "
            "Asie.",
        },
    ),
    13: Lesson(
        "all_continents",
        {
            "en": "With this South American card your hall holds all six continents. At the end "
            "of the round the first to do so take the All 6 Continents award, 5 points; later "
            "rounds give 4, 3, 2, 1. White cards never count for it.",
            "fr": "Avec cette carte sud-américaine, votre salle tient les six continents. À la "
            "fin de la manche, les premiers à y parvenir prennent la prime 6 continents, "
            "5 points ; les manches suivantes donnent 4, 3, 2, 1. Les cartes blanches n'y comptent "
            "jamais.",
        },
    ),
    19: Lesson(
        "mid_century",
        {
            "en": "Mid Century (M1) holds one card of any year. It scores nothing against "
            "others, but breaks a tie: the tied player whose card lies closest to 1950 wins.",
            "fr": "Mi-siècle (M1) reçoit une carte de n'importe quelle année. Elle ne "
            "marque rien face à d'autres, mais départage une égalité : le joueur dont la carte "
            "est la plus proche de 1950 l'emporte.",
        },
    ),
    21: Lesson(
        "depot",
        {
            "en": "1980 fits no empty spot any more. Put it in the depot: it holds up to three "
            "cards, and each costs you 1 point at the end.",
            "fr": "1980 ne va plus dans aucune place vide. Mettez-la au dépôt : il reçoit "
            "jusqu'à trois cartes, et chacune vous coûte 1 point à la fin.",
        },
    ),
    29: Lesson(
        "depot_full",
        {
            "en": "This third card fills your depot. From now on, a card that fits nowhere in "
            "your hall ends your exhibition.",
            "fr": "Cette troisième carte remplit votre dépôt. Désormais, une carte qui ne va "
            "nulle part dans votre salle met fin à votre exposition.",
        },
    ),
    35: Lesson(
        "end",
        {
            "en": "1910 fits nowhere and the depot is full: end your exhibition. The card is "
            "discarded and your hall is final; the others play on until theirs are too.",
            "fr": "1910 ne va nulle part et le dépôt est plein : terminez votre exposition. La "
            "carte est défaussée et votre salle est définitive ; les autres jouent jusqu'à ce "
            "que les leurs le soient aussi.",
        },
    ),
}

TUTORIAL = Tutorial(
    seed=4,
    decisions=tuple(DECISIONS.split()),
    lessons=LESSONS,
    welcome={
        "en": "You are a curator: take cards of the 20th century and display them in the "
        "showcases of your hall, each with its own rule. The most fame points win. You play "
        "against the casual bot; the coach marks each decision to make.",
        "fr": "Vous êtes commissaire d'exposition : prenez des cartes du XXᵉ siècle et "
        "exposez-les dans les vitrines de votre salle, chacune avec sa règle. Le plus de "
        "points de renommée l'emporte. Vous jouez contre le robot occasionnel ; le coach "
        "marque chaque décision à prendre.",
    },
    ending={
        "en": "Fame points count only the cards of your hall: All 6 Continents, Years Gap, "
        "Continent Focus (the cards of your most frequent continent), Number of Decades, Chain "
        "of Years (your longest run of consecutive years), less 1 point for each empty spot and "
        "each depot card. The table shows each category, yours beside the bot's.",
        "fr": "Les points de renommée ne comptent que les cartes de votre salle : 6 "
        "continents, Écart d'années, Continent dominant (les cartes de votre continent le plus "
        "présent), Décennies, Suite d'années (votre plus longue suite d'années "
        "consécutives), moins 1 point par emplacement vide et par carte au dépôt. Le tableau "
        "montre chaque catégorie, la vôtre à côté de celle du robot.",
    },
)
