"""The battle screen, in parts: the scene (game/battle/scene.py) routes input to its panels (speed,
turning key, fire, sheet, log), the pilot answers what nobody has to decide, the foe runner plays the
scripted foes, and the view keeps the camera on what matters."""
