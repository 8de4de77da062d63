"""What both Fantasy Realms tables share, the game in turns and Chaos Realms' trading: the
game's rulings (the live score and the end screen score with them), its card pictures, its
refusals' words and its end screen."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping

from game.core.refusal import Refusal
from game.fantasy_realms.terms import Rulings
from game.ui.fantasy_realms import refusals
from game.ui.fantasy_realms import score as scoring
from game.ui.fantasy_realms.faces import FantasyArt, art_of
from game.ui.fantasy_realms.gameover import FantasyGameOverScene
from game.ui.scene import Scene
from game.ui.tablekit.base import TableSceneBase


class FantasyTableBase(TableSceneBase):
    game = "fantasy_realms"
    rulings: Rulings
    art: FantasyArt

    def build(self, more: Mapping[str, object]) -> None:
        self.rulings = scoring.rulings_of(self.first_view, self.rec.setup if self.rec is not None else None)
        self.art = art_of(self.app)
        self.build_pieces()

    @abstractmethod
    def build_pieces(self) -> None:
        """The table's model, log, director, controller and layout."""

    def refusal_params(self, why: Refusal) -> dict[str, object]:
        return refusals.params(why, self.tr.lang)

    def end_screen(self) -> Scene:
        return FantasyGameOverScene(self.app, self, self.conceded)  # type: ignore[arg-type]  # the parts it reads
