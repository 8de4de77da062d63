"""The game's random generators: both streams pinned (saves replay bit for bit across
versions), determinism and cloning as properties, and the seeds nobody chose."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.rng import RNG_VERSION, KeyedRng, Rng, derive_seed, fresh_seed, make_rng
from game.fantasy_realms.record import Record as FRRecord
from game.hero_realms.record import Record as HRRecord

seeds = st.integers(min_value=0, max_value=(1 << 160))


def test_splitmix_stream_is_the_one_old_saves_were_dealt_with() -> None:
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_keyed_stream_is_pinned() -> None:
    """Changing these numbers changes every game saved with generator 2."""
    assert KeyedRng(0).next_u64() == 0x5E6A298E80CE39E4
    rng = KeyedRng((1 << 127) + 5)
    words = [rng.next_u64() for _ in range(10)]
    assert words[0] == 0xD03E05142D6CE051 and words[9] == 0x619DF4C6D3A05833


@given(seeds, st.integers(min_value=0, max_value=40), st.integers(min_value=1, max_value=1000))
@settings(max_examples=60, deadline=None)
def test_keyed_stream_is_a_function_of_seed_and_position(seed: int, skip: int, n: int) -> None:
    a, b = KeyedRng(seed), KeyedRng(seed)
    for _ in range(skip):
        a.next_u64()
    copy = a.clone()
    restored = pickle.loads(pickle.dumps(a))
    ahead = [a.below(n) for _ in range(12)]
    assert [copy.below(n) for _ in range(12)] == ahead
    assert [restored.below(n) for _ in range(12)] == ahead
    for _ in range(skip):
        b.next_u64()
    assert [b.below(n) for _ in range(12)] == ahead
    assert all(0 <= v < n for v in ahead)
    assert a.state == copy.state == restored.state == b.state


@given(seeds)
@settings(max_examples=30, deadline=None)
def test_neighbouring_seeds_deal_unrelated_streams(seed: int) -> None:
    a, b = KeyedRng(seed), KeyedRng(seed + 1)
    assert [a.next_u64() for _ in range(4)] != [b.next_u64() for _ in range(4)]


def test_state_counts_words_and_hides_the_key() -> None:
    rng = KeyedRng(123456789)
    for _ in range(11):
        rng.next_u64()
    assert rng.state == 11
    assert "123456789" not in repr(rng.state)


def test_make_rng_knows_each_version_and_refuses_others() -> None:
    assert type(make_rng(3, 1)) is Rng and type(make_rng(3, 2)) is KeyedRng
    assert type(make_rng(3)) is KeyedRng and RNG_VERSION == 2
    with pytest.raises(ValueError, match="random generator version 9"):
        make_rng(3, 9)


def test_fresh_seeds_have_128_bits() -> None:
    drawn = [fresh_seed() for _ in range(64)]
    assert len(set(drawn)) == 64
    assert max(s.bit_length() for s in drawn) > 120 and all(s < (1 << 128) for s in drawn)


def test_derived_seeds_are_stable_distinct_and_64_bits() -> None:
    assert derive_seed(5, "seat 1") == derive_seed(5, "seat 1")
    assert len({derive_seed(5, "seat 1"), derive_seed(5, "seat 2"), derive_seed(6, "seat 1")}) == 3
    assert all(0 <= derive_seed(s, "x") < (1 << 64) for s in range(20))


@pytest.mark.parametrize("record", [HRRecord.standard(2, seed=41), FRRecord.standard(3, seed=41)],
                         ids=["hero_realms", "fantasy_realms"])
def test_new_records_name_the_generator_and_old_ones_replay_with_splitmix(record: HRRecord | FRRecord) -> None:
    assert record.setup["rng"] == RNG_VERSION
    assert type(record.initial_state().rng) is KeyedRng
    old = type(record)({k: v for k, v in record.setup.items() if k != "rng"})
    assert type(old.initial_state().rng) is Rng
    assert old.initial_state().state_hash() != record.initial_state().state_hash()
