"""Passkeys (WebAuthn): registered from the profile, then a way in with no password.

The ceremonies are py_webauthn's (the ``webauthn`` package, Duo Labs'):
this module only keeps their state.  The server makes a challenge, keeps it
(any process may get the answer) for ``CHALLENGE_SECONDS``, and the browser's
answer is verified against it once: a challenge is used up by its first
answer, right or wrong.  The relying party is the host the page was served
from (``rp_id``), so a passkey made on ``localhost`` signs in on
``localhost`` only, as browsers require.  Sign-in asks for a discoverable
credential (a passkey stored on the authenticator, naming its account), so
the person types nothing; registration asks for one and for user
verification where the authenticator can.
"""

import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import webauthn
from starlette.concurrency import run_in_threadpool
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from vitrine.server.accounts.models import AccountRow, ChallengeRow, PasskeyRow
from vitrine.server.accounts.service import Accounts, Started
from vitrine.server.accounts.store import SignedIn
from vitrine.server.errors import ApiError, conflict, invalid, not_found
from vitrine.server.orm import utcnow

CHALLENGE_SECONDS = 300
RP_NAME = "vitrine"
REGISTER, SIGN_IN = "register", "sign_in"
MAX_PASSKEYS = 20


@dataclass(frozen=True)
class Party:
    """Who the browser talks to: the relying party's id (a host name) and the
    page's origin, both as the request came in."""

    rp_id: str
    origin: str


def refused(error: Exception) -> ApiError:
    return invalid(
        "passkey_refused",
        f"the passkey's answer was refused: {error}",
    )


def expired() -> ApiError:
    return invalid(
        "passkey_expired",
        f"this passkey request is unknown, used or older than {CHALLENGE_SECONDS // 60} minutes: "
        "start again",
    )


class Passkeys:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts
        self.store = accounts.store

    async def _challenge(self, purpose: str, account_id: str | None, challenge: bytes) -> str:
        handle = secrets.token_urlsafe(24)
        now = utcnow()
        row = ChallengeRow(
            handle=handle,
            account_id=account_id,
            challenge=challenge,
            purpose=purpose,
            expires_at=now + timedelta(seconds=CHALLENGE_SECONDS),
        )
        await run_in_threadpool(self.store.add_challenge, row, now)
        return handle

    async def _take(self, handle: str, purpose: str) -> ChallengeRow:
        row = await run_in_threadpool(self.store.take_challenge, handle, purpose, utcnow())
        if row is None:
            raise expired()
        return row

    # ------------------------------------------------------------ registering

    async def register_options(self, signed: SignedIn, party: Party) -> dict[str, Any]:
        """The options for ``navigator.credentials.create``, and the ceremony's handle."""
        account = signed.account
        known = await run_in_threadpool(self.store.passkeys, account.id)
        if len(known) >= MAX_PASSKEYS:
            raise conflict(
                "passkeys_full",
                f"an account holds at most {MAX_PASSKEYS} passkeys",
                max=MAX_PASSKEYS,
            )
        options = webauthn.generate_registration_options(
            rp_id=party.rp_id,
            rp_name=RP_NAME,
            user_id=account.id.encode(),
            user_name=account.name or account.id,
            user_display_name=account.name or account.id,
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(row.credential_id))
                for row in known
            ],
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            timeout=CHALLENGE_SECONDS * 1000,
        )
        handle = await self._challenge(REGISTER, account.id, options.challenge)
        return {"handle": handle, "options": json.loads(webauthn.options_to_json(options))}

    async def register(
        self, signed: SignedIn, party: Party, handle: str, label: str, credential: dict[str, Any]
    ) -> dict[str, Any]:
        """Keep the passkey the browser made for the ceremony ``handle``."""
        challenge = await self._take(handle, REGISTER)
        if challenge.account_id != signed.account.id:
            raise expired()
        try:
            verified = webauthn.verify_registration_response(
                credential=credential,
                expected_challenge=challenge.challenge,
                expected_rp_id=party.rp_id,
                expected_origin=party.origin,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as error:
            raise refused(error) from None
        transports = credential.get("response", {}).get("transports", [])
        row = PasskeyRow(
            credential_id=bytes_to_base64url(verified.credential_id),
            account_id=signed.account.id,
            public_key=verified.credential_public_key,
            sign_count=verified.sign_count,
            transports=[t for t in transports if isinstance(t, str)][:8]
            if isinstance(transports, list)
            else [],
            label=label,
            created_at=utcnow(),
        )
        if not await run_in_threadpool(self.store.add_passkey, row):
            raise conflict("passkey_known", "this passkey is already registered")
        return {
            "id": row.credential_id,
            "label": row.label,
            "created_at": row.created_at.isoformat(),
            "used_at": None,
        }

    async def remove(self, signed: SignedIn, credential_id: str) -> None:
        if not await run_in_threadpool(self.store.remove_passkey, signed.account.id, credential_id):
            raise not_found("passkey_not_found", "this account has no such passkey")

    # ------------------------------------------------------------ signing in

    async def sign_in_options(self, party: Party) -> dict[str, Any]:
        """The options for ``navigator.credentials.get`` (any passkey of this site)."""
        options = webauthn.generate_authentication_options(
            rp_id=party.rp_id,
            user_verification=UserVerificationRequirement.PREFERRED,
            timeout=CHALLENGE_SECONDS * 1000,
        )
        handle = await self._challenge(SIGN_IN, None, options.challenge)
        return {"handle": handle, "options": json.loads(webauthn.options_to_json(options))}

    async def sign_in(
        self,
        party: Party,
        handle: str,
        credential: dict[str, Any],
        agent: str,
        old: str | None,
    ) -> Started:
        """A new session for the account whose passkey answered the ceremony ``handle``."""
        challenge = await self._take(handle, SIGN_IN)
        credential_id = credential.get("id")
        passkey = None
        if isinstance(credential_id, str):
            passkey = await run_in_threadpool(self.store.passkey, credential_id)
        if passkey is None:
            raise ApiError(401, "this passkey belongs to no account here", "passkey_unknown")
        try:
            verified = webauthn.verify_authentication_response(
                credential=credential,
                expected_challenge=challenge.challenge,
                expected_rp_id=party.rp_id,
                expected_origin=party.origin,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
            )
        except (WebAuthnException, ValueError, KeyError, TypeError) as error:
            raise refused(error) from None
        account: AccountRow | None = await run_in_threadpool(self.store.by_id, passkey.account_id)
        if account is None or account.deleted_at is not None:
            raise ApiError(401, "this passkey belongs to no account here", "passkey_unknown")
        await run_in_threadpool(
            self.store.passkey_used, passkey.credential_id, verified.new_sign_count, utcnow()
        )
        return await self.accounts.start(account, "passkey", agent, old)
