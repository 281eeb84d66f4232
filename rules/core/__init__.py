"""Foundations every layer uses: errors, geometry, dice, events, TOML I/O, typed readers, paths."""
