"""What a table's change means for its people: the events it may notify.

Called after every change a process makes or catches up with, so each
process sees each change at least once, and several processes see the same
one: an event's key names it the same way in all of them (the table, and
the decision or chat line it is about), and the outbox keeps one row per
key.  Only what the table shows now counts, so seeing a change again adds
nothing: the turn of decision ``n`` is ``turn:<table>:<n>`` however often
it is seen.  A turn is told when it passes to a person, not at each
decision of a player who acts several times in a row.
"""

from datetime import datetime, timedelta

from vitrine.server.notifications.kinds import CHAT_QUIET_SECONDS
from vitrine.server.notifications.store import Event
from vitrine.server.orm import aware
from vitrine.server.play.live import OVER, PLAYING, LiveTable
from vitrine.server.play.time_controls import turn_based


def table_events(live: LiveTable, now: datetime) -> list[Event]:
    row, state = live.row, live.state
    accounts = {seat.position: seat.account_id for seat in live.seats if seat.account_id}
    if not accounts or state is None:
        return []
    about = {"table": live.id, "game": row.game}
    events: list[Event] = []
    to_act = state.current_player
    passed = not live.log or live.log[-1][0] != to_act  # not the same player going on
    if (
        turn_based(row.clock_seconds)
        and passed
        and row.status == PLAYING
        and to_act in accounts
        and not live.plays_itself(to_act)
    ):
        key = f"turn:{live.id}:{len(live.log)}"
        events.append(Event(key, "turn", (accounts[to_act],), live.id, about))
    if row.status == OVER:
        events.append(Event(f"ended:{live.id}", "ended", tuple(accounts.values()), live.id, about))
    if live.chat:
        line = live.chat[-1]
        if now - aware(line.created_at) < timedelta(seconds=CHAT_QUIET_SECONDS):
            others = tuple(account for seat, account in accounts.items() if seat != line.seat)
            speaker = live.seats[line.seat].name if 0 <= line.seat < len(live.seats) else None
            payload = {**about, "by": speaker, "text": line.text}
            key = f"chat:{live.id}:{line.number}"
            events.append(Event(key, "chat", others, live.id, payload))
    return [event for event in events if event.accounts]


def invitation(account_id: str, table_id: str, game: str, by_name: str) -> Event:
    """An invitation to a table (one per table and person, however often it is sent)."""
    payload = {"table": table_id, "game": game, "by": by_name}
    return Event(f"invited:{table_id}", "invited", (account_id,), table_id, payload)
