"""The NumPy batch calls (poker_rank_batch, poker_rank7_ids_batch, crib_total_batch) against
references written here or answered one hand at a time by the request layer (poker_rank,
crib_score): small random arrays, every hand compared; and their checks of dtype, shape,
contiguity and bad hands (the index named, nothing ranked)."""

import numpy as np
import pytest

import handstat

RANKS, SUITS = "A23456789TJQK", "CDHS"


def name(c):
    return RANKS[c % 13] + SUITS[c // 13]


def random_ids(rng, n, k=7):
    return np.array([rng.choice(52, size=k, replace=False) for _ in range(n)], dtype=np.uint8)


def masks_of(ids):
    return np.array([sum(1 << int(c) for c in row) for row in ids], dtype=np.uint64)


def test_ids_against_one_by_one():
    rng = np.random.default_rng(44)
    ids = random_ids(rng, 300)
    got = handstat.poker_rank7_ids_batch(ids)
    assert got.dtype == np.uint16 and got.shape == (300,)
    want = [handstat.poker_rank(" ".join(name(int(c)) for c in row)) for row in ids]
    assert got.tolist() == want
    # the same hands as masks, and with the cards of each hand in another order
    assert handstat.poker_rank_batch(masks_of(ids)).tolist() == want
    assert handstat.poker_rank7_ids_batch(ids[:, ::-1]).tolist() == want  # not contiguous: copied
    assert handstat.poker_rank7_ids_batch(ids.astype(np.int64)).tolist() == want
    assert handstat.poker_rank7_ids_batch(ids.tolist()).tolist() == want
    assert handstat.poker_rank7_ids_batch(np.zeros((0, 7), dtype=np.uint8)).size == 0


def test_masks_strided_and_converted():
    rng = np.random.default_rng(45)
    m = masks_of(random_ids(rng, 100))
    want = handstat.poker_rank_batch(m).tolist()
    wide = np.zeros(200, dtype=np.uint64)
    wide[::2] = m
    assert handstat.poker_rank_batch(wide[::2]).tolist() == want
    assert handstat.poker_rank_batch(m.astype(np.int64)).tolist() == want
    assert handstat.poker_rank_batch([]).size == 0


@pytest.mark.parametrize("crib", [False, True])
def test_crib_against_one_by_one(crib):
    rng = np.random.default_rng(46 + crib)
    cards = random_ids(rng, 400, 5)
    hands, starters = masks_of(cards[:, :4]), np.ascontiguousarray(cards[:, 4])
    got = handstat.crib_total_batch(hands, starters, crib=crib)
    assert got.dtype == np.uint8
    want = [handstat.crib_score(" ".join(name(int(c)) for c in row), crib=crib)["total"]
            for row in cards]
    assert got.tolist() == want


def test_bad_hands_named_by_index():
    ids = np.array([[0, 1, 2, 3, 4, 5, 6]] * 40, dtype=np.uint8)
    ids[17, 3] = 52
    with pytest.raises(ValueError, match=r"poker_rank7_ids_batch: hand 17: card id 52 \(column "
                                         r"3\) is not 0..51"):
        handstat.poker_rank7_ids_batch(ids)
    ids[17, 3] = 3
    ids[33, 6] = 0
    with pytest.raises(ValueError, match=r"hand 33: card id 0 appears twice \(columns 0 and 6\)"):
        handstat.poker_rank7_ids_batch(ids)
    with pytest.raises(ValueError, match=r"ids\[0, 1\] = 300 does not fit in uint8"):
        handstat.poker_rank7_ids_batch([[0, 300, 2, 3, 4, 5, 6]])
    with pytest.raises(ValueError, match=r"ids\[0, 0\] = -1 does not fit"):
        handstat.poker_rank7_ids_batch([[-1, 1, 2, 3, 4, 5, 6]])
    with pytest.raises(handstat.HandstatError, match="mask 1 holds 4 cards, 5 to 7 needed"):
        handstat.poker_rank_batch(np.array([0x1F, 0xF], dtype=np.uint64))
    with pytest.raises(handstat.HandstatError, match="mask 0 has a bit above card 51"):
        handstat.poker_rank_batch(np.array([0x1F << 50], dtype=np.uint64))
    with pytest.raises(ValueError, match=r"masks\[2\] = -5 does not fit in uint64"):
        handstat.poker_rank_batch(np.array([0x1F, 0x1F, -5]))
    hands = np.array([0xF, 0xF0, 0xF00], dtype=np.uint64)
    with pytest.raises(ValueError, match="crib_total_batch: starter 1: card id 5 is one of the "
                                         "hand's cards"):
        handstat.crib_total_batch(hands, np.array([20, 5, 20], dtype=np.uint8))
    with pytest.raises(ValueError, match="starter 2: card id 52 is not 0..51"):
        handstat.crib_total_batch(hands, np.array([20, 20, 52], dtype=np.uint8))
    with pytest.raises(ValueError, match="crib_total_batch: mask 0 holds 5 cards, 4 needed"):
        handstat.crib_total_batch([0x1F], [20])
    with pytest.raises(ValueError, match="3 hands but 2 starters"):
        handstat.crib_total_batch(hands, [20, 20])


def test_dtype_and_shape_refused():
    with pytest.raises(ValueError, match="masks must be an array of integers \\(uint64\\), not "
                                         "of float64"):
        handstat.poker_rank_batch(np.array([31.0]))
    with pytest.raises(ValueError, match="masks must be a one-dimensional array, not of shape "
                                         "\\(1, 1\\)"):
        handstat.poker_rank_batch(np.array([[31]], dtype=np.uint64))
    with pytest.raises(ValueError, match="ids must be an n x 7 array, not of shape \\(7,\\)"):
        handstat.poker_rank7_ids_batch(np.arange(7, dtype=np.uint8))
    with pytest.raises(ValueError, match="ids must be an n x 7 array, not of shape \\(2, 6\\)"):
        handstat.poker_rank7_ids_batch(np.zeros((2, 6), dtype=np.uint8))
    with pytest.raises(ValueError, match="not of object"):
        handstat.poker_rank7_ids_batch(np.array([["a"] * 7], dtype=object))
