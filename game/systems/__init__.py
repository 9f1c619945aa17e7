"""The systems every ruleset shares: the scene, sight and cover, footprints, movement, wounds,
turns passing, morale, the shared target checks, the GM's overrides and the rows every ruleset's
table takes as they are (`dispatch.SHARED`); each ruleset's own mechanics live in its package
under `rulesets/`. The layers inside this package are listed and checked in
`tests/test_architecture.py`.
"""
