"""Command-line tools: query, design, simulate, validate."""
