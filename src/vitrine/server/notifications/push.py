"""Web Push: the server's VAPID key, the endpoints it will post to, and the sending.

pywebpush encrypts the payload for the browser's keys (aes128gcm, RFC 8291,
through http-ece) and signs the request for the push service with the
server's VAPID key (RFC 8292, through py-vapid: an ES256 JWT naming the push
service as its audience, valid 12 hours).  The key comes from
``VITRINE_VAPID_PRIVATE_KEY``, else it is generated once and kept in the
database, so every process and every restart signs with the same key: a
browser's subscription is bound to the public key it was made with, and a
new key would silently orphan every subscription.

A browser hands the server its endpoint URL, and the server posts to it:
only endpoints of the push services named in ``VITRINE_PUSH_SERVICES`` are
taken (https, the host or a subdomain of it; an entry written as an origin,
``http://127.0.0.1:8123``, allows that origin exactly, for tests), so an
account cannot make the server post to its own network.
"""

import base64
import json
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from vitrine.server.notifications.models import PushSubscriptionRow

PUSH_TIMEOUT = 20.0  # seconds for the push service to answer
CLAIM_HOURS = 12  # a VAPID JWT's lifetime (the push services accept up to 24 hours)
TTL_SECONDS = 7 * 24 * 3600  # how long a push service keeps a push for a browser that is away
GONE = (404, 410)  # the push service forgot the subscription: it is deleted here too


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def generated_key() -> str:
    """A new VAPID private key, as the raw 32 bytes in base64url (what the settings take)."""
    vapid = Vapid()
    vapid.generate_keys()
    return b64url(vapid.private_key.private_numbers().private_value.to_bytes(32, "big"))


@dataclass(frozen=True)
class VapidKey:
    vapid: Vapid
    public: str  # base64url of the uncompressed point: the page's applicationServerKey

    @classmethod
    def load(cls, private: str) -> "VapidKey":
        vapid = Vapid.from_string(private)
        point = vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return cls(vapid, b64url(point))


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def endpoint_allowed(endpoint: str, services: tuple[str, ...]) -> bool:
    """Whether the server may post to ``endpoint`` (a known push service's)."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    for service in services:
        if "://" in service:
            if origin(endpoint) == service.rstrip("/"):
                return True
        elif parts.scheme == "https" and (host == service or host.endswith("." + service)):
            return True
    return False


class PushGoneError(Exception):
    """The push service no longer knows this subscription."""


def send(key: VapidKey, subject: str, row: PushSubscriptionRow, data: dict[str, Any]) -> None:
    """Post ``data`` (JSON) to the subscription (blocking: call it on a worker thread)."""
    claims: dict[str, str | int] = {
        "sub": subject,
        "aud": origin(row.endpoint),
        "exp": int(time.time()) + CLAIM_HOURS * 3600,
    }
    try:
        webpush(
            {"endpoint": row.endpoint, "keys": {"p256dh": row.p256dh, "auth": row.auth}},
            json.dumps(data),
            vapid_private_key=key.vapid,
            vapid_claims=claims,
            timeout=PUSH_TIMEOUT,
            ttl=TTL_SECONDS,
        )
    except WebPushException as error:
        if error.response is not None and error.response.status_code in GONE:
            raise PushGoneError from None
        raise
