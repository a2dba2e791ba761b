"""Sizes: parsing, ranks, comparisons and the value compared with Might (DS-SIZE, R-SIZE)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brawl import InvalidArgumentError, Size
from brawl.size import LARGE, MAX_SIZE, MEDIUM, SMALL, TINY


def test_size_1_occupies_1_square_and_size_n_an_n_cube() -> None:
    """DS-SIZE-01, DS-SIZE-02, DS-SIZE-03: size 1 takes 1 square; size 3 a 3 x 3 x 3 cube."""
    assert [Size.parse(s).squares for s in ("1T", "1S", "1M", "1L", "2", "3")] == [1, 1, 1, 1, 2, 3]


def test_ranks_1t_0_1s_1_1m_2_1l_3_then_n_plus_2() -> None:
    """DS-SIZE-04, R-SIZE-1: 1T=0, 1S=1, 1M=2, 1L=3, 2=4, 3=5, 5=7."""
    ranks = [Size.parse(s).rank for s in ("1T", "1S", "1M", "1L", "2", "3", "5")]
    assert ranks == [0, 1, 2, 3, 4, 5, 7]


def test_1t_is_four_sizes_smaller_than_2() -> None:
    """DS-SIZE-04: 1T is one size smaller than 1S, two than 1M, three than 1L, four than 2."""
    tiny = Size.parse("1T")
    assert [tiny.ranks_apart(Size.parse(s)) for s in ("1S", "1M", "1L", "2")] == [1, 2, 3, 4]


def test_1l_is_one_size_smaller_than_2() -> None:
    """DS-SIZE-04, R-SIZE-1: 1L and 2 are within 1 of each other."""
    assert Size.parse("1L").ranks_apart(Size.parse("2")) == 1
    assert Size.parse("1L") < Size.parse("2")


def test_a_1m_creature_and_a_size_2_creature_are_two_sizes_apart() -> None:
    """R-SIZE-1, DS-MOVE-04: rank gap 2, so a 1M creature may end in a size-2 creature's space."""
    assert Size.parse("1M").ranks_apart(Size.parse("2")) == 2


def test_comparisons_follow_rank() -> None:
    """R-SIZE-1: 1T < 1S < 1M < 1L < 2 < 3."""
    ordered = [TINY, SMALL, MEDIUM, LARGE, Size.parse("2"), Size.parse("3")]
    shuffled = [ordered[i] for i in (3, 5, 0, 4, 1, 2)]
    assert sorted(shuffled) == ordered
    assert Size.parse("1M") == MEDIUM
    assert Size.parse("1M") != SMALL
    assert max(ordered) == Size.parse("3")


def test_value_against_might_counts_1t_to_1l_as_1() -> None:
    """R-SIZE-2, DS-SIZE-05: sizes 1T..1L count as 1 against a Might score; size N as N."""
    assert [Size.parse(s).value for s in ("1T", "1S", "1M", "1L", "2", "4")] == [1, 1, 1, 1, 2, 4]


def test_size_1_mechanics_apply_to_every_size_1_creature() -> None:
    """DS-SIZE-05: a mechanic naming size 1 applies to 1T, 1S, 1M and 1L alike."""
    assert all(Size.parse(s).squares == 1 for s in ("1T", "1S", "1M", "1L"))


def test_reference_sizes_parse() -> None:
    """DS-SIZE-08: pixie 1T, polder 1S, human 1M, hakaan 1L, ogre 2, mound 3, giant 4, dragon 5."""
    table = {"pixie": "1T", "polder": "1S", "human": "1M", "hakaan": "1L", "ogre": "2",
             "shambling mound": "3", "hill giant": "4", "omen dragon": "5"}  # fmt: skip
    assert [str(Size.parse(v)) for v in table.values()] == list(table.values())


def test_no_upper_limit_in_the_text_but_the_engine_caps_cubes() -> None:
    """DS-SIZE-07: the text sets no limit; the engine refuses cubes above MAX_SIZE squares."""
    assert Size.parse(str(MAX_SIZE)).squares == MAX_SIZE
    with pytest.raises(InvalidArgumentError, match="DS-SIZE-03"):
        Size.parse(str(MAX_SIZE + 1))


@pytest.mark.parametrize("bad", ["", "1", "1X", "0", "-2", "M", "2M", "1.5", "abc", 1, 0, True, None, 2.0])
def test_bad_sizes_are_refused_with_the_rule(bad: object) -> None:
    """DS-SIZE-03: a size is 1T, 1S, 1M, 1L or a whole number from 2 up."""
    with pytest.raises(InvalidArgumentError, match="DS-SIZE-03"):
        Size.parse(bad)  # type: ignore[arg-type]


def test_str_and_repr_paste_back() -> None:
    """Sizes print as written and their repr is valid Python."""
    size = Size.parse("1m")
    assert str(size) == "1M"
    assert repr(size) == "Size.parse('1M')"
    assert eval(repr(size), {"Size": Size}) == size
    assert Size.parse(2) == Size.parse("2")


@given(st.sampled_from(["1T", "1S", "1M", "1L"]) | st.integers(2, MAX_SIZE).map(str))
def test_parse_str_round_trips_and_rank_is_monotonic_in_squares(text: str) -> None:
    """R-SIZE-1: parse(str(s)) == s, and a bigger cube never has a lower rank."""
    size = Size.parse(text)
    assert Size.parse(str(size)) == size
    if size.squares >= 2:
        assert size.rank == size.squares + 2
        assert size > LARGE
