"""The attack phase: combat slots in alternation and the five parts of a combat.

Slots alternate player 1, player 2, ...; each player's first combat is compulsory
when they have a Character that may attack; the phase ends after player 2's slot of
a round in which someone passed. A player with no possible first combat declares
none this phase and the other fights until they pass. A combat: declaration, Charm
(C of the defender against M of the attacker), the Monster step, the Assault (F of
the attacker against S of the defender) and the Riposte; priority windows
(``stack.py``) open before each of the Charm, the Assault and the Riposte, and after
each combat.
"""

from __future__ import annotations

from game.core.refusal import Refusal, refusal
from game.herosdei.base import BaseState, Combat, Prompt
from game.herosdei.effects import Context, resolve
from game.herosdei.events import (
    CharacterKilled,
    CharmCompared,
    CombatDeclared,
    CombatEnded,
    CombatPassed,
    MonsterPlayed,
    PhaseBegan,
    Struck,
)
from game.herosdei.exhaustion import leader, note_turn_end
from game.herosdei.limits import FLYING, reaches
from game.herosdei.stack import open_window
from game.herosdei.victory import EXHAUSTED, check_victory, decided, finish
from game.herosdei.zones import change_control, leave_play

END = -1  # ``st.slot`` when the phase ends once the window after the last combat closes


def begin_attack(st: BaseState, slot: int | None = None) -> None:
    st.phase = "attack"
    st.slot = st.first if slot is None else slot
    st.combats = [0, 0]
    st.passed_round = False
    st.locked_out = None
    for p in st.players:
        p.used = set()
    st.emit(PhaseBegan("attack", st.slot))
    open_window(st, "out", st.slot, begin_slot)


# ---- declaration -------------------------------------------------------------------------------
def may_defend(st: BaseState, attacker: int, defender: int) -> bool:
    """A flyer is attacked only by a flyer or by a Character given a thrown weapon."""
    return reaches(st.has_keyword(attacker, FLYING), st.has_thrown_weapon(attacker), st.has_keyword(defender, FLYING))


def attack_pairs(st: BaseState, seat: int) -> list[tuple[int, int]]:
    theirs = [(d, st.has_keyword(d, FLYING)) for d in st.players[1 - seat].chars]
    out: list[tuple[int, int]] = []
    for a in st.players[seat].chars:
        if a not in st.attacked:
            flyer, thrown = st.has_keyword(a, FLYING), st.has_thrown_weapon(a)
            out += [(a, d) for d, defender_flies in theirs if reaches(flyer, thrown, defender_flies)]
    return out


def may_attack(st: BaseState, seat: int) -> bool:
    """``seat`` has a combat to declare (:func:`attack_pairs` is not empty)."""
    theirs = st.players[1 - seat].chars
    return any(may_defend(st, a, d) for a in st.players[seat].chars if a not in st.attacked for d in theirs)


def begin_slot(st: BaseState) -> None:
    """The slot player declares, or has their slot passed for them."""
    if st.slot == END:
        end_phase(st)
        return
    seat = st.slot
    st.to_act = seat
    if may_attack(st, seat):
        return
    if st.combats[seat] == 0 and st.locked_out is None:
        st.locked_out = seat  # the special case: no first combat, no combat this phase
        st.emit(CombatPassed(seat))
        if not may_attack(st, 1 - seat):
            end_phase(st)
            return
        st.slot = 1 - seat
        begin_slot(st)
        return
    pass_slot(st, seat)


def pass_problem(st: BaseState, seat: int) -> Refusal | None:
    if st.combats[seat] == 0 and st.locked_out is None:
        return refusal("first_combat", "your first combat of the phase is compulsory")
    return None


def pass_slot(st: BaseState, seat: int) -> None:
    st.emit(CombatPassed(seat))
    if st.locked_out is not None:
        end_phase(st)
        return
    st.passed_round = True
    st.slot = next_slot(st, seat)
    begin_slot(st)


def next_slot(st: BaseState, seat: int) -> int:
    """Whose slot follows ``seat``'s, or END."""
    if st.locked_out is not None:
        return 1 - st.locked_out
    if seat != st.first:
        if st.passed_round:
            return END
        st.passed_round = False
    return 1 - seat


def declare(st: BaseState, seat: int, attacker: int, defender: int) -> None:
    st.combats[seat] += 1
    st.attacked.add(attacker)
    st.emit(CombatDeclared(seat, st.ref(attacker), st.ref(defender)))
    st.combat = Combat(attacker, defender, seat, "charm")
    open_window(st, "charm", seat, charm)


# ---- the combat ---------------------------------------------------------------------------------
def _fighting(st: BaseState) -> bool:
    c = st.combat
    return (c is not None and st.controller(c.attacker) == c.seat
            and st.controller(c.defender) == 1 - c.seat)


def charm(st: BaseState) -> None:
    c = st.combat
    if c is None or not _fighting(st):
        end_combat(st)
        return
    cha, mas = st.stat(c.defender, "C"), st.stat(c.attacker, "M")
    if "insensible" in st.keywords(c.attacker):
        st.emit(CharmCompared(cha, mas, "insensible"))
    elif cha >= 2 * mas:
        st.emit(CharmCompared(cha, mas, "control"))
        change_control(st, c.attacker, 1 - c.seat)
        end_combat(st)
        return
    elif cha >= mas:
        st.emit(CharmCompared(cha, mas, "refused"))
        end_combat(st)
        return
    else:
        st.emit(CharmCompared(cha, mas, "continue"))
    monster_step(st)


def monsters_in_hand(st: BaseState, seat: int) -> list[str]:
    return list({st.cid[u]: None for u in st.players[seat].hand if st.card(u).type == "monster"})


def monster_step(st: BaseState) -> None:
    c = st.combat
    assert c is not None
    c.step = "monster"
    options = monsters_in_hand(st, 1 - c.seat)
    if options or st.ask_all:
        st.to_act = 1 - c.seat
        st.pending = Prompt(1 - c.seat, "monster", "play a Monster against the attacker, or skip",
                            [f"monster {m}" for m in options] + ["skip"])
        return
    to_assault(st)


def play_monster(st: BaseState, uid: int) -> None:
    """The Monster combat: the Monster assaults the attacker, which ripostes."""
    c = st.combat
    assert c is not None
    seat = 1 - c.seat
    st.pending = None
    st.players[seat].hand.remove(uid)
    st.players[seat].chars.append(uid)
    if st.edition >= 2:
        st.attacked.add(uid)  # the attacker of the Monster combat has attacked this turn (NOTATION.md)
    st.emit(MonsterPlayed(seat, st.cid[uid]))
    if st.texts_apply and st.card(uid).effects:
        resolve(st, st.card(uid).effects, Context(seat, uid, None, uid))
    if not _fighting(st) or st.controller(uid) != seat or (st.edition >= 2 and decided(st)):
        end_combat(st)
        return
    if strike(st, "assault", uid, c.attacker):
        end_combat(st)
        return
    strike(st, "riposte", c.attacker, uid)
    if st.edition >= 2 and decided(st):  # a win in the Monster combat: the first combat does not resume
        end_combat(st)
        return
    to_assault(st)


def to_assault(st: BaseState) -> None:
    c = st.combat
    assert c is not None
    st.pending = None
    if not _fighting(st):
        end_combat(st)
        return
    c.step = "assault"
    open_window(st, "assault", c.seat, assault)


def strike(st: BaseState, step: str, striker: int, struck: int) -> bool:
    """``striker``'s F against ``struck``'s S; True when ``struck`` is killed."""
    force, health = st.stat(striker, "F"), st.stat(struck, "S")
    st.emit(Struck(step, st.ref(striker), st.ref(struck), force, health))
    if force < health:
        return False
    killer = st.controller(striker)
    assert killer is not None
    kill(st, struck, killer)
    return True


def kill(st: BaseState, victim: int, killer: int) -> None:
    """A kill in combat: +1 victory point, +1 more for a Hero or a Monster, +1 kill."""
    vp = 2 if st.card(victim).type in ("hero", "monster") else 1
    st.players[killer].vp += vp
    st.players[killer].kills += 1
    st.emit(CharacterKilled(st.ref(victim), killer, vp, tuple(st.cid[g] for g in st.given.get(victim, ()))))
    leave_play(st, victim)


def assault(st: BaseState) -> None:
    c = st.combat
    if c is None or not _fighting(st) or strike(st, "assault", c.attacker, c.defender):
        end_combat(st)
        return
    if c.no_riposte:
        end_combat(st)
        return
    c.step = "riposte"
    open_window(st, "riposte", c.seat, riposte)


def riposte(st: BaseState) -> None:
    c = st.combat
    if c is not None and _fighting(st) and not c.no_riposte:
        strike(st, "riposte", c.defender, c.attacker)
    end_combat(st)


def end_combat(st: BaseState) -> None:
    c = st.combat
    assert c is not None
    st.combat = None
    st.boosts = [b for b in st.boosts if b.until != "combat"]
    st.emit(CombatEnded(st.ref(c.attacker)))
    check_victory(st)
    if st.winner is not None:
        return
    st.slot = next_slot(st, c.seat)
    open_window(st, "out", st.first if st.slot == END else st.slot, begin_slot)


def end_phase(st: BaseState) -> None:
    from game.herosdei.turn import begin_turn

    st.window = None
    st.attacked = set()
    st.boosts = [b for b in st.boosts if b.until not in ("combat", "turn")]
    if note_turn_end(st):
        finish(st, *leader(st), EXHAUSTED)
        return
    st.turn += 1
    begin_turn(st)
