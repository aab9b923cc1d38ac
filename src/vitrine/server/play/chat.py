"""Table chat: what a line may hold, and how often a seat may speak.

Plain text only: the page puts it in the document as text, never as markup,
so escaping is the page's job and nothing here needs to strip tags.  Lines
are bounded in length and in rate, so one seat cannot flood a table or its
database; control characters (which could reorder or hide text) go.
"""

import unicodedata

from vitrine.server.errors import invalid

CHAT_LENGTH = 300  # characters in one line


def clean_line(text: str) -> str:
    """The line as stored: control and format characters removed, spaces
    squeezed, between 1 and ``CHAT_LENGTH`` characters; refused otherwise."""
    kept = "".join(
        " " if char.isspace() else char
        for char in text
        if char.isspace() or unicodedata.category(char)[0] != "C"
    )
    line = " ".join(kept.split())
    if not line:
        raise invalid("chat_empty", "a chat line must hold at least one visible character")
    if len(line) > CHAT_LENGTH:
        raise invalid(
            "chat_too_long",
            f"a chat line holds at most {CHAT_LENGTH} characters, got {len(line)}",
            max=CHAT_LENGTH,
            got=len(line),
        )
    return line
