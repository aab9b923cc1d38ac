"""The bot API's routes: marking a bot account, its API tokens, and challenges
(docs/bots.md, "Connect your own bot").

Tokens are managed by the signed-in owner on the account page only: those
routes declare no scope, so no token can make, list or revoke tokens.
Challenges are read and answered by a session, or by a token with ``play``.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool

from vitrine.server.accounts import schemas
from vitrine.server.accounts.bot_accounts import mark_as_bot
from vitrine.server.accounts.dependencies import accounts_of, signed_in
from vitrine.server.accounts.store import SignedIn
from vitrine.server.accounts.tokens import Tokens
from vitrine.server.api import BODY, PLAY, TOKEN, member_of, refusals
from vitrine.server.live import AccountCredential
from vitrine.server.names import clean_name
from vitrine.server.schemas import TableState
from vitrine.server.tables.challenges import Challenges, challenges_of
from vitrine.server.tables.lobby import Member

router = APIRouter(prefix="/api")
SignedInDep = Annotated[SignedIn, Depends(signed_in)]
ChallengesDep = Annotated[Challenges, Depends(challenges_of)]


def tokens_of(request: Request) -> Tokens:
    tokens: Tokens = request.app.state.tokens
    return tokens


TokensDep = Annotated[Tokens, Depends(tokens_of)]


def as_member(signed: SignedIn) -> Member:
    member = member_of(signed)
    assert member is not None  # a deleted account signs nobody in
    return member


@router.post(
    "/account/bot",
    response_model=schemas.Account,
    responses=refusals(401, 403, 409, takes_input=False),
)
async def mark_bot(signed: SignedInDep, request: Request) -> dict[str, Any]:
    """Mark the signed-in account as a bot, for good: it may then hold API
    tokens, is labelled as a bot everywhere and rated on the bots' leaderboards.
    Refused once the account has taken any seat (``account_has_played``)."""
    accounts = accounts_of(request)
    await mark_as_bot(accounts.store.engine, signed.account)
    marked = await run_in_threadpool(accounts.store.by_id, signed.account.id)
    assert marked is not None
    return accounts.describe(marked)


@router.get(
    "/account/tokens",
    response_model=list[schemas.ApiToken],
    responses=refusals(401, 403, takes_input=False),
)
async def list_tokens(signed: SignedInDep, tokens: TokensDep) -> list[dict[str, Any]]:
    """The account's API tokens (never the tokens themselves), with their last use."""
    return await tokens.listed(signed.account.id)


@router.post(
    "/account/tokens",
    status_code=201,
    response_model=schemas.CreatedApiToken,
    responses=refusals(*BODY, 401, 403, 409),
)
async def create_token(
    body: schemas.ApiTokenRequest, signed: SignedInDep, tokens: TokensDep
) -> dict[str, Any]:
    """A new API token for this bot account: the answer holds the token, its only copy."""
    return await tokens.create(signed.account, clean_name(body.label), list(body.scopes))


@router.delete("/account/tokens/{token_id}", status_code=204, responses=refusals(401, 403, 404))
async def revoke_token(token_id: str, signed: SignedInDep, tokens: TokensDep) -> None:
    """Revoke an API token: it is refused from the next request on."""
    await tokens.revoke(signed.account.id, token_id)


@router.get(
    "/account/challenges",
    response_model=schemas.ChallengeLists,
    responses=refusals(*TOKEN, takes_input=False),
    dependencies=[PLAY],
)
async def list_challenges(signed: SignedInDep, challenges: ChallengesDep) -> dict[str, Any]:
    """The challenges made to this account and by it, the newest first (50 of each)."""
    return await challenges.listed(signed.account.id)


@router.post(
    "/challenges/{table_id}/accept",
    response_model=TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def accept_challenge(
    table_id: str, signed: SignedInDep, challenges: ChallengesDep
) -> dict[str, Any]:
    """Take the seat reserved for this account; the table starts once every seat is taken."""
    live = await challenges.accept(table_id, as_member(signed))
    return live.message(live.seat_for(AccountCredential(signed.account.id)))


@router.post(
    "/challenges/{table_id}/decline",
    response_model=TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def decline_challenge(
    table_id: str, signed: SignedInDep, challenges: ChallengesDep
) -> dict[str, Any]:
    """Decline the challenge: the table is called off, and its creator sees it declined."""
    live = await challenges.decline(table_id, as_member(signed))
    return live.message(None)
