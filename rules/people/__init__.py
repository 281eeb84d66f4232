"""People on foot: hand weapons, grenades, jumping and getting in and out, wounds (issue 18)."""
