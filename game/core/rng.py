"""Seeded random generators whose position is one integer, and where seeds come from.

The engine keeps its RNG inside the game state so that a game replays bit for bit
from (setup, seed, actions). Python's ``random.Random`` would work, but its state
is 625 words (slow to clone, bulky to save) and its shuffle algorithm is not
promised stable across versions; both generators here are fully specified.

Two generators, numbered as saves record them (``setup["rng"]``):

1. :class:`Rng`, SplitMix64: fast, and what the AI uses for its own sampling. Its
   outputs give its state away, so it must not deal a game whose players see the
   cards it dealt: a seat could search the seed and predict every hidden card.
2. :class:`KeyedRng`, BLAKE2b keyed with the seed in counter mode: what a game is
   dealt with. Without the seed, the words drawn so far tell nothing of the next
   ones, and the seed of a game nobody chose is :func:`fresh_seed`'s 128 bits.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator; ``state`` is a plain int so cloning is free."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next_u64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (n >= 1), by rejection to avoid bias."""
        if n <= 1:
            return 0
        limit = _MASK - (_MASK % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 bits of precision."""
        return (self.next_u64() >> 11) / float(1 << 53)


_WORDS = struct.Struct("<8Q")  # one BLAKE2b-512 block: eight 64-bit words
_PERSON = b"realms-rng"


class KeyedRng(Rng):
    """BLAKE2b keyed with the seed, in counter mode; ``state`` counts the words
    drawn, so it may be hashed and shown without giving the key away."""

    __slots__ = ("_key", "_hasher", "_block", "_words")

    def __init__(self, seed: int = 0) -> None:
        self.state = 0
        self._key = hashlib.blake2b(str(seed).encode(), digest_size=32, person=_PERSON).digest()
        self._hasher = hashlib.blake2b(key=self._key, digest_size=64, person=_PERSON)
        self._block = -1
        self._words: tuple[int, ...] = ()

    def clone(self) -> KeyedRng:
        other = KeyedRng.__new__(KeyedRng)
        other.state = self.state
        other._key = self._key
        other._hasher = self._hasher  # never updated in place: each block hashes a copy
        other._block = self._block
        other._words = self._words
        return other

    def next_u64(self) -> int:
        n = self.state
        self.state = n + 1
        block = n >> 3
        if block != self._block:
            h = self._hasher.copy()
            h.update(block.to_bytes(8, "little"))
            self._words = _WORDS.unpack(h.digest())
            self._block = block
        return self._words[n & 7]

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_keyed, (self._key, self.state))


def _restore_keyed(key: bytes, state: int) -> KeyedRng:
    rng = KeyedRng.__new__(KeyedRng)
    rng.state = state
    rng._key = key
    rng._hasher = hashlib.blake2b(key=key, digest_size=64, person=_PERSON)
    rng._block = -1
    rng._words = ()
    return rng


RNG_VERSION = 2  # the generator new games are dealt with
RNG_VERSIONS = (1, 2)


def make_rng(seed: int, version: int = RNG_VERSION) -> Rng:
    """The generator a save's ``rng`` field names (1 for saves made before it existed)."""
    if version == 1:
        return Rng(seed)
    if version == 2:
        return KeyedRng(seed)
    raise ValueError(f"unknown random generator version {version} (this game knows {', '.join(map(str, RNG_VERSIONS))})")


def fresh_seed() -> int:
    """A seed for a game nobody chose one for: 128 bits no seat can search."""
    return secrets.randbits(128)


def derive_seed(seed: int, label: str) -> int:
    """A 64-bit seed for a helper of the game (an AI seat): one-way, so whoever learns
    the helper's whole stream still knows nothing of the game's seed."""
    digest = hashlib.blake2b(f"{seed}/{label}".encode(), digest_size=8, person=b"realms-derive")
    return int.from_bytes(digest.digest(), "little")
