"""Chaos Realms' director: trading is live, so each event is shown as it comes (into the
model and the log, as toasts and sounds, and as the glow of a card just received)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.fantasy_realms.chaos_events import ANYONE
from game.ui.fantasy_realms.chaos_model import ChaosLog, ChaosModel
from game.ui.tablekit.director import Director

if TYPE_CHECKING:
    from game.ui.fantasy_realms.parts import ChaosTable

GLOW_S = 1.4  # how long a card received in a trade glows


class ChaosDirector(Director[ChaosModel, ChaosLog]):
    """The kit's director with no queue (trading is live): each event is shown as it comes,
    into the model and the log, as toasts and sounds, and as short highlights the drawing
    reads; so the table is always idle and syncs with each new view at once."""

    def __init__(self, scene: ChaosTable) -> None:
        super().__init__(scene.model, scene.log, lambda: scene.app.settings.speed, scene.app.sound.play)
        self.sc = scene
        self.glow: dict[str, float] = {}  # card id -> seconds of glow left (a card just received)

    @property
    def busy(self) -> bool:
        return False

    def stop(self) -> None:
        self.glow.clear()

    def push(self, events: list[dict[str, Any]], own: bool = False) -> None:
        for e in events:
            self.model.apply(e)
            self.applied += 1
            self.log.add(e)
            self._show(e)

    def update(self, dt: float) -> None:
        self.glow = {c: t - dt for c, t in self.glow.items() if t > dt}

    def _show(self, e: dict[str, Any]) -> None:
        sc, t, me = self.sc, e["type"], self.sc.viewer
        names = sc.names
        if t == "offer_made" and e.get("seat") != me and e.get("give") and e.get("to") in (me, ANYONE):
            if e.get("to") == me:  # an open offer slides into its column; one made to the viewer is also said
                sc.app.toast(sc.tr("chaos.toast_offer_you", name=names[int(e["seat"])], give=sc.card_name(e.get("give")),
                                   want=sc.card_name(e.get("want"))), 4)
            sc.app.sound.play("coin")
        elif t == "cards_traded" and me in (e.get("seat"), e.get("other")):
            got = e.get("got") if e.get("seat") == me else e.get("gave")
            if got:
                self.glow[str(got)] = GLOW_S
            if e.get("seat") == me:  # the viewer's offer was taken by another seat
                sc.app.toast(sc.tr("chaos.toast_taken", name=names[int(e["other"])], give=sc.card_name(e.get("gave")),
                                   want=sc.card_name(e.get("got"))), 4)
            sc.app.sound.play("card")
        elif t == "offer_closed" and e.get("why") == "declined" and e.get("seat") != me:
            sc.app.toast(sc.tr("chaos.toast_declined", name=names[int(e["seat"])]), 3)
        elif t == "time_up":
            sc.app.sound.play("turn")
