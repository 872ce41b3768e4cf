"""Flutterwave Standard (v3): hosted checkout, verification and the ``verif-hash`` webhook."""

from marketplace.payments.flutterwave.provider import FlutterwaveProvider

__all__ = ["FlutterwaveProvider"]
