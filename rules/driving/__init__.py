"""Maneuvers, handling and control, and the collision and terrain rules."""
