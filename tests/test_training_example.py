"""The worked training example (examples/maskable_ppo_solo.py): a short run of it,
as a researcher would start it, ends with a learning curve and its baselines."""

import json
import os
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parent.parent / "examples" / "maskable_ppo_solo.py"


def test_a_short_training_run_prints_its_learning_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.json"
    args = ["--steps", "512", "--envs", "2", "--n-steps", "64", "--batch-size", "64"]
    args += ["--eval-every", "256", "--eval-deals", "2", "--out", str(out)]
    scratch = tmp_path / "tmp"  # the run's temporary directory, to see what it leaves
    scratch.mkdir()
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TMPDIR": str(scratch)},
    )
    assert run.returncode == 0, run.stderr
    assert not list(scratch.glob("SB3-*")), "the training logger left a folder behind"
    result = json.loads(out.read_text())
    assert set(result["baselines"]) == {"random", "greedy"}
    assert result["baselines"]["greedy"] > result["baselines"]["random"]
    steps = [point["steps"] for point in result["curve"]]
    assert steps[0] == 0 and steps[-1] >= 512 and steps == sorted(steps)
    assert all(isinstance(point["mean_score"], float) for point in result["curve"])
    assert json.loads(run.stdout.splitlines()[-1]) == result["curve"][-1]
