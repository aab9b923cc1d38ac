"""The challenges' routes: a seat reserved for an account, read and answered by
its session, or by a token with ``play`` (docs/bot-api.md).
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from vitrine.server.accounts.dependencies import signed_in
from vitrine.server.accounts.scopes import PLAY
from vitrine.server.accounts.store import SignedIn
from vitrine.server.http import TOKEN, refusals
from vitrine.server.play import schemas
from vitrine.server.play.challenges import Challenges, challenges_of
from vitrine.server.play.live import AccountCredential
from vitrine.server.play.lobby import Member
from vitrine.server.play.routes import member_of

router = APIRouter(prefix="/api")
SignedInDep = Annotated[SignedIn, Depends(signed_in)]
ChallengesDep = Annotated[Challenges, Depends(challenges_of)]


def as_member(signed: SignedIn) -> Member:
    member = member_of(signed)
    assert member is not None  # a deleted account signs nobody in
    return member


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
    response_model=schemas.TableState,
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
    response_model=schemas.TableState,
    responses=refusals(*TOKEN, 404, 409),
    dependencies=[PLAY],
)
async def decline_challenge(
    table_id: str, signed: SignedInDep, challenges: ChallengesDep
) -> dict[str, Any]:
    """Decline the challenge: the table is called off, and its creator sees it declined."""
    live = await challenges.decline(table_id, as_member(signed))
    return live.message(None)
