"""The window's drawing: camera, the cached board, tokens and whole frames (pygame lives here only)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
