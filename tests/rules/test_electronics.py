"""Radar, jammers, StealthKote against radar, the bollix, radar-guided missiles, chaff and HARMs in play
(issue 17; rules/combat/electronics.py, rules/data/electronics.toml, readings RD1-RD5)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import Counter
from rules.combat.shooting import Combatant, Declaration, combatant_of, problem, resolve_fire, shot_for
from rules.combat.to_hit import ToHit, to_hit
from rules.core.dice import ScriptedDice
from rules.core.events import RadarJammed, ShotFired
from rules.core.geometry import CounterSize, Pose
from rules.vehicles.design import AccessoryEntry, WeaponEntry, load_stock
from rules.vehicles.record_sheet import RecordSheet
from rules.vehicles.starting_sheet import spec
from rules.world.map_changes import NO_CHANGES

CAR = CounterSize(1.0, 0.5)


def sheet(name: str, *extra: AccessoryEntry, weapons: tuple[WeaponEntry, ...] = ()) -> RecordSheet:
    d = load_stock(name)
    return spec(replace(d, accessories=d.accessories + extra, weapons=d.weapons + weapons)).sheet


def firer(s: RecordSheet, **kw: object) -> Combatant:
    return combatant_of("A", "car", "car", Pose.at(0, 0, 0), CAR, 0.0, 0, s, **kw)


def target(s: RecordSheet, y: float = -10.0) -> Combatant:
    return combatant_of("T", "car", "car", Pose.at(0, y, 180), CAR, 0.0, 180, s)


def aim(c: Combatant, t: Combatant, wid: str, clouds: tuple[Counter, ...] = ()) -> ToHit:
    shot = shot_for(c, c.weapon(wid), t, Declaration(c.id, wid, t.id), 1, clouds)[0]
    return to_hit(shot)


def mods(th: ToHit) -> dict[str, int]:
    return {m.name: m.value for m in th.modifiers}


KART = "Killer Kart"


def test_radar_takes_1_off_the_night_000_L2646() -> None:
    plain = firer(sheet(KART), visibility="night")
    radar = firer(sheet(KART, AccessoryEntry("radar")), visibility="night")
    t = target(sheet(KART))
    assert mods(aim(plain, t, "MG1"))["night"] == -3 and "radar" not in mods(aim(plain, t, "MG1"))
    assert mods(aim(radar, t, "MG1"))["radar"] == 1
    assert aim(radar, t, "MG1").need == aim(plain, t, "MG1").need - 1
    # by day there is nothing to take off: radar is no bonus
    assert "radar" not in mods(aim(firer(sheet(KART, AccessoryEntry("radar"))), t, "MG1"))


def test_long_range_radar_works_like_radar_000_L2635() -> None:
    c = firer(sheet(KART, AccessoryEntry("long_range_radar")), visibility="fog")
    assert mods(aim(c, target(sheet(KART)), "MG1"))["radar"] == 1


def test_radar_helps_through_smoke_but_not_past_a_jammer_000_L2646_L2644() -> None:
    smoke = (Counter("smoke", Pose.at(0, -5, 0), 1.0, 2.0, 1),)
    c = firer(sheet(KART, AccessoryEntry("radar")))
    assert mods(aim(c, target(sheet(KART)), "MG1", smoke))["radar"] == 1
    jammed = target(sheet(KART, AccessoryEntry("radar_jammer")))
    assert "radar" not in mods(aim(c, jammed, "MG1", smoke))
    # the firer's own jammer keeps its radar off too (000:L2645)
    both = firer(sheet(KART, AccessoryEntry("radar"), AccessoryEntry("radar_jammer")), visibility="night")
    assert "radar" not in mods(aim(both, target(sheet(KART)), "MG1"))


SHIELDED = tuple(AccessoryEntry("stealthkote", facing=f) for f in ("front", "back", "left", "right", "top"))


def test_stealthkote_hides_from_radar_until_a_seen_side_loses_it_000_L2598() -> None:
    c = firer(sheet(KART, AccessoryEntry("radar")), visibility="night")
    t = target(sheet(KART, *SHIELDED))
    assert "radar" not in mods(aim(c, t, "MG1"))
    half = target(sheet(KART, *SHIELDED[2:]))   # no shield on the front or back: the radar locks on
    assert mods(aim(c, half, "MG1"))["radar"] == 1


def test_a_bollix_on_the_table_blocks_every_radar_000_L2978() -> None:
    c = firer(sheet(KART, AccessoryEntry("radar")), visibility="night", bollixed=True)
    assert "radar" not in mods(aim(c, target(sheet(KART)), "MG1"))


def test_radar_goes_with_the_power_plant_000_L2646() -> None:
    s = sheet(KART, AccessoryEntry("radar"))
    dead = replace(s, components=tuple(replace(p, dp=0) if p.kind == "plant" else p for p in s.components))
    assert "radar" not in mods(aim(firer(dead, visibility="night"), target(sheet(KART)), "MG1"))


RGM = (WeaponEntry("RGM", "front"),)


def test_a_radar_guided_missile_has_its_own_range_rule_and_ignores_the_night_000_L2442() -> None:
    """No point blank, no long range: -1 for every full 4" closer than 24"; no visibility penalty, no
    Gunner or computer bonus."""
    c = firer(sheet(KART, AccessoryEntry("hi_res_computer"), weapons=RGM), visibility="night",
              skills={"driver": 2})
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    far = aim(c, target(sheet(KART), -16.0), wid)          # 15": 9" closer than 24": -2
    assert mods(far) == {"radar-guided, 15\" (closer than 24\")": -2, "target not moving": 1,
                         "firer not moving": 1, "car from the front": -1}
    assert far.need == 7 + 2 - 2 + 1
    near = aim(c, target(sheet(KART), -1.75), wid)         # 0.75": point blank for a gun, -5 for the missile
    assert mods(near)["radar-guided, 0.75\" (closer than 24\")"] == -5 and "point blank" not in mods(near)


def test_a_radar_guided_missile_flies_100_inches_000_L2442_L104() -> None:
    """4" a phase for 5 seconds of fuel, a second being a turn of five phases (000:L104): 100"."""
    c = firer(sheet(KART, weapons=RGM))
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    assert aim(c, target(sheet(KART), -22.0), wid).allowed          # 21": well within its flight
    assert aim(c, target(sheet(KART), -100.0), wid).allowed         # 99"
    th = aim(c, target(sheet(KART), -102.0), wid)                   # 101"
    assert not th.allowed and "beyond a radar-guided missile's 100\"" in th.why


def test_stealthkote_and_a_bollix_keep_a_radar_guided_missile_from_locking_000_L2598_L2978() -> None:
    c = firer(sheet(KART, weapons=RGM))
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    th = aim(c, target(sheet(KART, *SHIELDED)), wid)
    assert not th.allowed and "L2598" in th.why
    th = aim(replace(c, bollixed=True), target(sheet(KART)), wid)
    assert not th.allowed and "bollix" in th.why
    own = firer(sheet(KART, AccessoryEntry("radar_jammer"), weapons=RGM))
    assert "its own radar jammer" in aim(own, target(sheet(KART)), wid).why


def test_chaff_on_the_line_spoils_radar_guided_fire_only_000_L2490() -> None:
    chaff = (Counter("chaff", Pose.at(0, -5, 0), 1.0, 0.5, 1),)   # 1" of chaff along the line
    c = firer(sheet(KART, weapons=RGM))
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    t = target(sheet(KART))
    assert mods(aim(c, t, wid, chaff))["chaff (1\")"] == -2
    assert not any("chaff" in m for m in mods(aim(c, t, "MG1", chaff)))


def test_a_jammer_blocks_a_radar_guided_missile_on_1_to_4_000_L2644() -> None:
    c = firer(sheet(KART, weapons=RGM))
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    t = target(sheet(KART, AccessoryEntry("radar_jammer")))
    assert mods(aim(c, t, wid))["target's jammer blocks the lock on 1-4 (1d first)"] == 0   # told, not counted
    res = resolve_fire({"A": c, "T": t}, [Declaration("A", wid, "T")], ScriptedDice([4]), 1)
    jam = [e for e in res.events if isinstance(e, RadarJammed)]
    assert len(jam) == 1 and jam[0].blocked and jam[0].roll == 4
    assert not any(isinstance(e, ShotFired) for e in res.events)
    res = resolve_fire({"A": c, "T": t}, [Declaration("A", wid, "T")], ScriptedDice([5, 6, 6, 1, 1, 1]), 1)
    assert not next(e for e in res.events if isinstance(e, RadarJammed)).blocked
    assert next(e for e in res.events if isinstance(e, ShotFired)).hit


HARM = (WeaponEntry("RL", "front", ammo="harm"),)


def test_a_harm_homes_on_radar_with_a_detector_000_L2532() -> None:
    """+1 for every 4" past the first full 4" (at most +4) in place of range, at a radar or jammer."""
    c = firer(sheet(KART, AccessoryEntry("radar_detector"), weapons=HARM))
    wid = next(w.id for w in c.weapons if w.abbr == "RL")
    emitter = target(sheet(KART, AccessoryEntry("radar")), -14.0)    # 13": +2
    assert mods(aim(c, emitter, wid))["HARM homing on radar (13\")"] == 2
    odd = target(sheet(KART, AccessoryEntry("radar")), -5.43786)     # the log shows the range as the header does
    assert mods(aim(c, odd, wid))["HARM homing on radar (4.44\")"] == 0   # 000:L2532: nothing before 8"
    assert not any(m.startswith("long range") for m in mods(aim(c, emitter, wid)))
    far = target(sheet(KART, AccessoryEntry("radar_jammer")), -40.0)
    assert mods(aim(c, far, wid))["HARM homing on radar (39\")"] == 4
    quiet = aim(c, target(sheet(KART), -14.0), wid)                   # no radar: -2 and the usual range
    assert mods(quiet)["HARM at no radar source"] == -2 and mods(quiet)["long range (13.0\")"] == -3
    blind = firer(sheet(KART, weapons=HARM))                          # no detector: fired by hand
    assert mods(aim(blind, emitter, wid))["HARM at no radar source"] == -2


def test_weapons_of_two_locations_aim_together_only_with_a_smart_link_000_L1060_L2546() -> None:
    """A front MG linked with a top one (fired as a turret): refused with a plain link, fired together with a
    smart link, each weapon still needing the target in its own arc."""
    d = load_stock(KART)
    linked = replace(d, weapons=tuple(replace(w, link="both") for w in d.weapons) +
                     (WeaponEntry("MG", "top", link="both"),))
    ahead, behind = target(sheet(KART)), target(sheet(KART), 10.0)
    plain = firer(spec(linked).sheet)
    why = problem({"A": plain, "T": ahead}, Declaration("A", "both", "T"))
    assert why is not None and "smart link" in why
    smart = firer(spec(replace(linked, accessories=linked.accessories + (AccessoryEntry("smart_link"),))).sheet)
    assert problem({"A": smart, "T": ahead}, Declaration("A", "both", "T")) is None
    why = problem({"A": smart, "T": behind}, Declaration("A", "both", "T"))
    assert why is not None and "outside the front arc" in why
    res = resolve_fire({"A": smart, "T": ahead}, [Declaration("A", "both", "T")], ScriptedDice([1] * 12), 1)
    assert [e.weapon for e in res.events if isinstance(e, ShotFired)] == ["MG1", "MG2"]


def test_a_laser_hit_on_a_webbed_side_fires_that_side_back_straight_out_000_L2592() -> None:
    laser = firer(sheet(KART, weapons=(WeaponEntry("L", "front"),)))
    lid = next(w.id for w in laser.weapons if w.abbr == "L")
    webbed = target(sheet(KART, AccessoryEntry("laser_reactive_web", facing="front")))
    from rules.combat.line_of_fire import line_of_fire_check
    cs = {"A": laser, "T": webbed}
    dice = ScriptedDice([6, 6, 1, 1, 1, 6, 6, 1], fallback_seed=4)
    res = resolve_fire(cs, [Declaration("A", lid, "T")], dice, 1, lof=line_of_fire_check(cs, "", NO_CHANGES))
    back = [e for e in res.events if isinstance(e, ShotFired) and e.vehicle == "T"]
    assert len(back) == 1 and "fired by its laser-reactive web straight out" in back[0].text
    assert back[0].target == "A" and back[0].automatic
    assert "MG1" in res.combatants["T"].fired and not res.combatants["T"].acted
    # a gun's hit sets nothing off; nor does a web on another side
    gun = resolve_fire(cs, [Declaration("A", "MG1", "T")], ScriptedDice([6, 6, 1], 4), 1,
                       lof=line_of_fire_check(cs, "", NO_CHANGES))
    assert not [e for e in gun.events if e.vehicle == "T" and "web" in e.text]
    assert [e for e in gun.events if isinstance(e, ShotFired)]
    aside = {"A": laser, "T": target(sheet(KART, AccessoryEntry("laser_reactive_web", facing="back")))}
    res = resolve_fire(aside, [Declaration("A", lid, "T")], ScriptedDice([6, 6, 1, 1, 1], 4), 1,
                       lof=line_of_fire_check(aside, "", NO_CHANGES))
    assert not [e for e in res.events if e.vehicle == "T" and "web" in e.text]


def test_radar_is_marked_lost_with_the_plant_on_the_sheet_000_L2646_L2643() -> None:
    from rules.combat.damage import interior_of, sheet_with
    s = sheet(KART, AccessoryEntry("radar"), AccessoryEntry("radar_detector"))
    dead = replace(s, components=tuple(replace(c, dp=0) if c.kind == "plant" else c for c in s.components))
    after = sheet_with(dead, interior_of(dead))
    assert after.component("radar").destroyed and after.component("radar_detector").destroyed
    assert not sheet_with(s, interior_of(s)).component("radar").destroyed


def test_a_radar_detector_screens_with_chaff_at_once_against_a_missile_000_L2643_L2490() -> None:
    """The target's detector senses the missile's lock and fires its front chaff dispenser before the roll:
    the cloud between them counts against the missile, and it lands with the phase's counters."""
    c = firer(sheet(KART, weapons=RGM))
    wid = next(w.id for w in c.weapons if w.abbr == "RGM")
    screened = target(sheet(KART, AccessoryEntry("radar_detector"), weapons=(WeaponEntry("CD", "front"),)))
    res = resolve_fire({"A": c, "T": screened}, [Declaration("A", wid, "T")], ScriptedDice([6, 6], 3), 1)
    shot = next(e for e in res.events if isinstance(e, ShotFired))
    chaff = [m for m in shot.modifiers if m.name.startswith("chaff")]
    assert chaff and chaff[0].value < 0 and chaff[0].rule == "000:L2490, L2493"
    assert [k.kind for k in res.drops] == ["chaff"]
    cd = next(w.id for w in screened.weapons if w.abbr == "CD")
    assert cd in res.combatants["T"].fired
    # no detector: no screen
    bare = target(sheet(KART, weapons=(WeaponEntry("CD", "front"),)))
    res = resolve_fire({"A": c, "T": bare}, [Declaration("A", wid, "T")], ScriptedDice([6, 6], 3), 1)
    assert res.drops == () and not any(m.name.startswith("chaff") for m in next(
        e for e in res.events if isinstance(e, ShotFired)).modifiers)
