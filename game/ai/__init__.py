"""AI opponents: agents that play from their seat's view and the legal actions only."""
