"""The map editor's parts: commands with undo and redo, the palette, the properties panel, dialogs."""
