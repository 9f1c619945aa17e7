"""Pure rules: dice, tables and one module per concern. No pygame, no world; randomness is passed in."""
