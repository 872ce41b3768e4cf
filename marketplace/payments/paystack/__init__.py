"""Paystack: transaction initialize, verify by reference and the HMAC-SHA512 webhook."""

from marketplace.payments.paystack.provider import PaystackProvider

__all__ = ["PaystackProvider"]
