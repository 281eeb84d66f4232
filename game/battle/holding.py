"""Holding course: H holds the vehicle on screen to its course and speed for the rest of the turn, Shift+H
every vehicle of the player's (the pilot, game.battle.pilot, then drives them on and stops each on its own
before anything its next straight inch would meet)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.play import people
from rules.play.actions import SetSpeed
from rules.play.state import SPEED

if TYPE_CHECKING:
    from game.battle.scene import BattleScene


def hold_course(b: BattleScene) -> None:
    """H: the player's own vehicle holds its course for the rest of this turn (again: takes the
    wheel). On anyone else's decision it does nothing."""
    a = b.human_actor()
    if a is None or b.banner is not None:
        if b.actor() and b.session.seat(b.actor() or "").foe:
            b.message = "H holds the course of your own car, when it is to act"
        return
    turn = b.state.turn
    if b.orders.holding(a, turn):
        b.orders.drop_hold(a)
        b.message = f"{a}: you take the wheel"
        b._layout_buttons()
        return
    b.orders.set_hold(a, turn)
    b.message = (f"{a} walks on the way he faces for the rest of turn {turn} (H again: stop)"
                 if people.is_person(b.state, a) else f"{a} holds its course for the rest of turn {turn}")
    if b.state.step == SPEED:
        chosen = SetSpeed(a, _held_speed(b, a))   # the speed highlighted (Up/Down first), else the present one
        if chosen.mph in b.speed.options:
            message = b.message + (f" at {chosen.mph:g} mph"
                                   if chosen.mph != b.state.vehicle(a).signed_speed else "")
            b.commit(chosen)
            b.message = message
            return
    b._asked = None   # ask the pilot again: it drives on, or says what lies ahead


def own_vehicles(b: BattleScene, vid: str) -> list[str]:
    """The vehicles `vid`'s owner drives and that are still in play, in set-up order (a trailer goes with its
    tower; people on foot are not vehicles)."""
    owner = b.session.seat(vid).owner
    live = {v.id for v in b.state.vehicles if not v.out}
    return [v.id for v in b.session.setup.vehicles if v.id in live and v.owner == owner
            and not b.session.seat(v.id).foe]


def hold_course_all(b: BattleScene) -> None:
    """Shift+H: every vehicle of the player's holds its course for the rest of this turn (the one on screen
    at the speed it highlights); each stops and asks on its own, as with H."""
    a = b.human_actor()
    if a is None or b.banner is not None or people.is_person(b.state, a):
        hold_course(b)
        return
    turn = b.state.turn
    mine = own_vehicles(b, a)
    others = [v for v in mine if v != a]
    for v in others:
        b.orders.set_hold(v, turn)
    if not b.orders.holding(a, turn):
        hold_course(b)
    else:
        b._asked = None
    b.message = f"{', '.join(mine)} hold their course for the rest of turn {turn}"


def _held_speed(b: BattleScene, vid: str) -> float:
    """The speed a course is held at: the one the speed strip highlights for this vehicle (a player who
    pressed Up and then H wants the new speed), else the present one."""
    sp = b.speed
    if sp.vid == vid and sp.options and 0 <= sp.index < len(sp.options):
        return sp.options[sp.index]
    return b.state.vehicle(vid).signed_speed
