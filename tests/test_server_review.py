"""The coach on the server: hints a host allows, reviews run off the event loop and kept."""

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server_fixtures import Api
from server_process import Served
from vitrine.server.app import create_app

pytestmark = pytest.mark.timeout(180)
BUDGET = "30"  # the coach's iterations per decision: quick for tests


@pytest.fixture
def coached(sqlite_url: str) -> Iterator[Api]:
    with TestClient(create_app(sqlite_url, bot_delay=0, coach_budget=BUDGET)) as client:
        yield Api(client)


def table(api: Api, hints: bool, seats: list[dict[str, Any]]) -> dict[str, Any]:
    response = api.client.post("/api/tables", json={"seats": seats, "hints": hints})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    table_id = created["table"]["id"]
    assert api.post(f"/api/tables/{table_id}/start", created["host_token"]).status_code == 200
    return created


def finished_table(api: Api) -> str:
    created = table(api, False, [{"kind": "bot", "level": "casual"}] * 2)
    table_id: str = created["table"]["id"]
    deadline = time.monotonic() + 60
    while api.get(f"/api/tables/{table_id}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table_id


def wait_review(api: Api, key: str) -> dict[str, Any]:
    deadline = time.monotonic() + 150
    seen = []
    while True:
        status: dict[str, Any] = api.get(f"/api/reviews/{key}").json()
        seen.append(status["done"])
        if status["status"] != "running":
            assert seen == sorted(seen)  # progress only grows
            return status
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.1)


def test_hints_only_where_the_host_allowed_them(coached: Api) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "casual"}]
    created = table(coached, True, seats)
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    state = coached.get(f"/api/tables/{table_id}", token).json()
    assert state["table"]["hints"] is True
    response = coached.post(f"/api/tables/{table_id}/hint", token)
    assert response.status_code == 200, response.text
    suggestion = response.json()
    assert suggestion["decision"] in state["view"]["legal_actions"]
    assert suggestion["coach"] == f"ismcts+:{BUDGET}" and suggestion["margin"] >= 0
    assert coached.post(f"/api/tables/{table_id}/hint", None).status_code == 401
    plain = table(coached, False, seats)
    refused = coached.post(f"/api/tables/{plain['table']['id']}/hint", plain["seats"][0]["token"])
    assert refused.status_code == 403 and refused.json()["code"] == "hints_off"
    assert coached.get(f"/api/tables/{plain['table']['id']}").json()["table"]["hints"] is False


def test_a_finished_table_is_reviewed_once_and_keeps_its_review(coached: Api) -> None:
    table_id = finished_table(coached)
    before = coached.get(f"/api/reviews/table-{table_id}")
    assert (before.status_code, before.json()["status"]) == (200, "none")  # a page asks: no error
    started = coached.post(f"/api/tables/{table_id}/review", None)
    assert started.status_code == 200, started.text
    key = started.json()["key"]
    assert key == f"table-{table_id}" and started.json()["total"] > 0
    done = wait_review(coached, key)
    assert done["status"] == "done", done
    review = done["review"]
    assert done["done"] == done["total"] == len(review["decisions"])
    assert review["coach"] == f"ismcts+:{BUDGET}" and len(review["summaries"]) == 2
    again = coached.post(f"/api/tables/{table_id}/review", None).json()
    assert again["status"] == "done" and again["review"] == review
    decision = review["decisions"][5]
    position = coached.get(f"/api/reviews/{key}/positions/5").json()
    assert position["seat"] == decision["seat"] and position["played"] == decision["played"]
    assert decision["best"] in position["view"]["legal_actions"]
    missing = coached.get(f"/api/reviews/{key}/positions/999")
    assert missing.status_code == 404 and missing.json()["code"] == "decision_not_found"
    record = coached.get(f"/api/tables/{table_id}/record").json()
    uploaded = coached.client.post("/api/reviews", json=record).json()
    assert uploaded["key"].startswith("record-")
    assert wait_review(coached, uploaded["key"])["review"]["decisions"] == review["decisions"]


def test_reviews_refuse_what_they_cannot_review(coached: Api) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "casual"}]
    playing = table(coached, False, seats)["table"]["id"]
    early = coached.post(f"/api/tables/{playing}/review", None)
    assert early.status_code == 409 and early.json()["code"] == "record_not_public"
    bad = coached.client.post("/api/reviews", json={"game": "exhibition", "players": ["A"]})
    assert bad.status_code == 422 and bad.json()["code"] == "record_missing_field"
    unknown = coached.get("/api/reviews/record-nothing")
    assert unknown.status_code == 404 and unknown.json()["code"] == "review_not_found"
    no_table = coached.get("/api/reviews/table-nothing")
    assert no_table.status_code == 404 and no_table.json()["code"] == "table_not_found"


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid``, read from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found: set[int] = set()
    wanted = {pid}
    while wanted:
        wanted = {child for child, parent in parents.items() if parent in wanted} - found
        found |= wanted
    return found


def test_the_coachs_worker_ends_with_a_killed_server(sqlite_url: str) -> None:
    served = Served(sqlite_url, extra=("--coach-budget", BUDGET))
    try:
        seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "casual"}]
        created = served.call("POST", "/api/tables", body={"seats": seats, "hints": True})
        table_id, token = created["table"]["id"], created["seats"][0]["token"]
        served.call("POST", f"/api/tables/{table_id}/start", created["host_token"])
        assert served.call("POST", f"/api/tables/{table_id}/hint", token)["decision"]
        workers = descendants(served.process.pid)
        assert workers, "the hint ran in no worker process"
        served.kill()  # SIGKILL: the server cannot stop its pool
        deadline = time.monotonic() + 30
        while any(Path(f"/proc/{pid}").exists() for pid in workers):
            assert time.monotonic() < deadline, "the coach's worker outlived its server"
            time.sleep(0.2)
    finally:
        served.stop()
