"""The game state, the play context and the shared effects of play (crashes, hazards, terrain, counters, collisions)."""
