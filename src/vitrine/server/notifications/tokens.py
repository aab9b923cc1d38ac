"""One-click unsubscribe links: a token that turns off one kind, by one channel,
for one account, and can do nothing else.

It is signed (HMAC-SHA1 over the payload, by itsdangerous, as Flask signs its
sessions) with a secret only the server knows, under a salt of its own, so
it cannot be forged, altered to name another account or kind, or taken for
any other token of the server's.  It does not expire: a mail read months
later must still unsubscribe with one click (RFC 8058), and turning a
notification off twice does no harm.
"""

from typing import cast

from itsdangerous import BadSignature, URLSafeSerializer

from vitrine.server.notifications.kinds import CHANNELS, KINDS, Channel, Kind

SALT = "vitrine.unsubscribe"


class Unsubscribes:
    def __init__(self, secret: str) -> None:
        self.serializer = URLSafeSerializer(secret, salt=SALT)

    def token(self, account_id: str, kind: str, channel: str) -> str:
        return self.serializer.dumps([account_id, kind, channel])

    def read(self, token: str) -> tuple[str, Kind, Channel] | None:
        """The (account, kind, channel) the token turns off; None if it is not one of ours."""
        try:
            value = self.serializer.loads(token)
        except BadSignature:
            return None
        if not (isinstance(value, list) and len(value) == 3):
            return None
        account_id, kind, channel = value
        if not isinstance(account_id, str) or kind not in KINDS or channel not in CHANNELS:
            return None
        return account_id, cast(Kind, kind), cast(Channel, channel)
