"""Counter sizes per weapon, the junk dropper, the drop-spike plate, dischargers and top or turret droppers
in play (reference/combat.md §9.2, §9.7; 000:L1032, L1038, L2478-L2495, L2570-L2579)."""

from __future__ import annotations

from dataclasses import replace

from rules.combat.dropped import kind_for_weapon, size_for
from rules.core.events import CounterDropped, DiceRolled, HazardMet
from rules.core.geometry import Pose
from rules.engine.engine import check, legal_actions
from rules.play.actions import Drop
from rules.play.state import GameState
from rules.play.surfaces import surface_of
from rules.vehicles.record_sheet import Component
from tests.rules.test_dropped_loads import drop_now
from tests.rules.test_dropped_play import _drive, chase, counter, to_fire


def with_weapon(state: GameState, vid: str, wid: str, **changes: object) -> GameState:
    v = state.vehicle(vid)
    weapons = tuple(replace(w, **changes) if w.id == wid else w for w in v.sheet.weapons)  # type: ignore[arg-type]
    v = replace(v, sheet=replace(v.sheet, weapons=weapons))
    return replace(state, vehicles=tuple(v if o.id == vid else o for o in state.vehicles))


def test_heavy_droppers_lay_their_own_sizes_000_L2478_L2486() -> None:
    assert size_for("oil", "HDOJ") == (1.0, 2.0) and size_for("oil", "OJ") == (1.0, 0.5)
    assert size_for("smoke", "HDSS") == (1.0, 2.0) and size_for("paint", "HDPS") == (1.0, 2.0)
    assert size_for("ice", "HDID") == (2.0, 1.0) and size_for("flaming_oil", "HFOJ") == (2.0, 1.0)
    state, _ = drop_now(to_fire(chase("Rommel")), "Lead", "HFOJ1")
    assert [(c.kind, c.length, c.width) for c in state.counters] == [("flaming_oil", 2.0, 1.0)]
    state, _ = drop_now(to_fire(chase("Harmon")), "Lead", "back")
    assert ("smoke", 1.0, 2.0) in [(c.kind, c.length, c.width) for c in state.counters]


def test_the_junk_dropper_lays_two_debris_counters_in_a_half_inch_square_000_L2494() -> None:
    state = to_fire(chase("Popcorn Shrimp"))
    lead = state.vehicle("Lead").pose.centre
    state, events = drop_now(state, "Lead", "JD1")
    debris = [c for c in state.counters if c.kind == "debris"]
    assert len(debris) == 2 and all((c.length, c.width) == (0.5, 0.25) for c in debris)
    assert all(c.pose.centre.x < lead.x for c in debris)  # behind, as spikes from a back mount
    assert abs(debris[0].pose.centre.y - debris[1].pose.centre.y) == 0.25  # side by side: one ½" square
    assert any(isinstance(e, CounterDropped) and "L2494" in e.rule for e in events)
    # someone else runs over them: debris, as from a wreck (000:L496-L497)
    run = replace(chase(), counters=tuple(replace(c, owner="Lead", id=f"debris-{i}") for i, c in
                                          enumerate(debris)))
    run = replace(run, counters=tuple(replace(c, pose=Pose.at(8.5, c.pose.centre.y, 90)) for c in run.counters))
    _run, ev = _drive(run, "Kart", 1.0, [6] * 20)
    assert any(isinstance(e, HazardMet) and e.what == "debris" for e in ev)  # type: ignore[attr-defined]


def test_a_drop_spike_plate_does_2d_to_every_tire_touching_it_and_spares_its_owner_000_L2491() -> None:
    plate = counter("drop_spike_plate", 8.5, owner="Lead")
    state = replace(chase(), counters=(plate,))
    before = [t.dp for t in state.vehicle("Kart").sheet.tires]
    state, events = _drive(state, "Kart", 1.0, [1, 1, 1, 2, 1, 3, 1, 4, 6, 6])
    after = [t.dp for t in state.vehicle("Kart").sheet.tires]
    assert [b - a for b, a in zip(before, after, strict=True)] == [min(b, d) for b, d in zip(before, (2, 3, 4, 5),
                                                                                             strict=True)]
    assert not any(isinstance(e, DiceRolled) and "triggered" in e.text for e in events)  # type: ignore[attr-defined]
    assert state.counters == (plate,)  # it stays; running over it does not hurt it
    # the dropper's own tires are safe
    own = replace(chase(), counters=(replace(plate, owner="Kart"),))
    own, ev = _drive(own, "Kart", 1.0, [])
    assert [t.dp for t in own.vehicle("Kart").sheet.tires] == before


def test_solid_tires_take_1d_from_a_drop_spike_plate_000_L2491() -> None:
    state = chase()
    kart = state.vehicle("Kart")
    solid = tuple(replace(t, kind=f"Solid {t.kind}") for t in kart.sheet.tires)
    kart = replace(kart, sheet=replace(kart.sheet, tires=solid))
    state = replace(state, vehicles=tuple(kart if v.id == "Kart" else v for v in state.vehicles),
                    counters=(counter("drop_spike_plate", 8.5, owner="Lead"),))
    _state, events = _drive(state, "Kart", 1.0, [3, 3, 3, 3])
    texts = [e.text for e in events if isinstance(e, DiceRolled)]  # type: ignore[attr-defined]
    assert sum(1 for t in texts if ": 1d = [3]" in t) == 4 and not any("2d" in t for t in texts)


def test_dischargers_lay_the_matching_counter_once_000_L2570_L2579() -> None:
    for abbr, kind in (("OD", "oil"), ("FOD", "flaming_oil"), ("IcD", "ice"), ("PD", "paint"), ("SkD", "smoke"),
                       ("TGD", "smoke"), ("FCD", "flame_cloud")):
        assert kind_for_weapon(abbr) == kind, abbr
    state = to_fire(chase("Firecracker"))
    state = with_weapon(state, "Lead", "SD1", abbr="OD", id="SD1", shots=(1,), max_shots=(1,), ammo=())
    state, _ = drop_now(state, "Lead", "SD1")
    assert [c.kind for c in state.counters] == ["oil"]
    assert state.vehicle("Lead").sheet.weapon("SD1").shots_left == 0


def test_a_top_or_turret_dropper_lays_from_the_centre_000_L1032_L1038() -> None:
    state = with_weapon(to_fire(chase("Firecracker")), "Lead", "SD1", location="top")
    assert Drop("Lead", "SD1") in legal_actions(state, "Lead") and check(state, Drop("Lead", "SD1")) is None
    lead = state.vehicle("Lead").pose.centre
    state, _ = drop_now(state, "Lead", "SD1")
    (c,) = state.counters
    # from the centre, running back (as the underbody): its front edge at the car's centre
    assert abs(c.pose.centre.x - (lead.x - c.length / 2)) < 1e-6 and abs(c.pose.centre.y - lead.y) < 1e-6


def test_a_no_paint_windshield_keeps_paint_off_000_L2636() -> None:
    state = chase()
    kart = state.vehicle("Kart")
    glass = Component("no_paint_windshield", "accessory", "No-paint windshield", "front", 0, 0)
    kart = replace(kart, sheet=replace(kart.sheet, components=kart.sheet.components + (glass,)))
    state = replace(state, vehicles=tuple(kart if v.id == "Kart" else v for v in state.vehicles),
                    counters=(counter("paint", 8.5),))
    state, events = _drive(state, "Kart", 1.0, [])
    assert state.vehicle("Kart").paint_until < state.turn
    assert any("no-paint windshield" in e.text and "000:L2636" in e.rule for e in events)  # type: ignore[attr-defined]


def _slick(state: GameState, vid: str) -> GameState:
    v = state.vehicle(vid)
    tires = tuple(replace(t, kind=f"Racing slick {t.kind}") for t in v.sheet.tires)
    v = replace(v, sheet=replace(v.sheet, tires=tires))
    return replace(state, vehicles=tuple(v if o.id == vid else o for o in state.vehicles))


def test_racing_slicks_on_oil_and_ice_000_L1835() -> None:
    oily = replace(chase(), counters=(counter("oil", 7.0),))
    assert surface_of(oily, "Kart").maneuver_d == 2
    assert surface_of(_slick(oily, "Kart"), "Kart").maneuver_d == 4  # +D4, not +D2
    icy = replace(chase(), counters=(counter("ice", 7.0),))
    assert surface_of(icy, "Kart").maneuver_hazard_d == 2
    assert surface_of(_slick(icy, "Kart"), "Kart").maneuver_hazard_d == 4
    # just running onto oil is a D3 hazard for slicks, none for other tires
    onto = replace(chase(), counters=(counter("oil", 8.5),))
    _s, plain = _drive(onto, "Kart", 1.0, [6, 6])
    assert not any(isinstance(e, HazardMet) for e in plain)  # type: ignore[attr-defined]
    _s, slick = _drive(_slick(onto, "Kart"), "Kart", 1.0, [6, 6])
    hz = [e for e in slick if isinstance(e, HazardMet)]  # type: ignore[attr-defined]
    assert len(hz) == 1 and "racing slicks" in hz[0].text and "000:L1835" in hz[0].rule  # type: ignore[attr-defined]
    # D3, and like every hazard on oil +D2 for the slick under it (000:L1045; reading CB75)
    assert hz[0].difficulty == 3 + surface_of(oily, "Kart").hazard_d == 5  # type: ignore[attr-defined]


def test_every_stock_dropper_offered_is_accepted_and_lays_its_counters_000_L1028() -> None:
    """For every stock design: each Drop legal_actions offers passes check() and lays at least one counter
    of a known kind; each dropped weapon not offered is refused by check() with a reason."""
    from rules.combat.to_hit import weapon_info
    from rules.tables.combat import combat_tables
    from rules.vehicles.design import stock_names

    kinds = set(combat_tables().dropped)
    droppers = 0
    for name in stock_names():
        state = to_fire(chase(name))
        offered = {a.weapon for a in legal_actions(state, "Lead") if isinstance(a, Drop)}
        droppers += bool(offered)
        for trig in offered:
            assert check(state, Drop("Lead", trig)) is None, (name, trig)
            after, _ = drop_now(state, "Lead", trig)
            laid = after.counters[len(state.counters):]
            assert laid and all(c.kind in kinds for c in laid), (name, trig)
        for w in state.vehicle("Lead").sheet.weapons:
            if weapon_info(w.abbr).to_hit <= 0 and w.id not in offered:
                assert check(state, Drop("Lead", w.id)) is not None, (name, w.id)
    assert droppers >= 22  # every stock design with a dropped weapon can use it (Comet, Falcon, Popcorn Shrimp ...)
