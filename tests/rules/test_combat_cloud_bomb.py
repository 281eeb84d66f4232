"""The cloud bomb (000:L2472; reading CB84): fired like a gun at to-hit 6 with no point-blank bonus; a hit lays
a heavy-duty smoke cloud on the target that goes off two phases later, 2d to every exposed location of
everything in or touching it, then is gone; a miss lays nothing."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import Counter
from rules.combat.shooting import Declaration, Mounted, resolve_fire
from rules.combat.to_hit import Shot, to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import CloudDispersed, CloudFormed, HazardMet, ShotFired
from rules.core.geometry import Pose
from rules.play.context import Ctx
from rules.play.counters import liquid_contact
from tests.rules.test_combat_firing import car
from tests.rules.test_dropped_play import chase


def _duel(gap: float) -> dict[str, object]:
    a = car("A", 0, 90, (Mounted("CB1", "CBSS", "front", 1),))
    b = car("B", gap, 270, ())
    return {"A": a, "B": b}


def test_no_point_blank_bonus_for_a_cloud_bomb_000_L2472_L909() -> None:
    close = to_hit(Shot(base=6, range=0.5, target="car", no_point_blank=True))
    assert [(m.name, m.value, m.rule) for m in close.modifiers][0] == \
        ("no point-blank bonus for this weapon", 0, "000:L2472")
    assert to_hit(Shot(base=6, range=0.5, target="car")).modifiers[0].value == 4   # a gun would get +4
    cs = _duel(1.5)   # A's front edge to B's front edge: under 1"
    res = resolve_fire(cs, [Declaration("A", "CB1", "B")], ScriptedDice([1, 1]), turn=1)  # type: ignore[arg-type]
    shot = next(e for e in res.events if isinstance(e, ShotFired))
    names = [m.name for m in shot.modifiers]
    assert "point blank" not in names and "no point-blank bonus for this weapon" in names


def test_a_hit_lays_an_hd_smoke_cloud_on_the_target_and_does_no_damage_000_L2472_L2479() -> None:
    cs = _duel(4)
    before = cs["B"].sheet.armor  # type: ignore[attr-defined]
    res = resolve_fire(cs, [Declaration("A", "CB1", "B")], ScriptedDice([6, 6]), turn=2, phase=3)  # type: ignore[arg-type]
    assert res.combatants["B"].sheet.armor == before and not res.hazards.get("B")
    assert len(res.drops) == 1
    cloud = res.drops[0]
    assert (cloud.kind, cloud.length, cloud.width, cloud.laid_turn, cloud.laid_phase) == ("cloud_bomb", 1.0, 2.0, 2, 3)
    assert (cloud.pose.x, cloud.pose.y) == (4.0, 0.0) and cloud.owner == "A"
    assert any(isinstance(e, CloudFormed) and e.counter_kind == "cloud_bomb" and "goes off 2 phases" in e.text
               and e.rule == "000:L2472" for e in res.events)
    assert res.combatants["A"].weapon("CB1").shots == 0


def test_a_miss_lays_nothing_000_L2472() -> None:
    res = resolve_fire(_duel(4), [Declaration("A", "CB1", "B")], ScriptedDice([1, 1]), turn=1,  # type: ignore[arg-type]
                       strays=True, lof=lambda a, b, ignore: None)
    assert res.drops == () and not res.reports
    assert any(isinstance(e, CloudDispersed) and e.rule == "000:L2472" for e in res.events)


def _cloud_on_kart(turn: int, phase: int) -> Counter:
    # the Kart of `chase` sits at (7, 0) heading east; the cloud lies across it
    return Counter("cloud_bomb", Pose.at(7, 0, 0), 1.0, 2.0, turn, phase, "Lead", "cloud_bomb-1", "CBSS")


def test_the_cloud_goes_off_two_phases_later_2d_to_every_exposed_location_000_L2472_L2473() -> None:
    state = replace(chase(), turn=1, phase=4, counters=(_cloud_on_kart(1, 3),))
    ctx = Ctx(state, ScriptedDice([], fallback_seed=1))
    liquid_contact(ctx)
    assert [c.id for c in ctx.state.counters] == ["cloud_bomb-1"]   # one phase on: nothing yet
    kart = state.vehicle("Kart")
    faces = list(kart.sheet.armor)
    tires = [t.corner for t in kart.sheet.tires]
    ctx = Ctx(replace(state, phase=5), ScriptedDice([1, 1] * (len(faces) + len(tires)), fallback_seed=1))
    liquid_contact(ctx)
    assert ctx.state.counters == ()   # gone once it has gone off
    after = ctx.state.vehicle("Kart")
    for face in faces:   # 2d = 2 on every armor location
        assert after.sheet.armor[face] == max(0, kart.sheet.armor[face] - 2)
    for old, new in zip(kart.sheet.tires, after.sheet.tires, strict=True):
        assert new.dp == max(0, old.dp - 2)
    texts = [(e.text, e.rule) for e in ctx.log.events]
    assert any("goes off: 2d to every exposed location" in t and r == "000:L2472" for t, r in texts)
    assert any("cloud_bomb-1 is gone" in t for t, _ in texts)
    assert any(isinstance(e, HazardMet) for e in ctx.log.events)   # enemy fire: a hazard by the hits (000:L245)
    assert state.vehicle("Lead").sheet.armor == ctx.state.vehicle("Lead").sheet.armor   # 3" away: untouched


def test_a_car_touching_the_cloud_is_hit_one_clear_of_it_is_not_000_L2472() -> None:
    # the cloud's edge 1" behind the Kart's centre along x: the Kart (1" long, centre at x=7) touches it at x=6.5
    touching = Counter("cloud_bomb", Pose.at(6.0, 0, 90), 1.0, 2.0, 1, 1, "Lead", "cb-t", "CBSS")
    clear = Counter("cloud_bomb", Pose.at(5.9, 0, 90), 1.0, 2.0, 1, 1, "Lead", "cb-c", "CBSS")
    for c, hurt in ((touching, True), (clear, False)):
        state = replace(chase(), turn=1, phase=3, counters=(c,))
        ctx = Ctx(state, ScriptedDice([], fallback_seed=2))
        liquid_contact(ctx)
        assert ctx.state.counters == ()
        changed = ctx.state.vehicle("Kart").sheet != state.vehicle("Kart").sheet
        assert changed is hurt


def test_a_cloud_bomb_on_automatic_lays_its_cloud_on_a_hit_000_L2472_L1025() -> None:
    from rules.combat.shooting import AutoShot

    cs = _duel(4)
    res = resolve_fire(cs, [], ScriptedDice([6, 6]), turn=1, phase=5,  # type: ignore[arg-type]
                       automatic=[AutoShot("A", "CB1", "B", Pose.at(3.5, 0, 0).centre)])
    assert [c.kind for c in res.drops] == ["cloud_bomb"] and not res.reports


def test_the_to_hit_query_gives_a_cloud_bomb_no_point_blank_bonus_000_L2472() -> None:
    from rules.tools.query import answer

    out = answer({"op": "to_hit", "weapon": "CBSS", "range": 0.5, "target": "car", "target_side": "left",
                  "target_speed": 20, "firer_speed": 20})
    assert out["need"] == 6   # base 6, and no -4 for point blank
    assert [(m["name"], m["value"]) for m in out["modifiers"]] == [("no point-blank bonus for this weapon", 0)]


def test_a_cloud_bomb_cannot_breach_a_wall_or_building_000_L2472_L1201() -> None:
    """Its 2d belongs to the cloud, not to the shell: it is no shot at a building (reading CB84)."""
    from rules.play.shots_at_map import MapTarget, can_breach

    wall = MapTarget("walls[0]", "wall", "a wall", 1, None, ())
    assert not can_breach(Mounted("CBSS1", "CBSS", "front", 1), wall)
    assert can_breach(Mounted("MG1", "MG", "front", 20), wall)
