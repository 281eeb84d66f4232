"""Vehicle grenade launchers that do their grenades' work (issue 18 item 4; 000:L2426, L1175, L1576)."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import ScriptedDice
from rules.core.events import DiceRolled, GrenadeExploded, GrenadeThrown, ShotFired
from rules.core.geometry import Pose
from rules.engine.engine import new_game
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play import people
from rules.play.context import Ctx
from rules.play.state import FIRE, RuleOptions, evolve


def _state(load: str = "explosive"):
    setup = GameSetup((VehicleSetup("M", "a", "Manslaughter", Pose.at(5, 10, 90), 0.0),
                       VehicleSetup("B", "b", "Killer Kart", Pose.at(12, 10, 270), 0.0)),
                      seed=1, options=RuleOptions(people="on"))
    s = evolve(new_game(setup)[0], step=FIRE)
    v = s.vehicle("M")
    gl = next(w for w in v.sheet.weapons if w.abbr == "GL")
    fired = replace(gl, shots=(gl.shots[0] - 1,) + gl.shots[1:], ammo=tuple(load for _ in gl.ammo))
    v = replace(v, sheet=replace(v.sheet, weapons=tuple(fired if w.id == gl.id else w for w in v.sheet.weapons)))
    return evolve(s, vehicles=tuple(v if x.id == "M" else x for x in s.vehicles)), gl.id


def _shot(wid: str, hit: bool) -> ShotFired:
    return ShotFired("M fires GL at B", "000:L901", "M", weapon=wid, target="B", need=7, roll=9 if hit else 4, hit=hit)


def test_a_launcher_hit_goes_off_on_the_target_000_L1576():
    """000:L1576: an explosive grenade does 1d to every vehicle within 1/2": the launcher's hit on B goes
    off on it, and B takes the die (here a 5)."""
    s, wid = _state()
    ctx = Ctx(s, ScriptedDice([5] * 10))
    ctx.log.add(_shot(wid, True))
    people.launcher_grenades(ctx, 0)
    assert any(isinstance(e, GrenadeExploded) and e.grenade == "explosive" for e in ctx.log.events)
    assert any(isinstance(e, DiceRolled) and "explosive grenade on B" in e.what for e in ctx.log.events)
    assert not ctx.state.grenades


def test_a_launcher_miss_comes_down_a_second_later_000_L1175():
    """000:L1175: a grenade reaches the ground a second (a turn) after it is fired; a miss is in the
    air until then, aimed at the target."""
    s, wid = _state()
    ctx = Ctx(s, ScriptedDice([5] * 10))
    ctx.log.add(_shot(wid, False))
    people.launcher_grenades(ctx, 0)
    (g,) = ctx.state.grenades
    assert g.point is None and g.lands == people.now(s) + 5 and g.kind == "explosive"
    assert any(isinstance(e, GrenadeThrown) for e in ctx.log.events)
    assert not any(isinstance(e, GrenadeExploded) for e in ctx.log.events)


def test_the_load_in_use_is_the_magazine_being_emptied():
    """000:L2426: mixed loads fire in the order loaded."""
    s, wid = _state()
    gl = next(w for w in s.vehicle("M").sheet.weapons if w.id == wid)
    mixed = replace(gl, shots=(0, 9) + gl.shots[2:], max_shots=(10, 10) + gl.max_shots[2:],
                    ammo=("smoke", "explosive") + gl.ammo[2:])
    assert people.launcher_load(mixed) == "explosive"


def test_smoke_and_paint_grenades_leave_their_clouds_000_L1583_L1584():
    """000:L1583-L1584: a paint or smoke grenade makes a 1" x 1" cloud, standard in every other way (the
    dropped-weapon counter of that kind); white phosphorus a smoke cloud too (000:L1590); explosive none."""
    from rules.people.record import Grenade

    s, _wid = _state()
    ctx = Ctx(s, ScriptedDice([3] * 20))
    for i, kind in enumerate(("smoke", "paint", "white_phosphorus", "explosive")):
        people._blast(ctx, Grenade(f"G{i}", kind, "M", (5, 10), (20.0 + 3 * i, 20.0), 7, 0, 0,
                                   point=(20.0 + 3 * i, 20.0)))
    got = [(c.kind, c.pose.x, c.length, c.width) for c in ctx.state.counters]
    assert got == [("smoke", 20.0, 1.0, 1.0), ("paint", 23.0, 1.0, 1.0), ("smoke", 26.0, 1.0, 1.0)]
    assert all(c.owner == "a" for c in ctx.state.counters)


def test_with_people_off_a_launcher_hit_still_does_its_grenades_work_000_L2426():
    """Reading PD30: the launcher's explosive grenade goes off on the target with people off too (the
    people's own rules stay off); a game without a launcher shot has no grenade and plays as before."""
    s, wid = _state()
    s = evolve(s, options=replace(s.options, people="off"))
    ctx = Ctx(s, ScriptedDice([5] * 10))
    ctx.log.add(_shot(wid, True))
    people.resolve(ctx, 0)
    assert any(isinstance(e, GrenadeExploded) for e in ctx.log.events)
    assert any(isinstance(e, DiceRolled) and "explosive grenade on B" in e.what for e in ctx.log.events)
    quiet = Ctx(s, ScriptedDice([]))
    people.resolve(quiet, 0)
    assert not quiet.log.events and not quiet.state.grenades
