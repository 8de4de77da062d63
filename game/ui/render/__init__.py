"""Procedural drawing: vector icons and card faces (no official art)."""
