"""Starting LAN play from the menus: whether this build has a network layer, which
games it can host, and hosting a new game's setup with this player in seat 0.

The New game screen hosts and the LAN screens list and join; both import this
module rather than each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.errors import RealmsError
from game.ui.tablekit.options import NewGameSetup

if TYPE_CHECKING:
    from game.ui.app import App


def lan_api() -> Any:
    """``game.net.api`` or None when this build has no network layer."""
    try:
        from game.net import api
    except ImportError:
        return None
    return api


def hostable_games() -> tuple[str, ...]:
    """The games the LAN host can host (every game of the registry the network layer knows)."""
    if lan_api() is None:
        return ()
    from game.net.setups import game_names

    return tuple(game_names())


def host_game(app: App, setup: NewGameSetup) -> bool:
    """Host ``setup`` on the LAN: this player takes seat 0 through loopback, and the
    lobby opens; False (with a message) when the host cannot start."""
    from game.core.userdirs import saves_dir

    api = lan_api()
    if api is None:
        return False
    seats = ["remote" if s.kind == "human" else s.agent for s in setup.seats]
    name = setup.seats[0].name if setup.seats else "Realms Table"
    seed = setup.seed  # None: the host draws a secret one
    rules: dict[str, Any] = setup.lan_config()  # the game's own setup: format, modules, rulings...
    handle = None
    for port in (getattr(api, "DEFAULT_PORT", 0), 0):  # the usual port, else any free one
        try:
            handle = api.host_in_background(api.HostConfig(
                seats=seats, seed=seed, name=app.tr("lan.table_name", name=name), port=port,
                autostart=False, save=saves_dir() / "lan-autosave.json", keep_history=True, **rules))
            break
        except OSError as exc:
            problem = str(exc)
        except (RealmsError, ValueError) as exc:
            app.toast(str(exc))
            return False
    if handle is None:
        app.toast(problem)
        return False
    client = api.join("127.0.0.1", handle.port, name, seat=0)
    app.push(app.new_screen("lobby", client, handle))
    return True
