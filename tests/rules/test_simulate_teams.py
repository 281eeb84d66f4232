"""The battery's team games and mixed-design duels, and the switches that measure each foe tactic
(issue 16, items 3 and 6): `python -m rules simulate --battery --teams 2`, `--mixed`, `--off TACTIC`."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from rules.ai import decide, profile
from rules.ai.sight import CRIPPLED_ARMOR, View
from rules.core.geometry import Pose, Vec
from rules.core.paths import MAPS_DIR
from rules.engine import engine
from rules.play.actions import Pass
from rules.play.state import GameState
from rules.tables.foe_tactics import TACTIC_NAMES
from rules.tools.simulate import (
    BATTERY_VEHICLES,
    MIXED_PAIRS,
    Seat,
    battery_games,
    battery_maps,
    battery_seats,
    main,
    play,
    run_battery,
    setup_for,
    team_starts,
)
from rules.world.maps import load_map
from tests.rules.test_foe_tactics import BUDGET, _game, _joseph_moves, _to_fire, _two_on_two


def _worn(state: GameState, vid: str, share: float) -> GameState:
    """The vehicle keeps `share` of its armor on every side."""
    v = state.vehicle(vid)
    armor = {k: int(n * share) for k, n in v.sheet.armor.items()}
    return state.with_vehicle(replace(v, sheet=replace(v.sheet, armor=armor)))


def _mood(state: GameState, vid: str, off: frozenset[str] = frozenset(), prof: str = "veteran") -> str:
    return View.of(state, vid, replace(profile(prof), off=off), 1e18).mood


# --- the switches (Profile.off): each tactic can be taken from one driver ---------------------------

def test_the_ram_switch_keeps_a_gunless_rammer_from_ramming_000_L2540() -> None:
    """The gunless Firecracker against a Killer Kart trades 4 for 1 with its ramplate (000:L392, L2540)
    and sets on a ram; without the ram tactic it keeps away (it has no gun)."""
    state = _game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30), ("B", "b", "Killer Kart", Pose.at(58, 53, 0), 20)])
    assert _mood(state, "A").startswith("rams:")
    assert _mood(state, "A", frozenset({"ram"})).startswith("keeps away")


def test_the_withdraw_and_press_switches() -> None:
    """A Stinger left with a fifth of its armor against a whole one withdraws; the whole one, against the
    worn one, presses. Each switch takes only its own mood away."""
    state = _game([("A", "a", "Stinger", Pose.at(50, 50, 90), 30), ("B", "b", "Stinger", Pose.at(60, 50, 270), 30)])
    worn = _worn(state, "A", 0.2)
    assert 0.2 < CRIPPLED_ARMOR
    assert _mood(worn, "A").startswith("withdraws")
    assert _mood(worn, "A", frozenset({"withdraw"})) == ""
    assert _mood(worn, "A", frozenset({"press"})).startswith("withdraws")
    assert _mood(worn, "B").startswith("presses")
    assert _mood(worn, "B", frozenset({"press"})) == ""
    assert _mood(state, "A") == "" and _mood(state, "B") == ""   # both whole: neither


def test_the_team_switch_leaves_the_target_to_the_profile() -> None:
    """With a friend in the game the ace shares the weakest enemy in reach (B2, a third of its armor);
    without the team tactic it keeps its own choice (B1, the nearer)."""
    state = _two_on_two(1 / 3)
    assert View.of(state, "A1", profile("ace"), 1e18).target.id == "B2"
    assert View.of(state, "A1", replace(profile("ace"), off=frozenset({"team"})), 1e18).target.id == "B1"


def test_the_drop_switch_keeps_the_spikes_000_L1028() -> None:
    """A Killer Kart 6" straight behind the Firecracker: the spikes would land in its path (000:L1028) and
    the veteran drops them; without the drop tactic it holds them."""
    from rules.play.actions import Drop

    state = _to_fire(_game([("A", "a", "Firecracker", Pose.at(50, 50, 90), 30),
                            ("B", "b", "Killer Kart", Pose.at(44, 50, 90), 30)]), "A")
    legal = engine.legal_actions(state, "A")
    assert isinstance(decide(state, "A", legal, "veteran", BUDGET)[0], Drop)
    off = replace(profile("veteran"), off=frozenset({"drop"}))
    assert isinstance(decide(state, "A", legal, off, BUDGET)[0], Pass)


def test_the_rear_gun_switch() -> None:
    """B tails A 4" behind on its line: the ace keeps its tail (and rear RL) to B; without the rear-gun
    tactic it does not."""
    assert _joseph_moves(Pose.at(46, 50, 90))[0]
    assert not _joseph_moves(Pose.at(46, 50, 90), prof=replace(profile("ace"), off=frozenset({"rear_gun"})))[0]


def test_off_names_only_known_tactics(capsys: pytest.CaptureFixture[str]) -> None:
    assert set(TACTIC_NAMES) == {"drop", "team", "ram", "rear_gun", "withdraw", "press"}
    code = main(["--battery", "--foes", "veteran,veteran", "--seed", "1", "--off", "ramm"])
    assert code == 1 and "--off takes" in capsys.readouterr().err
    code = main(["--battery", "--mixed", "--vehicles", "Firecracker", "--foes", "veteran,veteran", "--seed", "1"])
    assert code == 1 and "pairs X:Y" in capsys.readouterr().err


# --- team starts and the games' order ---------------------------------------------------------------

def test_team_starts_put_teammates_together_and_fit_every_design() -> None:
    """On every shipped map with four starts, each side's two starts are nearer each other (on average)
    than to the enemy's, and two of each battery design (and each mixed pair, a side of X and Y, in both
    seat orders) pass the start checks: nothing overlaps, over a wall or off the map."""
    maps = battery_maps(2)
    assert len(maps) >= 8
    sides = [(d, d) for d in BATTERY_VEHICLES] + list(MIXED_PAIRS)   # a team of one design, or of X and Y
    for f in maps:
        m = load_map(f)
        ts = team_starts(m, 2)
        assert len(set(ts)) == 4
        pos = [Vec(m.starts[k].x, m.starts[k].y) for k in ts]
        within = ((pos[0] - pos[1]).length() + (pos[2] - pos[3]).length()) / 2
        across = sum((pos[i] - pos[j]).length() for i in (0, 1) for j in (2, 3)) / 4
        assert within < across, f
        for x, y in sides:
            seats = [Seat("V1", x, "veteran", "A"), Seat("V2", y, "veteran", "A"),
                     Seat("V3", x, "veteran", "B"), Seat("V4", y, "veteran", "B")]
            for rot in (0, 2) if x != y else (0,):   # one design on all four starts: both orders alike
                setup_for(f, seats, 1, 2, rotate=rot, starts=ts)   # raises DataError on a bad start


def test_team_and_mixed_games_alternate_seats_on_one_seed_and_meet_every_map() -> None:
    """Teams: each cell is two games on one seed, A's side on the first starts then on the second; the
    first 9 cells meet all 9 maps, and 36 cells every design on every map. Mixed duels: four games a
    seed, A in X then in Y, each from both seats."""
    maps = battery_maps(2)
    team = battery_games(2 * len(maps) * 4, 100, maps, BATTERY_VEHICLES, per_side=2)
    assert {g.map for g in team[:2 * len(maps)]} == set(maps)
    assert {(g.map, g.design) for g in team} == set(itertools.product(maps, BATTERY_VEHICLES))
    for a, b in zip(team[::2], team[1::2], strict=True):
        assert (a.seed, a.map, a.design, a.swap, b.swap) == (b.seed, b.map, b.design, False, True)
        assert a.designs(0) == a.designs(1) == (a.design, a.design)
    mixed = battery_games(16, 100, maps, (), pairs=MIXED_PAIRS)
    for k in range(0, 16, 4):
        cell = mixed[k:k + 4]
        assert len({g.seed for g in cell}) == 1 and len({g.map for g in cell}) == 1
        x, y = cell[0].designs(0)[0], cell[0].designs(1)[0]
        assert [(g.designs(0), g.designs(1), g.swap) for g in cell] == [
            ((x,), (y,), False), ((x,), (y,), True), ((y,), (x,), False), ((y,), (x,), True)]
    assert {(g.designs(0)[0], g.designs(1)[0]) for g in mixed} >= set(MIXED_PAIRS)
    seats = battery_seats(team[0], "veteran", "random", frozenset({"team"}))
    assert [(s.vid, s.side, s.driver, s.off) for s in seats] == [
        ("V1", "A", "veteran", frozenset({"team"})), ("V2", "A", "veteran", frozenset({"team"})),
        ("V3", "B", "random", frozenset()), ("V4", "B", "random", frozenset())]
    duel = battery_seats(mixed[0], "veteran", "random")
    assert [s.side for s in duel] == ["V1", "V2"]


# --- what a game counts ----------------------------------------------------------------------------

def test_a_rammer_s_turns_on_a_ram_are_counted_and_the_switch_stops_them() -> None:
    """The gunless Firecracker against a Stinger on the arena: its speed line names the ram (a turn set
    on a ram) every turn of a 3-turn game; with --off ram, none."""
    arena = str(MAPS_DIR / "arena.toml")
    seats = [Seat("V1", "Firecracker", "veteran"), Seat("V2", "Stinger", "veteran")]
    on = play(arena, seats, 7, 3, rotate=0, starts=(2, 3), budget=60.0)
    off = play(arena, [replace(seats[0], off=frozenset({"ram"})), seats[1]], 7, 3, rotate=0, starts=(2, 3),
               budget=60.0)
    assert on.tally["V1"]["ram_turns"] == on.turns >= 3
    assert off.tally["V1"]["ram_turns"] == 0 and off.tally["V1"]["keep_away_turns"] >= 3
    assert on.tally["V2"]["ram_turns"] == 0


def test_a_small_seeded_team_game_keeps_the_order() -> None:
    """A regression check on order, not on rates (issue 16 item 6): two 2-v-2 games of Killer Karts on the
    parking lot, 8 turns, seed 700, each side on each pair of starts: the veteran team beats the random
    team at least once and never loses, deals more damage, and its teammates shoot at one target."""
    stats = run_battery("veteran", "random", 2, 700, turns=8, maps=[str(MAPS_DIR / "parking_lot.toml")],
                        designs=("Killer Kart",), budget=60.0, per_side=2)
    assert stats.games == 2 and stats.errors == 0
    assert stats.wins >= 1 and stats.losses == 0, stats.lines()
    assert stats.damage["veteran"] > stats.damage["random"], stats.lines()
    assert stats.tally["veteran"]["shared_shots"] > 0 and stats.vehicles["veteran"] == 4, stats.lines()
