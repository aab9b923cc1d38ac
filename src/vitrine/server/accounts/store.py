"""The accounts' database operations, each one short transaction (run on a worker thread).

A name is taken by inserting its look-alike keys (``AccountNameRow``): the
primary key makes "nobody else has a name like it" and "it is now mine" one
step, race-free across processes.  Sessions are found by the hash of the
cookie; an expired or idle one is deleted when met.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from vitrine.server.accounts.models import (
    AccountNameRow,
    AccountRow,
    ApiTokenRow,
    ChallengeRow,
    PasskeyRow,
    SessionRow,
)
from vitrine.server.orm import aware


class NameTakenError(Exception):
    """Another account has this name, had it, or has one that looks like it."""


@dataclass(frozen=True)
class SignedIn:
    """A live session and its account, as a request sees them; or, for a
    program, the API token that acts for the account (``session`` None)."""

    account: AccountRow
    session: SessionRow | None
    token: ApiTokenRow | None = None

    @property
    def handle(self) -> str:
        """The session's handle ("" for a token: it is no session)."""
        return "" if self.session is None else self.session.handle


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------ accounts and names

    def create(self, account: AccountRow, keys: Iterable[str]) -> None:
        """Add ``account`` holding ``keys``, or raise NameTakenError with nothing written."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                session.add(account)
                session.flush()
                self._take(session, account.id, account.name or "", keys)
                session.commit()
            except IntegrityError:  # the name itself, taken a moment ago
                raise NameTakenError from None

    def _take(self, session: Session, account_id: str, name: str, keys: Iterable[str]) -> None:
        held = set(
            session.scalars(
                select(AccountNameRow.key).where(AccountNameRow.key.in_(list(keys)))
            ).all()
        )
        owners = set(
            session.scalars(
                select(AccountNameRow.account_id).where(AccountNameRow.key.in_(list(held)))
            ).all()
        )
        if owners - {account_id}:
            raise NameTakenError
        session.add_all(
            AccountNameRow(key=key, account_id=account_id, name=name)
            for key in keys
            if key not in held
        )
        try:
            session.flush()
        except IntegrityError:  # taken a moment ago by another request
            raise NameTakenError from None

    def by_id(self, account_id: str) -> AccountRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(AccountRow, account_id)

    def by_keys(self, keys: Iterable[str]) -> AccountRow | None:
        """The account that holds (or held) a name with one of these look-alike keys."""
        with Session(self.engine, expire_on_commit=False) as session:
            owner = session.scalars(
                select(AccountNameRow.account_id).where(AccountNameRow.key.in_(list(keys)))
            ).first()
            return None if owner is None else session.get(AccountRow, owner)

    def rename(self, account_id: str, name: str, keys: Iterable[str]) -> None:
        """Give the account ``name``; its old names stay reserved to it (NameTakenError if
        another account holds one of the keys)."""
        with Session(self.engine) as session:
            self._take(session, account_id, name, keys)
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(name=name))
            try:
                session.commit()
            except IntegrityError:
                raise NameTakenError from None

    def names(self, account_id: str) -> list[tuple[str, datetime]]:
        """Every name the account has had, with when it took it, oldest first."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountNameRow.name, AccountNameRow.since)
                .where(AccountNameRow.account_id == account_id)
                .order_by(AccountNameRow.since)
            ).all()
        seen: dict[str, datetime] = {}
        for name, since in rows:
            seen.setdefault(name, aware(since))
        return sorted(seen.items(), key=lambda item: item[1])

    def update(self, account_id: str, values: dict[str, object]) -> None:
        with Session(self.engine) as session:
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(values))
            session.commit()

    # ------------------------------------------------------------ sessions

    def add_session(self, row: SessionRow, replacing: str | None = None) -> None:
        """Start a session; ``replacing`` (the hash of the cookie the browser
        had) ends that one, so a sign-in never keeps an id it did not make."""
        with Session(self.engine) as session:
            if replacing is not None:
                session.execute(delete(SessionRow).where(SessionRow.id_hash == replacing))
            session.add(row)
            session.commit()

    def signed_in(self, id_hash: str, now: datetime, idle: timedelta) -> SignedIn | None:
        """The live session of this cookie hash and its account, the session's
        ``seen_at`` moved on (at most once a minute); None if none is live."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(SessionRow, id_hash)
            if row is None:
                return None
            if aware(row.expires_at) <= now or aware(row.seen_at) + idle <= now:
                session.delete(row)
                session.commit()
                return None
            account = session.get(AccountRow, row.account_id)
            if account is None or account.deleted_at is not None:
                return None
            if now - aware(row.seen_at) >= timedelta(minutes=1):
                row.seen_at = now
                session.commit()
            return SignedIn(account, row)

    def sessions(self, account_id: str) -> list[SessionRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(SessionRow)
                    .where(SessionRow.account_id == account_id)
                    .order_by(SessionRow.seen_at.desc())
                ).all()
            )

    def end_session(self, account_id: str, handle: str) -> bool:
        """End one of the account's sessions by its handle; whether there was one."""
        with Session(self.engine) as session:
            ended = session.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.handle == handle
                )
            ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
            session.commit()
            return bool(ended)

    def end_sessions(self, account_id: str, keeping: str | None) -> int:
        """Sign the account out everywhere but the session ``keeping`` (a handle;
        None: everywhere); how many sessions ended."""
        with Session(self.engine) as session:
            ended = session.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.handle != (keeping or "")
                )
            ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
            session.commit()
            return int(ended or 0)

    # ------------------------------------------------------------ passkeys

    def add_challenge(self, row: ChallengeRow, now: datetime) -> None:
        """Keep a ceremony's challenge (and forget those expired)."""
        with Session(self.engine) as session:
            session.execute(delete(ChallengeRow).where(ChallengeRow.expires_at < now))
            session.add(row)
            session.commit()

    def take_challenge(self, handle: str, purpose: str, now: datetime) -> ChallengeRow | None:
        """The ceremony's challenge, used up: a second answer to it finds none."""
        with Session(self.engine, expire_on_commit=False) as session:
            row = session.get(ChallengeRow, handle)
            if row is None or row.purpose != purpose:
                return None
            session.delete(row)
            session.commit()
            return row if aware(row.expires_at) > now else None

    def add_passkey(self, row: PasskeyRow) -> bool:
        """Keep a new passkey; False if that credential is already registered.
        The row stays readable after (the route answers with it)."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                return False
            return True

    def passkeys(self, account_id: str) -> list[PasskeyRow]:
        with Session(self.engine, expire_on_commit=False) as session:
            return list(
                session.scalars(
                    select(PasskeyRow)
                    .where(PasskeyRow.account_id == account_id)
                    .order_by(PasskeyRow.created_at)
                ).all()
            )

    def passkey(self, credential_id: str) -> PasskeyRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(PasskeyRow, credential_id)

    def passkey_used(self, credential_id: str, sign_count: int, now: datetime) -> None:
        with Session(self.engine) as session:
            session.execute(
                update(PasskeyRow)
                .where(PasskeyRow.credential_id == credential_id)
                .values(sign_count=sign_count, used_at=now)
            )
            session.commit()

    def remove_passkey(self, account_id: str, credential_id: str) -> bool:
        with Session(self.engine) as session:
            removed = session.execute(
                delete(PasskeyRow).where(
                    PasskeyRow.account_id == account_id,
                    PasskeyRow.credential_id == credential_id,
                )
            ).rowcount  # type: ignore[attr-defined]  # (a CursorResult)
            session.commit()
            return bool(removed)
