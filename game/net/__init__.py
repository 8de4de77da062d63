"""LAN play over plain sockets: a host serving a Session, remote clients, discovery.

The UI uses :mod:`game.net.api` (discover, join, host in the background); the table
plays through :class:`game.net.client.RemoteClient`, a GameClient like LocalClient.
The wire protocol and the API are described in ``game/net/PROTOCOL.md``.
"""
