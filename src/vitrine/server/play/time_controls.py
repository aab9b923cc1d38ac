"""Time controls: the clocks a table may have, and how a game ends on a missed deadline.

Two families, one model: a fixed time per decision, reset by every decision
(``clock_seconds``; see docs/server.md for why not a bank that refills).  Live
clocks take at most an hour per decision; turn-based ones 1, 2, 3, 5 or 14
days.  What a missed deadline does is the table's choice (``on_timeout``):
a bot plays the seat to the end (``bot``), or the game ends there (``end``):
the seat that missed it ranks last, every other seat shares the first rank,
and a rated table's ratings follow those ranks like any other result.
"""

from datetime import datetime

from vitrine.server.errors import invalid
from vitrine.server.play.endings import Ending
from vitrine.server.play.models import TableRow

DAY = 24 * 3600
LIVE_LIMIT = 3600  # the longest live clock, per decision
TURN_DAYS = (1, 2, 3, 5, 14)  # the turn-based clocks, in days per decision
ON_TIMEOUT = ("bot", "end")


def turn_based(seconds: int | None) -> bool:
    """A clock of a day or more a decision: a game played over days, not in one
    sitting (guests may not pair for one; a person is told when it is their turn)."""
    return seconds is not None and seconds >= DAY


def check_clock(seconds: int | None) -> None:
    """Refuse a clock that is neither live (at most an hour) nor one of the turn-based days."""
    if seconds is None or 0 < seconds <= LIVE_LIMIT or seconds in {d * DAY for d in TURN_DAYS}:
        return
    raise invalid(
        "clock_choice",
        f"a clock gives at most {LIVE_LIMIT} s per decision (live) or "
        f"{', '.join(map(str, TURN_DAYS))} days (turn-based), got {seconds} s",
        seconds=seconds,
        live_limit=LIVE_LIMIT,
        days=", ".join(map(str, TURN_DAYS)),
    )


def timeout_ranks(seats: int, missed: int) -> tuple[int, ...]:
    """Each seat's rank when ``missed`` let its deadline pass and the game ended:
    it ranks last, the others share the first rank (ranks count seats ahead)."""
    return tuple(seats if position == missed else 1 for position in range(seats))


def timeout_ending(row: TableRow, missed: int, at: datetime) -> Ending:
    """The end of a table whose seat ``missed`` let its deadline pass (``on_timeout``: end)."""
    return Ending(
        table_id=row.id,
        game=row.game,
        finished_at=at,
        ranks=timeout_ranks(len(row.seats), missed),
        rated=bool(row.rated),
        accounts=tuple(seat.account_id if seat.kind == "human" else None for seat in row.seats),
        left=frozenset({missed} | {seat.position for seat in row.seats if seat.substituted}),
    )
