"""One class per screen: title, new game, table, pause, game over, rules, settings, dialogs."""
