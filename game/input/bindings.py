"""Key bindings: keyboard events become intents, so scenes (and tests) work with intents.

A scene asks `intent_of(event)`; tests may post a synthetic KEYDOWN or call the scene's
`handle_intent` directly. The F1 help scene lists HELP, so the two never disagree.
"""

from __future__ import annotations

from enum import Enum

import pygame


class Intent(str, Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    PREV = "prev"            # previous choice (turning key: one step further left)
    NEXT = "next"            # next choice (one step further right)
    CONFIRM = "confirm"      # Enter: commit the choice
    CANCEL = "cancel"        # Esc: cancel the choice, or back / pause
    STRAIGHT = "straight"    # Space: move straight / keep speed
    SKID = "skid"            # cycle the controlled skid of a bend or swerve
    MIRROR = "mirror"        # mirror the choice to the other side
    EVEN = "even"            # toggle evening-out
    HOLD = "hold"            # hold course: straight moves and unchanged speeds need no input
    HOLD_ALL = "hold_all"    # hold course for every vehicle of the player's (Shift+H)
    HOLD_FIRE = "hold_fire"  # hold fire for the rest of the turn (Shift+Space)
    UNDO = "undo"            # take back the choice not yet committed
    PAN_LEFT = "pan_left"
    PAN_RIGHT = "pan_right"
    PAN_UP = "pan_up"
    PAN_DOWN = "pan_down"
    ZOOM_IN = "zoom_in"
    ZOOM_OUT = "zoom_out"
    FOLLOW = "follow"        # centre the camera on the vehicle to act
    SHEET = "sheet"          # record sheet
    LOG_UP = "log_up"
    LOG_DOWN = "log_down"
    HELP = "help"
    SAVE = "save"
    LOAD = "load"
    FIRE = "fire"            # F: says when weapons fire (the fire step after each phase's movement)
    REPLAY = "replay"        # show the last phase again on the board
    SOUND = "sound"          # sound effects on / off (remembered)
    QUIT = "quit"


_PLAIN: dict[int, Intent] = {
    pygame.K_UP: Intent.UP, pygame.K_DOWN: Intent.DOWN, pygame.K_LEFT: Intent.LEFT, pygame.K_RIGHT: Intent.RIGHT,
    pygame.K_RETURN: Intent.CONFIRM, pygame.K_KP_ENTER: Intent.CONFIRM, pygame.K_ESCAPE: Intent.CANCEL,
    pygame.K_SPACE: Intent.STRAIGHT, pygame.K_k: Intent.SKID, pygame.K_m: Intent.MIRROR, pygame.K_v: Intent.EVEN,
    pygame.K_h: Intent.HOLD, pygame.K_BACKSPACE: Intent.UNDO, pygame.K_z: Intent.UNDO,
    pygame.K_a: Intent.PAN_LEFT, pygame.K_d: Intent.PAN_RIGHT, pygame.K_w: Intent.PAN_UP, pygame.K_s: Intent.PAN_DOWN,
    pygame.K_EQUALS: Intent.ZOOM_IN, pygame.K_PLUS: Intent.ZOOM_IN, pygame.K_KP_PLUS: Intent.ZOOM_IN,
    pygame.K_MINUS: Intent.ZOOM_OUT, pygame.K_KP_MINUS: Intent.ZOOM_OUT, pygame.K_c: Intent.FOLLOW,
    pygame.K_r: Intent.SHEET, pygame.K_PAGEUP: Intent.LOG_UP, pygame.K_PAGEDOWN: Intent.LOG_DOWN,
    pygame.K_F1: Intent.HELP, pygame.K_F5: Intent.SAVE, pygame.K_F9: Intent.LOAD, pygame.K_f: Intent.FIRE,
    pygame.K_TAB: Intent.NEXT, pygame.K_COMMA: Intent.PREV, pygame.K_PERIOD: Intent.NEXT,
    pygame.K_p: Intent.REPLAY, pygame.K_o: Intent.SOUND,
}
_SHIFTED: dict[int, Intent] = {
    pygame.K_LEFT: Intent.PAN_LEFT, pygame.K_RIGHT: Intent.PAN_RIGHT, pygame.K_UP: Intent.PAN_UP,
    pygame.K_DOWN: Intent.PAN_DOWN, pygame.K_TAB: Intent.PREV, pygame.K_SPACE: Intent.HOLD_FIRE,
    pygame.K_h: Intent.HOLD_ALL,
}
_CTRL: dict[int, Intent] = {pygame.K_z: Intent.UNDO, pygame.K_s: Intent.SAVE, pygame.K_l: Intent.LOAD,
                            pygame.K_q: Intent.QUIT}

# (keys, what they do) for the F1 help scene.
HELP: tuple[tuple[str, str], ...] = (
    ("Left / Right", "turning key: next maneuver to the left / right; speed and fire: choose; "
                     "with nothing to choose: pan"),
    ("Up / Down", "speed: faster / slower; fire: choose; menus: move"),
    ("Tab, ',' '.'", "cycle through the choices"),
    ("Enter", "commit the highlighted choice (a shot that cannot hit asks to be confirmed); the fire step's rows "
              "also aim a searchlight, fire a flare, open nitrous, pull an ejection seat or get out; with several "
              "of your guns able to hit, the top row fires every suggested shot of the fire step at once"),
    ("Space", "move straight ahead / keep the speed for the rest of the turn / hold fire"),
    ("Shift+Space", "fire step: hold fire for the rest of the turn"),
    ("Esc", "cancel the choice (or a confirmation); with nothing to cancel: pause menu"),
    ("Backspace, Z", "take back the choice not yet committed"),
    ("K", "controlled skid of a bend or swerve: none, 1/4, 1/2, 3/4, 1 inch"),
    ("M", "mirror the maneuver to the other side"),
    ("V", "evening-out after the maneuver"),
    ("B", "speed step: fire a rocket booster or jump jet, when the car has one ready"),
    ("H", "hold course for the rest of the turn: straight on at the same speed, no input; it stops "
          "and asks before the next inch meets anything. Again: take the wheel"),
    ("Shift+H", "hold course for the rest of the turn with every vehicle of yours (each stops and asks on its own)"),
    ("Shift+arrows, WASD", "pan the board"),
    ("Wheel, + / -", "zoom (the wheel over the log scrolls the log)"),
    ("C", "centre on the vehicle to act"),
    ("R", "record sheet of the vehicle to act"),
    ("PgUp / PgDn", "scroll the log"),
    ("F5 / F9, O", "save / load; sound effects on / off (remembered)"),
    ("P", "show the last phase again on the board (P again stops it)"),
    ("F1", "this help"),
    ("Mouse", "drag a counter onto a ghost and release to commit (drop it back or right-click: cancel); "
              "click a ghost to choose it, again to commit; click a speed or a fire row to choose it, "
              "again to commit; click a car in the fire step for the best shot at it; drag the board to pan"),
)


def intent_of(event: pygame.event.Event) -> Intent | None:
    """The intent of a key press (None for anything else)."""
    if event.type != pygame.KEYDOWN:
        return None
    mods = getattr(event, "mod", 0)
    if mods & pygame.KMOD_CTRL and event.key in _CTRL:
        return _CTRL[event.key]
    if mods & pygame.KMOD_SHIFT and event.key in _SHIFTED:
        return _SHIFTED[event.key]
    return _PLAIN.get(event.key)


def key_event(key: int, mod: int = 0) -> pygame.event.Event:
    """A synthetic key press (tests and scripted input)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
