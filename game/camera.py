"""One camera maps inches on the map to pixels on the screen: zoom (pixels per inch) and pan."""

from __future__ import annotations

from dataclasses import dataclass

MIN_ZOOM = 8.0
MAX_ZOOM = 160.0


@dataclass
class Camera:
    zoom: float = 24.0        # pixels per inch
    cx: float = 20.0          # map point (inches) at the centre of the view
    cy: float = 15.0
    view_w: int = 960         # the board's viewport in pixels
    view_h: int = 760
    view_x: int = 0
    view_y: int = 0

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.view_x + self.view_w / 2 + (x - self.cx) * self.zoom,
                self.view_y + self.view_h / 2 + (y - self.cy) * self.zoom)

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        return (self.cx + (sx - self.view_x - self.view_w / 2) / self.zoom,
                self.cy + (sy - self.view_y - self.view_h / 2) / self.zoom)

    def pan_pixels(self, dx: float, dy: float) -> None:
        self.cx -= dx / self.zoom
        self.cy -= dy / self.zoom

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom keeping the map point under (sx, sy) in place."""
        mx, my = self.to_map(sx, sy)
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * factor))
        nx, ny = self.to_map(sx, sy)
        self.cx += mx - nx
        self.cy += my - ny

    def fit(self, w: float, h: float) -> None:
        """Show a whole w x h map."""
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, min(self.view_w / max(w, 1), self.view_h / max(h, 1)) * 0.95))
        self.cx, self.cy = w / 2, h / 2

    def visible(self) -> tuple[float, float, float, float]:
        x0, y0 = self.to_map(self.view_x, self.view_y)
        x1, y1 = self.to_map(self.view_x + self.view_w, self.view_y + self.view_h)
        return x0, y0, x1, y1
