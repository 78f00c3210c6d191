"""Every number a person types goes through one reader (issue #34, point 2): ASCII digits within a
range. Superscripts and other scripts' digits are refused in words, never converted or crashed on."""

from __future__ import annotations

import pytest

from engine.core.numbers import (
    NumberError,
    is_ascii_number,
    looks_like_a_number,
    parse_decimal,
    parse_whole,
    whole_number,
)


@pytest.mark.parametrize("text", ["²", "٣", "१२", "３", "1²", "", " ", "1.5", "1e3", "+4", "0x10", "½", "四"])
def test_anything_but_ascii_digits_is_not_a_number(text):
    with pytest.raises(NumberError) as refused:
        parse_whole(text, 0, 100)
    assert refused.value.reason == "not_a_number"
    assert whole_number(text, 0, 100) is None
    assert not is_ascii_number(text.strip())


def test_ascii_digits_in_range_are_read_with_spaces_around_ignored():
    assert parse_whole(" 42 ", 0, 100) == 42
    assert parse_whole("007", 0, 100) == 7
    assert whole_number("100", 0, 100) == 100


@pytest.mark.parametrize("text", ["101", "99999999999999999999999999", "-1"])
def test_a_number_outside_the_range_is_refused(text):
    with pytest.raises(NumberError) as refused:
        parse_whole(text, 0, 100, signed=True)
    assert refused.value.reason == "out_of_range"
    assert (refused.value.low, refused.value.high) == (0, 100)


def test_a_minus_is_a_sign_only_where_asked_for():
    assert parse_whole("-3", -5, 5, signed=True) == -3
    with pytest.raises(NumberError):
        parse_whole("-3", -5, 5)
    with pytest.raises(NumberError):
        parse_whole("-²", -5, 5, signed=True)


def test_no_upper_bound_still_refuses_a_row_of_digits_too_long_to_mean_anything():
    assert parse_whole("123456", 1) == 123456
    with pytest.raises(NumberError) as refused:
        parse_whole("9" * 40, 1)
    assert refused.value.reason == "out_of_range"
    assert whole_number(None) is None


def test_a_discord_id_of_twenty_digits_is_read_where_the_range_reaches_that_far():
    """Issue #34, point 2: DEV_GUILD_ID is a Discord id (up to 20 digits), still only ASCII digits."""
    assert parse_whole("18446744073709551615", 1, 2**64 - 1) == 2**64 - 1
    with pytest.raises(NumberError) as refused:
        parse_whole("18446744073709551616", 1, 2**64 - 1)
    assert refused.value.reason == "out_of_range"
    with pytest.raises(NumberError):
        parse_whole("1844674407370955161²", 1, 2**64 - 1)


@pytest.mark.parametrize(("text", "expected"), [("²", True), ("٣٣", True), ("１２", True), ("12", True),
                                                ("Anna", False), ("2a", False), ("", False)])
def test_text_typed_as_a_number_in_any_script_is_recognised_as_one(text, expected):
    assert looks_like_a_number(text) is expected


@pytest.mark.parametrize(("text", "expected"), [("7200", 7200.0), ("0.5", 0.5), (" 12. ", 12.0)])
def test_seconds_with_one_decimal_point_are_read(text, expected):
    assert parse_decimal(text) == expected


@pytest.mark.parametrize("text", ["²", "1.2.3", ".", "", "1e3", "-5", "٣.5", "nan", "inf"])
def test_seconds_in_another_script_or_form_are_not_a_number(text):
    with pytest.raises(NumberError) as refused:
        parse_decimal(text)
    assert refused.value.reason == "not_a_number"
