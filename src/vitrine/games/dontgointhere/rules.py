"""The versions of the rules this engine plays, and what differs between them.

A record names the rules it was played under (``rules_version``), and a
game keeps them to its end: a record saved under an earlier version replays,
and a table started under it plays on, exactly as it was played.  Versions
differ only by the switches below, each a decision of docs/dontgointhere.md,
so an earlier version is a few ``if``s in the engine, never a copy of it.
"""

from dataclasses import dataclass

from vitrine.engine.overlay import Overlay
from vitrine.engine.record import rules_under


@dataclass(frozen=True)
class Rules:
    """One version of the rules: its name and the decisions that changed."""

    version: str
    library_draw_order: bool  # G-12: equal curses lie in the order drawn (else by type)
    copy_choice: bool  # G-11: the Library's two identical cards are two choices (else the right)
    tome_needs_a_card: bool  # G-26: no type is asked when nothing could be dispelled
    overlay: Overlay | None = None  # a designer's change to the components (rules_under)


RULESETS = {
    rules.version: rules
    for rules in (
        Rules("dontgointhere-2026.1", False, False, False),
        Rules("dontgointhere-2026.2", True, True, True),
    )
}
VERSIONS = tuple(RULESETS)  # the current last
CURRENT = RULESETS[VERSIONS[-1]]


def rules_for(version: str | None, overlay: Overlay | None = None) -> Rules:
    """The rules of ``version`` (None: the current ones), or of the rule
    ``overlay``'s version when there is one; refuses an unknown version."""
    return rules_under(RULESETS, version, overlay)
