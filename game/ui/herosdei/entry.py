"""HerosDeï's table door (:class:`game.ui.tablekit.entry.TableDoor`): its scene, its New
game panel, its faces' hooks and its tour."""

from __future__ import annotations

from game.ui.tablekit.entry import TableDoor

DOOR = TableDoor(scene="game.ui.herosdei.table:HdTableScene", options="game.ui.herosdei.options",
                 faces="game.ui.herosdei.faces", capture="game.ui.herosdei.capture")
