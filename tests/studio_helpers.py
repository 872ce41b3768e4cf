"""What the studio's unit tests share: a refusal is a DomainError naming its field, in words, with its status."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from marketplace.domain.errors import DomainError


def refused(call: Callable[[], object], field: str, message: str, status: int = 400) -> None:
    """``call()`` raises a DomainError (not one of its 403/404/409 kinds unless ``status`` says so) with these."""
    with pytest.raises(DomainError) as caught:
        call()
    assert (caught.value.field, caught.value.message, caught.value.status) == (field, message, status)
