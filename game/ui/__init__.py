"""The window's drawing: camera, the cached board, tokens and whole frames (pygame lives here only)."""
