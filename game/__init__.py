"""hexbattle: a hex-grid tactical battle simulator for tabletop science-fiction RPGs."""

__version__ = "0.1.0"
