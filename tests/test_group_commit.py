"""The group commit (``server/tables/writer.py``): decisions that end nothing,
made at several tables at once, are written in one transaction, and each
caller learns what writing its decision alone would have told it.

On both databases: a batch writes every decision in one commit; a batch with
one table moved on meanwhile writes the others, and that one is refused
(BehindError) with nothing of it written.  Through the service on SQLite:
decisions made together while a write is slow share the next batch; a batch
whose transaction fails is written decision by decision, nothing lost; a
write the thread pool refuses reaches every waiting caller, and the writer
writes again after it.
"""

import asyncio
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from server_fixtures import Api
from vitrine.server.app import create_app
from vitrine.server.play.store import BehindError, Store, TableDecision
from vitrine.server.play.writer import DecisionWriter, write_batch

TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
TABLES = 5


def started(api: Api) -> tuple[str, list[str]]:
    """A two-seat Exhibition table, joined and started: its id and seat tokens."""
    created = api.create(TWO)
    table_id = created["table"]["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    assert api.post(f"/api/tables/{table_id}/join", tokens[1], {"name": "Bo"}).status_code == 200
    assert api.post(f"/api/tables/{table_id}/start", created["host_token"]).status_code == 200
    return table_id, tokens


def first_decision(api: Api, table_id: str, tokens: list[str]) -> tuple[int, str, str]:
    """The seat to act, its token and its first legal decision."""
    table = api.get(f"/api/tables/{table_id}").json()["table"]
    seat = table["current_player"]
    view = api.get(f"/api/tables/{table_id}", tokens[seat]).json()["view"]
    return seat, tokens[seat], view["legal_actions"][0]


def logged(api: Api, table_id: str) -> list[str]:
    return [entry["action"] for entry in api.get(f"/api/tables/{table_id}").json()["log"]]


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.service.store  # type: ignore[attr-defined]
    return store


def test_a_batch_is_one_commit_and_a_table_moved_on_is_refused_alone(database_url: str) -> None:
    with TestClient(create_app(database_url, bot_delay=0)) as client:
        api = Api(client)
        store = store_of(client)
        tables = [started(api) for _ in range(3)]
        ids = [table_id for table_id, _ in tables]
        before = store.versions(ids)
        now = datetime.now(UTC)

        def decision(table_id: str, tokens: list[str], version: int) -> TableDecision:
            seat, _, action = first_decision(api, table_id, tokens)
            return TableDecision(table_id, version, 1, seat, action, now, None)

        batch = [decision(table_id, tokens, before[table_id]) for table_id, tokens in tables]
        assert write_batch(store, batch) == ([None, None, None], 1)
        assert store.versions(ids) == {table_id: before[table_id] + 1 for table_id in ids}
        for made in batch:
            stored = store.load_table(made.table_id)
            assert stored is not None
            assert stored.log == ((made.seat, made.text),)

        # The second table's decision answers the version before the first batch.
        again = [
            TableDecision(
                made.table_id, before[made.table_id] + (i != 1), 2, made.seat, made.text, now, None
            )
            for i, made in enumerate(batch)
        ]
        outcomes, commits = write_batch(store, again)
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], BehindError)
        assert commits == 2
        assert store.versions(ids) == {
            ids[0]: before[ids[0]] + 2,
            ids[1]: before[ids[1]] + 1,  # nothing of its refused decision written
            ids[2]: before[ids[2]] + 2,
        }
        behind = store.load_table(ids[1])
        assert behind is not None and len(behind.log) == 1


def together(client: TestClient, moves: Sequence[tuple[str, str, str]]) -> None:
    """Make every (table, token, decision) at once, on the app's event loop."""
    service = client.app.state.service  # type: ignore[attr-defined]

    async def all_at_once() -> None:
        await asyncio.gather(
            *(service.act(table_id, token, action, None) for table_id, token, action in moves)
        )

    assert client.portal is not None
    client.portal.call(all_at_once)


def slowed(store: Store, monkeypatch: pytest.MonkeyPatch, fail_batches: bool = False) -> list[int]:
    """Make the store's decision writes slow (a busy disk), so that decisions made
    meanwhile queue up, and record each batch's size; with ``fail_batches`` a
    batch of more than one fails as a lost connection would."""
    sizes: list[int] = []
    write = store.append_decisions

    def slow(decisions: Sequence[TableDecision]) -> None:
        sizes.append(len(decisions))
        time.sleep(0.05)
        if fail_batches and len(decisions) > 1:
            raise OperationalError("COMMIT", {}, Exception("connection lost"))
        write(decisions)

    monkeypatch.setattr(store, "append_decisions", slow)
    return sizes


@pytest.mark.parametrize("fail_batches", [False, True], ids=["batched", "batch-fails"])
def test_decisions_made_together_share_a_commit_and_none_is_lost(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, fail_batches: bool
) -> None:
    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        api = Api(client)
        service = client.app.state.service  # type: ignore[attr-defined]
        tables = [started(api) for _ in range(TABLES)]
        moves = [
            (table_id, *first_decision(api, table_id, tokens)[1:]) for table_id, tokens in tables
        ]
        sizes = slowed(store_of(client), monkeypatch, fail_batches)
        made, commits = service.core.tally.made, service.core.decisions.commits
        together(client, moves)
        assert service.core.tally.made - made == TABLES
        if fail_batches:  # every batch of several failed, then each of its decisions went alone
            assert max(sizes) > 1
            assert service.core.decisions.commits - commits == TABLES
        else:
            assert sum(sizes) == TABLES
            assert len(sizes) < TABLES  # some shared a batch
            assert service.core.decisions.commits - commits == len(sizes)
        for table_id, _, action in moves:
            assert logged(api, table_id) == [action]
        # The copies and the database agree: each table takes its next decision.
        for table_id, tokens in tables:
            _, token, action = first_decision(api, table_id, tokens)
            table = api.get(f"/api/tables/{table_id}").json()["table"]
            answer = api.post(
                f"/api/tables/{table_id}/actions", token, {"action": action, "seq": table["seq"]}
            )
            assert answer.status_code == 200, answer.text


class RecordingStore:
    """Stands for the store: records what it is asked to write."""

    def __init__(self) -> None:
        self.written: list[TableDecision] = []

    def append_decisions(self, decisions: Sequence[TableDecision]) -> None:
        self.written.extend(decisions)


def test_a_refused_write_reaches_every_waiting_caller_and_the_writer_goes_on() -> None:
    now = datetime.now(UTC)
    decisions = [TableDecision(f"t{i}", 0, 1, 0, "x", now, None) for i in range(3)]
    store = RecordingStore()
    refusing = [True]
    tasks: set[asyncio.Task[None]] = set()

    async def db(call: Any, *args: Any) -> Any:
        await asyncio.sleep(0)
        if refusing[0]:
            raise RuntimeError("cannot schedule new futures after shutdown")
        return call(*args)

    def spawn(work: Any) -> None:
        task = asyncio.ensure_future(work)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def scenario() -> None:
        writer = DecisionWriter(store, db, spawn)  # type: ignore[arg-type]
        refused = await asyncio.gather(
            *(writer.write(decision) for decision in decisions), return_exceptions=True
        )
        assert [type(outcome) for outcome in refused] == [RuntimeError] * 3
        assert store.written == []
        await asyncio.gather(*tasks, return_exceptions=True)
        refusing[0] = False
        await asyncio.gather(*(writer.write(decision) for decision in decisions))
        assert store.written == decisions
        assert writer.commits == 1  # the three waited together

    asyncio.run(scenario())
