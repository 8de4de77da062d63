"""This machine's IPv4 networks, for the discovery question: one broadcast address per
adapter's subnet.

A question sent only to 255.255.255.255 leaves by the adapter of the default route, so
a laptop on Wi-Fi (or a VPN, or a PC with virtual adapters) with the friend on its wired
LAN never finds the friend's game. Asked on every subnet's own broadcast address, the
kernel sends it out of the adapter of that subnet. Read with ``ifaddr`` (pure Python,
the same on Linux, Windows and macOS); a system it cannot read gives no subnet, and
discovery keeps its limited broadcast and loopback.
"""

from __future__ import annotations

import ipaddress
import logging

log = logging.getLogger(__name__)


def subnet_broadcasts() -> list[str]:
    """The broadcast address of each IPv4 subnet of this machine's adapters (loopback and
    point-to-point /31, /32 addresses left out), each once, in the adapters' order."""
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except (ImportError, OSError, ValueError) as exc:  # a system ifaddr cannot read: discovery goes on without
        log.info("the adapters' subnets are not known (%s): only the limited broadcast is asked", exc)
        return []
    out: list[str] = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not ip.is_IPv4 or not isinstance(ip.ip, str) or not 0 < ip.network_prefix <= 30:
                continue
            try:
                net = ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False)
            except ValueError:
                continue
            if net.is_loopback:
                continue
            address = str(net.broadcast_address)
            if address not in out:
                out.append(address)
    return out
