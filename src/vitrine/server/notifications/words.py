"""What a notification says, in the person's language: a subject and a line per kind.

The payload of an outbox row carries names and ids, never words, so the
message is worded when it is sent, in the language the account has then.
"""

from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.games import get_plugin

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "turn.subject": "Your turn: {game}",
        "turn.line": "It is your turn at your {game} table.",
        "ended.subject": "Game over: {game}",
        "ended.line": "Your game of {game} has ended. See the result at the table.",
        "invited.subject": "{by} invites you to play {game}",
        "invited.line": "{by} invites you to a game of {game}.",
        "chat.subject": "{by} wrote at your {game} table",
        "chat.line": "{by} wrote: “{text}”",
        "open": "Open the table",
        "why": "You get this because you turned these notifications on in your vitrine account.",
        "unsubscribe": "Stop these e-mails",
        "verify.subject": "Confirm your e-mail address for vitrine",
        "verify.line": "Confirm this address to get the notifications you choose from vitrine. "
        "The link works once, for {hours} hours. If you did not ask, ignore this e-mail.",
        "verify.open": "Confirm my address",
    },
    "fr": {
        "turn.subject": "À vous de jouer : {game}",
        "turn.line": "C'est à vous de jouer à votre table de {game}.",
        "ended.subject": "Partie terminée : {game}",
        "ended.line": "Votre partie de {game} est terminée. Le résultat est à la table.",
        "invited.subject": "{by} vous invite à jouer à {game}",
        "invited.line": "{by} vous invite à une partie de {game}.",
        "chat.subject": "{by} a écrit à votre table de {game}",
        "chat.line": "{by} a écrit : « {text} »",
        "open": "Ouvrir la table",
        "why": "Vous recevez ce message car vous avez activé ces notifications dans votre "
        "compte vitrine.",
        "unsubscribe": "Ne plus recevoir ces e-mails",
        "verify.subject": "Confirmez votre adresse e-mail pour vitrine",
        "verify.line": "Confirmez cette adresse pour recevoir de vitrine les notifications "
        "que vous choisissez. Le lien sert une fois, pendant {hours} heures. Si vous n'avez "
        "rien demandé, ignorez ce message.",
        "verify.open": "Confirmer mon adresse",
    },
}
CHAT_SHOWN = 140  # characters of a chat line a notification quotes


def say(language: str, key: str, **values: Any) -> str:
    words = WORDS.get(language, WORDS["en"])
    return words[key].format(**values)


def game_title(game: str, language: str) -> str:
    try:
        return get_plugin(game).title(language)
    except VitrineError:  # a game this server no longer has: its id will do
        return game


def worded(kind: str, payload: dict[str, Any], language: str) -> tuple[str, str]:
    """The subject and the line of a notification of ``kind``."""
    text = str(payload.get("text", ""))
    values = {
        "game": game_title(str(payload.get("game", "")), language),
        "by": payload.get("by") or "?",
        "text": text if len(text) <= CHAT_SHOWN else text[:CHAT_SHOWN] + "…",
    }
    return say(language, f"{kind}.subject", **values), say(language, f"{kind}.line", **values)
