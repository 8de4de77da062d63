"""HerosDeï: the pure rules engine (two players, one-on-one combats, destinies on a stack)."""
