"""The players' HTTP routes: My games, profiles, leaderboards, a table's rating
changes, marking an account a bot, and the person's data (export, erasure).

What they read is in ``store.py``; erasing an account reaches every
capability's rows, in ``erasure.py``.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from vitrine.games import game_names
from vitrine.ratings import Rating, shown
from vitrine.server.accounts import schemas as account_schemas
from vitrine.server.accounts.dependencies import accounts_of, signed_in
from vitrine.server.accounts.routes import clear_cookie
from vitrine.server.accounts.scopes import PLAY
from vitrine.server.accounts.store import SignedIn
from vitrine.server.errors import conflict, not_found
from vitrine.server.http import BODY, TOKEN, refusals
from vitrine.server.orm import aware, utcnow
from vitrine.server.play.live import OVER
from vitrine.server.play.routes import Service
from vitrine.server.players import schemas
from vitrine.server.players.bot_accounts import mark_as_bot
from vitrine.server.players.erasure import erase
from vitrine.server.players.service import (
    change_info,
    exported_games,
    finished,
    finished_entry,
    in_progress,
    leaders_of,
    outcome,
    rating_info,
)
from vitrine.server.players.store import ProfileStore

PAGE = 20  # finished games a page of My games lists
RECENT = 10  # finished games a profile lists

router = APIRouter(prefix="/api")


def store_of(request: Request) -> ProfileStore:
    store: ProfileStore = request.app.state.profiles
    return store


Profiles = Annotated[ProfileStore, Depends(store_of)]
SignedInDep = Annotated[SignedIn, Depends(signed_in)]


@router.get(
    "/account/games",
    response_model=schemas.MyGames,
    responses=refusals(*TOKEN),
    dependencies=[PLAY],
)
async def my_games(
    signed: SignedInDep,
    service: Service,
    store: Profiles,
    page: Annotated[int, Query(ge=0, le=10_000)] = 0,
) -> dict[str, Any]:
    """The signed-in person's games: in progress (those waiting for them first;
    on the first page only) and finished (``page`` by ``page``, the newest first)."""
    account_id = signed.account.id
    return {
        "in_progress": await in_progress(service, store, account_id) if page == 0 else [],
        "finished": await finished(store, account_id, page, PAGE),
        "page": page,
        "page_size": PAGE,
    }


@router.get("/players/{name}", response_model=schemas.Profile, responses=refusals(404))
async def player(name: str, request: Request, store: Profiles) -> dict[str, Any]:
    """A player's profile: per game their finished games, wins, rating and its
    history, and their latest games.  ``name`` may be one they had before."""
    account = await accounts_of(request).resolve(name)
    if account is None or account.name is None:
        raise not_found("player_not_found", f"no player is called {name!r}", name=name)
    tables = await run_in_threadpool(store.tables_of, account.id, (OVER,), 0, 10_000)
    ratings = {row.game: row for row in await run_in_threadpool(store.ratings, account.id)}
    history = await run_in_threadpool(store.history, account.id)
    per_game = []
    for game in game_names():
        mine = [at for at in tables if at.table.game == game]
        rating = ratings.get(game)
        if not mine and rating is None:
            continue
        per_game.append(
            {
                "game": game,
                "games": len(mine),
                "wins": sum(outcome(at.table.ranks, at.seat) == "won" for at in mine),
                "rating": None
                if rating is None
                else rating_info(Rating(rating.mu, rating.sigma), rating.games),
                "history": [
                    {"at": at.isoformat(), "rating": shown(Rating(mu, sigma))}
                    for g, at, mu, sigma in history
                    if g == game
                ],
            }
        )
    recent = tables[:RECENT]
    changes = await run_in_threadpool(store.changes, account.id, [at.table.id for at in recent])
    return {
        "name": account.name,
        "bot": account.bot,
        "language": account.language,
        "member_since": aware(account.created_at).isoformat(),
        "games": per_game,
        "recent": [finished_entry(at, changes.get(at.table.id)) for at in recent],
    }


@router.get("/leaderboard/{game}", response_model=schemas.Leaderboard, responses=refusals(404))
async def leaderboard(game: str, store: Profiles) -> dict[str, Any]:
    """A game's best ratings: settled (not provisional), of people (bot accounts
    have their own board) active in the last 90 days, the highest first."""
    return await leaders_of(store, game, bots=False)


@router.get("/leaderboard/{game}/bots", response_model=schemas.Leaderboard, responses=refusals(404))
async def bots_leaderboard(game: str, store: Profiles) -> dict[str, Any]:
    """A game's bot accounts by rating (provisional ones too, marked), of those
    active in the last 90 days, the highest first."""
    return await leaders_of(store, game, bots=True)


@router.get(
    "/tables/{table_id}/ratings",
    response_model=list[schemas.TableRating],
    responses=refusals(404),
)
async def table_ratings(table_id: str, store: Profiles) -> list[dict[str, Any]]:
    """A finished rated table's rating changes, seat by seat (none for another table)."""
    return [
        {"seat": change.seat, "name": name, **change_info(change)}
        for change, name in await run_in_threadpool(store.table_changes, table_id)
    ]


@router.post(
    "/account/bot",
    response_model=account_schemas.Account,
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


@router.delete("/account", status_code=204, responses=refusals(*BODY, 401, 403, 409, 429))
async def delete_account(
    body: account_schemas.PasswordConfirmation,
    signed: SignedInDep,
    request: Request,
    response: Response,
    service: Service,
) -> None:
    """Delete the account: its name, password, sessions and passkeys are erased;
    its finished games keep their records, its seats shown as a deleted player.
    Refused while it sits at a table not yet over (``account_playing``)."""
    accounts = accounts_of(request)
    await accounts.confirm(signed, body.password)
    erased = await run_in_threadpool(erase, accounts.store.engine, signed.account.id, utcnow())
    if erased.running:
        raise conflict(
            "account_playing",
            f"this account sits at {len(erased.running)} table(s) not yet over: finish or "
            "leave them first",
            tables=erased.running[:20],
        )
    for table_id in erased.tables:  # read again from the database, without the name
        service.core.tables.pop(table_id, None)
    clear_cookie(request, response)


@router.get(
    "/account/export", response_model=schemas.Export, responses=refusals(401, takes_input=False)
)
async def export(
    signed: SignedInDep, request: Request, service: Service, store: Profiles
) -> dict[str, Any]:
    """Everything kept about the account, as JSON: the account, its names, sessions
    and passkeys, every table it sat at, with the record of each game over, and
    its notifications (e-mail address, choices)."""
    games = await exported_games(service, store, signed.account.id)
    notifications = await request.app.state.notifications.overview(signed.account.id)
    return {
        **await accounts_of(request).export(signed),
        "games": games,
        "notifications": notifications,
    }
