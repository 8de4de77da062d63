"""Generate the table's sound effects (assets/sounds/*.wav) with the standard library.

Run: ``python build/make_sounds.py``. Every sound is synthesised here (sines,
filtered noise, envelopes) from a fixed seed, so the WAVs are reproducible and
free of third-party rights; they are released under CC0 (assets/sounds/LICENSE).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
rng = random.Random(1234)


def env(t: float, dur: float, attack: float = 0.005, release: float = 0.6) -> float:
    """Quick attack, exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / (dur * release))


def render(dur: float, fn: Callable[[float], float]) -> list[float]:
    return [fn(i / RATE) for i in range(int(dur * RATE))]


def noise_lp(n: int, alpha: float) -> list[float]:
    out, y = [], 0.0
    for _ in range(n):
        y += alpha * (rng.uniform(-1, 1) - y)
        out.append(y)
    return out


def write(name: str, samples: list[float], gain: float = 0.8) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    data = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s / peak * gain)) * 32000)) for s in samples)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


def card() -> list[float]:  # a card slid onto the felt: soft filtered noise swish
    n = noise_lp(int(0.14 * RATE), 0.35)
    return [s * env(i / RATE, 0.14, 0.01, 0.3) for i, s in enumerate(n)]


def coin() -> list[float]:
    return render(0.35, lambda t: (math.sin(2 * math.pi * 1975 * t) + 0.6 * math.sin(2 * math.pi * 2637 * t) * (t > 0.06)) * env(t, 0.35, 0.002, 0.35))


def hit() -> list[float]:
    n = noise_lp(int(0.3 * RATE), 0.2)
    return [(0.9 * math.sin(2 * math.pi * (110 - 60 * t) * t) + 0.5 * n[i]) * env(t, 0.3, 0.003, 0.3)
            for i, t in enumerate(i / RATE for i in range(len(n)))]


def heal() -> list[float]:
    notes = (523.25, 659.25, 783.99)
    def f(t: float) -> float:
        k = min(2, int(t / 0.09))
        return math.sin(2 * math.pi * notes[k] * t) * env(t - k * 0.09, 0.2, 0.005, 0.5) * 0.8
    return render(0.4, f)


def buy() -> list[float]:
    return render(0.45, lambda t: (math.sin(2 * math.pi * 880 * t) + 0.5 * math.sin(2 * math.pi * 1320 * t)) * env(t, 0.45, 0.004, 0.4))


def shuffle() -> list[float]:
    out: list[float] = []
    for _ in range(7):
        burst = noise_lp(int(0.035 * RATE), 0.5)
        out += [s * env(i / RATE, 0.035, 0.002, 0.4) for i, s in enumerate(burst)]
        out += [0.0] * int(0.012 * RATE)
    return out


def stun() -> list[float]:
    n = noise_lp(int(0.5 * RATE), 0.6)
    return [(n[i] + 0.7 * math.sin(2 * math.pi * 70 * t)) * env(t, 0.5, 0.002, 0.35)
            for i, t in enumerate(i / RATE for i in range(len(n)))]


def turn() -> list[float]:
    return render(0.7, lambda t: (math.sin(2 * math.pi * 392 * t) + 0.4 * math.sin(2 * math.pi * 784 * t) + 0.2 * math.sin(2 * math.pi * 1176 * t)) * env(t, 0.7, 0.01, 0.45))


def click() -> list[float]:
    return render(0.05, lambda t: math.sin(2 * math.pi * 1400 * t) * env(t, 0.05, 0.001, 0.25))


def win() -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)
    def f(t: float) -> float:
        k = min(3, int(t / 0.14))
        return (math.sin(2 * math.pi * notes[k] * t) + 0.3 * math.sin(4 * math.pi * notes[k] * t)) * env(t - k * 0.14, 0.4, 0.005, 0.6)
    return render(1.0, f)


def error() -> list[float]:
    return render(0.2, lambda t: math.sin(2 * math.pi * 180 * t) * (1 if (t * 20) % 1 < 0.5 else 0.6) * env(t, 0.2, 0.003, 0.6))


# the music: a quiet loop of four chords, each faded in and out over the next, so that its end
# runs into its beginning; low notes only, gently detuned, to sit under the effects
CHORDS = ((220.00, 261.63, 329.63), (174.61, 220.00, 261.63), (130.81, 164.81, 196.00), (196.00, 246.94, 293.66))
CHORD_S = 3.0


def tone(f: float, t: float, loop: float) -> float:
    """A sine as near ``f`` as a whole number of cycles in the loop allows (no click where it repeats)."""
    return math.sin(2 * math.pi * round(f * loop) / loop * t)


def music() -> list[float]:
    loop = CHORD_S * len(CHORDS)
    out = []
    for i in range(int(loop * RATE)):
        t = i / RATE
        s = 0.0
        for k, chord in enumerate(CHORDS):
            # the chord's window: a raised cosine over two chords' time from half a chord before its
            # turn, round the loop, so two chords cross-fade at every moment
            x = ((t - k * CHORD_S + CHORD_S / 2) % loop) / (2 * CHORD_S)
            if x >= 1.0:
                continue
            w = 0.5 - 0.5 * math.cos(2 * math.pi * x)
            for f in chord:
                s += w * (tone(f, t, loop) + 0.5 * tone(f * 1.003, t, loop) + 0.15 * tone(2 * f, t, loop))
        out.append(s)
    return out


SOUNDS = {"card": card, "coin": coin, "hit": hit, "heal": heal, "buy": buy, "shuffle": shuffle,
          "stun": stun, "turn": turn, "click": click, "win": win, "error": error, "music": music}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write(name, make())
        print(f"wrote {OUT / (name + '.wav')}")
