"""LAN play between machines (network namespaces joined by veth cables, netns.py): a
game found from a machine with one adapter and from one whose default route leaves by
another adapter (a laptop on Wi-Fi with its friend on the wired LAN); whole games of
each game between three machines, watched from a fourth; a game joined by the host's IPv6 address; a joiner
whose cable is pulled and plugged back, and a host whose cable is, the clients
reconnecting and the game going to its end."""

from __future__ import annotations

import json
import time

import pytest

from tests.net.net_helpers import finish
from tests.net.netns import Lab, Lines, lab, listening

HOST_LAN = ("198.18.0.1/24", "198.18.0.2/24", "198.18.0.3/24")
OTHER_LAN = ("198.18.1.1/24", "198.18.1.2/24")


def _found(machines: Lab, ns: str) -> list[dict[str, object]]:
    code, out, err = finish(machines.run(ns, "discover", "--json", "--timeout", "1.5"), 20)
    assert code == 0, err
    games: list[dict[str, object]] = json.loads(out)
    return games


def _host(machines: Lab, ns: str, *args: str) -> tuple[object, int]:
    proc = machines.run(ns, "host", "--port", "0", "--name", "Across", *args)
    return proc, listening(proc)


def test_a_game_is_found_from_a_machine_with_one_adapter_and_from_one_with_two() -> None:
    with lab() as machines:
        host, laptop, router = machines.machine("host"), machines.machine("laptop"), machines.machine("router")
        machines.cable(host, HOST_LAN[0], laptop, HOST_LAN[1])  # the wired LAN
        proc, port = _host(machines, host, "--seats", "remote,random")
        try:
            games = _found(machines, laptop)  # the LAN is the laptop's only network (and so its default route)
            assert [(g["address"], g["port"], g["name"]) for g in games] == [("198.18.0.1", port, "Across")]
            # the laptop's Wi-Fi joins another network, which holds its default route now
            machines.cable(router, OTHER_LAN[0], laptop, OTHER_LAN[1])
            machines.route(laptop, OTHER_LAN[0].split("/")[0])
            games = _found(machines, laptop)
            assert [(g["address"], g["port"]) for g in games] == [("198.18.0.1", port)]
        finally:
            proc.kill()  # type: ignore[attr-defined]
            proc.communicate()  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["hero_realms", "fantasy_realms", "herosdei"])
def test_a_whole_game_between_three_machines_and_a_spectator_on_a_fourth(game: str) -> None:
    with lab() as machines:
        host, ana, ben, eve = (machines.machine(m) for m in ("host", "ana", "ben", "eve"))
        # a switch would join the machines: here the host has a cable to each
        machines.cable(host, HOST_LAN[0], ana, HOST_LAN[1])
        machines.cable(host, "198.18.2.1/24", ben, "198.18.2.2/24")
        machines.cable(host, "198.18.3.1/24", eve, "198.18.3.2/24")
        proc, port = _host(machines, host, "--game", game, "--seats", "remote,remote", "--seed", "3")
        quick = ("--secret-pause", "0,0")  # the machines are what is tested here, not the pause
        try:
            watcher = machines.run(eve, "join", f"198.18.3.1:{port}", "--watch", "--name", "Eve")
            time.sleep(0.5)  # watching from the lobby on
            joiners = [machines.run(ana, "join", f"198.18.0.1:{port}", "--agent", "random", "--headless", "--name", "Ana",
                                    *quick),
                       machines.run(ben, "join", f"198.18.2.1:{port}", "--agent", "random", "--headless", "--name", "Ben",
                                    *quick)]
            code, out, err = finish(watcher, 120)
            assert code == 0 and "watching 'Across' as Eve" in out and "winner: " in out, (out + err)[-1500:]
            seen = out
            for j in joiners:
                code, out, err = finish(j, 120)
                assert code == 0, err[-1500:]
                assert "winner: " in out, out[-800:]
            code, _out, err = finish(proc, 20)
            assert code == 0, err[-1500:]
            assert seen.split("winner: ")[1].split("\n")[0] == out.split("winner: ")[1].split("\n")[0]  # one game
        finally:
            for p in (proc, *locals().get("joiners", []), *([watcher] if "watcher" in locals() else [])):
                if p.poll() is None:  # type: ignore[attr-defined]
                    p.kill()  # type: ignore[attr-defined]


def test_a_game_joined_by_the_hosts_ipv6_address() -> None:
    with lab() as machines:
        host, ana = machines.machine("host"), machines.machine("ana")
        host_dev, ana_dev = machines.cable(host, HOST_LAN[0], ana, HOST_LAN[1])
        machines.address(host, host_dev, "fd00:198:18::1/64")
        machines.address(ana, ana_dev, "fd00:198:18::2/64")
        proc, port = _host(machines, host, "--seats", "remote,random", "--seed", "3")  # every interface: IPv6 and IPv4
        joiner = machines.run(ana, "join", f"[fd00:198:18::1]:{port}", "--agent", "random", "--headless")
        try:
            code, out, err = finish(joiner, 120)
            assert code == 0 and "winner: " in out, err[-1500:]
            code, out, err = finish(proc, 20)
            assert code == 0 and "[fd00:198:18::2]" in out, out[-1500:]  # the host saw it come by IPv6
        finally:
            for p in (proc, joiner):
                if p.poll() is None:  # type: ignore[attr-defined]
                    p.kill()  # type: ignore[attr-defined]


@pytest.mark.parametrize("cut", ["joiner", "host"])
def test_a_cable_pulled_and_plugged_back_the_game_goes_on_to_its_end(cut: str) -> None:
    with lab() as machines:
        host, ana = machines.machine("host"), machines.machine("ana")
        host_dev, ana_dev = machines.cable(host, HOST_LAN[0], ana, HOST_LAN[1])
        proc, port = _host(machines, host, "--seats", "remote,random", "--timeout", "2", "--heartbeat", "0.5",
                           "--no-takeover")
        hosted = Lines(proc)  # type: ignore[arg-type]
        joiner = Lines(machines.run(ana, "join", f"198.18.0.1:{port}", "--agent", "random", "--headless",
                                    "--name", "Ana"))
        try:
            # the cable is pulled as soon as the game is under way: a game of two instant agents
            # lasts a second or two, and the remote seat's turn cannot pass while it is away
            joiner.wait_for("playing seat 0", 30)
            ns, dev = (ana, ana_dev) if cut == "joiner" else (host, host_dev)
            machines.link(ns, dev, up=False)
            hosted.wait_for("seat 0: Ana disconnected", 20)  # the host's timeout: the seat waits for Ana
            assert joiner.proc.poll() is None, joiner.text()[-1500:]
            machines.link(ns, dev, up=True)
            joiner.wait_for("connection lost: reconnecting", 30)
            joiner.wait_for("reconnected at action", 30)
            code, out, err = joiner.finish(120)
            assert code == 0 and "winner: " in out, (out + err)[-1500:]
            code, out, err = hosted.finish(20)
            assert code == 0 and "seat 0: Ana reconnected" in out, (out + err)[-1500:]
        finally:
            for p in (proc, joiner.proc):
                if p.poll() is None:  # type: ignore[attr-defined]
                    p.kill()  # type: ignore[attr-defined]
