from decimal import Decimal

from marketplace.money import format_naira, format_ngn, naira_number, to_kobo, to_naira


def test_kobo_round_trip_is_exact():
    assert to_kobo(Decimal("15000.10")) == 1_500_010
    assert to_naira(1_500_010) == Decimal("15000.10")
    assert to_kobo("0.005") == 1  # half up at the kobo


def test_prices_show_naira_with_thousands_separators():
    assert format_ngn(1_500_000) == "NGN15,000"
    assert format_ngn(1_500_050) == "NGN15,000.50"
    assert format_naira(250_000_00) == "₦250,000"


def test_json_numbers_are_whole_when_possible():
    assert naira_number(1_500_000) == 15000
    assert isinstance(naira_number(1_500_000), int)
    assert naira_number(1_050) == 10.5


def test_a_paid_amount_a_fraction_of_a_kobo_short_counts_as_short():
    from marketplace.money import paid_kobo

    assert paid_kobo("164.885") == 16488  # half a kobo short of NGN164.89 does not round up to it
    assert paid_kobo("164.89") == 16489 and paid_kobo(16489) == 1648900
