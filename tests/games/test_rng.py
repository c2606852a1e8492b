from app.games.rng import Rng


def test_pinned_sequence_never_changes() -> None:
    # Stored games replay only if this sequence stays the same forever.
    rng = Rng.from_seed(42)
    assert [rng.randbelow(100) for _ in range(8)] == PINNED_42


PINNED_42 = [68, 17, 2, 96, 81, 23, 72, 6]


def test_dump_and_load_continue_the_same_stream() -> None:
    rng = Rng.from_seed(2026)
    rng.next_u64()
    copy = Rng.load(rng.dump())
    assert [rng.next_u64() for _ in range(5)] == [copy.next_u64() for _ in range(5)]


def test_randbelow_is_in_range_and_roughly_uniform() -> None:
    rng = Rng.from_seed(1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.roll(6) - 1] += 1
    assert all(9_000 < count < 11_000 for count in counts)


def test_shuffle_is_a_permutation_and_seed_dependent() -> None:
    first, second = list(range(20)), list(range(20))
    Rng.from_seed(3).shuffle(first)
    Rng.from_seed(4).shuffle(second)
    assert sorted(first) == list(range(20))
    assert first != second


def test_big_seeds_are_folded_not_truncated() -> None:
    low = Rng.from_seed(5)
    high = Rng.from_seed(5 + (1 << 64))
    assert low.next_u64() != high.next_u64()
