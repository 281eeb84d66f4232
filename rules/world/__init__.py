"""The map: its format, the collision oracle (the only pymunk user), the map as play changes it."""
