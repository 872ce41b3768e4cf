"""The built-in sandbox: our own hosted payment page, so a new install can sell a course with no keys."""

from marketplace.payments.sandbox.provider import SandboxProvider

__all__ = ["SandboxProvider"]
