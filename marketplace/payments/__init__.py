"""Payment gateways behind one interface: sandbox (the embedded default), Flutterwave and Paystack.

Only these packages talk to providers; the domain decides what their answers mean.
"""

from marketplace.payments.base import (
    Customer,
    InvalidSignature,
    PaymentProvider,
    ProviderError,
    Verification,
    WebhookEvent,
)
from marketplace.payments.registry import PROVIDERS, active_provider_name, get_provider

__all__ = [
    "PROVIDERS",
    "Customer",
    "InvalidSignature",
    "PaymentProvider",
    "ProviderError",
    "Verification",
    "WebhookEvent",
    "active_provider_name",
    "get_provider",
]
