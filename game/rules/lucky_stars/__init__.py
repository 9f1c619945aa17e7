"""These Lucky Stars (seed 001), ruleset `lucky-stars`: pure rules, one module per concern.

`health` (Defense and Vitality), `actions` (action points and what each action costs),
`initiative`, `attack` (opposed rolls, surprise, advantage) and `damage` (damage dice,
resistance). See docs/rules/lucky-stars.md for how the seed was read.
"""
