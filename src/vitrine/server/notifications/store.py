"""The notifications' database operations, each one short transaction (run on a worker thread).

The outbox is what makes a notification survive restarts and go out once:
a row is inserted with a key unique per event, recipient and channel, and a
second insert of the same key (another process that saw the same change, the
same process seeing it again) adds nothing.  A sender claims a due row by an
update that succeeds only while nobody else's claim holds (like the tables'
leases): one process sends it, and a process that died holding a claim lets
it go when the claim expires.
"""

import hashlib
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, and_, delete, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from vitrine.server.accounts.models import AccountRow
from vitrine.server.notifications.kinds import CHAT_QUIET_SECONDS
from vitrine.server.notifications.models import (
    AccountEmailRow,
    NotificationChoiceRow,
    OutboxRow,
    PushSubscriptionRow,
    ServerSecretRow,
)
from vitrine.server.orm import aware

DUE, SENT, FAILED, DROPPED = "due", "sent", "failed", "dropped"
CANDIDATES = 8  # due rows looked at beyond those to claim


def token_digest(token: str) -> str:
    """What the database keeps of a verification token: a leaked table verifies nothing."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Event:
    """Something to tell ``accounts`` of: ``key`` names the event once for all
    processes (``turn:<table>:<decision number>``), ``payload`` what the words need."""

    key: str
    kind: str
    accounts: tuple[str, ...]
    table_id: str | None
    payload: dict[str, Any]


@dataclass(frozen=True)
class Recipient:
    """What a claimed row needs at sending time: the account as it is now."""

    row: OutboxRow
    language: str
    address: str | None  # a verified address, for e-mail
    subscription: PushSubscriptionRow | None  # for a push
    wanted: bool  # the kind is still turned on for this channel


class NotificationStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        dialect = engine.dialect.name
        self._insert: Callable[..., Any] = (
            postgresql.insert if dialect == "postgresql" else sqlite.insert
        )

    def _ignore(self, session: Session, row: type, values: list[dict[str, Any]]) -> int:
        """Insert ``values``, skipping any whose unique key is already there; how many went in."""
        if not values:
            return 0
        keys = row.__table__.primary_key.columns  # type: ignore[attr-defined]
        inserted = self._insert(row).values(values).on_conflict_do_nothing().returning(*keys)
        return len(session.execute(inserted).all())  # (rowcount is -1 on PostgreSQL here)

    # ------------------------------------------------------------ secrets

    def secret(self, name: str, make: Callable[[], str]) -> str:
        """The server's secret ``name``, made once by whichever process asks first."""
        with Session(self.engine) as session:
            self._ignore(session, ServerSecretRow, [{"name": name, "value": make()}])
            session.commit()
            value = session.get(ServerSecretRow, name)
            assert value is not None
            return value.value

    # ------------------------------------------------------------ choices

    def choices(self, account_id: str) -> set[tuple[str, str]]:
        """The (kind, channel) pairs the account turned on."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(NotificationChoiceRow.kind, NotificationChoiceRow.channel).where(
                    NotificationChoiceRow.account_id == account_id
                )
            ).all()
        return {(kind, channel) for kind, channel in rows}

    def set_choices(self, account_id: str, chosen: Iterable[tuple[str, str]]) -> None:
        with Session(self.engine) as session:
            session.execute(
                delete(NotificationChoiceRow).where(NotificationChoiceRow.account_id == account_id)
            )
            session.add_all(
                NotificationChoiceRow(account_id=account_id, kind=kind, channel=channel)
                for kind, channel in set(chosen)
            )
            session.commit()

    def turn_off(self, account_id: str, kind: str, channel: str) -> None:
        with Session(self.engine) as session:
            session.execute(
                delete(NotificationChoiceRow).where(
                    NotificationChoiceRow.account_id == account_id,
                    NotificationChoiceRow.kind == kind,
                    NotificationChoiceRow.channel == channel,
                )
            )
            session.commit()

    # ------------------------------------------------------------ the e-mail address

    def email(self, account_id: str) -> AccountEmailRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(AccountEmailRow, account_id)

    def set_email(self, account_id: str, address: str, token: str, expires: datetime) -> None:
        """A new address, unverified until ``token`` comes back (a new one replaces the old)."""
        with Session(self.engine) as session:
            session.execute(delete(AccountEmailRow).where(AccountEmailRow.account_id == account_id))
            session.add(
                AccountEmailRow(
                    account_id=account_id,
                    address=address,
                    token_hash=token_digest(token),
                    token_expires_at=expires,
                )
            )
            session.commit()

    def remove_email(self, account_id: str) -> None:
        with Session(self.engine) as session:
            session.execute(delete(AccountEmailRow).where(AccountEmailRow.account_id == account_id))
            session.commit()

    def verify_email(self, token: str, now: datetime) -> AccountEmailRow | None:
        """Mark the address of this token verified; the token is used up either way
        (single use), and an expired one verifies nothing."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.scalars(
                select(AccountEmailRow).where(AccountEmailRow.token_hash == token_digest(token))
            ).first()
            if row is None:
                return None
            live = row.token_expires_at is not None and aware(row.token_expires_at) > now
            row.token_hash = None
            row.token_expires_at = None
            if live:
                row.verified_at = now
            session.commit()
            return row if live else None

    # ------------------------------------------------------------ push subscriptions

    def add_subscription(self, row: PushSubscriptionRow) -> None:
        """Keep a browser's subscription (one already known moves to this account)."""
        with Session(self.engine) as session:
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == row.endpoint)
            )
            session.add(row)
            session.commit()

    def remove_subscription(self, account_id: str | None, endpoint: str) -> bool:
        with Session(self.engine) as session:
            query = delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint == endpoint)
            if account_id is not None:
                query = query.where(PushSubscriptionRow.account_id == account_id)
            removed = session.execute(query).rowcount  # type: ignore[attr-defined]
            session.commit()
            return bool(removed)

    def subscriptions(self, account_id: str) -> int:
        with Session(self.engine) as session:
            return len(
                session.scalars(
                    select(PushSubscriptionRow.id).where(
                        PushSubscriptionRow.account_id == account_id
                    )
                ).all()
            )

    # ------------------------------------------------------------ the outbox

    def enqueue(self, events: Iterable[Event], now: datetime) -> int:
        """Write each event's rows for the recipients who want it by some channel
        (e-mail to a verified address, push to each of their browsers); a row
        already written (its key) is skipped.  A chat line is written only if
        no chat notification of that table went to that person by that channel
        within the quiet period.  How many rows went in."""
        rows: list[dict[str, Any]] = []
        with Session(self.engine) as session:
            for event in events:
                for account_id in event.accounts:
                    for channel, target in self._routes(session, account_id, event.kind):
                        if event.kind == "chat" and self._spoke_lately(
                            session, account_id, event.table_id, channel, now
                        ):
                            continue
                        key = f"{event.key}:{account_id}:{channel}" + (
                            f":{target}" if target else ""
                        )
                        rows.append(
                            {
                                "key": key,
                                "account_id": account_id,
                                "channel": channel,
                                "target": target,
                                "kind": event.kind,
                                "table_id": event.table_id,
                                "payload": event.payload,
                                "status": DUE,
                                "attempts": 0,
                                "due_at": now,
                                "created_at": now,
                            }
                        )
            added = self._ignore(session, OutboxRow, rows)
            session.commit()
        return added

    def _routes(self, session: Session, account_id: str, kind: str) -> list[tuple[str, str | None]]:
        """The channels (and push subscriptions) by which ``account_id`` wants ``kind``."""
        channels = set(
            session.scalars(
                select(NotificationChoiceRow.channel).where(
                    NotificationChoiceRow.account_id == account_id,
                    NotificationChoiceRow.kind == kind,
                )
            )
        )
        routes: list[tuple[str, str | None]] = []
        if "email" in channels:
            email = session.get(AccountEmailRow, account_id)
            if email is not None and email.verified_at is not None:
                routes.append(("email", None))
        if "push" in channels:
            routes.extend(
                ("push", target)
                for target in session.scalars(
                    select(PushSubscriptionRow.id).where(
                        PushSubscriptionRow.account_id == account_id
                    )
                )
            )
        return routes

    def _spoke_lately(
        self, session: Session, account_id: str, table_id: str | None, channel: str, now: datetime
    ) -> bool:
        since = now - timedelta(seconds=CHAT_QUIET_SECONDS)
        return (
            session.scalars(
                select(OutboxRow.id).where(
                    OutboxRow.kind == "chat",
                    OutboxRow.table_id == table_id,
                    OutboxRow.account_id == account_id,
                    OutboxRow.channel == channel,
                    OutboxRow.created_at > since,
                )
            ).first()
            is not None
        )

    def claim(self, owner: str, now: datetime, until: datetime, limit: int) -> list[Recipient]:
        """Claim up to ``limit`` due rows for ``owner`` until ``until``; each with its
        recipient as they are now.  A row another sender holds is left to it."""
        free = or_(OutboxRow.claimed_until.is_(None), OutboxRow.claimed_until < now)
        claimable = and_(OutboxRow.status == DUE, OutboxRow.due_at <= now, free)
        claimed: list[Recipient] = []
        with Session(self.engine, expire_on_commit=False) as session:
            ids = list(
                session.scalars(
                    select(OutboxRow.id)
                    .where(claimable)
                    .order_by(OutboxRow.due_at)
                    .limit(limit + CANDIDATES)  # a few more, should others take some first
                )
            )
            for row_id in ids:
                if len(claimed) == limit:
                    break
                taken = session.execute(
                    update(OutboxRow)
                    .where(OutboxRow.id == row_id, claimable)
                    .values(claimed_by=owner, claimed_until=until)
                ).rowcount  # type: ignore[attr-defined]
                session.commit()
                if taken:
                    claimed.append(self._recipient(session, row_id))
        return claimed

    def _recipient(self, session: Session, row_id: int) -> Recipient:
        row = session.get(OutboxRow, row_id)
        assert row is not None
        account = session.get(AccountRow, row.account_id)
        email = session.get(AccountEmailRow, row.account_id)
        wanted = session.get(NotificationChoiceRow, (row.account_id, row.kind, row.channel))
        subscription = None if row.target is None else session.get(PushSubscriptionRow, row.target)
        alive = account is not None and account.deleted_at is None
        return Recipient(
            row=row,
            language=account.language if account is not None else "en",
            address=email.address if email is not None and email.verified_at else None,
            subscription=subscription,
            wanted=alive and wanted is not None,
        )

    def finish(
        self, row_id: int, owner: str, status: str, now: datetime, error: str | None
    ) -> None:
        """Mark a claimed row sent, dropped (nobody to send it to now) or failed for good."""
        with Session(self.engine) as session:
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id, OutboxRow.claimed_by == owner)
                .values(
                    status=status,
                    sent_at=now if status == SENT else None,
                    claimed_until=None,
                    error=error,
                )
            )
            session.commit()

    def retry(self, row_id: int, owner: str, due: datetime, error: str) -> None:
        """Let a row that failed go again at ``due`` (its claim released)."""
        with Session(self.engine) as session:
            session.execute(
                update(OutboxRow)
                .where(OutboxRow.id == row_id, OutboxRow.claimed_by == owner)
                .values(
                    attempts=OutboxRow.attempts + 1,
                    due_at=due,
                    claimed_by=None,
                    claimed_until=None,
                    error=error,
                )
            )
            session.commit()


def new_token() -> str:
    return secrets.token_urlsafe(32)
