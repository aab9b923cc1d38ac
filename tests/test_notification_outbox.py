"""The outbox on both databases, as several processes share it: an event written
by two writers is one row, a claimed row is sent by its claimer alone until
the claim expires, and a failure comes back after its backoff, then fails for
good after the last try."""

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from vitrine.server.accounts.models import AccountRow
from vitrine.server.database import make_engine, migrate
from vitrine.server.notifications.models import AccountEmailRow, NotificationChoiceRow, OutboxRow
from vitrine.server.notifications.sender import MAX_ATTEMPTS, Sender, backoff
from vitrine.server.notifications.store import Event, NotificationStore, Recipient
from vitrine.server.orm import utcnow

pytestmark = pytest.mark.timeout(120)


def store_with_ana(database_url: str) -> NotificationStore:
    engine = make_engine(database_url)
    migrate(engine)
    with Session(engine) as session:
        session.add(AccountRow(id="ana", name="Ana", language="fr"))
        session.flush()
        session.add(
            AccountEmailRow(account_id="ana", address="ana@example.org", verified_at=utcnow())
        )
        session.add(NotificationChoiceRow(account_id="ana", kind="turn", channel="email"))
        session.commit()
    return NotificationStore(engine)


def turn(number: int) -> Event:
    return Event(f"turn:t1:{number}", "turn", ("ana",), "t1", {"table": "t1", "game": "tucano"})


def test_two_writers_write_one_row_and_two_claimers_share_none(database_url: str) -> None:
    store = store_with_ana(database_url)
    now = utcnow()
    first = NotificationStore(store.engine)  # another process, on the same database
    assert store.enqueue([turn(1)], now) == 1
    assert first.enqueue([turn(1)], now) == 0  # the same event: nothing more
    assert first.enqueue([turn(2)], now) == 1  # another event: its own row
    short, long = now + timedelta(minutes=1), now + timedelta(minutes=10)
    mine = store.claim("a", now, short, 1)
    theirs = first.claim("b", now, long, 10)
    assert [r.row.key for r in mine] == ["turn:t1:1:ana:email"]
    assert [r.row.key for r in theirs] == ["turn:t1:2:ana:email"]  # not a's
    assert store.claim("c", now, long, 10) == []  # both held
    # a's process died: its claim expires, and another takes the row over
    later = short + timedelta(seconds=1)
    (taken,) = first.claim("b", later, long, 10)
    assert taken.row.key == "turn:t1:1:ana:email"
    assert (taken.language, taken.address, taken.wanted) == ("fr", "ana@example.org", True)
    store.engine.dispose()


def test_a_failure_is_retried_with_backoff_then_marked_failed(database_url: str) -> None:
    asyncio.run(retried(store_with_ana(database_url)))


async def retried(store: NotificationStore) -> None:
    now = utcnow()
    store.enqueue([turn(1)], now)
    tries: list[str] = []

    async def refuse(recipient: Recipient) -> None:
        tries.append(recipient.row.key)
        raise ConnectionRefusedError

    sender = Sender(store, "a", refuse)
    at = now
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert await sender.round(at) == 0
        assert len(tries) == attempt
        assert await sender.round(at + backoff(attempt) - timedelta(seconds=1)) == 0
        assert len(tries) == attempt  # not before its backoff
        at += backoff(attempt)
    with Session(store.engine) as session:
        row = session.scalars(select(OutboxRow)).one()
        assert (row.status, row.attempts, row.error) == (
            "failed",
            MAX_ATTEMPTS - 1,
            "ConnectionRefusedError",
        )
    assert await sender.round(at + timedelta(days=1)) == 0 and len(tries) == MAX_ATTEMPTS
    store.engine.dispose()
