"""Rule overlays: a designer's change to a game's data, played as a rules version of its own.

A game's rules live partly in code and partly in data files (Exhibition's
``hall.json`` and ``cards.json``, Tucano's ``cards.json``, Don't Go In
There's ``components.json``).  An overlay changes the data: for each file it
names, a JSON merge patch (RFC 7386: objects merge key by key, ``null``
removes a key, anything else replaces) applied to the file as the base rules
version has it.  One convenience goes beyond RFC 7386: a list of objects that
each carry an identifier (``key``, ``id``, ``code`` or ``card``) may be
patched by an object keyed by those identifiers, so that changing one
showcase or one fruit does not mean copying the whole list.

The merged data then goes through the very loaders that check the shipped
files, so an overlay is refused exactly where the shipped data would be.

An overlay is a rules change, so it is a rules version: ``<base>+<digest>``,
the digest a SHA-256 of the overlay's canonical JSON.  A game played under
it records that version and the overlay itself, so its record replays; a
game definition without the overlay (the web app's) refuses the version
like any other it does not play.
"""

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from vitrine.engine.errors import VitrineError

FIELDS = ("game", "base", "title", "changes")
IDENTIFIERS = ("key", "id", "code", "card")
DIGEST_LENGTH = 12  # hex digits of the digest in the version name
SEPARATOR = "+"


class OverlayError(VitrineError):
    """An overlay that is malformed, or whose merged data the game's loaders refuse."""

    default_code = "overlay"


def canonical(data: Any) -> str:
    """One JSON text per value, whatever the key order or spacing of its file."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True, eq=False)
class Overlay:
    """A change to a game's data files, on top of the rules version ``base``."""

    game: str
    base: str
    changes: Mapping[str, Any]  # data file name (without .json) -> merge patch
    title: str = ""

    def identity(self) -> dict[str, Any]:
        """What the digest covers: the title is a label, not a rule."""
        return {"game": self.game, "base": self.base, "changes": self.changes}

    @property
    def digest(self) -> str:
        return hashlib.sha256(canonical(self.identity()).encode("utf-8")).hexdigest()

    @property
    def version(self) -> str:
        """The rules version of games played under the overlay."""
        return f"{self.base}{SEPARATOR}{self.digest[:DIGEST_LENGTH]}"

    def __eq__(self, other: object) -> bool:
        """The same overlay, title included: two files with the same rules
        play the same version, but each game records its own file's title."""
        return isinstance(other, Overlay) and canonical(self.to_dict()) == canonical(
            other.to_dict()
        )

    def __hash__(self) -> int:
        return hash(canonical(self.to_dict()))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game, "base": self.base}
        if self.title:
            data["title"] = self.title
        data["changes"] = dict(self.changes)
        return data

    @classmethod
    def from_dict(cls, data: object, where: str = "overlay") -> "Overlay":
        """An overlay from decoded JSON, its shape checked (what it changes
        is checked by the game, see ``apply_overlay`` and ``checked``)."""
        if not isinstance(data, dict):
            raise OverlayError(f"{where}: must be a JSON object", "overlay_not_object")
        unknown = sorted(set(data) - set(FIELDS))
        if unknown:
            raise OverlayError(
                f"{where}: unknown field(s) {', '.join(unknown)} (known: {', '.join(FIELDS)})",
                "overlay_unknown_fields",
                {"fields": ", ".join(unknown)},
            )
        for name in ("game", "base"):
            if not isinstance(data.get(name), str) or not data[name]:
                raise OverlayError(
                    f"{where}: '{name}' must be a non-empty string",
                    "overlay_field",
                    {"field": name},
                )
        title = data.get("title", "")
        if not isinstance(title, str):
            raise OverlayError(
                f"{where}: 'title' must be a string", "overlay_field", {"field": "title"}
            )
        changes = data.get("changes")
        if not isinstance(changes, dict) or not changes:
            raise OverlayError(
                f"{where}: 'changes' must map data files to their changes",
                "overlay_changes",
            )
        return cls(data["game"], data["base"], changes, title)


def merge(document: Any, patch: Any, where: str) -> Any:
    """``patch`` applied to ``document`` (RFC 7386, with lists of identified
    objects patchable by identifier); ``where`` names the place in errors."""
    if isinstance(patch, dict) and isinstance(document, list):
        return _merge_by_identifier(document, patch, where)
    if not isinstance(patch, dict):
        return patch
    merged = dict(document) if isinstance(document, dict) else {}
    for key, value in patch.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = merge(merged.get(key), value, f"{where}.{key}")
    return merged


def _merge_by_identifier(items: Sequence[Any], patch: Mapping[str, Any], where: str) -> list[Any]:
    field = next(
        (
            name
            for name in IDENTIFIERS
            if items and all(isinstance(item, dict) and name in item for item in items)
        ),
        None,
    )
    if field is None:
        raise OverlayError(
            f"{where}: a list whose entries have no identifier ({', '.join(IDENTIFIERS)}) "
            "is replaced by a list, not patched by an object",
            "overlay_list_patch",
            {"where": where},
        )
    known = [str(item[field]) for item in items]
    unknown = [name for name in patch if name not in known]
    if unknown:
        raise OverlayError(
            f"{where}: no entry with {field} {unknown[0]!r} (known: {', '.join(known)})",
            "overlay_unknown_entry",
            {"where": where, "entry": unknown[0]},
        )
    merged = []
    for item, name in zip(items, known, strict=True):
        if name not in patch:
            merged.append(item)
        elif patch[name] is None:
            continue  # null removes the entry, as it removes a key
        else:
            merged.append(merge(item, patch[name], f"{where}.{name}"))
    return merged


def apply_overlay(overlay: Overlay, documents: Mapping[str, Any]) -> dict[str, Any]:
    """Every data file of a game (``documents``: name -> decoded JSON, as the
    base version has them) with the overlay's changes; refuses a file the
    game lacks and an overlay that changes nothing."""
    unknown = sorted(set(overlay.changes) - set(documents))
    if unknown:
        raise OverlayError(
            f"'changes': {overlay.game} has no data file {unknown[0]!r} "
            f"(its files: {', '.join(documents)})",
            "overlay_unknown_file",
            {"file": unknown[0], "known": ", ".join(documents)},
        )
    merged = {
        name: merge(document, overlay.changes[name], name) if name in overlay.changes else document
        for name, document in documents.items()
    }
    if all(canonical(merged[name]) == canonical(documents[name]) for name in documents):
        raise OverlayError("the overlay changes nothing in the rules", "overlay_no_change")
    return merged


Built = TypeVar("Built")


def checked(build: Callable[[Any], Built], data: Any) -> Built:
    """``build(data)`` (a game's loader on merged data), its refusal
    re-raised as the overlay's: the loader's message names the field."""
    try:
        return build(data)
    except VitrineError as error:
        raise OverlayError(f"the overlay's rules are refused: {error}", "overlay_refused") from None


def check_base(overlay: Overlay, game: str, versions: Sequence[str]) -> None:
    """Refuse an overlay of another game, or on rules the game does not play."""
    if overlay.game != game:
        raise OverlayError(
            f"an overlay for {overlay.game!r}, not {game!r}",
            "overlay_game",
            {"game": overlay.game, "expected": game},
        )
    if overlay.base not in versions:
        raise OverlayError(
            f"'base': {game} plays no rules version {overlay.base!r} "
            f"(it plays {', '.join(versions)})",
            "overlay_base",
            {"base": overlay.base, "expected": ", ".join(versions)},
        )
