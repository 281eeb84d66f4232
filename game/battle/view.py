"""Where the camera looks: all cars at the start, the acting car while it acts (whatever the player
zoomed or panned), the firer and its target in the fire step. Pure camera arithmetic, no rules."""

from __future__ import annotations

from collections.abc import Iterable

from game.camera import MAX_ZOOM, MIN_ZOOM, Camera

MARGIN_IN = 4.0      # inches of board shown around the cars in the first view
KEEP_IN_VIEW = 0.85  # the acting car is re-centred once it leaves the middle 85% of the view


def clamp(cam: Camera, map_w: float, map_h: float) -> None:
    """Keep the map on screen: no more than an inch of margin beyond its edges."""
    half_w, half_h = cam.view_w / 2 / cam.zoom, cam.view_h / 2 / cam.zoom
    for attr, size, half in (("cx", map_w, half_w), ("cy", map_h, half_h)):
        lo, hi = half - 1, size - half + 1
        value = getattr(cam, attr)
        setattr(cam, attr, size / 2 if lo > hi else max(lo, min(hi, value)))


def fit_points(cam: Camera, points: Iterable[tuple[float, float]], margin: float = MARGIN_IN,
               max_zoom: float = 40.0) -> None:
    """Zoom and centre so every point shows with `margin` inches around it."""
    pts = list(points)
    if not pts:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    w, h = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    cam.zoom = max(MIN_ZOOM, min(max_zoom, MAX_ZOOM, cam.view_w / w, cam.view_h / h))
    cam.cx, cam.cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2


def in_middle(cam: Camera, x: float, y: float, share: float = KEEP_IN_VIEW) -> bool:
    """Whether a map point lies in the middle `share` of the view."""
    sx, sy = cam.to_screen(x, y)
    mx, my = cam.view_w * (1 - share) / 2, cam.view_h * (1 - share) / 2
    return (cam.view_x + mx <= sx <= cam.view_x + cam.view_w - mx
            and cam.view_y + my <= sy <= cam.view_y + cam.view_h - my)


def follow(cam: Camera, x: float, y: float) -> bool:
    """Bring a point back to the middle of the view if it has drifted out of it; True if it moved."""
    if in_middle(cam, x, y):
        return False
    cam.cx, cam.cy = x, y
    return True


def frame_pair(cam: Camera, a: tuple[float, float], b: tuple[float, float], pad_px: tuple[int, int] = (120, 220)) -> None:
    """Show two points at once (a firer and its target), zooming out only as far as needed."""
    cam.cx, cam.cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    span = max(abs(a[0] - b[0]) / max(1, cam.view_w - pad_px[0]), abs(a[1] - b[1]) / max(1, cam.view_h - pad_px[1]))
    if span > 0 and cam.zoom > 1 / span:
        cam.zoom = max(MIN_ZOOM, 1 / span)


def frame_above(cam: Camera, points: Iterable[tuple[float, float]], below_px: int, pad_px: int = 100) -> None:
    """Show every point (the firers and targets of the suggested shots) above a card `below_px` tall at the
    bottom of the view, zooming out only as far as needed."""
    pts = list(points)
    if not pts:
        return
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    room_w, room_h = max(1, cam.view_w - pad_px), max(1, cam.view_h - below_px - pad_px)
    span = max((max(xs) - min(xs)) / room_w, (max(ys) - min(ys)) / room_h)
    if span > 0 and cam.zoom > 1 / span:
        cam.zoom = max(MIN_ZOOM, 1 / span)
    cam.cx = (min(xs) + max(xs)) / 2
    cam.cy = (min(ys) + max(ys)) / 2 + below_px / 2 / cam.zoom
