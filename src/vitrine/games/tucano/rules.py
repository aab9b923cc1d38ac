"""The versions of Tucano's rules this engine plays, and what differs.

A record names the rules it was played under (``rules_version``), and a
game keeps them to its end: a record saved under an earlier version replays,
and a table started under it plays on, as it was played.  Versions differ
only by the switches below, each a decision of docs/tucano.md, so an earlier
version is an ``if`` in the engine, never a copy of it.
"""

from dataclasses import dataclass

from vitrine.engine.overlay import Overlay
from vitrine.engine.record import rules_under


@dataclass(frozen=True)
class Rules:
    """One version of the rules: its name and the decisions that changed."""

    version: str
    joker_choice: bool  # T-10: the holder chooses the joker's fruit (else the engine, for them)
    overlay: Overlay | None = None  # a designer's change to the cards (rules_under)


RULESETS = {
    rules.version: rules
    for rules in (
        Rules("tucano-2026.1", joker_choice=False),
        Rules("tucano-2026.2", joker_choice=True),
    )
}
VERSIONS = tuple(RULESETS)  # the current last
CURRENT = RULESETS[VERSIONS[-1]]


def rules_for(version: str | None, overlay: Overlay | None = None) -> Rules:
    """The rules of ``version`` (None: the current ones), or of the rule
    ``overlay``'s version when there is one; refuses an unknown version."""
    return rules_under(RULESETS, version, overlay)
