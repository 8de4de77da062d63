"""Fantasy Realms puzzles: a hand, a discard area and a goal the scorer judges.

A puzzle's ``[position]`` is the table of ``position.py`` (the hands, the discard area,
the top of the deck); the player is the seat whose turn begins, and plays it in the
game's own notation: ``draw <card>`` (from the discard area) or ``draw deck``, then
``discard <card>``, and the end-of-game lines (``take``, ``wish``) when the turn ends the
game. Every hand is scored by the optimal scorer (``optimal.py``), which makes each
choice a card leaves (what a Mirage copies, the Book of Changes' suit, the Island's
clear) as the hand's best. The goals:

- ``score`` (``score = N``): when the turn is over, the player's hand scores at least N;
- ``win``: the player's turn ends the game (the discard area fills) and the player wins it.
"""

from __future__ import annotations

from game.core.docs import Doc
from game.core.game import GameState as AnyState
from game.core.puzzle import Goal, PuzzleRules, Verdict, failed, kind_of, no_other_keys, solved, still_open, whole
from game.fantasy_realms.optimal import best
from game.fantasy_realms.position import from_position
from game.fantasy_realms.state import GameState
from game.fantasy_realms.turn import table_for

SCORE, WIN = "score", "win"
MOST = 1000  # no hand of the game scores near this


def _state(state: AnyState) -> GameState:
    assert isinstance(state, GameState)
    return state


def hand_score(st: GameState, seat: int) -> int:
    """The seat's hand as the end of the game scores it: the engine's own totals once it is
    over, else the optimal scorer on the hand and what it sees of the table."""
    if st.phase == "over" and st.results is not None:
        return st.results[seat].total
    return best([st.lib.cards[c] for c in st.hands[seat]], table_for(st, seat), st.lib).total


def _turn_over(first: GameState, st: GameState, solver: int) -> bool:
    """The solver's turn has passed (or the game is over); not while the end of the game
    still waits for answers."""
    if st.phase == "over":
        return True
    return st.phase != "end_game" and (st.active != solver or st.turn != first.turn)


class FantasyRealmsPuzzles(PuzzleRules):
    """The goals of Fantasy Realms puzzles and how the scorer judges them (module docstring)."""

    goals = {SCORE: "score at least N with your hand when your turn is over (score = N)",
             WIN: "end the game with your turn and win it"}

    def start(self, position: Doc, where: str) -> GameState:
        return from_position(position, where)

    def solver(self, state: AnyState) -> int:
        return _state(state).active

    def goal(self, raw: Doc, where: str, state: AnyState, solver: int) -> Goal:
        kind = kind_of(raw, where, self)
        if kind == SCORE:
            no_other_keys(raw, where, ("score",))
            n = whole(raw, "score", where, 1, MOST)
            return Goal(kind, {"score": n}, f"score at least {n}")
        no_other_keys(raw, where, ())
        return Goal(kind, {}, "end the game and win")

    def verdict(self, goal: Goal, start: AnyState, now: AnyState, solver: int) -> Verdict:
        first, st = _state(start), _state(now)
        if not _turn_over(first, st, solver):
            if st.phase == "end_game":
                return still_open("the game is ending: answer its last questions", "ending")
            return still_open("draw a card, then discard one", "your_turn")
        mine = hand_score(st, solver)
        if goal.kind == SCORE:
            want = int(goal.params["score"])
            if mine >= want:
                return solved(f"your hand scores {mine} (at least {want} was asked)", "scored", score=mine)
            return failed(f"your hand scores {mine}, short of {want}", "short", score=mine, want=want)
        if st.phase != "over":
            return failed(f"your turn ended and the game goes on (the discard area holds {len(st.discard)} "
                          f"cards of {st.end_at})", "goes_on")
        scores = [r.total for r in st.results or []]
        if st.winners == (solver,):
            second = max((s for i, s in enumerate(scores) if i != solver), default=0)
            return solved(f"you win with {mine} against {second}", "won", score=mine)
        who = " and ".join(f"seat {w}" for w in st.winners)
        top = scores[st.winners[0]] if scores else 0
        return failed(f"{who} {'wins' if len(st.winners) == 1 else 'share the win'} with {top}; "
                      f"your hand scores {mine}", "lost", score=mine)


RULES = FantasyRealmsPuzzles()
