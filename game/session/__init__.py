"""The session: one game played at this computer or hosted on the LAN, whatever the game.

:mod:`session` keeps the record and the state and checks each action against the seat
that sent it; :mod:`ai_seats` plays the AI seats off the table's thread; :mod:`clients`
is what a table talks to; :mod:`local` starts, saves and resumes local games;
:mod:`history`, :mod:`replay` and :mod:`stats` keep and show finished games;
:mod:`tutorial` and :mod:`tutorial_client` run the guided lessons. It knows no game's
engine, no network and no table: it asks the registry (:mod:`game.games`).
"""
