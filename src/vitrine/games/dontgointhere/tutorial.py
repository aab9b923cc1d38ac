"""Don't Go In There's guided first game (``kit.tutorial``): deal 4, against the casual bot.

The learner's decisions are those the strong bot (``ismcts:500``) made in
seat 0 of this deal, but for the Hallway's die, turned blank (decision 10)
where the bot made a blank die a ghost; the game visits five rooms, both
dice choices, the Secret Passage's hidden card and the Masks' passing of
ghosts, and the learner wins with 25 curses to 27.  The lessons come where
each rule first matters (docs/dontgointhere.md).
"""

from vitrine.kit.tutorial import Lesson, Tutorial

DECISIONS = "B4 A3 A4 MA3 N3 N2 MA2 CL2 H4 H3 BLANK CL2 S3 S4 B3 KEEP RI2 H4 A4 DO4"

LESSONS = {
    0: Lesson(
        "place",
        {
            "en": "On your turn place a meeple on a free space of a room. Space 1, at the top, "
            "picks its card first; each space below has one more flashlight, and each flashlight "
            "keeps one ghost away when the room's dice are rolled. Place one on the Basement's "
            "bottom space, space 4.",
            "fr": "À votre tour, placez un meeple sur une case libre d'une pièce. La case 1, en "
            "haut, choisit sa carte la première ; chaque case plus bas a une lampe de plus, et "
            "chaque lampe écarte un fantôme quand on lance les dés de la pièce. Placez-en un sur "
            "la case du bas du Sous-sol, la case 4.",
        },
    ),
    2: Lesson(
        "resolve",
        {
            "en": "The third meeple in a room resolves it: one die is rolled per die icon on its "
            "three cards (curses 1 and 2 carry two icons, 3 and 4 one), and each meeple's owner "
            "takes a ghost token per ghost rolled beyond the space's flashlights. Place the "
            "Attic's third meeple, on space 4.",
            "fr": "Le troisième meeple d'une pièce la résout : on lance un dé par icône de dé de "
            "ses trois cartes (les malédictions 1 et 2 en portent deux, 3 et 4 une), et chaque "
            "propriétaire de meeple prend un jeton fantôme par fantôme tiré au-delà des lampes de "
            "sa case. Placez le troisième meeple du Grenier, sur la case 4.",
        },
    ),
    3: Lesson(
        "pick",
        {
            "en": "Then each meeple, from the top space down, takes a card; when one card is "
            "left, it goes to the last meeple. A card's number is its curses: the fewest curses "
            "win. Many cards act: a Mask passes one of your ghosts per Mask you hold to the "
            "player on your right. Take the Mask of 3 curses.",
            "fr": "Puis chaque meeple, de la case du haut vers le bas, prend une carte ; quand "
            "il n'en reste qu'une, elle va au dernier meeple. Le nombre d'une carte est ses "
            "malédictions : le moins de malédictions l'emporte. Beaucoup de cartes agissent : un "
            "Masque passe un de vos fantômes par Masque que vous avez au joueur à votre droite. "
            "Prenez le Masque de 3 malédictions.",
        },
    ),
    4: Lesson(
        "board_flip",
        {
            "en": "The Attic's cards are gone, so its board turned to the other side, the "
            "Nursery, with three new cards. Its bottom space discards one of your ghosts. Place "
            "a meeple on its space 3.",
            "fr": "Les cartes du Grenier sont parties : son plateau s'est retourné sur l'autre "
            "face, la Chambre d'enfant, avec trois nouvelles cartes. Sa case du bas défausse un "
            "de vos fantômes. Placez un meeple sur sa case 3.",
        },
    ),
    6: Lesson(
        "ghosts",
        {
            "en": "Four ghosts were rolled: your meeples took five ghost tokens between them. "
            "Taking a second Mask passes two of them to the bot. At the end, whoever holds the "
            "most ghosts takes one curse for every two. Take the Mask of 2 curses.",
            "fr": "Quatre fantômes sont sortis : vos meeples ont pris cinq jetons fantômes à eux "
            "deux. Prendre un deuxième Masque en passe deux au robot. À la fin, celui qui a le "
            "plus de fantômes prend une malédiction pour deux. Prenez le Masque de 2 malédictions.",
        },
    ),
    7: Lesson(
        "effects",
        {
            "en": "Each type has its own effect, shown on its cards and in the rules at hand: "
            "the first player whose Clocks add up to 8 curses dispels their two highest. Take "
            "the Clock of 2 curses.",
            "fr": "Chaque type a son effet, écrit sur ses cartes et dans les règles à portée de "
            "main : le premier joueur dont les Horloges font 8 malédictions dissipe ses deux plus "
            "fortes. Prenez l'Horloge de 2 malédictions.",
        },
    ),
    10: Lesson(
        "hallway",
        {
            "en": "In the Hallway the third meeple's owner may change one die, or keep the dice. "
            "Turn a ghost blank: one ghost fewer for everyone in the room.",
            "fr": "Dans le Couloir, le propriétaire du troisième meeple peut changer un dé, ou "
            "garder les dés. Changez un fantôme en vide : un fantôme de moins pour toute la "
            "pièce.",
        },
    ),
    12: Lesson(
        "secret_passage",
        {
            "en": "The Secret Passage hides its third card face down. Whoever places a meeple "
            "there sees it; everyone sees it when the room resolves. Place a meeple on its "
            "space 3.",
            "fr": "Le Passage secret cache sa troisième carte face cachée. Qui y place un meeple "
            "la voit ; tout le monde la voit quand la pièce se résout. Placez un meeple sur sa "
            "case 3.",
        },
    ),
    15: Lesson(
        "basement",
        {
            "en": "In the Basement the third meeple's owner may roll all the dice again, once, "
            "or keep them. Three ghosts out of five dice: keep them.",
            "fr": "Au Sous-sol, le propriétaire du troisième meeple peut relancer tous les dés, "
            "une fois, ou les garder. Trois fantômes sur cinq dés : gardez-les.",
        },
    ),
    18: Lesson(
        "end",
        {
            "en": "When a board's side has no cards left to deal, the board leaves the game; "
            "when all three are gone, the game ends. Place a meeple on the Attic's space 4.",
            "fr": "Quand il n'y a plus de cartes à distribuer à une pièce, son plateau quitte la "
            "partie ; quand les trois sont partis, la partie s'achève. Placez un meeple sur la "
            "case 4 du Grenier.",
        },
    ),
}

TUTORIAL = Tutorial(
    seed=4,
    decisions=tuple(DECISIONS.split()),
    lessons=LESSONS,
    welcome={
        "en": "Explore a haunted mansion: send your meeples into its rooms and take the cards "
        "they reveal. Every card carries curses, and the fewest curses win. You play against "
        "the casual bot; the coach marks each decision to make.",
        "fr": "Explorez un manoir hanté : envoyez vos meeples dans ses pièces et prenez les "
        "cartes qu'elles révèlent. Chaque carte porte des malédictions, et le moins de "
        "malédictions l'emporte. Vous jouez contre le robot occasionnel ; le coach marque "
        "chaque décision à prendre.",
    },
    ending={
        "en": "Your curses are those of your cards still face up (dispelled cards count none), "
        "plus the ghost penalty: whoever holds the most ghost tokens takes one curse for every "
        "two. The fewest curses win; the table shows each type, yours beside the bot's.",
        "fr": "Vos malédictions sont celles de vos cartes encore visibles (les cartes dissipées "
        "n'en comptent aucune), plus la pénalité des fantômes : qui a le plus de jetons "
        "fantômes prend une malédiction pour deux. Le moins de malédictions l'emporte ; le "
        "tableau montre chaque type, le vôtre à côté de celui du robot.",
    },
)
