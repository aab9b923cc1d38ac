"""Rule overlays: checked like the shipped data, recorded so that games
replay, refused by the published game and the web app."""

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from click.testing import CliRunner

from server_fixtures import Api
from vitrine.bots import make_bot
from vitrine.cli.main import main
from vitrine.engine.errors import RecordError, VitrineError
from vitrine.engine.overlay import Overlay, merge
from vitrine.engine.protocol import Game, GameState, replay_json
from vitrine.engine.record import Record
from vitrine.games import get_game
from vitrine.lab import read_overlay
from vitrine.simulate import Settings, read_games, run_simulation

# One change a designer might make to each game, and what it must change.
CHANGES: dict[str, dict[str, Any]] = {
    "exhibition": {"hall": {"rank_awards": [4, 3, 2, 1, 0]}},
    "tucano": {"cards": {"fruits": {"coconut": {"points": [6, 5, 4, 2, 0, -2]}}}},
    "dontgointhere": {"components": {"meeples_per_player": 4}},
}


def write(tmp_path: Path, data: object, name: str = "rules.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def play_out(game: Game, players: int, seed: int, first: str = "random") -> GameState:
    """A game to the end: ``first`` in seat 1, random players in the others."""
    state = game.new_game([f"P{i + 1}" for i in range(players)], {}, seed)
    bots = [make_bot(first), *(make_bot("random") for _ in range(players - 1))]
    rng = Random(seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply_action(bots[seat].choose(game, state.view(seat), rng))
    return state


@pytest.mark.parametrize(
    ("game", "changes", "words"),
    [
        ("exhibition", {"hall": {"rank_award": [4]}}, "unknown field(s) ['rank_award']"),
        ("exhibition", {"hall": {"rank_awards": "five"}}, "'rank_awards': must be a list"),
        (
            "exhibition",
            {"hall": {"showcases": {"years_gapp": {"size": 3}}}},
            "hall.showcases: no entry with key 'years_gapp'",
        ),
        ("exhibition", {"hall": {"showcases": {"years_gap": {"size": 0}}}}, "'size' must be a"),
        (
            "exhibition",
            {"cards": {"cards": {"1972": {"continent": "XX"}}}},
            "card entry 72 ('1972'): unknown continent 'XX'",
        ),
        ("exhibition", {"hal": {"depot_size": 2}}, "exhibition has no data file 'hal'"),
        ("exhibition", {"hall": {"depot_size": 3}}, "the overlay changes nothing"),
        (
            "tucano",
            {"cards": {"fruits": {"coconut": {"points": [1, 2]}}}},
            "fruit 'coconut': 'points' must list 6 integers",
        ),
        ("tucano", {"cards": {"deck": {"upper": 3}}}, "'deck': unknown field(s) ['upper']"),
        (
            "dontgointhere",
            {"components": {"meeples_per_player": 0}},
            "'meeples_per_player': must be an integer of at least 1, got 0",
        ),
        (
            "dontgointhere",
            {"components": {"player_counts": {"3": {"remove": 13}}}},
            "'player_counts' '3': 6 types less 13 cards must leave a positive multiple of 3",
        ),
        (
            "dontgointhere",
            {"components": {"types": {"MI": None}}},
            "no card type 'MI'",
        ),
    ],
)
def test_a_bad_overlay_is_refused_naming_the_field(
    tmp_path: Path, game: str, changes: dict[str, Any], words: str
) -> None:
    path = write(tmp_path, {"changes": changes})
    with pytest.raises(VitrineError) as refused:
        read_overlay(path, game)
    assert str(path) in str(refused.value)
    assert words in str(refused.value)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([1, 2], "must be a JSON object"),
        ({"changes": {}}, "'changes' must map data files"),
        ({"changes": {"hall": {}}, "colour": 1}, "unknown field(s) colour"),
        ({"game": "tucano", "changes": {"cards": {}}}, "an overlay for 'tucano', not 'exhibition'"),
        ({"base": "exhibition-1999", "changes": {"hall": {}}}, "plays no rules version"),
    ],
)
def test_a_malformed_overlay_file_is_refused(tmp_path: Path, data: object, words: str) -> None:
    with pytest.raises(VitrineError, match=None) as refused:
        read_overlay(write(tmp_path, data), "exhibition")
    assert words in str(refused.value)
    (tmp_path / "broken.json").write_text("{")
    with pytest.raises(VitrineError, match="not valid JSON"):
        read_overlay(tmp_path / "broken.json", "exhibition")


def test_merge_patches_objects_and_lists_by_identifier() -> None:
    document = {"a": 1, "list": [{"key": "x", "v": 1}, {"key": "y", "v": 2}], "keep": [1, 2]}
    patch = {"a": None, "list": {"y": {"v": 3}}, "keep": [3], "new": {"b": 1}}
    assert merge(document, patch, "doc") == {
        "list": [{"key": "x", "v": 1}, {"key": "y", "v": 3}],
        "keep": [3],
        "new": {"b": 1},
    }
    with pytest.raises(VitrineError, match=r"doc\.keep: a list whose entries have no identifier"):
        merge(document, {"keep": {"1": 5}}, "doc")


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_a_game_under_an_overlay_records_it_and_replays(tmp_path: Path, name: str) -> None:
    overlay, game = read_overlay(write(tmp_path, {"changes": CHANGES[name]}), name)
    assert game.rules_versions == (overlay.version,)
    assert overlay.version.startswith(get_game(name).rules_version + "+")
    state = play_out(game, 3, seed=7, first="ismcts:10")  # searches under the overlay too
    text = state.record().to_json()
    record = json.loads(text)
    assert record["rules_version"] == overlay.version
    assert record["overlay"]["changes"] == CHANGES[name]
    replayed = replay_json(get_game(name), text)  # the record brings its rules along
    assert replayed.view(None)["scores"] == state.view(None)["scores"]
    assert replayed.view(None)["rules_version"] == overlay.version
    with pytest.raises(RecordError) as refused:  # the published game plays published rules
        get_game(name).replay(Record.from_json(text, game.setup_fields))
    assert refused.value.code == "record_overlay"
    record["overlay"]["changes"] = CHANGES[name] | {"x": {}}  # edited after the game
    with pytest.raises(RecordError) as tampered:
        Record.from_dict(record, game.setup_fields)
    assert tampered.value.code == "record_overlay_mismatch"


def test_the_overlay_changes_the_rules_it_names(tmp_path: Path) -> None:
    _, game = read_overlay(write(tmp_path, {"changes": CHANGES["exhibition"]}), "exhibition")
    published = get_game("exhibition")
    awards: set[int] = set()
    shipped: set[int] = set()
    for seed in range(1, 30):  # the same games: random play does not read the scores
        awards |= {
            s["categories"]["years_gap"] for s in play_out(game, 2, seed).view(None)["scores"]
        }
        shipped |= {
            s["categories"]["years_gap"] for s in play_out(published, 2, seed).view(None)["scores"]
        }
    assert awards == {0, 3, 4} and shipped == {0, 4, 5}
    _, tucano = read_overlay(write(tmp_path, {"changes": CHANGES["tucano"]}), "tucano")
    coconut = tucano.table.kind_of("coconut")  # type: ignore[attr-defined]
    assert tucano.table.fruit_points(coconut, 1, False) == 6  # type: ignore[attr-defined]
    _, dontgointhere = read_overlay(
        write(tmp_path, {"changes": CHANGES["dontgointhere"]}), "dontgointhere"
    )
    state = dontgointhere.new_game(["A", "B", "C"], {}, 3)
    assert state.free_meeples(0) == 4  # type: ignore[attr-defined]


def test_simulate_plays_under_an_overlay_and_refuses_a_bad_one(tmp_path: Path) -> None:
    rules = write(tmp_path, {"title": "Years Gap 4", "changes": CHANGES["exhibition"]})
    out = tmp_path / "run"
    args = ["simulate", "--bots", "random", "--players", "2", "--games", "2", "--workers", "1"]
    result = CliRunner().invoke(main, [*args, "--rules", str(rules), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Years Gap 4" in result.output
    settings = json.loads((out / "simulation.json").read_text())
    assert settings["overlay"]["changes"] == CHANGES["exhibition"]
    table = read_games([out])
    assert set(table.column("rules").to_pylist()) == {f"Years Gap 4 ({settings_version(out)})"}
    for text in table.column("record").to_pylist():
        assert json.loads(text)["overlay"]["title"] == "Years Gap 4"
    bad = write(tmp_path, {"changes": {"hall": {"rank_award": [1]}}}, "bad.json")
    result = CliRunner().invoke(main, [*args, "--rules", str(bad), "-o", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert "unknown field(s) ['rank_award']" in result.output
    assert not (tmp_path / "x").exists()


def settings_version(out: Path) -> str:
    data = json.loads((out / "simulation.json").read_text())["overlay"]
    return Overlay.from_dict(data).version


def test_a_run_saved_before_overlays_resumes_as_published(tmp_path: Path) -> None:
    options = {"secret_decade": False, "variations": []}
    settings = Settings("exhibition", 2, ("random",), (), options, 1)
    run_simulation(settings, 2, tmp_path / "run", workers=1)
    manifest = tmp_path / "run" / "simulation.json"
    old = json.loads(manifest.read_text())
    del old["overlay"]
    manifest.write_text(json.dumps(old))
    assert run_simulation(settings, 4, tmp_path / "run", workers=1).played == 2


def test_the_web_app_serves_the_published_rules_only(api: Api, tmp_path: Path) -> None:
    overlay, game = read_overlay(write(tmp_path, {"changes": CHANGES["exhibition"]}), "exhibition")
    record = json.loads(play_out(game, 2, seed=3).record().to_json())
    response = api.client.post("/api/replays", json=record)
    assert response.status_code == 422
    assert response.json()["code"] == "record_overlay"
    assert "rule overlay" in response.json()["detail"]
    for options in ({"overlay": overlay.to_dict()}, {"rules": CHANGES["exhibition"]}):
        body = {
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "casual"}],
            "options": options,
        }
        refused = api.client.post("/api/tables", json=body)
        assert refused.status_code == 422
        assert refused.json()["code"] == "options_unknown"
    assert api.get("/api/tables").json() == []
