"""Actions have a short text form that parses back (../shared/DESIGN.md): `parse(str(a)) == a`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.geometry import Pose
from rules.driving.maneuvers import KINDS, Maneuver
from rules.engine import engine
from rules.engine.setup import GameSetup, VehicleSetup
from rules.play.actions import Drop, Fire, Move, Pass, SetSpeed, parse
from rules.tables.movement import tables

IDS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", min_size=1, max_size=8)
QUARTERS = st.integers(1, 8).map(lambda n: n / 4)


@st.composite
def maneuvers(draw) -> Maneuver:
    kind = draw(st.sampled_from(KINDS))
    side = "" if kind == "straight" else draw(st.sampled_from(["left", "right"]))
    fields: dict = {"kind": kind, "side": side, "reverse": draw(st.booleans()), "even": draw(st.booleans())}
    if kind in ("drift", "steep_drift"):
        fields["inches"] = draw(QUARTERS)
    if kind in ("bend", "swerve", "pivot"):
        fields["degrees"] = float(draw(st.integers(1, 180)))
    if kind == "swerve":
        fields["drift"] = draw(QUARTERS)
    if kind in ("bend", "swerve") and draw(st.booleans()):
        fields["skid"] = draw(st.sampled_from(sorted(tables().maneuvers.skids)))
    if kind == "pivot" and draw(st.booleans()):
        fields["corner"] = draw(st.sampled_from(["left", "right"]))
    return Maneuver(**fields)


ACTIONS = st.one_of(
    st.builds(SetSpeed, IDS, st.integers(-120, 120).map(lambda n: n * 2.5)),
    st.builds(Move, IDS, maneuvers()),
    st.builds(Fire, IDS, IDS, IDS, st.sampled_from(["", "tire", "driver", "weapon:MG1"])),
    st.builds(Drop, IDS, IDS),
    st.builds(Pass, IDS),
)


@settings(max_examples=400, deadline=None)
@given(ACTIONS)
def test_every_action_parses_back_from_its_text(a):
    assert parse(str(a)) == a
    assert str(parse(str(a))) == str(a)


def test_every_action_the_engine_offers_parses_back():
    """The turning key's whole menu for a car at 60 mph and a 5-mph pivot, and the speed menu."""
    vs = (VehicleSetup("V1", "a", "generic kind=car", Pose.at(0, 0, 0), speed=60),
          VehicleSetup("V2", "b", "generic kind=car", Pose.at(20, 0, 30), speed=5))
    state, _ = engine.new_game(GameSetup(vs, seed=3))
    seen = 0
    for _ in range(8):
        for vid in engine.to_act(state):
            for a in engine.legal_actions(state, vid):
                assert parse(str(a)) == a, str(a)
                seen += 1
        vid = engine.to_act(state)[0]
        quiet = SetSpeed(vid, state.vehicle(vid).signed_speed) if state.step == "speed" else Move(vid, Maneuver())
        state, _ = engine.apply(state, quiet)
    assert seen > 200


@pytest.mark.parametrize(("text", "action"), [
    ("V1 speed 45", SetSpeed("V1", 45)),
    ("V1 speed -10", SetSpeed("V1", -10)),
    ("V1 speed 12.5", SetSpeed("V1", 12.5)),
    ("V1 move straight", Move("V1", Maneuver())),
    ("V1 move", Move("V1", Maneuver())),
    ("V1 move bend right 30 skid=0.5", Move("V1", Maneuver("bend", "right", degrees=30, skid=0.5))),
    ("V1 move drift left", Move("V1", Maneuver("drift", "left", 0.25))),
    ("V1 move steep_drift right", Move("V1", Maneuver("steep_drift", "right", 0.5))),
    ("V1 move swerve left 45", Move("V1", Maneuver("swerve", "left", degrees=45, drift=0.25))),
    ("V1 move pivot right 90 corner=left", Move("V1", Maneuver("pivot", "right", degrees=90, corner="left"))),
    ("V1 move t_stop left reverse", Move("V1", Maneuver("t_stop", "left", reverse=True))),
    ("V1 fire MG1 at V2", Fire("V1", "MG1", "V2")),
    ("V1 fire MG1 at V2 aim=tire", Fire("V1", "MG1", "V2", "tire")),
    ("V1 drop OD1", Drop("V1", "OD1")),
    ("V1 pass", Pass("V1")),
])
def test_the_documented_text_forms(text, action):
    assert parse(text) == action


@pytest.mark.parametrize("text", [
    "", "V1", "V1 speed", "V1 speed fast", "V1 speed 10 20", "V1 fly", "V1 fire MG1 V2",
    "V1 fire MG1 at V2 tire", "V1 drop", "V1 pass now", "V1 move wheelie left", "V1 move bend",
    "V1 move bend up 30", "V1 move bend right 30 boost=1", "V1 move pivot right 90 corner=front",
])
def test_bad_text_is_a_value_error(text):
    with pytest.raises(ValueError):
        parse(text)
