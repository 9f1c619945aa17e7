"""The systems: the combat core, one module per mechanic, and the dispatch table.

`dispatch.TABLE` names, for every action type, the functions that check and apply it; the
layers inside this package (scene, budget and checks, sight and wounds, combat, overwatch,
movement and turns, the mechanics, then dispatch, choices and roster) are listed and checked in
`tests/test_architecture.py`.
"""
