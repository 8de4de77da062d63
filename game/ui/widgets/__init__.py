"""Small retained widgets; they report clicks through callbacks and never touch the game."""
