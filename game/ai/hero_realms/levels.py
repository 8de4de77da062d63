"""The levels players pick: Easy, Medium (rules) and Hard (search), all from the view.

Each agent turns its view into one sampled full state (``determinize``) and decides
on that sample; nothing else about the game is read. The random generator of a
decision is seeded from the agent's seed and the view itself, so a decision is a
pure function of (seed, view, budget): replaying a saved game replays the AI, and
two positions that differ only in hidden cards get the same answer.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any

from game.ai.hero_realms.determinize import determinize
from game.ai.hero_realms.policy import EASY, MEDIUM, Style, choose
from game.core.rng import Rng
from game.hero_realms.actions import parse
from game.hero_realms.state import GameState


def view_rng(seed: int, view: dict[str, Any]) -> Rng:
    digest = hashlib.blake2b(json.dumps(view, sort_keys=True, separators=(",", ":")).encode(), digest_size=8)
    return Rng((seed * 0x9E3779B97F4A7C15) ^ int.from_bytes(digest.digest(), "big"))


def allowed(line: str, legal: list[str]) -> bool:
    """``line`` is one of ``legal``, or a listed attack (or gift) with a smaller amount:
    the notation lists each once with the largest amount, and any amount up to it is legal."""
    if line in legal:
        return True
    try:
        a = parse(line)
    except ValueError:
        return False
    if a.verb not in ("attack", "give") or not a.amount or a.amount < 1:
        return False
    for other in legal:
        b = parse(other)
        if (b.verb, b.card, b.k, b.seat, b.actor) == (a.verb, a.card, a.k, a.seat, a.actor) and a.amount <= (b.amount or 0):
            return True
    return False


def acting_seat(view: dict[str, Any]) -> int | None:
    """The seat whose moves ``choose`` may return when the turn is shared."""
    if view.get("pending") is None and len(view.get("team_turn", ())) > 1:
        return int(view["seat"])
    return None


class RuleAgent:
    """Easy and Medium: the rule-based policy on one sample of the hidden cards."""

    def __init__(self, name: str, style: Style, seed: int = 0) -> None:
        self.name = name
        self.style = style
        self.seed = seed

    def sample_state(self, view: dict[str, Any], rng: Rng) -> GameState | None:
        try:
            return determinize(view, rng)
        except (ValueError, KeyError, IndexError, TypeError):
            return None  # a view this build cannot rebuild: answer from the legal lines alone

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        rng = view_rng(self.seed, view)
        st = self.sample_state(view, rng)
        if st is None:
            return fallback(legal)
        line = str(choose(st, rng, self.style, acting_seat(view)))
        return line if allowed(line, legal) else fallback(legal)


def fallback(legal: list[str]) -> str:
    """A sensible legal line without a state: play, expend, ally, buy, attack, then end."""
    for verb in ("play", "expend", "ally", "choose", "target", "discard", "select", "attack"):
        for line in legal:
            if parse(line).verb == verb:
                return line
    return next((x for x in legal if parse(x).verb == "end"), legal[0])


def easy(seed: int = 0) -> RuleAgent:
    return RuleAgent("easy", dataclasses.replace(EASY, salt=seed), seed)


def medium(seed: int = 0) -> RuleAgent:
    return RuleAgent("medium", MEDIUM, seed)
