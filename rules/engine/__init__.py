"""The engine contract, set-ups, scenarios, the Game facade and saves."""
