"""``vitrine ratings rebuild``: every rating recomputed from the records, in the
order they were applied, and compared with the stored figures.

Each rated table is replayed from its seed and decisions (its record), its
final ranks read from the game, and the ratings moved with the same function
the server used (``vitrine.ratings.apply``), starting from nobody rated.  The
figures must be the stored ones to the last bit: a difference means a
rating was changed some other way, or the rules or the rating model changed
under the records (then ``--write`` stores the recomputed figures).
"""

from dataclasses import dataclass, field

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from vitrine.games import get_game
from vitrine.ratings import Ratings, apply
from vitrine.server.orm import aware
from vitrine.server.play.core import new_state
from vitrine.server.play.endings import ending_of
from vitrine.server.play.models import TableRow
from vitrine.server.play.store import Store
from vitrine.server.players.models import RatedGameRow, RatingChangeRow, RatingRow
from vitrine.server.players.standings import rated_game


@dataclass
class Rebuilt:
    games: int = 0
    ratings: int = 0
    differences: list[str] = field(default_factory=list)


def rebuild_ratings(engine: Engine, write: bool = False) -> Rebuilt:
    """Recompute every rating; with ``write``, store the recomputed figures."""
    store = Store(engine)
    report = Rebuilt()
    ratings = Ratings()
    games: dict[tuple[str, str], int] = {}
    rows: list[RatingChangeRow] = []  # the changes recomputed, to write
    with Session(engine) as session:
        rated = session.scalars(select(RatedGameRow).order_by(RatedGameRow.id)).all()
        stored = {
            (row.rated_game_id, row.account_id): row
            for row in session.scalars(select(RatingChangeRow))
        }
        current = {(row.game, row.account_id): row for row in session.scalars(select(RatingRow))}
    for number in rated:
        loaded = store.load_table(number.table_id)
        assert loaded is not None, number.table_id
        row: TableRow = loaded.row
        state = new_state(get_game(row.game), row)
        for _, decision in loaded.log:
            state.apply_action(decision)
        ending = ending_of(row, state, aware(number.finished_at))
        game = rated_game(ending)
        if game is None:
            report.differences.append(f"table {row.id}: rated, but not two accounts at it")
            continue
        report.games += 1
        seats = [seat for seat, account in enumerate(ending.accounts) if account is not None]
        for seat, change in zip(seats, apply(ratings, game), strict=True):
            key = (change.game, change.account)
            games[key] = games.get(key, 0) + 1
            kept = stored.get((number.id, change.account))
            figures = (change.before.mu, change.before.sigma, change.after.mu, change.after.sigma)
            rows.append(
                RatingChangeRow(
                    rated_game_id=number.id,
                    account_id=change.account,
                    seat=seat,
                    mu_before=change.before.mu,
                    sigma_before=change.before.sigma,
                    mu_after=change.after.mu,
                    sigma_after=change.after.sigma,
                )
            )
            if kept is None or figures != (
                kept.mu_before,
                kept.sigma_before,
                kept.mu_after,
                kept.sigma_after,
            ):
                report.differences.append(f"table {row.id}, account {change.account}: {figures}")
    for key, rating in ratings.items():
        report.ratings += 1
        kept_rating = current.get(key)
        if kept_rating is None or (kept_rating.mu, kept_rating.sigma) != (rating.mu, rating.sigma):
            report.differences.append(f"rating {key}: {rating}")
    if write and report.differences:
        store_rebuilt(engine, ratings, games, rows)
    return report


def store_rebuilt(
    engine: Engine,
    ratings: Ratings,
    games: dict[tuple[str, str], int],
    changes: list[RatingChangeRow],
) -> None:
    """Replace the stored changes and ratings with the rebuilt ones, at once."""
    with Session(engine) as session, session.begin():
        session.execute(delete(RatingChangeRow))
        session.execute(delete(RatingRow))
        session.add_all(changes)
        for (game, account), rating in ratings.items():
            session.add(
                RatingRow(
                    game=game,
                    account_id=account,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    games=games[(game, account)],
                    updated_at=ratings.history(game, account)[-1].finished_at,
                )
            )
