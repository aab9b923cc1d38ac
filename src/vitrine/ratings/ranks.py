"""From a finished table's ranks to the ranks its ratings are computed from.

A rated table may seat bots, which are not rated: their places are dropped
and only the order among the rated seats is kept (a bot finishing between
two players says nothing about either).  A player who left or ran out of
time finished the game through a bot, whose result is not theirs: the seat
counts as last, tied with any other seat that left, whatever the bot made
of it.  The ranks are competition ranks, as the games' own scores give them
(1 plus the number of seats strictly ahead), now among the rated seats only.
"""

from collections.abc import Collection, Sequence


def ranks_for(
    ranks: Sequence[int], rated: Collection[int], left: Collection[int] = ()
) -> list[int]:
    """The ranks of the ``rated`` seats, in seat order, from ``ranks`` (every
    seat's rank at the table, 1 first, ties sharing a rank); the seats in
    ``left`` (abandoned or timed out, a subset of ``rated``) come last."""
    if any(rank < 1 for rank in ranks):
        raise ValueError(f"ranks start at 1, got {list(ranks)}")
    for seat in (*rated, *left):
        if not 0 <= seat < len(ranks):
            raise ValueError(f"seat {seat} is not one of the table's {len(ranks)} seats")
    if not set(left) <= set(rated):
        raise ValueError(f"seats {sorted(set(left) - set(rated))} left but are not rated")
    seats = sorted(set(rated))
    # Seats that stayed by their rank, then every seat that left, tied.
    place = {seat: (seat in left, 0 if seat in left else ranks[seat]) for seat in seats}
    return [1 + sum(place[other] < place[seat] for other in seats) for seat in seats]
