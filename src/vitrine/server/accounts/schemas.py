"""The accounts' request and response bodies (and so their OpenAPI document)."""

from typing import Any, Literal

from pydantic import Field

from vitrine.server.accounts.scopes import SCOPES
from vitrine.server.schemas import NAME_FIELD, Strict

PASSWORD_FIELD = 1000  # what a password may be sent as; one over 128 characters is refused
Language = Literal["en", "fr"]


class SignUpRequest(Strict):
    name: str = Field(max_length=NAME_FIELD)
    password: str = Field(max_length=PASSWORD_FIELD)
    language: Language = "en"


class SignInRequest(Strict):
    name: str = Field(max_length=NAME_FIELD)
    password: str = Field(max_length=PASSWORD_FIELD)


class AccountChange(Strict):
    """What to change; a new password asks for the current one."""

    name: str | None = Field(default=None, max_length=NAME_FIELD)
    language: Language | None = None
    password: str | None = Field(default=None, max_length=PASSWORD_FIELD)
    current_password: str | None = Field(default=None, max_length=PASSWORD_FIELD)


class PasswordConfirmation(Strict):
    password: str = Field(max_length=PASSWORD_FIELD)


class Account(Strict):
    id: str = Field(description="the account's lasting id (its name may change)")
    name: str
    language: Language
    created_at: str
    has_password: bool
    bot: bool = Field(default=False, description="marked as a bot by its owner (for good)")


class SessionInfo(Strict):
    handle: str = Field(description="names the session to end it; it cannot sign in")
    current: bool = Field(description="the session of this request")
    created_at: str
    seen_at: str
    expires_at: str
    agent: str = Field(description="the browser, as it named itself")
    method: Literal["password", "passkey"]


class Ended(Strict):
    ended: int = Field(description="how many sessions ended")


class Passkey(Strict):
    id: str = Field(description="the credential's id (base64url)")
    label: str
    created_at: str
    used_at: str | None


class NameSince(Strict):
    name: str
    since: str


class Ceremony(Strict):
    handle: str = Field(description="send it back with the browser's answer")
    options: dict[str, Any] = Field(description="for navigator.credentials (JSON, base64url)")


class PasskeyRegistration(Strict):
    handle: str = Field(max_length=100)
    label: str = Field(min_length=1, max_length=60)
    credential: dict[str, Any] = Field(description="navigator.credentials.create()'s answer")


class PasskeySignIn(Strict):
    handle: str = Field(max_length=100)
    credential: dict[str, Any] = Field(description="navigator.credentials.get()'s answer")


# ------------------------------------------------------------ bot API

Scope = Literal["play", "pair"]  # scopes.SCOPES


class ApiTokenRequest(Strict):
    label: str = Field(min_length=1, max_length=60, description="what the token is for")
    scopes: list[Scope] = Field(
        min_length=1,
        max_length=len(SCOPES),
        description="; ".join(f"{name}: {words}" for name, words in SCOPES.items()),
    )


class ApiToken(Strict):
    id: str = Field(description="names the token to revoke it; it is not the token")
    label: str
    scopes: list[Scope]
    created_at: str
    used_at: str | None = Field(description="its last use (to the minute); none: never used")


class CreatedApiToken(ApiToken):
    token: str = Field(description="the token itself: its only copy (send it as a Bearer token)")
