"""Data files a GM edits by hand: weapons, unit types, cover materials (TOML)."""
