"""Win-rate intervals (bearcli/core/stats.py) against the published worked examples of
Newcombe (1998): Wilson's score interval for one proportion, and the hybrid score interval
for the difference of two."""

from __future__ import annotations

import pytest

from bearcli.core.stats import Z95, WinRate, difference, wilson, wilson_half_width


def test_wilson_matches_newcombes_examples_and_stays_within_0_and_1():
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=5e-5) and hi <= 1.0 and hi == pytest.approx(1.0)
    # Clamped where rounding would cross 0 or 1 (all won, or none, of 20 or of 7 games).
    assert wilson(20, 20)[1] == 1.0 and wilson(0, 7)[0] == 0.0
    assert wilson(0, 0) == (0.0, 0.0)  # no games: no interval


def test_the_interval_is_symmetric_about_its_centre_and_z_sets_its_width():
    lo, hi = wilson(50, 100)
    assert (lo + hi) / 2 == pytest.approx(0.5) and hi - lo == pytest.approx(0.19234, abs=1e-5)
    assert wilson_half_width(50, 100) == pytest.approx((hi - lo) / 2)
    assert (
        wilson_half_width(50, 100, z=1.0)
        < wilson_half_width(50, 100)
        < (wilson_half_width(50, 100, z=3.0))
    )
    assert wilson(50, 100, z=Z95) == (lo, hi)
    assert Z95 == pytest.approx(1.96, abs=1e-4)


def test_the_half_width_of_no_games_is_one_and_shrinks_with_games():
    assert wilson_half_width(0, 0) == 1.0
    widths = [wilson_half_width(n // 2, n) for n in (25, 100, 400, 1600)]
    assert widths == sorted(widths, reverse=True)
    assert widths[-1] == pytest.approx(0.0245, abs=5e-5)


def test_the_difference_matches_newcombes_example_in_either_order():
    d, (lo, hi) = difference(WinRate(80, 48), WinRate(70, 56))  # 56/70 - 48/80
    assert d == pytest.approx(0.2)
    assert (lo, hi) == pytest.approx((0.0524, 0.3339), abs=5e-5)
    back, (blo, bhi) = difference(WinRate(70, 56), WinRate(80, 48))
    assert back == pytest.approx(-0.2) and (blo, bhi) == pytest.approx((-hi, -lo))


def test_the_difference_of_equal_rates_is_zero_with_an_interval_around_it():
    d, (lo, hi) = difference(WinRate(100, 50), WinRate(100, 50))
    assert d == 0.0 and lo == pytest.approx(-hi) and 0.12 < hi < 0.15
    assert difference(WinRate(0, 0), WinRate(0, 0)) == (0.0, (0.0, 0.0))
    d, (lo, hi) = difference(WinRate(0, 0), WinRate(4, 3))  # a side with no games counts as rate 0
    assert d == 0.75 and lo < d < hi


def test_a_win_rate_is_its_wins_over_its_games_with_wilsons_interval():
    assert (WinRate(4, 3).rate, WinRate(4, 3).ci95) == (0.75, wilson(3, 4))
    assert (WinRate(0, 0).rate, WinRate(0, 0).ci95) == (0.0, (0.0, 0.0))
