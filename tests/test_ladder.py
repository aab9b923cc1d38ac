"""The ladder's measurements: deal results, intervals, the stopping rule, resuming."""

import json
from pathlib import Path
from typing import Any

from vitrine.kit.stats import mean_interval, t_quantile
from vitrine.tournament.ladder import LOOKS, Pair, deal_result, look_level, measure, verdict

PAIR = Pair("exhibition", 2, "random", "greedy")


def line(
    deal: int, seating: int, seats: list[str], ranks: list[int], totals: list[float]
) -> dict[str, Any]:
    return {"deal": deal, "seating": seating, "seats": seats, "ranks": ranks, "totals": totals}


def test_t_quantiles_match_the_tables() -> None:
    assert round(t_quantile(0.975, 15), 3) == 2.131
    assert round(t_quantile(0.995, 15), 3) == 2.947
    assert round(t_quantile(0.975, 4), 3) == 2.776
    mean, _, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and abs((high - mean) - 3.182 * 0.6455) < 0.01  # t(0.975, 3) = 3.182


def test_a_deal_scores_every_pair_of_seats_by_rank() -> None:
    four = Pair("tucano", 4, "greedy", "ismcts:500")
    games = [
        # higher in seats 1 and 3: first and third; lower second and fourth
        line(1, 0, ["greedy", "ismcts:500"] * 2, [2, 1, 4, 3], [0, 0, 0, 0]),
        # tied first places count a half
        line(1, 1, ["ismcts:500", "greedy"] * 2, [1, 1, 3, 4], [0, 0, 0, 0]),
    ]
    first = (1 + 1 + 0 + 1) / 4  # (1 vs 2), (1 vs 4), (3 vs 2), (3 vs 4)
    second = (0.5 + 1 + 0 + 1) / 4  # (1 vs 1), (1 vs 4), (3 vs 1), (3 vs 4)
    assert deal_result(four, games) == (first + second) / 2
    solo = Pair("exhibition", 1, "random", "greedy")
    both = [line(5, 0, ["random"], [1], [900]), line(5, 1, ["greedy"], [1], [2100])]
    assert deal_result(solo, both) == 1200


def test_a_look_decides_only_beyond_its_stricter_interval() -> None:
    lines = {}
    for deal in range(8):  # the higher level wins both games of 5 deals in 8, drawn in 3
        won = deal < 5
        for seating in (0, 1):
            seats = ["random", "greedy"] if seating == 0 else ["greedy", "random"]
            ranks = [2, 1] if seating == 0 else [1, 2]
            lines[(deal, seating)] = line(deal, seating, seats, ranks if won else [1, 1], [0, 0])
    result = verdict(PAIR, lines, list(range(8)), 2)
    assert result.mean == (5 + 0.5 * 3) / 8
    assert result.low > 0.5  # the 95% interval alone would call it
    assert look_level() == 1 - 0.05 / len(LOOKS)
    assert not result.decided  # the look's own, at 5% / 6, does not
    for deal in range(8):
        for seating in (0, 1):
            lines[(deal, seating)]["ranks"] = [2, 1] if seating == 0 else [1, 2]
    unanimous = verdict(PAIR, lines, list(range(8)), 2)
    assert unanimous.decided and unanimous.ahead
    assert unanimous.low < 0.7  # a Wilson interval, not a point


def test_a_pair_resumes_from_its_file(tmp_path: Path) -> None:
    first = measure(PAIR, tmp_path, 20, workers=1, max_deals=8)
    assert first.deals == 8 and first.games == 16 and first.ahead
    path = tmp_path / PAIR.file_name()
    lines = path.read_text().splitlines()
    assert len(lines) == 16
    # An interrupted run: the last game's line cut short, one game lost.
    path.write_text("\n".join(lines[:14]) + "\n" + lines[14][:20])
    again = measure(PAIR, tmp_path, 20, workers=1, max_deals=8)
    assert again == first
    kept = [json.loads(text) for text in path.read_text().splitlines()[:14]]
    replayed = [json.loads(text) for text in path.read_text().splitlines()[15:]]
    assert len(replayed) == 2 and {(g["deal"], g["seating"]) for g in kept + replayed} == {
        (deal, seating) for deal in range(20, 28) for seating in (0, 1)
    }
