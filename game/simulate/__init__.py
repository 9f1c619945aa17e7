"""The simulator: many computer-against-computer fights on one map, and what they add up to.

A client of the facade like the window: it imports `game.battle`, the vocabulary,
`game.hexgrid`, `game.scenario`, `game.savefile` and `game.players`, never the engine's insides.
The computer players are `game.players`'; `seeds` derives each fight's seed, `plans` turns what
the GM typed into fight plans, `fight` plays one fight, `runner` plays many (in this process,
in worker processes, or on a Dask cluster), `saves` keeps failed fights replayable,
`stats`, `report`, `text` and `compare` add them up, `chart` draws them.
"""
