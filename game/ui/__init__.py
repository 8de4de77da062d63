"""The animated table: pygame-ce scenes over a :class:`game.session.clients.GameClient`."""
