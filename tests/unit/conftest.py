"""Fixtures of the unit tests: the studio's instructor and their new draft (a module that defines its own wins)."""

from __future__ import annotations

import pytest

from marketplace.domain import studio
from tests.factories import make_instructor


@pytest.fixture
def teacher(session):
    return make_instructor(session)


@pytest.fixture
def draft(session, teacher):
    created = studio.create_course(session, teacher.user_id, "Jollof for beginners")
    session.commit()
    return created
