"""Game-agnostic helpers shared by every game engine and by the outer layers."""
