"""Stars Without Number's pure rules (SWN core, seeds 000, 002 and 003): attack rolls, damage and
the health track, saves and skill checks, morale, squads, maneuvers, grenades, heroic damage and
its overflow, recruiting. No world, no scene: numbers in, results out.
"""
