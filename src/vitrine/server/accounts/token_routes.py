"""The routes of a bot account's API tokens (docs/bot-api.md).

Tokens are managed by the signed-in owner on the account page only: these
routes declare no scope, so no token can make, list or revoke tokens.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from vitrine.server.accounts import schemas
from vitrine.server.accounts.dependencies import signed_in
from vitrine.server.accounts.store import SignedIn
from vitrine.server.accounts.tokens import Tokens
from vitrine.server.http import BODY, refusals
from vitrine.server.names import clean_name

router = APIRouter(prefix="/api")
SignedInDep = Annotated[SignedIn, Depends(signed_in)]


def tokens_of(request: Request) -> Tokens:
    tokens: Tokens = request.app.state.tokens
    return tokens


TokensDep = Annotated[Tokens, Depends(tokens_of)]


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
