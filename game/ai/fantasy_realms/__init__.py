"""Fantasy Realms AI: Easy, Medium and Hard agents, and head-to-head matches."""
