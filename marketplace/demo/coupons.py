"""The demo discount codes: one that works (``NAIJA10``) and one that has expired, to try both at checkout."""

from __future__ import annotations

import logging
from datetime import timedelta

from sqlmodel import Session, select

from marketplace.db.models import Coupon
from marketplace.db.models._base import utcnow

log = logging.getLogger(__name__)

WORKING_CODE = "NAIJA10"
EXPIRED_CODE = "NEWYEAR25"


def load_demo_coupons(session: Session) -> bool:
    """Add the demo discount codes when the database has no coupon at all. Flushes; the caller commits.

    Returns:
        True when the codes were added; False, changing nothing, when any coupon exists (a shop that made
        its own codes, or a second run).
    """
    if session.exec(select(Coupon.id).limit(1)).first() is not None:
        return False
    now = utcnow()
    session.add_all(
        [
            Coupon(code=WORKING_CODE, description="10% off any order", percent_off=10),
            Coupon(
                code=EXPIRED_CODE,
                description="25% off for the new year (ended)",
                percent_off=25,
                starts_at=now - timedelta(days=60),
                expires_at=now - timedelta(days=30),
            ),
        ]
    )
    session.flush()
    log.info("Added the demo discount codes %s and %s (expired)", WORKING_CODE, EXPIRED_CODE)
    return True
