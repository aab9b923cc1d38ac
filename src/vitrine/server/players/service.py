"""What follows a person from one game to the next: their games, profile,
ratings and the leaderboards, read from the tables their account sat at.

``My games`` puts the games in progress first, those waiting for the person
first of all; finished games carry the person's result and rating change.
A profile counts finished games and wins per game and draws the rating's
history; a leaderboard lists the ratings that are no longer provisional, of
accounts that played rated in the last ``ACTIVE_DAYS`` days.  A deleted
account has no profile and leaves the leaderboards.
"""

from datetime import timedelta
from typing import Any

from starlette.concurrency import run_in_threadpool

from vitrine.games import game_names
from vitrine.ratings import Rating, provisional, shown
from vitrine.server.errors import not_found
from vitrine.server.orm import aware, utcnow
from vitrine.server.play.live import ABANDONED, CANCELLED, OPEN, OVER, PLAYING, public_table
from vitrine.server.play.service import TableService
from vitrine.server.players.models import RatingChangeRow
from vitrine.server.players.store import ProfileStore, SeatAt

ACTIVE_DAYS = 90
EXPORTED = 100_000  # tables an export lists: all of them
STATUSES = (OPEN, PLAYING, OVER, ABANDONED, CANCELLED)


def outcome(ranks: list[int] | None, seat: int) -> str | None:
    """``won``, ``shared`` (first with others), ``lost``; None when not kept."""
    if not ranks or seat >= len(ranks):
        return None
    if ranks[seat] != 1:
        return "lost"
    return "won" if ranks.count(1) == 1 else "shared"


def rating_info(rating: Rating, games: int) -> dict[str, Any]:
    return {
        "rating": shown(rating),
        "provisional": provisional(rating),
        "games": games,
    }


async def in_progress(service: TableService, store: ProfileStore, account_id: str) -> list[Any]:
    """The account's open and playing tables, those waiting for it first."""
    found = await run_in_threadpool(store.tables_of, account_id, (OPEN, PLAYING), 0, 200)
    games = []
    for at in found:
        live = await service.core.get(at.table.id)
        current = None if live.state is None or live.state.is_over else live.state.current_player
        games.append(
            {
                **live.summary(),
                "seat": at.seat,
                "your_turn": live.row.status == PLAYING and current == at.seat,
            }
        )
    games.sort(key=lambda game: not game["your_turn"])  # stable: the newest first otherwise
    return games


def finished_entry(at: SeatAt, change: RatingChangeRow | None) -> dict[str, Any]:
    row = at.table
    return {
        **public_table(row),
        "seat": at.seat,
        "finished_at": None if row.finished_at is None else aware(row.finished_at).isoformat(),
        "rank": None if not row.ranks else row.ranks[at.seat],
        "outcome": outcome(row.ranks, at.seat),
        "rating_change": None if change is None else change_info(change),
    }


def change_info(change: RatingChangeRow) -> dict[str, Any]:
    before = Rating(change.mu_before, change.sigma_before)
    after = Rating(change.mu_after, change.sigma_after)
    return {
        "before": shown(before),
        "after": shown(after),
        "change": shown(after) - shown(before),
        "provisional": provisional(after),
    }


async def finished(store: ProfileStore, account_id: str, page: int, size: int) -> list[Any]:
    found = await run_in_threadpool(store.tables_of, account_id, (OVER,), page * size, size)
    changes = await run_in_threadpool(store.changes, account_id, [at.table.id for at in found])
    return [finished_entry(at, changes.get(at.table.id)) for at in found]


async def exported_games(
    service: TableService, store: ProfileStore, account_id: str
) -> list[dict[str, Any]]:
    """Every table the account sat at, with its record once the game is over
    (the account's export)."""
    found = await run_in_threadpool(store.tables_of, account_id, STATUSES, 0, EXPORTED)
    games = []
    for at in found:
        record = None
        if at.table.status in (OVER, ABANDONED) and at.table.started_at is not None:
            record = await service.record(at.table.id)
        games.append({"table": public_table(at.table), "seat": at.seat, "record": record})
    return games


async def leaders_of(store: ProfileStore, game: str, bots: bool) -> dict[str, Any]:
    if game not in game_names():
        raise not_found("game_not_found", f"no game {game!r} is installed here", game=game)
    since = utcnow() - timedelta(days=ACTIVE_DAYS)
    leaders = await run_in_threadpool(store.leaders, game, since, bots)
    return {
        "game": game,
        "active_days": ACTIVE_DAYS,
        "players": [
            {"rank": rank, "name": name, **rating_info(Rating(row.mu, row.sigma), row.games)}
            for rank, (row, name) in enumerate(leaders, start=1)
        ],
    }
