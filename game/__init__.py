"""The pygame-ce client: scenes, rendering, input and the turning key. Asks rules/ for everything."""
