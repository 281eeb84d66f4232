"""Scripted foes (issue 8): `decide(state, vid, legal_actions, profile, budget)` -> (action, explanation).

Pure Python; no pygame. See rules/ai/foe.py for the contract and rules/tables/foe_profiles.py for presets.
"""

from __future__ import annotations

from rules.ai.foe import DEFAULT_BUDGET, decide, describe
from rules.tables.foe_profiles import Profile, load_profiles, profile, profiles

__all__ = ["DEFAULT_BUDGET", "Profile", "decide", "describe", "load_profiles", "profile", "profiles"]
