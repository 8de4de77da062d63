"""Fantasy Realms' table door (:class:`game.ui.tablekit.entry.TableDoor`): the table of a
standard game, or of Chaos Realms (the variant without turns), its New game panel, its
faces' hooks and its tour."""

from __future__ import annotations

from game.ui.tablekit.entry import TableDoor

DOOR = TableDoor(scene="game.ui.fantasy_realms.table:FantasyTableScene", options="game.ui.fantasy_realms.options",
                 faces="game.ui.fantasy_realms.faces", capture="game.ui.fantasy_realms.capture",
                 variants={"chaos": "game.ui.fantasy_realms.chaos_table:ChaosTableScene"})
