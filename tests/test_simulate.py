"""The simulator: every game saved once, interrupted runs resumed without a
game lost or counted twice, and settings that cannot mix refused."""

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from vitrine.cli.main import main
from vitrine.engine.errors import VitrineError
from vitrine.engine.protocol import replay_json
from vitrine.games import get_game
from vitrine.simulate import Settings, read_games, run_simulation, store
from vitrine.tournament import make_schedule, play_game

OPTIONS = {"secret_decade": False, "variations": []}
SETTINGS = Settings("exhibition", 2, ("greedy", "random"), (), OPTIONS, 1)


def simulate(*args: str) -> Result:
    return CliRunner().invoke(main, ["simulate", *args])


def games_in(out: Path) -> Counter[int]:
    """How many seat rows each game has in the run's parts."""
    return Counter(read_games([out]).column("game").to_pylist())


def records_in(out: Path) -> dict[int, str]:
    table = read_games([out])
    return dict(
        zip(table.column("game").to_pylist(), table.column("record").to_pylist(), strict=True)
    )


def test_an_interrupted_run_resumes_with_no_game_lost_or_counted_twice(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["--bots", "greedy,random", "--players", "2", "--workers", "2", "-o", str(out)]
    # Ctrl-C as a user's terminal sends it, even where this test was started
    # with SIGINT ignored (a background job of a script), which a child inherits.
    code = (
        "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from vitrine.cli.main import main; main()"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code, "simulate", *args, "--games", "5000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    deadline = time.monotonic() + 120  # generous: a loaded machine starts Python slowly
    while not (out / store.MANIFEST).exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(4)  # long enough for some games to finish, far too short for 5000
    process.send_signal(signal.SIGINT)
    stdout, _ = process.communicate(timeout=120)  # generous: a loaded machine stops slowly too
    assert process.returncode == 130, stdout
    assert "Interrupted" in stdout
    first = games_in(out)
    assert 0 < len(first) < 5000
    assert set(first.values()) == {2}
    wanted = max(first) + 4  # the gaps the workers left, and a few games more
    result = simulate(*args, "--games", str(wanted))
    assert result.exit_code == 0, result.output
    assert f"({len(first)} were there already)" in result.output
    entries = make_schedule(["greedy", "random"], 2, wanted, 1).entries  # whole deals
    after = games_in(out)
    assert sorted(after) == [entry.number for entry in entries]
    assert set(after.values()) == {2}
    records = records_in(out)
    for entry in entries[-2:]:  # played after the resume: the very games of the schedule
        assert records[entry.number] == play_game("exhibition", OPTIONS, entry).record


def test_parts_hold_whole_games_and_every_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "FLUSH_GAMES", 3)
    count = run_simulation(SETTINGS, 8, tmp_path / "run", workers=1)
    assert (count.scheduled, count.earlier, count.played) == (8, 0, 8)
    assert len(store.parts(tmp_path / "run")) == 3  # 3 + 3 + 2 games
    table = read_games([tmp_path / "run"])
    assert table.num_rows == 16
    row = table.slice(0, 1).to_pylist()[0]
    state = replay_json(get_game("exhibition"), row["record"])
    sheet = state.view(None)["scores"][row["seat"]]
    assert (row["rank"], row["total"], row["bot"]) == (sheet["rank"], sheet["total"], "greedy")
    assert {k[len(store.CATEGORY_PREFIX) :]: v for k, v in row.items() if k.startswith("cat_")} == (
        sheet["categories"]
    )
    assert row["run"] == str(tmp_path / "run")


def test_a_finished_run_asked_again_plays_nothing_and_more_games_extend_it(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    run_simulation(SETTINGS, 4, out, workers=1)
    before = records_in(out)
    again = run_simulation(SETTINGS, 4, out, workers=1)
    assert (again.earlier, again.played) == (4, 0)
    more = run_simulation(SETTINGS, 6, out, workers=1)
    assert (more.earlier, more.played) == (4, 2)
    after = records_in(out)
    assert {k: after[k] for k in before} == before and sorted(after) == list(range(1, 7))


def test_another_simulations_directory_is_refused_naming_what_differs(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_simulation(SETTINGS, 2, out, workers=1)
    other = Settings("exhibition", 3, ("greedy", "random"), ("links",), OPTIONS, 1)
    with pytest.raises(VitrineError, match=r"players 2 \(asked: 3\); variants \[\] \(asked"):
        run_simulation(other, 2, out, workers=1)
    (tmp_path / "stray").mkdir()
    (tmp_path / "stray" / "notes.txt").write_text("x")
    with pytest.raises(VitrineError, match=r"not empty and holds no simulation\.json"):
        run_simulation(SETTINGS, 2, tmp_path / "stray", workers=1)
    assert [p.name for p in (tmp_path / "stray").iterdir()] == ["notes.txt"]


def test_a_game_found_in_two_parts_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run_simulation(SETTINGS, 2, out, workers=1)
    (part,) = store.parts(out)
    (out / "games-00009.parquet").write_bytes(part.read_bytes())
    with pytest.raises(
        VitrineError, match=r"game 1 is in both games-00001\.parquet and games-00009"
    ):
        run_simulation(SETTINGS, 3, out, workers=1)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--bots", "nobot"], "unknown bot 'nobot'"),
        (["--bots", "greedy", "--players", "6"], "a simulation of exhibition takes 1 to 5"),
        (["--bots", "greedy", "--variant", "nonsense"], "nonsense"),
    ],
)
def test_bad_arguments_are_usage_errors(tmp_path: Path, args: list[str], fragment: str) -> None:
    result = simulate(*args, "-o", str(tmp_path / "run"))
    assert result.exit_code == 2
    assert fragment in result.output
    assert not (tmp_path / "run").exists()


def test_one_bot_may_play_solo(tmp_path: Path) -> None:
    result = simulate(
        "--bots",
        "greedy",
        "--players",
        "1",
        "--games",
        "3",
        "--workers",
        "1",
        "-o",
        str(tmp_path / "solo"),
    )
    assert result.exit_code == 0, result.output
    table = read_games([tmp_path / "solo"])
    assert table.column("players").to_pylist() == [1, 1, 1]
    assert all(share > 0 for share in table.column("share").to_pylist())


def test_ray_local_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    run_simulation(SETTINGS, 4, tmp_path / "processes", workers=1)
    count = run_simulation(SETTINGS, 4, tmp_path / "ray", workers=1, ray="local")
    assert (count.scheduled, count.played) == (4, 4)
    assert records_in(tmp_path / "ray") == records_in(tmp_path / "processes")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def ray_head(cpus: int) -> Iterator[tuple[str, dict[str, str]]]:
    """A Ray head of its own, started as a cluster's would be (``ray start
    --head``): its own temporary directory, ports and token, so that it meets
    no other Ray on the machine; stopped by its own process on the way out
    (``--block`` stops what it started), never by ``ray stop``.  Yields its
    address and the environment that reaches it."""
    ray = Path(sys.executable).with_name("ray")
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's socket paths must fit
    port = free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": secrets.token_hex(32)}
    command = [
        str(ray), "start", "--head", "--block", "--node-ip-address=127.0.0.1", f"--port={port}",
        f"--dashboard-agent-listen-port={free_port()}", f"--num-cpus={cpus}",
        "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}",
    ]  # fmt: skip
    head = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 180  # a loaded machine starts Ray slowly
        while head.poll() is None and time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        assert head.poll() is None, head.stderr.read().decode() if head.stderr else ""
        yield f"127.0.0.1:{port}", env
    finally:
        head.send_signal(signal.SIGTERM)
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.timeout(400)
def test_a_simulation_runs_on_a_ray_cluster_started_apart(tmp_path: Path) -> None:
    run_simulation(SETTINGS, 4, tmp_path / "processes", workers=1)
    out = tmp_path / "ray"
    with ray_head(cpus=2) as (address, env):
        command = [sys.executable, "-c", "from vitrine.cli.main import main; main()"]
        args = ["simulate", "--bots", "greedy,random", "--players", "2", "--games", "4"]
        played = subprocess.run(
            [*command, *args, "--ray", address, "-o", str(out)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert played.returncode == 0, played.stderr[-2000:]
    assert f"Ray at {address}" in played.stdout
    assert records_in(out) == records_in(tmp_path / "processes")


@pytest.mark.parametrize(
    ("address", "fragment"),
    [("127.0.0.1:1", "nothing answers at '127.0.0.1:1'"), ("nowhere", "is no Ray address")],
)
def test_a_ray_address_that_answers_nothing_is_refused_at_once(
    tmp_path: Path, address: str, fragment: str
) -> None:
    result = simulate("--bots", "greedy", "--ray", address, "-o", str(tmp_path / "run"))
    assert result.exit_code == 2
    assert fragment in result.output
    assert not (tmp_path / "run").exists()


def test_a_second_run_into_the_same_directory_is_refused_while_the_first_runs(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    with store.locked(out), pytest.raises(VitrineError, match="another run is writing"):
        run_simulation(SETTINGS, 2, out, workers=1)
    assert run_simulation(SETTINGS, 2, out, workers=1).played == 2  # the lock died with its holder
