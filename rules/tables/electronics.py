"""The electronics table (rules/data/electronics.toml): radar, jammers, detectors, the bollix, radar-guided
missiles, chaff against them, HARMs, ATADs with IFF and computer gunners. The rules are in
rules/combat/electronics.py (issue 17)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rules.core.paths import DATA_DIR
from rules.core.schema import Node
from rules.core.tomlio import load_toml


@dataclass(frozen=True)
class ElectronicsTables:
    radars: tuple[str, ...]          # accessories that are radar sets (000:L2646, L2635)
    radar_less: int                  # taken off the visibility penalties (000:L2646)
    radar_source: str
    jammer: str
    jammer_blocks_up_to: int         # 1d: 1 to this blocks a radar lock (000:L2644)
    jammer_source: str
    detector: str
    detector_source: str
    bollix: str
    bollix_source: str
    rgm_weapons: tuple[str, ...]
    rgm_reach: float                 # inches it flies before its fuel runs out
    rgm_closer_than: float
    rgm_closer_step: float
    rgm_closer_per_step: int
    rgm_source: str
    chaff_kinds: tuple[str, ...]
    chaff_per_half_inch: int
    chaff_source: str
    harm_ammo: str
    harm_step: float
    harm_per_step: int
    harm_most: int
    harm_off_source: int
    harm_source: str
    atad: str
    atad_range: float
    atad_source: str
    iff: str
    iff_source: str
    computer_gunner: str
    bumper_trigger: str
    bumper_source: str
    laser_web: str
    laser_web_source: str
    software: str
    software_bonus: int
    scrambled_bonus: int
    scrambled_on: int                # 1d: this or less scrambles the software (000:L2616)
    surge_protector: str
    computer_gunner_source: str


def load_electronics(path: str | Path = DATA_DIR / "electronics.toml") -> ElectronicsTables:
    n = Node(load_toml(path), str(path))
    ra, ja, de, bo, rg, ch, ha, at, ff, cg, bt, lw = (n.table(k) for k in (
        "radar", "jammer", "detector", "bollix", "rgm", "chaff", "harm", "atad", "iff", "computer_gunner",
        "bumper_trigger", "laser_web"))
    out = ElectronicsTables(
        radars=tuple(ra.names("accessories")), radar_less=ra.integer("visibility_less", lo=0),
        radar_source=ra.text("source"),
        jammer=ja.text("accessory"), jammer_blocks_up_to=ja.integer("blocks_up_to", lo=0, hi=6),
        jammer_source=ja.text("source"),
        detector=de.text("accessory"), detector_source=de.text("source"),
        bollix=bo.text("accessory"), bollix_source=bo.text("source"),
        rgm_weapons=tuple(rg.names("weapons")),
        rgm_reach=(rg.number("inches_per_phase", lo=0) * rg.integer("seconds", lo=1)
                   * rg.integer("phases_a_second", lo=1)),
        rgm_closer_than=rg.number("closer_than", lo=0), rgm_closer_step=rg.number("closer_step", lo=0.25),
        rgm_closer_per_step=rg.integer("closer_per_step"), rgm_source=rg.text("source"),
        chaff_kinds=tuple(ch.names("kinds")), chaff_per_half_inch=ch.integer("per_half_inch"),
        chaff_source=ch.text("source"),
        harm_ammo=ha.text("ammo"), harm_step=ha.number("step", lo=0.25), harm_per_step=ha.integer("per_step"),
        harm_most=ha.integer("most", lo=0), harm_off_source=ha.integer("off_source"), harm_source=ha.text("source"),
        atad=at.text("accessory"), atad_range=at.number("critical_range", lo=0), atad_source=at.text("source"),
        iff=ff.text("accessory"), iff_source=ff.text("source"),
        computer_gunner=cg.text("accessory"), software=cg.text("software"),
        software_bonus=cg.integer("software_bonus"), computer_gunner_source=cg.text("source"),
        scrambled_bonus=cg.integer("scrambled_bonus"), scrambled_on=cg.integer("scrambled_on", lo=0, hi=6),
        surge_protector=cg.text("surge_protector"),
        bumper_trigger=bt.text("accessory"), bumper_source=bt.text("source"),
        laser_web=lw.text("accessory"), laser_web_source=lw.text("source"),
    )
    for sub in (ra, ja, de, bo, rg, ch, ha, at, ff, cg, bt, lw):
        sub.done()
    n.text("source")
    n.done()
    return out


@lru_cache(maxsize=1)
def electronics_tables() -> ElectronicsTables:
    return load_electronics()
