"""Sound effects (assets/sounds, synthesised by assets/make_assets.py): guns by weapon category,
crashes, tire screeches, explosions, drops. Played when the animator shows the flash they belong to.

No mixer (no audio device), a missing or broken file, or sound turned off: nothing is played and
nothing fails. Each file is read once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.assets import Assets, default_assets
from game.settings import Settings, load_settings, save_settings

# Weapon categories of rules/data/weapons.toml -> the sound they make.
CATEGORY_SOUND = {"small_bore": "gun", "large_bore": "cannon", "rocket": "rocket", "torpedo": "rocket",
                  "laser": "laser", "flamethrower": "flame", "dropped_gas": "drop", "dropped_liquid": "drop",
                  "dropped_solid": "drop", "discharger": "drop"}
VOLUME = 0.5


def weapon_sound(abbr: str) -> str:
    """The sound of a weapon by its abbreviation (rules.combat.weapon_info's category)."""
    from rules.combat.to_hit import weapon_info

    try:
        return CATEGORY_SOUND.get(weapon_info(abbr).category, "gun")
    except ValueError:
        return "gun"


class SoundBoard:
    def __init__(self, settings: Settings | None = None, art: Assets | None = None) -> None:
        self.settings = settings or Settings()
        self.art = art or default_assets()
        self._sounds: dict[str, Any] = {}
        self.played: list[str] = []      # names played, newest last (what a test can check)

    @staticmethod
    def for_app(app: object) -> SoundBoard:
        """The sound board with the settings kept beside the app's saves."""
        directory = getattr(app, "saves_dir", None)
        return SoundBoard(load_settings(Path(directory) if directory is not None else None))

    @property
    def enabled(self) -> bool:
        return self.settings.sound

    def toggle(self) -> str:
        self.settings.sound = not self.settings.sound
        problem = save_settings(self.settings)
        state = "sound on" if self.settings.sound else "sound off (O turns it back on)"
        return f"{state}; {problem}" if problem else state

    def play(self, name: str) -> bool:
        """Play a sound by name; False when nothing could be played."""
        if not self.settings.sound:
            return False
        snd = self._sound(name)
        if snd is None:
            return False
        try:
            snd.play()
        except pygame.error:
            return False
        self.played.append(name)
        del self.played[:-50]
        return True

    def _sound(self, name: str) -> Any:
        if name not in self._sounds:
            self._sounds[name] = None
            path = self.art.sound_path(name)
            if path is not None and _mixer_ready():
                try:
                    snd = pygame.mixer.Sound(str(path))
                    snd.set_volume(VOLUME)
                    self._sounds[name] = snd
                except (pygame.error, OSError):
                    pass
        return self._sounds[name]


def _mixer_ready() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init()
    except pygame.error:
        return False
    return bool(pygame.mixer.get_init())
