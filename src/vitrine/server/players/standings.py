"""The ratings a rated table moves, written in the transaction of the game's
last decision (the tables hand them each ending: ``play.endings``).

So a game never ends without its ratings, nor its ratings without the game:
both commit, or neither.  Ratings are read with their rows locked (on
PostgreSQL: ``FOR UPDATE``; SQLite has one writer), so two tables ending at
once for one player apply one after the other, and ``rated_games`` numbers
them in that order, the order a rebuild follows (``vitrine.ratings``:
``apply`` folded over the games).
"""

from sqlalchemy import Connection, Table, select, update

from vitrine.ratings import Change, RatedGame, Rating, Ratings, apply, ranks_for
from vitrine.server.play.endings import Ending
from vitrine.server.players.models import RatedGameRow, RatingChangeRow, RatingRow

RATINGS: Table = RatingRow.__table__  # type: ignore[assignment]
RATED_GAMES: Table = RatedGameRow.__table__  # type: ignore[assignment]
CHANGES: Table = RatingChangeRow.__table__  # type: ignore[assignment]


def rated_game(ending: Ending) -> RatedGame | None:
    """The ratings' view of a rated table's end: its accounts' seats, ranked
    (those who left last); None if fewer than two accounts sat there."""
    rated = [seat for seat, account in enumerate(ending.accounts) if account is not None]
    if not ending.rated or len(rated) < 2:
        return None
    return RatedGame(
        game=ending.game,
        table_id=ending.table_id,
        finished_at=ending.finished_at,
        players=tuple(ending.accounts[seat] or "" for seat in rated),
        ranks=tuple(ranks_for(ending.ranks, rated, [s for s in rated if s in ending.left])),
    )


def record_ratings(connection: Connection, ending: Ending, locking: bool) -> list[Change]:
    """Write the ratings a rated table's end moves inside the caller's
    transaction (the one that ends the game); the rating changes made."""
    game = rated_game(ending)
    if game is None:
        return []
    query = select(RatingRow).where(
        RatingRow.game == game.game, RatingRow.account_id.in_(game.players)
    )
    if locking:
        query = query.with_for_update()
    current = {
        (row.game, row.account_id): (Rating(row.mu, row.sigma), row.games)
        for row in connection.execute(query)
    }
    changes = apply(Ratings({key: rating for key, (rating, _) in current.items()}), game)
    number = connection.execute(
        RATED_GAMES.insert().returning(RATED_GAMES.c.id),
        {"table_id": game.table_id, "game": game.game, "finished_at": game.finished_at},
    ).scalar_one()
    seats = [seat for seat, account in enumerate(ending.accounts) if account is not None]
    connection.execute(
        CHANGES.insert(),
        [
            {
                "rated_game_id": number,
                "account_id": change.account,
                "seat": seat,
                "mu_before": change.before.mu,
                "sigma_before": change.before.sigma,
                "mu_after": change.after.mu,
                "sigma_after": change.after.sigma,
            }
            for seat, change in zip(seats, changes, strict=True)
        ],
    )
    for change in changes:
        key = (change.game, change.account)
        values = {
            "mu": change.after.mu,
            "sigma": change.after.sigma,
            "games": current.get(key, (None, 0))[1] + 1,
            "updated_at": change.finished_at,
        }
        if key in current:
            connection.execute(
                update(RATINGS)
                .where(RATINGS.c.game == change.game, RATINGS.c.account_id == change.account)
                .values(values)
            )
        else:
            connection.execute(
                RATINGS.insert(), {"game": change.game, "account_id": change.account, **values}
            )
    return changes
