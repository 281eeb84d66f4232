"""Car Wars (Compendium, 2nd edition) rules engine: pure Python, deterministic, no pygame."""
