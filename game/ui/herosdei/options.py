"""HerosDeï's options on the New game screen (:class:`game.ui.tablekit.options.GameOptions`):
a deck per seat among the installed civilisations, the variant (standard, learning mode
= ``initiation``, tournament), two seats only with the way to the deck builder beside
their count, and a note saying what the variant means and that the cards are original.
Also the LAN words of a game's setup.

The record comes from the engine's door (``new_record(2, seed, variant, decks)``), so a
deck a player edited into an illegal one is refused before the game starts, in one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

import pygame

from game import games
from game.core.errors import DataError
from game.core.rng import fresh_seed
from game.session.session import SeatConfig
from game.ui import theme
from game.ui.i18n import Tr
from game.ui.tablekit.options import Geometry, OptionsScreen
from game.ui.widgets.basic import Button, Cycle, Group, Label

GAME = "herosdei"
SEATS = 2
VARIANTS = ("standard", "initiation", "tournament")  # as the variant row offers them
DEFAULT_DECKS = ("round_table", "greeks")


def installed_decks() -> list[str]:
    """The decks a player may choose: the game's and the player's own legal ones."""
    from game.herosdei import decks

    return decks.available()


def deck_name(tr: Tr, deck: str) -> str:
    """A deck's name in the player's language (a deck a player added: the name its file gives)."""
    key = f"hdnew.deck_{deck}"
    if tr.has(key):
        return str(tr(key))
    from game.herosdei import decks

    try:
        return decks.load(decks.find(deck)).name
    except DataError:
        return deck


@dataclass
class HdSetup:
    """A new HerosDeï game: its variant, the decks in seat order, the seats and the seed."""

    variant: str = "standard"
    decks: tuple[str, str] = DEFAULT_DECKS
    seats: list[SeatConfig] = field(default_factory=lambda: [SeatConfig("human", "Player 1"),
                                                             SeatConfig("ai", "Bot", "medium")])
    seed: int | None = None
    game = GAME

    @property
    def modules(self) -> list[str]:
        """The decks, as the registry calls a game's choices beside its format."""
        return list(self.decks)

    def record(self) -> Any:
        seed = self.seed if self.seed is not None else fresh_seed()
        rec = games.game(GAME).new_record(SEATS, seed, self.variant, tuple(self.decks))
        rec.setup["players"] = [asdict(s) for s in self.seats]
        return rec

    def lan_config(self) -> dict[str, Any]:
        """What the LAN host is given to set this game up (``HostConfig`` fields)."""
        return {"game": GAME, "format": self.variant, "modules": list(self.decks)}


class HdOptions:
    """The decks and the variant of a new HerosDeï game."""

    def __init__(self, screen: OptionsScreen, previous: object | None) -> None:
        self.screen = screen
        known = installed_decks()
        wanted = tuple(getattr(previous, "decks", None) or ())
        if len(wanted) != SEATS or not set(wanted) <= set(known):
            wanted = DEFAULT_DECKS if set(DEFAULT_DECKS) <= set(known) else tuple(known[:SEATS])
        self.decks: list[str] = list(wanted) if len(wanted) == SEATS else []
        variant = getattr(previous, "variant", "standard")
        self.variant = variant if variant in VARIANTS else "standard"

    def seat_counts(self) -> list[int]:
        return [SEATS]

    def rows(self, group: Group, y: int, geo: Geometry) -> int:
        """The decks (one a seat, side by side), then the variant."""
        tr, u = self.screen.tr, self.screen.u
        known = installed_decks()
        if len(self.decks) == SEATS:
            group.add(Label(tr("hdnew.decks"), u(18), theme.TEXT, pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
            gap = u(36)
            half = (geo.field_w - gap) // 2
            opts = [(d, deck_name(tr, d)) for d in known]
            for seat in range(SEATS):
                rect = pygame.Rect(geo.field_x + seat * (half + gap), y, half, geo.row_h)
                group.add(Cycle(opts, self.decks[seat], partial(self.set_deck, seat), rect))
            vs = pygame.Rect(geo.field_x + half, y, gap, geo.row_h)
            group.add(Label(tr("hdnew.vs"), u(16), theme.TEXT_DIM, vs, align="center"))
            y += geo.row_h + u(10)
        group.add(Label(tr("hdnew.variant"), u(18), theme.TEXT, pygame.Rect(geo.x, y, geo.label_w, geo.row_h)))
        variants = [(v, tr(f"hdnew.variant_{v}")) for v in VARIANTS]
        group.add(Cycle(variants, self.variant, self.set_variant, pygame.Rect(geo.field_x, y, geo.field_w, geo.row_h)))
        return y + geo.row_h + u(10)

    def beside_count(self, group: Group, rect: pygame.Rect) -> None:
        """Two players, always; beside the count, the way to build a deck of one's own."""
        u = self.screen.u
        w = min(rect.width, u(260))
        build = Button(self.screen.tr("deckbuilder.build"), self.build_deck, pygame.Rect(rect.right - w, rect.top, w, rect.height))
        build.tooltip = self.screen.tr("deckbuilder.build_tip")
        group.add(build)

    def build_deck(self) -> None:
        """The deck builder; a deck saved there and legal is dealt to the first seat on coming back."""
        from game.ui.herosdei.deck_builder import DeckBuilderScene

        app = self.screen.app
        app.push(DeckBuilderScene(app), self._built)

    def _built(self, saved: object) -> None:
        known = installed_decks()  # read again: the folder holds the new deck now
        if isinstance(saved, str) and saved in known and len(self.decks) == SEATS:
            self.decks[0] = saved
        elif len(self.decks) != SEATS and len(known) >= SEATS:
            self.decks = list(known[:SEATS])
        self.screen.relayout()

    def note(self, group: Group, y: int, geo: Geometry, seats: list[SeatConfig]) -> int:
        """What the variant means, and that the cards are original ones."""
        tr, u = self.screen.tr, self.screen.u
        y += u(6)
        group.add(Label(tr(f"hdnew.variant_note_{self.variant}"), u(14), theme.TEXT_DIM,
                        pygame.Rect(geo.x, y, geo.width, u(20))))
        y += u(22)
        group.add(Label(tr("hdnew.original"), u(14), theme.ACCENT, pygame.Rect(geo.x, y, geo.width, u(20))))
        y += u(22)
        from game.herosdei import decks
        from game.herosdei.user_cards import read_user_cards

        names, refused = decks.yours()
        refused = refused + list(read_user_cards().refused)  # the player's card files too
        if names or refused:  # the player's own folder: what was picked up there, and the first file refused
            shown = ", ".join(deck_name(tr, n) for n in names) or tr("hdnew.yours_none")
            group.add(Label(tr("hdnew.yours", folder=str(decks.user_folder()), names=shown), u(14), theme.TEXT_DIM,
                            pygame.Rect(geo.x, y, geo.width, u(20))))
            y += u(22)
            for path, why in refused[:2]:
                group.add(Label(tr("hdnew.yours_refused", file=path.name, reason=why), u(14), theme.DANGER,
                                pygame.Rect(geo.x, y, geo.width, u(20))))
                y += u(22)
        return y + u(6)

    def start_problem(self, seats: list[SeatConfig]) -> str | None:
        """No two decks installed, or a deck edited into an illegal one: the reason in one line."""
        if len(self.decks) != SEATS:
            return self.screen.tr("hdnew.no_decks")
        try:
            games.game(GAME).normal_modules(list(self.decks))
        except (ValueError, DataError) as exc:
            return str(exc)
        return None

    def setup(self, seats: list[SeatConfig], seed: int | None) -> HdSetup:
        decks = (self.decks[0], self.decks[1]) if len(self.decks) == SEATS else DEFAULT_DECKS
        return HdSetup(self.variant, decks, list(seats), seed)

    def set_deck(self, seat: int, deck: str) -> None:
        self.decks[seat] = deck
        self.screen.relayout()

    def set_variant(self, variant: str) -> None:
        self.variant = variant
        self.screen.relayout()


#: the New game panel, made from the screen and ``previous`` (a setup of this game, or None)
PANEL = HdOptions


def setup_words(tr: Tr, fmt: str, modules: Sequence[str]) -> str:
    """A game's setup in words: "Greeks vs Vikings, learning mode". ``fmt`` is the variant
    or the door's label of a setup ("initiation: greeks vs vikings", as the LAN and the
    history tell it), whose decks stand for ``modules`` when those are not the two decks."""
    variant, _, decks = fmt.partition(":")
    variant = variant.strip()
    if len(modules) != SEATS and " vs " in decks:
        modules = [d.strip() for d in decks.split(" vs ")]
    variant = variant if variant in VARIANTS else "standard"
    words = tr(f"hdnew.words_{variant}")
    if len(modules) != SEATS:
        return words
    decks = tr("hdnew.versus", a=deck_name(tr, modules[0]), b=deck_name(tr, modules[1]))
    return tr("hdnew.words", decks=decks, variant=words)
