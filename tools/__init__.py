"""Generators for the bundled assets and maps (run from the repository root)."""
