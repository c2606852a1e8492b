"""Pure rules modules, one package per game: no I/O, no clock, no global randomness."""
