"""Whose turn: how many games wait for the signed-in person's decision.

Every page's header shows the count, and a tab its title and favicon badge,
so a person with turn-based games learns without opening each one that a
game waits for them.  Pages ask often (every minute, and when a tab comes
back to the front), so the count is one indexed query: each table keeps the
account whose decision it awaits (``game_tables.turn_account_id``), written
in the transaction of every change that moves the turn (a decision, a start,
a seat handed to a bot, an end), never worked out by replaying games.
"""

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from vitrine.server.http import refusals
from vitrine.server.play.live import PLAYING
from vitrine.server.play.models import TableRow
from vitrine.server.play.routes import Service
from vitrine.server.players.routes import Profiles, SignedInDep
from vitrine.server.ratelimit import RateLimit

LISTED = 100  # the waiting tables an answer names; the count counts them all

router = APIRouter(prefix="/api")


class Turns(BaseModel):
    """The games waiting for the signed-in person's decision."""

    count: int = Field(description="how many games wait for this person's decision")
    tables: list[str] = Field(description=f"their ids, at most {LISTED}, the newest first")


def waiting_for(engine: Engine, account_id: str) -> tuple[int, list[str]]:
    """The number of playing tables awaiting ``account_id``, and the newest of their ids."""
    with Session(engine) as session:
        ids = list(
            session.scalars(
                select(TableRow.id)
                .where(TableRow.turn_account_id == account_id, TableRow.status == PLAYING)
                .order_by(TableRow.created_at.desc())
            )
        )
    return len(ids), ids[:LISTED]


@router.get("/account/turns", response_model=Turns, responses=refusals(401, 429, takes_input=False))
async def my_turns(signed: SignedInDep, store: Profiles, service: Service) -> dict[str, Any]:
    """How many games wait for the signed-in person's decision, and which: what every
    page's header, a tab's title and its favicon badge show.  Asked at most
    ``VITRINE_TURN_CHECKS`` times per account (a page asks once a minute, and as
    its tab comes back to the front)."""
    RateLimit("turn_checks", service.settings.turn_checks, service.core.limiter).hit(
        signed.account.id
    )
    count, tables = await run_in_threadpool(waiting_for, store.engine, signed.account.id)
    return {"count": count, "tables": tables}
