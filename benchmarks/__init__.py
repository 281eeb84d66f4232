"""Performance benchmarks (issue 9): `make bench` runs them all and prints one table (python -m benchmarks).
They print figures; no test fails on a time."""
