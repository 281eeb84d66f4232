"""The turn's sequence: the movement phase and the fire step."""
