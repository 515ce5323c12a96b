"""The bot benchmark: rotation, shared wins, Wilson intervals, the command line."""

from __future__ import annotations

import json

import pytest

from knockrummy.app import main as knockrummy
from knockrummy.bench.ai import bench, merge
from knockrummy.bench.stats import add_moments, percentile, ratio_interval, ratio_moments, wilson

pytestmark = pytest.mark.slow  # bench games: whole sessions of bots


def test_wilson_interval_brackets_the_rate_and_stays_in_range():
    low, high = wilson(60, 100)
    assert 0.5 < low < 0.6 < high < 0.7
    for games in (3, 10, 2000):
        # exactly: a share of 0 or 1 must lie inside its own interval
        assert wilson(0, games)[0] == 0.0 and wilson(games, games)[1] == 1.0
    assert round(wilson(5, 10)[0], 3) == 0.237


def test_percentile_is_nearest_rank():
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile(list(range(1, 101)), 0.95) == 95


def test_wins_sum_to_the_games_played_and_every_bot_is_timed():
    result = bench("poker-rum", ["medium", "easy", "hard"], games=3, seed=2)
    rows = {row["bot"]: row for row in result["bots"]}
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(3)
    assert all(row["decisions"] > 0 for row in rows.values())
    assert all(
        0 <= row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1] <= 1
        for row in rows.values()
    )
    # poker-rum is a zero-sum ledger
    assert sum(row["points_per_game"] for row in rows.values()) == pytest.approx(0)


def test_a_spec_seated_twice_is_one_team():
    result = bench("knock-rummy", ["medium", "easy", "medium", "easy"], games=2, seed=1)
    assert [(row["bot"], row["seats"]) for row in result["bots"]] == [("medium", 2), ("easy", 2)]


def test_command_line_prints_json(capsys):
    assert (
        knockrummy(
            [
                "bench",
                "ai",
                "--profile",
                "gin-classic",
                "--seats",
                "easy,medium",
                "--games",
                "2",
                "--json",
            ]
        )
        == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["profile"] == "gin-classic" and out["games"] == 2 and len(out["bots"]) == 2


def test_command_line_refuses_a_table_the_profile_does_not_seat(capsys):
    argv = ["--profile", "gin-rummy", "--seats", "easy,medium,hard", "--games", "1"]
    assert knockrummy(["bench", "ai", *argv]) == 2
    assert "2 to 2 players" in capsys.readouterr().err


def test_three_seats_against_two_swap_every_other_game():
    result = bench("poker-rum", ["medium", "easy", "medium", "easy", "medium"], games=2, seed=3)
    rows = {row["bot"]: row for row in result["bots"]}
    assert rows["medium"]["seats"] == rows["easy"]["seats"] == 2.5
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(2)
    # the ledger is zero-sum and both sides held the same number of seats
    assert rows["medium"]["points_per_game"] == pytest.approx(-rows["easy"]["points_per_game"])


def test_equal_teams_keep_their_seats():
    from knockrummy.bench.ai import compositions

    assert compositions(["hard", "medium"], 2) == [["hard", "medium"]] * 2
    assert compositions(["a", "b", "a"], 2) == [["a", "b", "a"], ["b", "a", "b"]]


def test_parts_merge_into_the_whole_run(tmp_path):
    from knockrummy.bench.ai import merge

    specs = ["medium", "easy", "medium"]  # unequal teams: rotation and swap, period 6
    whole = bench("knock-rummy", specs, games=12, seed=5)
    parts = [bench("knock-rummy", specs, games=6, seed=s) for s in (11, 5)]
    merged = merge(parts)
    assert merged["games"] == 12 and merged["seed"] == 5 and merged["parts"] == 2
    assert merged["hands"] == whole["hands"]
    for got, want in zip(merged["bots"], whole["bots"], strict=True):
        assert (got["bot"], got["seats"], got["decisions"]) == (
            want["bot"],
            want["seats"],
            want["decisions"],
        )
        for key in ("wins", "win_rate", "points_per_game", "points_per_hand"):
            assert got[key] == pytest.approx(want[key])
        assert got["win_rate_95"] == pytest.approx(want["win_rate_95"])
    # the command line reads the parts' JSON files
    paths = []
    for part in parts:
        path = tmp_path / f"part-{part['seed']}.json"
        path.write_text(json.dumps(part), encoding="utf-8")
        paths.append(str(path))
    assert knockrummy(["bench", "ai", "--merge", *paths, "--json"]) == 0


def test_merge_refuses_parts_of_different_runs():
    import copy

    from knockrummy.bench.ai import merge
    from knockrummy.bench.stats import MergeError

    one = bench("gin-classic", ["medium", "easy"], games=2, seed=1)

    def part(seed, games=2, **changes):
        out = copy.deepcopy(one)
        out.update(seed=seed, games=games, **changes)
        return out

    with pytest.raises(MergeError, match="followed by seed 4, not 3"):
        merge([one, part(4)])
    with pytest.raises(MergeError, match="starts mid-rotation"):
        merge([part(1, games=1), part(2, games=1)])
    with pytest.raises(MergeError, match="not gin-classic"):
        merge([one, part(3, profile="gin-rummy")])
    other = part(3)
    other["bots"][0]["bot"] = "hard"
    with pytest.raises(MergeError, match="other bots"):
        merge([one, other])
    assert merge([part(3), one])["games"] == 4  # parts may come in any order


def test_merge_reports_a_file_that_is_not_a_result(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert knockrummy(["bench", "ai", "--merge", str(bad)]) == 2
    assert "cannot merge" in capsys.readouterr().err
    assert bad.read_text(encoding="utf-8") == "{not json"


def test_ratio_interval_of_equal_ratios_is_that_ratio_and_widens_with_spread():
    steady = ratio_moments([(10, 20.0), (5, 10.0), (8, 16.0)])
    assert ratio_interval(steady) == pytest.approx((2.0, 2.0, 2.0))
    spread = ratio_moments([(10, 40.0), (5, 0.0), (8, 16.0)])
    rate, low, high = ratio_interval(spread)
    assert rate == pytest.approx(56 / 23) and low < rate < high
    # moments of parts add up to the moments of the whole
    assert add_moments([ratio_moments([(10, 40.0)]), ratio_moments([(5, 0.0), (8, 16.0)])]) == (
        pytest.approx(spread)
    )


def test_hands_won_are_shares_of_the_decided_hands_and_net_points_balance():
    result = bench("knock-rummy", ["medium", "simple"], games=4, seed=5)
    rows = {row["bot"]: row for row in result["bots"]}
    decided = result["decided_hands"]
    assert 0 < decided <= result["hands"]
    assert sum(row["hands_won"] for row in rows.values()) == pytest.approx(decided)
    for row in rows.values():
        assert row["decided_hands"] == decided
        assert row["hand_share"] == pytest.approx(row["hands_won"] / decided)
        for key in ("hand_share", "points_per_hand", "net_per_hand"):
            low, high = row[f"{key}_95"]
            assert low <= row[key] <= high
        assert row["points_per_hand"] == pytest.approx(
            row["points_per_game"] * result["games"] / result["hands"]
        )
    # two seats: one side's net is the other's loss
    assert rows["medium"]["net_per_hand"] == pytest.approx(-rows["simple"]["net_per_hand"])
    assert rows["medium"]["net_per_hand"] == pytest.approx(
        rows["medium"]["points_per_hand"] - rows["simple"]["points_per_hand"]
    )


@pytest.mark.parametrize(
    ("profile", "seats"),
    [
        ("poker-rum", "simple,hard"),
        ("knock-rummy", "simple,easy,simple,easy,simple,easy"),
        ("gin-classic", "simple,medium"),
        ("knock-rami", "simple,easy,simple,easy,simple"),
    ],
)
def test_the_simple_player_takes_a_bench_seat_in_every_profile(profile, seats):
    result = bench(profile, seats.split(","), games=2, seed=3)
    simple = next(row for row in result["bots"] if row["bot"] == "simple")
    assert simple["decisions"] > 0
    assert sum(row["wins"] for row in result["bots"]) == pytest.approx(2)


def test_merged_parts_give_the_hand_figures_of_the_whole_run():
    whole = bench("poker-rum", ["medium", "easy"], games=4, seed=1)
    parts = [bench("poker-rum", ["medium", "easy"], games=2, seed=s) for s in (1, 3)]
    merged = merge(parts)
    for joined, row in zip(merged["bots"], whole["bots"], strict=True):
        for key in ("hands_won", "hand_share", "points_per_hand", "net_per_hand"):
            assert joined[key] == pytest.approx(row[key])
        for key in ("hand_share_95", "points_per_hand_95", "net_per_hand_95"):
            assert joined[key] == pytest.approx(row[key])
    assert merged["decided_hands"] == whole["decided_hands"]


def test_knock_figures_name_the_knocker_by_seat_and_its_count_by_position():
    from knockrummy.bench.ai import KNOCK_TALLIES, knock_figures, tally_knocks
    from knockrummy.engine.session import HandRecord

    # seat 1 deals first in position order: position 0 is seat 1, position 1 is seat 0
    record = HandRecord(
        number=1,
        dealer=0,
        seats=(1, 0),
        result="undercut",
        knocker=1,
        winners=(0,),
        deadwood=(9, 4),
    )
    holder = ["hard", "simple"]  # the spec at each seat
    tallies = {name: dict.fromkeys(KNOCK_TALLIES, 0.0) for name in holder}
    for name in holder:
        tally_knocks(tallies[name], record, holder, name)
    simple, hard = knock_figures(tallies["simple"]), knock_figures(tallies["hard"])
    assert (simple["knocks"], simple["beaten"], simple["mean_knock_count"]) == (1, 1, 9)
    assert (hard["against"], hard["mean_held"], hard["undercut_share"]) == (1, 4, 1.0)
    assert hard["knocks"] == 0 and simple["against"] == 0
    assert hard["hands"] == simple["hands"] == 1


@pytest.mark.parametrize("profile", ["poker-rum", "knock-rummy"])
def test_one_bots_knocks_are_the_others_knocks_against_and_its_losses_the_others_undercuts(
    profile,
):
    result = bench(profile, ["hard", "simple"], games=6, seed=2)
    first, second = (row["knocks"] for row in result["bots"])
    exhausted = result["hands"] - first["knocks"] - second["knocks"]
    assert exhausted >= 0 and first["hands"] == second["hands"] == result["hands"]
    for mine, theirs in ((first, second), (second, first)):
        assert mine["against"] == theirs["knocks"]
        assert mine["undercuts"] == theirs["beaten"]  # two seats: a knocker not won, the other won
        assert 0.0 <= mine["beaten_share"] <= 1.0
    assert first["knocks"] > 0


def test_merged_parts_give_the_knock_figures_of_the_whole_run():
    whole = bench("poker-rum", ["hard", "simple"], games=4, seed=1)
    parts = [bench("poker-rum", ["hard", "simple"], games=2, seed=s) for s in (1, 3)]
    merged = merge(parts)
    for joined, row in zip(merged["bots"], whole["bots"], strict=True):
        assert joined["knocks"] == pytest.approx(row["knocks"])
    old = [
        {**part, "bots": [{k: v for k, v in b.items() if k != "knocks"} for b in part["bots"]]}
        for part in parts
    ]
    assert all("knocks" not in row for row in merge([old[0], parts[1]])["bots"])


def test_a_level_against_itself_is_one_team_with_no_net():
    result = bench("gin-classic", ["easy", "easy"], games=2, seed=1)
    (row,) = result["bots"]
    assert row["seats"] == 2 and row["net_per_hand"] == 0.0


def _stepped_clock(monkeypatch):
    import itertools

    from knockrummy.bench import bots

    ticks = itertools.count()
    monkeypatch.setattr(bots.time, "perf_counter", lambda: float(next(ticks)))


@pytest.mark.parametrize("parts", [2, 4])
def test_parts_written_to_files_merge_into_the_whole_runs_report(
    tmp_path, capsys, monkeypatch, parts
):
    _stepped_clock(monkeypatch)  # every decision takes 1 s, so the times agree too
    run = ["bench", "ai", "--profile", "knock-rummy", "--seats", "easy,simple", "--games", "8"]
    run += ["--seed", "3", "--same-deals", "--json"]
    assert knockrummy(run) == 0
    whole = json.loads(capsys.readouterr().out)
    paths = [str(tmp_path / f"part{k}.jsonl") for k in range(1, parts + 1)]
    for k, path in enumerate(paths, 1):
        assert knockrummy([*run, "--part", f"{k}/{parts}", "--out", path]) == 0
    capsys.readouterr()
    assert knockrummy(["bench", "ai", "--merge", *reversed(paths), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    assert merged.pop("parts") == parts
    assert merged == whole
    # each deal was played in both seat orders, within one part
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            games = [json.loads(line) for line in handle.read().splitlines()[1:]]
        deals = {}
        for game in games:
            deals.setdefault(game["deal"], []).append(game["seats"])
        assert all(
            sorted(seats) == [["easy", "simple"], ["simple", "easy"]] for seats in deals.values()
        )


def test_merge_refuses_a_missing_part_and_keeps_a_damaged_one(tmp_path, capsys):
    run = ["bench", "ai", "--profile", "gin-classic", "--seats", "easy,simple", "--games", "4"]
    first, second = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    assert knockrummy([*run, "--part", "1/2", "--out", first]) == 0
    assert knockrummy(["bench", "ai", "--merge", first]) == 2
    assert "in no part" in capsys.readouterr().err
    assert knockrummy(["bench", "ai", "--merge", first, first]) == 2
    assert "overlap" in capsys.readouterr().err
    with open(first, encoding="utf-8") as handle:
        header = handle.readline()
    with open(second, "w", encoding="utf-8") as handle:
        handle.write(header + "{broken\n")
    before = (tmp_path / "b.jsonl").read_bytes()
    assert knockrummy(["bench", "ai", "--merge", first, second]) == 2
    assert "damaged" in capsys.readouterr().err
    assert (tmp_path / "b.jsonl").read_bytes() == before
    assert knockrummy([*run, "--part", "2/2", "--out", second]) == 2  # no --resume: kept
    assert (tmp_path / "b.jsonl").read_bytes() == before


def test_a_run_so_far_reports_its_whole_blocks_and_says_it_is_not_the_whole_run(
    tmp_path, capsys, monkeypatch
):
    _stepped_clock(monkeypatch)
    run = ["bench", "ai", "--profile", "knock-rummy", "--seats", "easy,simple", "--seed", "3"]
    run += ["--same-deals", "--json"]
    assert knockrummy([*run, "--games", "6"]) == 0
    first_six = json.loads(capsys.readouterr().out)
    first, second = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    for k, path in ((1, first), (2, second)):
        assert knockrummy([*run, "--games", "8", "--part", f"{k}/2", "--out", path]) == 0
    capsys.readouterr()
    # the second part stopped after one and a half deals: games 4 and 5, and 6 alone
    with open(second, encoding="utf-8") as handle:
        lines = handle.readlines()
    with open(second, "w", encoding="utf-8") as handle:
        handle.writelines(lines[:4])
    before = (tmp_path / "b.jsonl").read_bytes()
    assert knockrummy(["bench", "ai", "--merge", first, second, "--json"]) == 2
    assert "in no part" in capsys.readouterr().err
    assert knockrummy(["bench", "ai", "--merge", second, first, "--so-far", "--json"]) == 0
    so_far = json.loads(capsys.readouterr().out)
    assert (so_far.pop("parts"), so_far.pop("of")) == (2, 8)
    assert so_far == first_six  # the half-played deal left out, the rest as a whole run
    assert knockrummy(["bench", "ai", "--merge", first, second, "--so-far"]) == 0
    assert "so far: 6 of the run's 8" in capsys.readouterr().out
    assert (tmp_path / "b.jsonl").read_bytes() == before
    assert knockrummy([*run, "--games", "8", "--so-far"]) == 2  # only with --merge
    assert "--so-far" in capsys.readouterr().err


def _renamed(source, target, old, new, change=None):
    """A copy of the games file ``source`` with the level ``old`` called ``new`` (the same
    play under another name), each game passed through ``change`` if given."""
    with open(source, encoding="utf-8") as handle:
        header, *games = [json.loads(line) for line in handle]
    header["seats"] = [new if spec == old else spec for spec in header["seats"]]
    lines = [header]
    for game in games:
        game["seats"] = [new if spec == old else spec for spec in game["seats"]]
        game["ms"] = {new if spec == old else spec: ms for spec, ms in game["ms"].items()}
        lines.append(change(game) if change else game)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("".join(json.dumps(line) + "\n" for line in lines))


def test_paired_runs_compare_one_level_with_another_game_by_game(tmp_path, capsys):
    run = ["bench", "ai", "--profile", "knock-rummy", "--seats", "easy,simple", "--games", "8"]
    run += ["--seed", "5", "--same-deals"]
    first, twin = str(tmp_path / "first.jsonl"), str(tmp_path / "twin.jsonl")
    assert knockrummy([*run, "--part", "1/1", "--out", first]) == 0
    capsys.readouterr()
    _renamed(first, twin, "easy", "twin")
    assert knockrummy(["bench", "ai", "--merge", first, "--json"]) == 0
    (merged,) = [row for row in json.loads(capsys.readouterr().out)["bots"] if row["bot"] == "easy"]
    assert knockrummy(["bench", "ai", "--merge", first, "--paired-with", twin, "--json"]) == 0
    same = json.loads(capsys.readouterr().out)
    assert (same["first"], same["second"], same["games"]) == ("easy", "twin", 8)
    assert same["win_rates"] == [merged["win_rate"]] * 2
    assert same["win_difference"] == 0.0 and same["win_difference_95"] == [0.0, 0.0]
    assert same["first_better"] == same["second_better"] == 0 and same["net_difference"] == 0.0

    def twin_loses_a_game_easy_won(game, seen=[]):  # noqa: B006 - one game only
        easy = game["seats"].index("twin")
        if game["winners"] == [easy] and not seen:
            seen.append(game["game"])
            game["winners"] = [1 - easy]
        return game

    _renamed(first, twin, "easy", "twin", twin_loses_a_game_easy_won)
    assert merged["wins"] >= 1  # else the change below has no game to act on
    assert knockrummy(["bench", "ai", "--merge", first, "--paired-with", twin]) == 0
    table = capsys.readouterr().out
    assert "paired by deal and seat order: easy's run against twin's" in table
    assert "+0.125" in table and "easy did better in 1 games, twin in 0, the same in 7" in table


def test_pairing_refuses_runs_that_differ_in_more_than_one_level(tmp_path, capsys):
    run = ["bench", "ai", "--profile", "gin-classic", "--games", "2", "--seed", "2"]
    first, second = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    assert knockrummy([*run, "--seats", "easy,simple", "--out", first]) == 0
    assert knockrummy([*run, "--seats", "easy,easy", "--out", second]) == 0
    capsys.readouterr()
    before = (tmp_path / "b.jsonl").read_bytes()
    assert knockrummy(["bench", "ai", "--merge", first, "--paired-with", second]) == 2
    assert "must take every seat of" in capsys.readouterr().err
    assert knockrummy(["bench", "ai", "--merge", first, "--paired-with", first]) == 2
    assert "differ by one level" in capsys.readouterr().err
    moved = str(tmp_path / "moved.jsonl")

    def dealt_otherwise(game):
        game["deal"] += 1
        return game

    _renamed(first, moved, "easy", "twin", dealt_otherwise)
    assert knockrummy(["bench", "ai", "--merge", first, "--paired-with", moved]) == 2
    assert "game 0 of gin-classic was not dealt" in capsys.readouterr().err
    assert knockrummy(["bench", "ai", "--paired-with", first]) == 2
    assert "--paired-with needs --merge" in capsys.readouterr().err
    assert (tmp_path / "b.jsonl").read_bytes() == before
