"""Tucano's guided first game (``kit.tutorial``): deal 7, against the casual bot.

The learner's decisions are those the strong bot (``ismcts:500``) made in
seat 0 of this deal; the game shows every toucan (the learner flips twice
and steals, the bot gives and steals), majority fruit, the joker changing
hands and its fruit chosen at the end, and the learner wins 58 to 57.  The
lessons come where each rule first matters (docs/tucano.md).
"""

from vitrine.kit.tutorial import Lesson, Tutorial

DECISIONS = "B A C C C A C flip A A B flip A A steal:joker<1 joker:banana"

LESSONS = {
    0: Lesson(
        "column",
        {
            "en": "On your turn take one of the three columns, every card in it: its fruit goes "
            "face up in front of you. Column B holds a pomegranate and an avocado: take it.",
            "fr": "À votre tour, prenez l'une des trois colonnes, toutes ses cartes : ses fruits "
            "se posent face visible devant vous. La colonne B contient une grenade et un avocat : "
            "prenez-la.",
        },
    ),
    1: Lesson(
        "refill",
        {
            "en": "After each turn every column gets one more card from the pile, so a column "
            "nobody takes grows. Avocado, banana and pomegranate are majority fruit (★): their "
            "cards pay well only to the one player who holds the most of them. Take column A.",
            "fr": "Après chaque tour, chaque colonne reçoit une carte de la pioche : une colonne "
            "que personne ne prend grandit. L'avocat, la banane et la grenade sont des fruits de "
            "majorité (★) : leurs cartes ne rapportent bien qu'au seul joueur qui en a le plus. "
            "Prenez la colonne A.",
        },
    ),
    5: Lesson(
        "sets",
        {
            "en": "Every other fruit scores by how many cards of it you hold, each its own way: "
            "4 figs make 16 points but 1 fig costs 2, pineapple and lime only cost points. Column "
            "A holds five cards: take it.",
            "fr": "Chacun des autres fruits marque selon le nombre de ses cartes que vous avez, "
            "chacun à sa façon : 4 figues font 16 points mais 1 figue en coûte 2, l'ananas et le "
            "citron vert ne font que coûter. La colonne A a cinq cartes : prenez-la.",
        },
    ),
    6: Lesson(
        "toucans",
        {
            "en": "Toucans come from the lower half of the pile. A column's toucans act for "
            "whoever takes it, one after the other, each as it must. Take column C, with a flip "
            "toucan.",
            "fr": "Les toucans viennent de la moitié basse de la pioche. Les toucans d'une "
            "colonne agissent pour qui la prend, l'un après l'autre, chacun comme il le doit. "
            "Prenez la colonne C, avec un toucan retourneur.",
        },
    ),
    7: Lesson(
        "flip",
        {
            "en": "The flip toucan turns all your face-up cards into a face-down pile. They still "
            "score at the end, but nobody can give or steal them any more, and nobody looks at "
            "them again, you included. Flip.",
            "fr": "Le toucan retourneur met toutes vos cartes visibles dans une pile face cachée. "
            "Elles comptent encore à la fin, mais personne ne peut plus les donner ni les voler, "
            "et personne ne les regarde plus, vous compris. Retournez.",
        },
    ),
    9: Lesson(
        "gift_steal",
        {
            "en": "The bot's gift toucans each made it give you one of its face-up cards "
            "(carambola, coconut); its steal toucan took one of yours back (the coconut). Only "
            "face-up cards move. Take column A.",
            "fr": "Les toucans cadeaux du robot lui ont fait vous donner chacun une de ses cartes "
            "visibles (carambole, noix de coco) ; son toucan voleur vous en a repris une (la noix "
            "de coco). Seules les cartes visibles changent de main. Prenez la colonne A.",
        },
    ),
    12: Lesson(
        "joker",
        {
            "en": "Column A holds the joker. At the end its holder chooses a fruit they hold "
            "for it to count as one more card of. Take it: the bot may steal it.",
            "fr": "La colonne A contient le joker. À la fin, son détenteur choisit un fruit qu'il "
            "possède, dont il compte comme une carte de plus. Prenez-la : le robot pourrait le "
            "voler.",
        },
    ),
    14: Lesson(
        "steal",
        {
            "en": "The bot stole the joker. Your steal toucan takes one face-up card from "
            "another player: take the joker back.",
            "fr": "Le robot a volé le joker. Votre toucan voleur prend une carte visible à un "
            "autre joueur : reprenez le joker.",
        },
    ),
    15: Lesson(
        "joker_fruit",
        {
            "en": "The turns are over and every pile is turned over. Choose the fruit your joker "
            "joins; each button shows your total and the best other. As carambola you would reach "
            "63, but so would the bot. As banana it ties your bananas with the bot's, so its "
            "bananas no longer pay the sole most: 58 to 57.",
            "fr": "Les tours sont finis et toutes les piles sont retournées. Choisissez le fruit "
            "que rejoint votre joker ; chaque bouton montre votre total et le meilleur des autres. "
            "En carambole vous atteindriez 63, mais le robot aussi. En banane, il égale vos "
            "bananes à celles du robot, dont les bananes ne rapportent plus la majorité : 58 à 57.",
        },
    ),
}

TUTORIAL = Tutorial(
    seed=7,
    decisions=tuple(DECISIONS.split()),
    lessons=LESSONS,
    welcome={
        "en": "Collect fruit: take columns of cards, play the toucans they bring, and score "
        "sets and majorities. You play against the casual bot; the coach marks each decision "
        "to make.",
        "fr": "Récoltez des fruits : prenez des colonnes de cartes, jouez les toucans qu'elles "
        "apportent, et marquez séries et majorités. Vous jouez contre le robot occasionnel ; "
        "le coach marque chaque décision à prendre.",
    },
    ending={
        "en": "Every card counts, face up or face down: each fruit by its table, majority fruit "
        "at the high value only for the sole most, the joker as one more card of its fruit. "
        "The table shows each fruit, yours beside the bot's.",
        "fr": "Chaque carte compte, visible ou cachée : chaque fruit selon son barème, les "
        "fruits de majorité au haut barème pour le seul qui en a le plus, le joker comme une "
        "carte de plus de son fruit. Le tableau montre chaque fruit, le vôtre à côté de celui "
        "du robot.",
    },
)
