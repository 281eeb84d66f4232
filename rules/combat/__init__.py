"""To-hit, arcs, damage, burning, dropped weapons, shooting and lines of fire."""
