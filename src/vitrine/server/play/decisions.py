"""Decisions: a person's and a bot's, checked by the engine and made through one path.

A decision is checked against the table as it is (not closed, started, not
over, this seat's turn, at the position it answers), then by the game's
engine on a copy of the position, written, and only then taken into the
copy here and shown.  A bot plays from its seat's view, like a person,
after a short visible pause, and its decision takes the same path as a
person's: nothing a bot does is allowed that a person could not do.

It is a part of its own because it is the heart of a table: the lobby
deals, the runner wakes the bots, and a follower copies what another
process decided, but only this part decides how a game goes on.
"""

import asyncio
from typing import Any

from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import GameState
from vitrine.server.errors import ApiError, checked, conflict, refused
from vitrine.server.play.core import TableCore
from vitrine.server.play.endings import ending_of
from vitrine.server.play.live import ABANDONED, CANCELLED, OVER, PLAYING, LiveTable, turn_account
from vitrine.server.play.store import TableDecision


class Play:
    """Decisions at the tables: asked for (``act``), tried (``check``), and the bots'.

    ``bot_delay`` is the pause before each bot decision, in seconds.
    """

    def __init__(self, core: TableCore, bot_delay: float) -> None:
        self.core = core
        self.bot_delay = bot_delay

    async def act(self, table_id: str, token: str, action: str, seq: int | None) -> LiveTable:
        live = await self.core.get(table_id)
        position = await self.core.seat(live, token)
        assert position is not None
        await self._apply(live, position, action, seq, by_bot=False)
        return live

    @staticmethod
    def _playing(live: LiveTable) -> GameState:
        """The position of a game being played; refused when there is none."""
        state = live.state
        if live.row.status in (ABANDONED, CANCELLED):
            raise conflict("table_closed", f"table {live.id!r} is closed", status=live.row.status)
        if state is None:
            raise conflict("not_started", f"table {live.id!r} has not started")
        if state.is_over or live.row.status == OVER:  # OVER alone: ended by a missed deadline
            raise conflict("game_over", f"the game at table {live.id!r} is over")
        return state

    @staticmethod
    def _awaits(live: LiveTable, state: GameState, position: int) -> None:
        """Refuse unless ``position`` is the seat to act."""
        to_act = state.current_player
        if to_act != position:
            name = live.seats[to_act].name if to_act is not None else None
            raise conflict(
                "not_your_turn",
                f"it is not seat {position}'s turn: {name} (seat {to_act}) is to act",
                seat=position,
                name=name,
                to_act=to_act,
            )

    async def check(self, table_id: str, token: str, action: str) -> dict[str, Any]:
        """Whether a decision would be accepted now, and if not the engine's refusal
        (code, params, words): a page explains a spot before anything is sent."""
        live, position = await self.core.seated(table_id, token)
        assert position is not None
        state = self._playing(live)
        self._awaits(live, state, position)
        return checked(state, action)

    async def _apply(
        self, live: LiveTable, position: int, action: str, seq: int | None, by_bot: bool
    ) -> None:
        """The one path of every decision, a person's or a bot's (``by_bot``): a seat
        handed to a bot takes no more decisions from its player, nor a person's
        seat any from a bot."""

        async def decide() -> None:
            if seq is not None and seq < len(live.log) and live.log[seq] == (position, action):
                return  # the same decision sent again (a double click): made once, no error
            if live.plays_itself(position) != by_bot:
                raise conflict(
                    "handed_to_bot", f"seat {position} has been handed to a bot", seat=position
                )
            state = self._playing(live)
            if seq is not None and seq > len(live.log):
                at = len(live.log)
                raise conflict(
                    "seq_ahead",
                    f"this decision answers position {seq}, which the table has not reached: "
                    f"it is at {at}",
                    seq=seq,
                    at=at,
                )
            if seq is not None and seq != len(live.log):
                at = len(live.log)
                raise conflict(
                    "stale",
                    f"stale decision: it answers position {seq}, the table is at {at}",
                    seq=seq,
                    at=at,
                )
            self._awaits(live, state, position)
            trial = state.copy()
            try:
                trial.apply_action(action)
            except VitrineError as error:
                raise refused(error) from None
            now = self.core.clock.now()
            number = len(live.log) + 1
            turn = turn_account(PLAYING, trial, live.seats)  # nobody's once it is over
            made = TableDecision(live.id, live.version, number, position, action, now, turn)
            if trial.is_over:
                ending = ending_of(live.row, trial, now)
                await self.core.db(self.core.store.append_last_decision, made, ending)
                live.row.status = OVER
            else:  # with other tables' decisions, in one transaction (writer.py)
                await self.core.decisions.write(made)
            live.take_decision(trial, position, action, now, live.version + 1)
            self.core.tally.made += 1
            self.core.after_change(live)

        await self.core.change(live, decide)

    def wake_bots(self, live: LiveTable) -> None:
        if live.bot_task is None or live.bot_task.done():
            live.bot_task = self.core.spawn(self._run_bots(live))

    async def _run_bots(self, live: LiveTable) -> None:
        """Play bot seats while one is to act, each decision after a visible pause
        (while this process runs the table)."""
        while live.leased:
            state = live.state
            if live.row.status != PLAYING or state is None or state.current_player is None:
                return
            position = state.current_player
            bot = live.bot_for(position)
            if bot is None:
                return
            await asyncio.sleep(self.bot_delay)
            seq = len(live.log)
            action = await asyncio.to_thread(bot.choose, live.game, state.view(position), live.rng)
            try:
                await self._apply(live, position, action, seq, by_bot=True)
            except ApiError as error:
                if error.status != 409:
                    raise
                # the position moved on meanwhile: look again
