"""Display names: one visible form per name, and no two at a table that look alike.

A name is normalised (NFKC: fullwidth letters become ASCII ones), its runs of
spaces folded to one, and refused if it holds a character that shows nothing
or reorders what follows: controls (NUL among them, which PostgreSQL cannot
store), format characters (zero-width spaces, bidirectional overrides),
private-use, unassigned and default-ignorable code points.

Two names at one table must not be confusable: they are compared by their
Unicode TR39 skeletons, so a Cyrillic A reads as a Latin A, and ``Il`` is ``ll``.
The skeletons come from ICU's SpoofChecker, Unicode's own implementation of
TR39, with its confusables data (PyICU, from the ``pyicu-wheels`` package,
which bundles ICU), rather than a table of look-alikes kept by hand.
"""

import unicodedata
from collections.abc import Iterable

import icu

from vitrine.server.errors import invalid

NAME_LENGTH = 24
# Categories C* (control, format, surrogate, private use, unassigned) and the
# default-ignorable code points, which render as nothing (U+3164 HANGUL FILLER, say).
_INVISIBLE = icu.UnicodeSet("[[:C:][:Default_Ignorable_Code_Point:]]")
_INVISIBLE.freeze()
_SPOOF = icu.SpoofChecker()


def clean_name(name: str) -> str:
    """The name as shown and stored, or a refusal saying what is wrong with it."""
    for character in name:
        # A lone surrogate cannot go to ICU (it is not UTF-16 text); its category says it all.
        if unicodedata.category(character) == "Cs" or _INVISIBLE.contains(character):
            raise invalid(
                "name_invisible",
                f"a name may not hold the invisible or control character U+{ord(character):04X}",
                character=f"U+{ord(character):04X}",
            )
    cleaned = " ".join(unicodedata.normalize("NFKC", name).split())
    if not cleaned:
        raise invalid("name_empty", "a name must hold at least one visible character")
    if len(cleaned) > NAME_LENGTH:
        raise invalid(
            "name_too_long",
            f"a name holds at most {NAME_LENGTH} characters, got {len(cleaned)}",
            max=NAME_LENGTH,
            got=len(cleaned),
        )
    return cleaned


def likeness(name: str) -> set[str]:
    """Keys two names share when they look alike: the TR39 skeleton of the name and
    of its case-folded form (``ANA`` and ``ana`` match; ``I`` and ``l`` only in case)."""
    return {_SPOOF.getSkeleton(0, name), _SPOOF.getSkeleton(0, name.casefold())}


def check_distinct(names: Iterable[str | None]) -> None:
    """Refuse a table where two seats' names could be taken for one another."""
    seen: set[str] = set()
    for name in names:
        if name is None:
            continue
        keys = likeness(name)
        if keys & seen:
            raise invalid(
                "names_repeated",
                "two seats have the same name, or names that look alike; names at a table "
                "must differ",
            )
        seen |= keys
