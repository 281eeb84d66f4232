"""The lights tables (rules/data/lights.toml): searchlights, tinted windows and goggles, light-intensifier
goggles, RL flare rounds fired for light, nitrous oxide and ejection seats, typed and validated. The
rules that use them are rules/play/lights.py, nitrous.py and ejection.py."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml


@dataclass(frozen=True)
class LightsTables:
    searchlights: tuple[str, ...]
    track_to_hit: int
    blind_to_hit: int
    lit_night: int
    blinded_maneuver_d: int
    beam_phases: int
    aim_modifier: int
    searchlight_source: str
    tinted_windows: str
    tinted_goggles: str
    glare_phases: int
    polarized_phases: int
    polarized_night: int
    tinted_source: str
    goggles: str
    goggles_night: int
    goggles_source: str
    flare_ammo: str
    flare_radius: float
    flare_reach: float
    flare_turns: int
    flare_night: int
    flare_source: str
    nitrous: str
    nitrous_accel: float
    nitrous_top: float
    nitrous_turns: int
    nitrous_slowing: float
    nitrous_critical: int
    nitrous_source: str
    ejection_seat: str
    eject_delay: int
    eject_climb: int
    eject_launch_mod: int
    eject_glide_mph: float
    eject_glide_phases: int
    eject_chute_mod: int
    eject_landing: str
    ejection_source: str


def load_lights(path: Path = DATA_DIR / "lights.toml") -> LightsTables:
    n = Node(load_toml(path), str(path))
    s, t, g, f, ni, e = (n.table(k) for k in ("searchlight", "tinted", "goggles", "flare", "nitrous", "ejection"))
    out = LightsTables(
        tuple(s.names("accessories")), s.integer("track_to_hit"), s.integer("blind_to_hit"), s.integer("lit_night", hi=0),
        s.integer("blinded_maneuver_d", lo=0), s.integer("holds_phases", lo=1), s.integer("aim_modifier"),
        s.text("source"),
        t.text("windows"), t.text("goggles"), t.integer("glare_phases", lo=0), t.integer("polarized_phases", lo=0),
        t.integer("night_extra", hi=0), t.text("source"),
        g.text("gear"), g.integer("night", hi=0), g.text("source"),
        f.text("ammo"), f.number("radius", lo=0), f.number("reach", lo=0), f.integer("turns", lo=1),
        f.integer("night", hi=0), f.text("source"),
        ni.text("plant_accessory"), ni.number("acceleration", lo=0), ni.number("top_speed_factor", lo=1),
        ni.integer("turns", lo=1), ni.number("slowing", lo=0), ni.integer("critical_modifier"), ni.text("source"),
        e.text("accessory"), e.integer("delay_phases", lo=0), e.integer("climb_phases", lo=0),
        e.integer("launch_modifier"), e.number("glide_mph", lo=0), e.integer("glide_phases", lo=0),
        e.integer("chute_modifier"), e.text("landing_damage"), e.text("source"),
    )
    for sub in (s, t, g, f, ni, e):
        sub.done()
    n.done()
    return out


@lru_cache(maxsize=1)
def lights_tables() -> LightsTables:
    """The lights tables, loaded once."""
    return load_lights()
