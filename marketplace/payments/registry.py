"""Which gateway handles payments: a dict of provider factories, chosen by ``settings.payment_provider``."""

from __future__ import annotations

from collections.abc import Callable

from marketplace.payments.base import PaymentProvider
from marketplace.payments.flutterwave import FlutterwaveProvider
from marketplace.payments.paystack import PaystackProvider
from marketplace.payments.sandbox import SandboxProvider
from marketplace.settings import settings

PROVIDERS: dict[str, Callable[[], PaymentProvider]] = {
    "sandbox": SandboxProvider,
    "flutterwave": FlutterwaveProvider,
    "paystack": PaystackProvider,
}


def get_provider(name: str | None = None) -> PaymentProvider:
    """The provider called ``name`` (default: the configured one). KeyError for an unknown name."""
    return PROVIDERS[name or settings.payment_provider]()


def active_provider_name() -> str:
    """The name of the configured provider, the one new checkouts use."""
    return settings.payment_provider
