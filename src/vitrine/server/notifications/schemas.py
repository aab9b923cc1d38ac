"""The notification routes' request and response bodies (and so their OpenAPI document)."""

from pydantic import Field, StrictBool

from vitrine.server.schemas import Strict


class ChannelChoice(Strict):
    email: StrictBool = False
    push: StrictBool = False


class Choices(Strict):
    """Each kind by each channel; all off by default."""

    turn: ChannelChoice = Field(
        default_factory=ChannelChoice, description="your turn at a turn-based table"
    )
    ended: ChannelChoice = Field(
        default_factory=ChannelChoice, description="a game you sat at ended"
    )
    invited: ChannelChoice = Field(
        default_factory=ChannelChoice, description="someone invited you to a table"
    )
    chat: ChannelChoice = Field(
        default_factory=ChannelChoice,
        description="someone else wrote at your table (at most once per table every 15 minutes)",
    )


class EmailState(Strict):
    address: str
    verified: bool = Field(description="no notification is mailed before it is verified")


class NotificationSettings(Strict):
    email_available: bool = Field(description="false: this server sends no e-mail")
    push_key: str = Field(description="the VAPID public key (applicationServerKey, base64url)")
    email: EmailState | None
    push_subscriptions: int = Field(description="browsers of this account subscribed to pushes")
    choices: Choices


class EmailRequest(Strict):
    address: str = Field(max_length=320)


class VerifyRequest(Strict):
    token: str = Field(max_length=100)


class PushKeys(Strict):
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class PushSubscription(Strict):
    """A browser's ``PushSubscription.toJSON()`` (its expirationTime is not kept)."""

    endpoint: str = Field(max_length=1000)
    keys: PushKeys
    expirationTime: float | None = None  # noqa: N815  (the browser's own name)


class Unsubscribed(Strict):
    kind: str
    channel: str
