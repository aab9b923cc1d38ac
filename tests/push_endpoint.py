"""A stand-in for a push service on 127.0.0.1: it receives a push as Google's or
Mozilla's would, checks its VAPID signature (RFC 8292) against the key it
expects, and decrypts its aes128gcm payload (RFC 8291) with the keys of the
browser it stands for (which the test makes, as a browser would)."""

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's push keys: its ECDH key pair and the auth secret it shares."""

    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.private.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(point), "auth": b64(self.auth)}


@dataclass
class Received:
    claims: dict[str, Any]
    server_key: str  # the ``k`` of the Authorization header
    payload: dict[str, Any]
    headers: dict[str, str]  # names in lower case


def verified_claims(authorization: str, expected_key: str) -> dict[str, Any]:
    """The JWT's claims, once its ES256 signature checks out against ``expected_key``
    (raises otherwise)."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme == "vapid", authorization
    fields = dict(part.split("=", 1) for part in rest.split(","))
    assert fields["k"] == expected_key, "signed by another key"
    head, body, signature = fields["t"].split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    claims: dict[str, Any] = json.loads(unb64(body))
    return claims


class PushEndpoint:
    """Serves ``http://127.0.0.1:<port>/push/<name>``; ``received`` holds each push
    that verified, ``refused`` the words of each that did not."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.expected_key = ""  # the server's VAPID public key, once the test knows it
        self.received: list[Received] = []
        self.refused: list[str] = []
        self.status = 201
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                try:
                    claims = verified_claims(
                        self.headers.get("Authorization", ""), endpoint.expected_key
                    )
                    clear = http_ece.decrypt(
                        body,
                        private_key=endpoint.browser.private,
                        auth_secret=endpoint.browser.auth,
                        version="aes128gcm",
                    )
                    endpoint.received.append(
                        Received(
                            claims, endpoint.expected_key, json.loads(clear), dict(self.headers)
                        )
                    )
                except (AssertionError, InvalidSignature, ValueError, KeyError) as error:
                    endpoint.refused.append(repr(error))
                    self.send_response(400)
                else:
                    self.send_response(endpoint.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, name: str = "browser") -> str:
        return f"{self.origin}/push/{name}"

    def __enter__(self) -> "PushEndpoint":
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.server.shutdown()
        self.server.server_close()


def fresh(claims: dict[str, Any], audience: str) -> bool:
    """The claims a push service requires: its own origin, an expiry within a day."""
    now = time.time()
    return bool(claims["aud"] == audience and now < claims["exp"] <= now + 24 * 3600)
