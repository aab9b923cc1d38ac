"""Playing one game of a schedule, the same way in any process.

Everything a game depends on is in its schedule entry (the deal, the bots'
seats) or derived from it (each seat's random stream), never from which
worker plays it or when: that is what makes a tournament reproducible
whatever the number of workers.
"""

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from vitrine.bots import make_bot
from vitrine.engine.errors import VitrineError
from vitrine.engine.overlay import Overlay
from vitrine.engine.protocol import Game, GameState
from vitrine.games import get_game
from vitrine.tournament.schedule import Entry


@dataclass(frozen=True)
class SeatResult:
    bot: str
    rank: int  # 1 is first; seats that tie share a rank
    share: float  # of the win, from ``returns()``: a shared first place is split
    total: float
    categories: dict[str, float]


@dataclass(frozen=True)
class GameResult:
    entry: Entry
    seats: tuple[SeatResult, ...]
    turns: int
    seconds: float
    record: str  # the record as JSON text, to be saved by the runner

    def to_json(self) -> dict[str, Any]:
        """The game's line of ``results.jsonl``: enough to redo every statistic."""
        return {
            "game": self.entry.number,
            "deal": self.entry.deal,
            "seating": self.entry.seating,
            "seats": list(self.entry.seats),
            "ranks": [seat.rank for seat in self.seats],
            "shares": [seat.share for seat in self.seats],
            "totals": [seat.total for seat in self.seats],
            "categories": [seat.categories for seat in self.seats],
            "turns": self.turns,
            "seconds": round(self.seconds, 4),
        }


def player_names(seats: Sequence[str]) -> list[str]:
    """Bot specs as names, numbered by seat where a spec fills several seats,
    so that records and score sheets tell the players apart."""
    return [
        spec if seats.count(spec) == 1 else f"{spec} {seat + 1}" for seat, spec in enumerate(seats)
    ]


def seat_rng(entry: Entry, seat: int) -> Random:
    """A seat's own stream, fixed by the game and seat alone; string seeds are
    hashed with SHA-512, so the stream does not vary between processes."""
    return Random(f"{entry.deal}/{entry.seating}/{seat}")


@cache
def game_definition(name: str, overlay: Overlay | None = None) -> Game:
    """One game definition per game and rules in a process: workers play,
    and reports replay, many games of each (under an overlay, its data is
    merged and checked once)."""
    return get_game(name, overlay)


def play_game(
    game_name: str, options: Mapping[str, Any], entry: Entry, overlay: Overlay | None = None
) -> GameResult:
    """Play ``entry`` to the end, under the rule ``overlay`` if one is given;
    each bot sees only its own seat's view."""
    game = game_definition(game_name, overlay)
    bots = [make_bot(spec, game_name, len(entry.seats)) for spec in entry.seats]
    rngs = [seat_rng(entry, seat) for seat in range(len(bots))]
    start = time.perf_counter()
    state = game.new_game(player_names(entry.seats), options, entry.deal)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None  # the protocol: only a finished game has nobody to act
        action = bots[seat].choose(game, state.view(seat), rngs[seat])
        try:
            state.apply_action(action)
        except VitrineError as error:
            raise VitrineError(
                f"game {entry.number} (deal {entry.deal}): {entry.seats[seat]} in seat "
                f"{seat + 1} chose {action!r}: {error}"
            ) from None
    seconds = time.perf_counter() - start
    record = state.record()
    return GameResult(
        entry, final_seats(state, entry), len(record.turns), seconds, record.to_json()
    )


def final_seats(state: GameState, entry: Entry) -> tuple[SeatResult, ...]:
    """Each seat's rank, share and scores, read from the finished spectator view."""
    scores = state.view(None).get("scores")
    if not isinstance(scores, list) or len(scores) != len(entry.seats):
        raise VitrineError(
            "the finished game's spectator view has no 'scores' list with one entry per seat"
        )
    by_seat = {score["player"]: score for score in scores}
    shares = state.returns()
    return tuple(
        SeatResult(
            bot=spec,
            rank=by_seat[seat]["rank"],
            share=shares[seat],
            total=by_seat[seat]["total"],
            categories=dict(by_seat[seat]["categories"]),
        )
        for seat, spec in enumerate(entry.seats)
    )
