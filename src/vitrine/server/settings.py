"""The limits a public server holds, each with a default fit for one small machine.

Every field can be set from the environment as ``VITRINE_<FIELD>`` (upper
case), e.g. ``VITRINE_MAX_BODY_BYTES=65536`` or
``VITRINE_TRUSTED_PROXIES=127.0.0.1``; docs/server.md lists them.  Rates are
written as the ``limits`` library parses them: ``"10/minute;60/hour"`` holds
both.  A bad value stops the server at start-up with the variable's name,
rather than running with a limit nobody chose.
"""

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from limits import parse_many

from vitrine.server.proxies import PROXY_HEADERS

PREFIX = "VITRINE_"
SMTP_TLS = ("starttls", "tls", "none")


def secret() -> Any:
    """A secret setting: left out of the settings' repr, so a logged one shows none."""
    return dataclasses.field(default="", repr=False)


@dataclass(frozen=True)
class Settings:
    # HTTP: what one request may cost
    max_body_bytes: int = 256 * 1024  # a request body (a record upload is a few KiB)
    body_timeout_seconds: float = 10.0  # to receive a whole body once its head has arrived
    header_timeout_seconds: float = 10.0  # to receive a request's head from its first byte
    keep_alive_seconds: int = 5  # an idle kept-alive connection is closed after this
    max_connections: int = 1000  # open connections and requests at once; beyond, 503
    trusted_proxies: tuple[str, ...] = ()  # only these may say who the client is
    proxy_headers: str = "x-forwarded"  # the header they say it in (or "forwarded", RFC 7239)
    # WebSocket
    allowed_origins: tuple[str, ...] = ()  # browser origins allowed besides the server's own
    ws_max_message_bytes: int = 4096  # a bigger message closes the socket (1009)
    ws_hello_seconds: float = 10.0  # to send the first message, which says who is connecting
    ws_backlog: int = 16  # messages a client leaves unread before it is disconnected
    ws_messages: str = "20/second;600/minute"  # messages one socket may send
    # abuse
    create_tables: str = "10/minute;60/hour"  # tables one client may create
    start_bot_tables: str = "2/minute;20/hour"  # tables of bots alone one client may start
    bot_tables: int = 2  # tables of bots alone playing at once, all clients together
    lobby_per_creator: int = 3  # open tables of one client that the lobby lists
    idle_seconds: float = 600.0  # a table nobody uses leaves memory (it stays in the database)
    chat_lines: str = "5/10 seconds"  # chat lines one seat may send
    tutorial_positions: str = "60/10 seconds;1200/hour"  # guided-game positions one client may ask
    # accounts
    sign_ups: str = "5/hour;20/day"  # accounts one client may open
    failed_sign_ins: str = "20/minute;200/hour"  # failed sign-ins one client may make
    failed_sign_ins_per_address_name: str = "5/minute;30/hour"  # to one name from one client
    failed_sign_ins_per_name: str = "30/hour;100/day"  # to one name from every client together
    failed_reauths: str = "5/minute;30/hour"  # wrong passwords one account's changes may give
    turn_checks: str = "30/minute"  # asks one account may make of how many games wait for it
    session_days: float = 30.0  # a session ends this long after its sign-in, used or not
    session_idle_days: float = 14.0  # or this long after it was last used
    # bot API (accounts/tokens.py)
    api_token_requests: str = "300/minute;6000/hour"  # requests one API token may make
    api_token_failures: str = "20/minute;200/hour"  # unknown API tokens one client may send
    api_tokens_per_account: int = 20  # live API tokens one account may hold
    # notifications (vitrine.server.notifications; docs/notifications.md)
    public_url: str = ""  # the site's address as mail links give it, e.g. https://vitrine.example
    smtp_host: str = ""  # none: no e-mail is sent (the account page says so)
    smtp_port: int = 587
    smtp_tls: str = "starttls"  # starttls, tls (implicit, port 465) or none
    smtp_user: str = ""
    smtp_password: str = secret()
    smtp_sender: str = ""  # the From address, e.g. vitrine <games@vitrine.example>
    vapid_private_key: str = secret()  # none: one is generated once and kept in the database
    vapid_subject: str = "mailto:admin@localhost"  # who push services contact about this server
    push_services: tuple[str, ...] = (  # where a browser's push endpoint may point (no SSRF)
        "fcm.googleapis.com",
        "updates.push.services.mozilla.com",
        "notify.windows.com",
        "push.apple.com",
    )
    notify_secret: str = secret()  # signs unsubscribe links; none: generated once, kept in the db
    email_verifications: str = "3/hour;10/day"  # verification mails one account may ask for
    notification_changes: str = "30/minute"  # changes to one account's notification settings
    # table lifecycle
    abandon_seconds: float = 7 * 24 * 3600.0  # no decision for this long: closed as abandoned
    # several processes
    lease_seconds: float = 10.0  # a table's bots and clock move to another process this long
    # after the process running them died (it renews every quarter of this)
    # quick pairing (server/pairing/)
    pairing_requests: str = "20/minute;200/hour"  # pairing requests one client may make
    pairing_open: int = 3  # requests one person (account, or guest address) has open at once
    pairing_reads: str = "4/second"  # reads of one pairing request (its holder polls once a second)
    pairing_expiry_seconds: float = 600.0  # a request nobody paired by then expires
    # the longest a process's matcher sleeps: it also wakes for a request made there,
    # a request's bots falling due, an expiry (server/pairing/)
    pairing_round_seconds: float = 5.0

    def __post_init__(self) -> None:
        if self.proxy_headers not in PROXY_HEADERS:
            choices = " or ".join(repr(choice) for choice in PROXY_HEADERS)
            raise ValueError(f"{PREFIX}PROXY_HEADERS is {choices}, not {self.proxy_headers!r}")
        if self.public_url and not self.public_url.startswith(("https://", "http://")):
            raise ValueError(f"{PREFIX}PUBLIC_URL is an http(s) URL, not {self.public_url!r}")
        if self.smtp_tls not in SMTP_TLS:
            choices = " or ".join(repr(choice) for choice in SMTP_TLS)
            raise ValueError(f"{PREFIX}SMTP_TLS is {choices}, not {self.smtp_tls!r}")
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, int | float) and value <= 0:
                raise ValueError(f"{PREFIX}{field.name.upper()} must be positive, got {value}")
            if field.name in RATES:
                try:
                    parse_many(value)
                except ValueError:
                    raise ValueError(
                        f"{PREFIX}{field.name.upper()} is not a rate such as '10/minute': {value!r}"
                    ) from None

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> "Settings":
        """The defaults, with every ``VITRINE_<FIELD>`` found in ``environ`` applied."""
        environ = os.environ if environ is None else environ
        changes: dict[str, Any] = {}
        defaults = cls()
        for field in fields(cls):
            text = environ.get(PREFIX + field.name.upper())
            if text is None:
                continue
            default = getattr(defaults, field.name)
            try:
                if isinstance(default, tuple):
                    changes[field.name] = tuple(p.strip() for p in text.split(",") if p.strip())
                else:
                    changes[field.name] = type(default)(text)
            except ValueError:
                raise ValueError(
                    f"{PREFIX}{field.name.upper()}: {text!r} is not a number"
                ) from None
        return replace(defaults, **changes)


RATES = (
    "ws_messages",
    "create_tables",
    "start_bot_tables",
    "chat_lines",
    "tutorial_positions",
    "sign_ups",
    "failed_sign_ins",
    "failed_sign_ins_per_address_name",
    "failed_sign_ins_per_name",
    "failed_reauths",
    "api_token_failures",
    "api_token_requests",
    "pairing_requests",
    "pairing_reads",
    "turn_checks",
    "email_verifications",
    "notification_changes",
)
