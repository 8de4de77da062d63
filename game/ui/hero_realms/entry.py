"""Hero Realms' table door (:class:`game.ui.tablekit.entry.TableDoor`): its scene, its
New game panel, its faces' hooks and its tour."""

from __future__ import annotations

from game.ui.tablekit.entry import TableDoor

DOOR = TableDoor(scene="game.ui.hero_realms.table:TableScene", options="game.ui.hero_realms.options",
                 faces="game.ui.hero_realms.faces", capture="game.ui.hero_realms.capture",
                 resumed="game.ui.hero_realms.figures:resumed")
