"""The versions of Tucano's rules this engine plays, and what differs.

A record names the rules it was played under (``rules_version``), and a
game keeps them to its end: a record saved under an earlier version replays,
and a table started under it plays on, as it was played.  Versions differ
only by the switches below, each a decision of docs/tucano.md, so an earlier
version is an ``if`` in the engine, never a copy of it.
"""

from dataclasses import dataclass

from vitrine.engine.record import select_rules


@dataclass(frozen=True)
class Rules:
    """One version of the rules: its name and the decisions that changed."""

    version: str
    joker_choice: bool  # T-10: the holder chooses the joker's fruit (else the engine, for them)


RULESETS = {
    rules.version: rules
    for rules in (
        Rules("tucano-2026.1", joker_choice=False),
        Rules("tucano-2026.2", joker_choice=True),
    )
}
VERSIONS = tuple(RULESETS)  # the current last
CURRENT = RULESETS[VERSIONS[-1]]


def rules_for(version: str | None) -> Rules:
    """The rules of ``version`` (None: the current ones); refuses an unknown one."""
    return select_rules(RULESETS, version)
