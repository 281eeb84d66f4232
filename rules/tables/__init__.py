"""The rulebook's tables loaded from rules/data, typed and validated."""
