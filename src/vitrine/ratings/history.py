"""Ratings over many games: one rated game applied at a time, and a rebuild.

The server applies each rated game as it finishes; ``vitrine ratings
rebuild`` recomputes everything from the records and must give the stored
figures exactly.  Both go through ``apply``: a rebuild is ``apply`` folded
over the games in the order they finished, so it repeats the same
arithmetic on the same floats, and nothing can drift between the two ways.

Ratings are per game: a player has one rating for each game they play
rated, and a game of one never moves another's.
"""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime

from vitrine.ratings.model import INITIAL, Rating, check_ranks, rate, shown

Key = tuple[str, str]  # (game name, account id)


@dataclass(frozen=True)
class RatedGame:
    """What a finished rated table gives the ratings: its rated seats'
    accounts, in seat order, and their ranks from ``ranks_for``."""

    game: str
    table_id: str
    finished_at: datetime
    players: tuple[str, ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        check_ranks(len(self.players), self.ranks)
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"an account holds two rated seats at table {self.table_id}")


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one rated game."""

    game: str
    account: str
    table_id: str
    finished_at: datetime
    before: Rating
    after: Rating

    @property
    def shown_change(self) -> int:
        """The change shown at the game's end: the difference of the shown
        numbers, so that the old number plus the change is the new one."""
        return shown(self.after) - shown(self.before)


class Ratings(Mapping[Key, Rating]):
    """Every (game, account)'s current rating, and the changes that made it.

    A player not yet rated in a game has no entry; ``rating`` gives them
    ``INITIAL``.  ``current`` starts it from ratings already known (the
    server's stored figures for the players of the game it applies).
    """

    def __init__(self, current: Mapping[Key, Rating] | None = None) -> None:
        self._current: dict[Key, Rating] = dict(current or {})
        self._history: dict[Key, list[Change]] = {}

    def __getitem__(self, key: Key) -> Rating:
        return self._current[key]

    def __iter__(self) -> Iterator[Key]:
        return iter(self._current)

    def __len__(self) -> int:
        return len(self._current)

    def rating(self, game: str, account: str) -> Rating:
        return self._current.get((game, account), INITIAL)

    def history(self, game: str, account: str) -> tuple[Change, ...]:
        """The changes applied here to ``account`` in ``game``, oldest first."""
        return tuple(self._history.get((game, account), ()))

    def _record(self, change: Change) -> None:
        key = (change.game, change.account)
        self._current[key] = change.after
        self._history.setdefault(key, []).append(change)


def apply(ratings: Ratings, game: RatedGame) -> list[Change]:
    """Rate one game into ``ratings``; its players' changes, in seat order."""
    before = [ratings.rating(game.game, account) for account in game.players]
    after = rate(before, game.ranks)
    changes = [
        Change(game.game, account, game.table_id, game.finished_at, old, new)
        for account, old, new in zip(game.players, before, after, strict=True)
    ]
    for change in changes:
        ratings._record(change)
    return changes


def rebuild(games: Iterable[RatedGame]) -> Ratings:
    """Every rating from nothing, the games applied in the order given
    (the order they finished: ratings depend on it)."""
    ratings = Ratings()
    for game in games:
        apply(ratings, game)
    return ratings
