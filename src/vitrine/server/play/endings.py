"""How a game ends for the people at its table: each seat's rank, and whatever
else a game's end moves, written in the transaction of its last decision.

The tables write the ranks themselves; what else an ending moves (a rated
table's ratings) belongs to a capability above the tables, which hands the
store its :data:`EndRecorder` (the app's assembly does: ``players.standings``).
So the tables know nothing of ratings, and a game never ends without them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection

from vitrine.engine.protocol import GameState
from vitrine.server.play.models import TableRow


@dataclass(frozen=True)
class Ending:
    """A table's end as its last decision's transaction writes it."""

    table_id: str
    game: str
    finished_at: datetime
    ranks: tuple[int, ...]  # every seat's, 1 first
    rated: bool
    accounts: tuple[str | None, ...]  # each seat's account (None: a guest or a bot)
    left: frozenset[int]  # seats whose player left or timed out (a bot finished for them)


def final_ranks(state: GameState) -> tuple[int, ...]:
    """Each seat's rank in a finished game, as its scores say."""
    scores = state.view(None)["scores"]
    return tuple(int(entry["rank"]) for entry in sorted(scores, key=lambda e: e["player"]))


def ending_of(row: TableRow, state: GameState, at: datetime) -> Ending:
    return Ending(
        table_id=row.id,
        game=row.game,
        finished_at=at,
        ranks=final_ranks(state),
        rated=bool(row.rated),
        accounts=tuple(seat.account_id if seat.kind == "human" else None for seat in row.seats),
        left=frozenset(seat.position for seat in row.seats if seat.substituted),
    )


# Writes what else an ending moves, in the transaction that ends the game
# (``locking``: read the rows it changes FOR UPDATE, where the database can).
EndRecorder = Callable[[Connection, Ending, bool], object]
