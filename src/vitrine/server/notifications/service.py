"""What the notification routes and the tables call: choices, the e-mail address,
push subscriptions, unsubscribing, and the events the tables make.

One :class:`Notifications` per process.  It watches every table change here
(``table_changed``, called by ``TableCore.after_change``), writes the events
it means to the outbox off the event loop, and runs the outbox's sender.
"""

import asyncio
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine

from vitrine.server.errors import ApiError, conflict, invalid, not_found
from vitrine.server.notifications import mail, push
from vitrine.server.notifications.events import invitation, table_events
from vitrine.server.notifications.kinds import CHANNELS, KINDS
from vitrine.server.notifications.models import PushSubscriptionRow
from vitrine.server.notifications.sender import NotDeliverableError, Sender
from vitrine.server.notifications.store import (
    Event,
    NotificationStore,
    Recipient,
    new_token,
)
from vitrine.server.notifications.tokens import Unsubscribes
from vitrine.server.notifications.words import say, worded
from vitrine.server.orm import utcnow
from vitrine.server.play.live import LiveTable
from vitrine.server.ratelimit import RateLimit, moving_window
from vitrine.server.settings import Settings

log = logging.getLogger(__name__)
VERIFY_HOURS = 24  # a verification link works this long, once
REMEMBERED = 10_000  # event keys a process remembers having written (it skips them)
MAX_SUBSCRIPTIONS = 20  # browsers one account may have subscribed at once
GameOf = Callable[[str], Awaitable[str]]  # a table's id -> the id of the game it plays
ADDRESS = re.compile(r"[^@\s]+@[^@\s.]+(\.[^@\s.]+)+")


def email_off() -> ApiError:
    return conflict(
        "email_off", "this server sends no e-mail (no SMTP server is set): use push instead"
    )


class Notifications:
    """``owner`` names this process in the outbox's claims; ``game_of`` reads a table's game."""

    def __init__(self, engine: Engine, settings: Settings, owner: str, game_of: GameOf) -> None:
        self.settings = settings
        self.game_of = game_of
        self.store = NotificationStore(engine)
        self.sender = Sender(self.store, owner, self._deliver)
        self.unsubscribes: Unsubscribes
        self.key: push.VapidKey
        self._written: OrderedDict[str, None] = OrderedDict()
        self._pending: set[asyncio.Task[None]] = set()
        self._task: asyncio.Task[None] | None = None
        limiter = moving_window()
        self.verifications = RateLimit("email_verifications", settings.email_verifications, limiter)
        self.changes = RateLimit("notification_changes", settings.notification_changes, limiter)

    async def start(self) -> None:
        """Load (or make, once for every process) the keys, and start the sender."""
        secret = self.settings.notify_secret or await asyncio.to_thread(
            self.store.secret, "unsubscribe", new_token
        )
        private = self.settings.vapid_private_key or await asyncio.to_thread(
            self.store.secret, "vapid", push.generated_key
        )
        self.unsubscribes = Unsubscribes(secret)
        self.key = push.VapidKey.load(private)
        self._task = asyncio.create_task(self.sender.run())

    async def close(self) -> None:
        await self.settled()
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def settled(self) -> None:
        """Wait until every event seen so far is in the outbox."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    # ------------------------------------------------------------ events

    def table_changed(self, live: LiveTable) -> None:
        """A table changed (here or in another process): write what it means, once."""
        events = [e for e in table_events(live, utcnow()) if e.key not in self._written]
        if events:
            self._write(events)

    async def invited(self, account_id: str, table_id: str, by_name: str) -> None:
        """Tell ``account_id`` that ``by_name`` invites them to ``table_id``, if they
        want to know (the code that invites calls it; once per table and person)."""
        game = await self.game_of(table_id)
        self._write([invitation(account_id, table_id, game, by_name)])
        await self.settled()

    def _write(self, events: list[Event]) -> None:
        for event in events:
            self._written[event.key] = None
        while len(self._written) > REMEMBERED:
            self._written.popitem(last=False)
        task = asyncio.create_task(self._enqueue(events))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _enqueue(self, events: list[Event]) -> None:
        try:
            if await asyncio.to_thread(self.store.enqueue, events, utcnow()):
                self.sender.wake.set()
        except Exception:  # seen again at the table's next change
            for event in events:
                self._written.pop(event.key, None)
            log.exception("notifications could not be written; the next change tries again")

    # ------------------------------------------------------------ sending

    async def _deliver(self, recipient: Recipient) -> None:
        row = recipient.row
        table = row.payload.get("table")
        path = f"/table/{table}" if table else "/"
        subject, line = worded(row.kind, row.payload, recipient.language)
        if row.channel == "email":
            if recipient.address is None or not mail.mail_enabled(self.settings):
                raise NotDeliverableError("no verified address")
            message = mail.compose(
                self.settings,
                recipient.address,
                recipient.language,
                subject,
                line,
                (say(recipient.language, "open"), mail.link(self.settings, path)),
                self.unsubscribes.token(row.account_id, row.kind, "email"),
            )
            await asyncio.to_thread(mail.send, self.settings, message)
            return
        subscription = recipient.subscription
        if subscription is None:
            raise NotDeliverableError("no subscription")
        data = {"title": subject, "body": line, "url": path, "tag": f"{row.kind}:{table}"}
        try:
            await asyncio.to_thread(
                push.send, self.key, self.settings.vapid_subject, subscription, data
            )
        except push.PushGoneError:
            await asyncio.to_thread(self.store.remove_subscription, None, subscription.endpoint)
            raise NotDeliverableError("subscription gone") from None

    # ------------------------------------------------------------ the routes' calls

    async def overview(self, account_id: str) -> dict[str, Any]:
        chosen = await asyncio.to_thread(self.store.choices, account_id)
        email = await asyncio.to_thread(self.store.email, account_id)
        return {
            "email_available": mail.mail_enabled(self.settings),
            "push_key": self.key.public,
            "email": None
            if email is None
            else {"address": email.address, "verified": email.verified_at is not None},
            "push_subscriptions": await asyncio.to_thread(self.store.subscriptions, account_id),
            "choices": {
                kind: {channel: (kind, channel) in chosen for channel in CHANNELS} for kind in KINDS
            },
        }

    async def choose(self, account_id: str, chosen: Iterable[tuple[str, str]]) -> None:
        self.changes.hit(account_id)
        await asyncio.to_thread(self.store.set_choices, account_id, chosen)

    async def set_email(self, account_id: str, address: str, language: str) -> None:
        """Keep ``address`` unverified and mail it a single-use link that verifies it."""
        if not mail.mail_enabled(self.settings):
            raise email_off()
        address = address.strip()
        if len(address) > 254 or not ADDRESS.fullmatch(address):
            raise invalid("email_invalid", "this is not an e-mail address")
        self.verifications.hit(account_id)
        token = new_token()
        expires = utcnow() + timedelta(hours=VERIFY_HOURS)
        await asyncio.to_thread(self.store.set_email, account_id, address, token, expires)
        url = mail.link(self.settings, f"/account#verify={token}")
        message = mail.compose(
            self.settings,
            address,
            language,
            say(language, "verify.subject"),
            say(language, "verify.line", hours=VERIFY_HOURS),
            (say(language, "verify.open"), url),
            None,
        )
        try:
            await asyncio.to_thread(mail.send, self.settings, message)
        except OSError as error:  # smtplib's errors are OSErrors too
            log.warning("a verification mail could not be sent: %s", type(error).__name__)
            raise ApiError(
                503, "the e-mail could not be sent now: try again later", "email_unsent"
            ) from None

    async def remove_email(self, account_id: str) -> None:
        await asyncio.to_thread(self.store.remove_email, account_id)

    async def verify_email(self, token: str) -> dict[str, Any]:
        row = await asyncio.to_thread(self.store.verify_email, token, utcnow())
        if row is None:
            raise invalid(
                "email_token_invalid",
                "this confirmation link is not valid (used already, expired, or replaced "
                "by a newer one)",
            )
        assert row.verified_at is not None
        return {"address": row.address, "verified": True}

    async def subscribe(self, account_id: str, endpoint: str, p256dh: str, auth: str) -> None:
        if not push.endpoint_allowed(endpoint, self.settings.push_services):
            raise invalid(
                "push_endpoint_refused", "this push endpoint is not one of a known push service"
            )
        self.changes.hit(account_id)
        if await asyncio.to_thread(self.store.subscriptions, account_id) >= MAX_SUBSCRIPTIONS:
            raise conflict(
                "push_subscriptions_full",
                f"this account has {MAX_SUBSCRIPTIONS} browsers subscribed: remove one first",
                max=MAX_SUBSCRIPTIONS,
            )
        row = PushSubscriptionRow(
            id=secrets.token_urlsafe(12),
            account_id=account_id,
            endpoint=endpoint,
            p256dh=p256dh,
            auth=auth,
            created_at=utcnow(),
        )
        await asyncio.to_thread(self.store.add_subscription, row)

    async def unsubscribe_push(self, account_id: str, endpoint: str) -> None:
        if not await asyncio.to_thread(self.store.remove_subscription, account_id, endpoint):
            raise not_found("push_subscription_not_found", "this account has no such subscription")

    async def unsubscribe(self, token: str) -> dict[str, str]:
        """Turn off what an unsubscribe token names (and nothing else)."""
        named = self.unsubscribes.read(token)
        if named is None:
            raise invalid("unsubscribe_token_invalid", "this unsubscribe link is not valid")
        account_id, kind, channel = named
        await asyncio.to_thread(self.store.turn_off, account_id, kind, channel)
        return {"kind": kind, "channel": channel}
