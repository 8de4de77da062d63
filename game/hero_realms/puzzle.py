"""Hero Realms puzzles: a position in the scenario notation and a goal the engine judges.

A puzzle's ``[position]`` is a scenario's position (``shared/spec/hero_realms_notation.md``),
built by the scenario runner's own code, without ``actions`` or ``[expect]``: the
puzzle's lines are its solution. The player is the active seat. The goals:

- ``win_this_turn``: the game is over with the player among the winners before the turn
  passes;
- ``defeat`` (``target = <seat>``): that opponent is out of the game before the turn passes
  (a game of three or more, where one defeat does not end it);
- ``survive`` (two players): the player ends the turn, and then no line the opponent can
  play in its next turn brings the player to 0 health. The engine searches every such
  line: each legal move of the opponent is tried and positions already met are not
  searched again. Four kinds of move are left out, each because a move the search does
  try always does at least as much: an attack on the player with less than all the
  combat there is, or before the line's last move (combat and health fall alike, so
  attacking later never spares the player); an attack on a champion with more or less combat
  than stuns it (damage short of a stun is cleared at the end of the turn); ending the
  turn (nothing deals damage after it); and a buy that cannot be played this turn, one
  made with no next-acquire ability in force when the opponent holds no card that puts
  a discarded card on its deck, its discard pile already holds a card for every
  sacrifice its cards could make, and its deck is longer than every draw they could make
  (a bought card goes to the discard pile, which is reshuffled only when the deck runs out).
"""

from __future__ import annotations

from game.core.docs import Doc
from game.core.errors import DataError, IllegalActionError
from game.core.game import GameState as AnyState
from game.core.puzzle import (
    Goal,
    PuzzleRules,
    Verdict,
    failed,
    kind_of,
    no_other_keys,
    scenario_position,
    solved,
    still_open,
    whole,
)
from game.hero_realms.actions import Action
from game.hero_realms.cards import Effect
from game.hero_realms.scenario import build
from game.hero_realms.state import GameState

WIN, DEFEAT, SURVIVE = "win_this_turn", "defeat", "survive"
NOT_IN_A_PUZZLE = ("actions", "expect", "setup", "game")
# positions the survive search may visit before it gives up (a small puzzle needs a few thousand)
SEARCH_LIMIT = 200_000


def _state(state: AnyState) -> GameState:
    assert isinstance(state, GameState)
    return state


class HeroRealmsPuzzles(PuzzleRules):
    """The goals of Hero Realms puzzles and how the engine judges them (module docstring)."""

    goals = {WIN: "win the game this turn", DEFEAT: "defeat one opponent (target = seat) this turn",
             SURVIVE: "end your turn so that the opponent's next turn cannot defeat you (two players)"}

    def start(self, position: Doc, where: str) -> GameState:
        st = scenario_position(position, where, build, NOT_IN_A_PUZZLE)
        if st.phase == "over":
            raise DataError(where, "the game is already over")
        return st

    def solver(self, state: AnyState) -> int:
        return _state(state).active

    def goal(self, raw: Doc, where: str, state: AnyState, solver: int) -> Goal:
        st = _state(state)
        kind = kind_of(raw, where, self)
        if kind == WIN:
            no_other_keys(raw, where, ())
            return Goal(kind, {}, "win this turn")
        if kind == DEFEAT:
            no_other_keys(raw, where, ("target",))
            target = whole(raw, "target", where, 0, st.n - 1)
            if st.team[target] == st.team[solver]:
                raise DataError(f"{where}.target", f"seat {target} is not an opponent of seat {solver}")
            if not st.players[target].alive:
                raise DataError(f"{where}.target", f"seat {target} is already out of the game")
            return Goal(kind, {"target": target}, f"defeat seat {target} this turn")
        no_other_keys(raw, where, ())
        if st.n != 2:
            raise DataError(f"{where}.kind", "a survive goal is for a game of two players")
        return Goal(kind, {"opponent": 1 - solver}, f"survive seat {1 - solver}'s next turn")

    def verdict(self, goal: Goal, start: AnyState, now: AnyState, solver: int) -> Verdict:
        first, st = _state(start), _state(now)
        over = st.outcome()
        if over is not None:
            if solver in over.winners:
                return solved("you won the game", "won")
            who = ", ".join(f"seat {s}" for s in over.winners) or "nobody"
            return failed(f"the game is over and {who} won", "lost", winners=who)
        turn_over = st.turn != first.turn
        if goal.kind == WIN:
            if turn_over:
                return failed(f"the turn ended and the game goes on ({_health(st, solver)})", "turn_over")
            return still_open(_health(st, solver))
        if goal.kind == DEFEAT:
            target = int(goal.params["target"])
            if not st.players[target].alive:
                return solved(f"seat {target} is out of the game", "defeated", seat=target)
            if turn_over:
                return failed(f"the turn ended with seat {target} at {st.health_of(target)} health", "turn_over",
                              seat=target, health=st.health_of(target))
            return still_open(f"seat {target} has {st.health_of(target)} health", seat=target)
        opponent = int(goal.params["opponent"])
        if not turn_over:
            return still_open(f"end your turn: then seat {opponent} plays its turn", "your_turn")
        if st.turn > first.turn + 1 or opponent not in st.waiting_for():
            return solved(f"you survived seat {opponent}'s turn with {st.health_of(solver)} health", "survived",
                          health=st.health_of(solver))
        line = defeating_line(st, solver, opponent)
        if line is None:
            return solved(f"no line of seat {opponent} defeats you: you survive with {st.health_of(solver)} health",
                          "survived", health=st.health_of(solver))
        if not line:
            return still_open(f"too many lines of seat {opponent} to search", "search_limit")
        return failed(f"seat {opponent} defeats you with: {'; '.join(line)}", "defeated_by", seat=opponent)


def _health(st: GameState, solver: int) -> str:
    others = [s for s in range(st.n) if st.team[s] != st.team[solver] and st.players[s].alive]
    return ", ".join(f"seat {s} has {st.health_of(s)} health" for s in others)


def _stun_amount(st: GameState, a: Action) -> int | None:
    """The combat that stuns the champion ``a`` attacks, if the attacker has that much."""
    assert a.seat is not None
    same = [i for i in st.players[a.seat].champions if st.cid[i] == a.card]
    if not 0 < a.k <= len(same):
        return None
    inst = same[a.k - 1]
    need = st.cards[inst].defense - st.damage[inst]
    return need if 0 < need <= (a.amount or 0) else None


def _draws(effects: tuple[Effect, ...]) -> int:
    """The most cards these effects may draw."""
    total = 0
    for e in effects:
        if e.verb in ("draw", "draw_then_discard"):
            total += e.amount
        elif e.options:
            total += max(_draws(option) for option in e.options)
    return total


def buys_matter(st: GameState, seat: int) -> bool:
    """Whether a card ``seat`` buys with no next-acquire ability in force could still be
    played or used this turn (module docstring)."""
    p = st.players[seat]
    mine = [st.cards[i] for i in (*p.hand, *p.deck, *p.in_play, *p.champions)]
    effects = [e for c in mine for ab in c.abilities.values() for e in ab.effects]
    if any(e.verb == "discard_to_deck_top" for e in effects):
        return True
    # a champion prepared again uses its abilities twice
    again = 2 if any(e.verb == "prepare_champion" for e in effects) else 1
    fodder = again * sum(e.amount for e in effects if e.verb == "sacrifice_from_hand_or_discard")
    if len(p.discard) < fodder:
        return True
    return len(p.deck) <= again * sum(_draws(ab.effects) for c in mine for ab in c.abilities.values())


def _moves(st: GameState, victim: int, buys: bool) -> list[Action]:
    """The opponent's moves worth searching (module docstring: what is left out and why)."""
    out: list[Action] = []
    redirected = bool(st.players[st.active].redirects)
    for a in st.legal_actions():
        if a.verb == "end" or (a.verb == "buy" and not (buys or redirected)):
            continue
        if a.verb == "attack" and a.card is not None:
            need = _stun_amount(st, a)
            if need is not None:
                out.append(Action("attack", a.card, a.k, a.seat, need, a.actor))
            continue
        if a.verb == "attack" and a.seat != victim:
            continue
        out.append(a)
    return out


def _defeated(st: GameState, victim: int) -> bool:
    over = st.outcome()
    return not st.players[victim].alive or (over is not None and victim not in over.winners)


def _key(st: GameState) -> object:
    """What decides the rest of the turn, as a value to compare (the search meets the same
    position by many orders of the same moves); the state's hash when a part is not hashable."""
    key = (tuple((tuple(p.hand), tuple(p.deck), tuple(p.discard), tuple(p.in_play), tuple(p.champions), p.gold,
                  p.combat, p.owed, p.known_top, tuple(p.redirects), p.alive) for p in st.players),
           tuple(st.health), tuple(st.row), tuple(st.market_deck), len(st.gems), tuple(st.sacrificed), tuple(st.out),
           bytes(st.expended), tuple(st.damage), bytes(st.ally_used), st.active, st.turn, st.phase, st.pending,
           tuple(st.stack), st.rng.state, st.winner, st.team_turn, st.ended)
    try:
        hash(key)
    except TypeError:
        return st.state_hash()
    return key


def defeating_line(st: GameState, victim: int, attacker: int, limit: int = SEARCH_LIMIT) -> list[str] | None:
    """A line of ``attacker``'s turn, from ``st``, that defeats ``victim``: None when there is
    none, an empty list when the search met ``limit`` positions without deciding."""
    turn = st.turn
    buys = buys_matter(st, attacker)
    seen: set[object] = set()
    todo: list[tuple[GameState, list[str]]] = [(st, [])]
    while todo:
        here, line = todo.pop()
        key = _key(here)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            return []
        for a in _moves(here, victim, buys):
            nxt = here.clone()
            try:
                nxt.apply(a)
            except IllegalActionError:  # an amount the listed attack allows; never refused, but never trusted
                continue
            played = [*line, str(a)]
            if _defeated(nxt, victim):
                return played
            # an attack on the victim with all the combat there is ends a line: combat and
            # health fall alike, so a line that attacks sooner defeats no one a later one spares
            if a.verb == "attack" and a.card is None:
                continue
            if nxt.turn == turn and nxt.waiting_for() == [attacker]:
                todo.append((nxt, played))
    return None


RULES = HeroRealmsPuzzles()
