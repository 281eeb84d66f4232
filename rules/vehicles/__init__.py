"""Vehicle construction, the record sheet and what the engine needs of a design."""
