"""Login throttling: slow the guesser down, never lock the owner out.

Every password check is admitted by :func:`admit` first, in one short transaction that records the attempt and
then counts (see :mod:`marketplace.domain.rate_limits`), so however many attempts arrive at once, at most
``settings.login_max_failures`` of them per window (``settings.login_lock_minutes``) are checked normally:

* **Under the limit** the password is checked, a little later after each failure beyond the third.
* **Past the limit** the account is under attack, not locked: an address that already failed on it (or an
  unknown one) is refused at once, with no password check. An address that has not failed on it gets one
  check, after :data:`LOCKED_DELAY_SECONDS`, and only if no other attempt on the account started within that
  time: the owner, trying from their own phone, still gets in; a guesser needs a fresh address for every
  further guess, and gets at most one every few seconds. The forgot-password link (which clears the failures)
  helps an owner who shares the guesser's address.
* **One address** failing on many accounts is refused after ``settings.login_max_failures_per_ip`` failures, a
  high bar, since many people share one address (mobile carriers, a school's Wi-Fi).

An attempt's rows are recorded before its check and stay as a failure unless the password turns out right, so
a check that crashes half-way counts too. Refused attempts are not recorded.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete
from sqlmodel import Session, col

from marketplace.db.models import LoginAttempt
from marketplace.domain import rate_limits
from marketplace.domain.errors import TooManyRequests
from marketplace.settings import settings

SLOW_DOWN_AFTER = 3
# Seconds added per failure beyond SLOW_DOWN_AFTER, capped: enough to blunt scripted guessing,
# short enough that a person who mistyped twice more hardly notices. Tests may lower it.
SLOW_DOWN_STEP_SECONDS = 0.5
SLOW_DOWN_MAX_SECONDS = 2.0
# Past the limit: the wait before a fresh address's one check, and the least time between two such checks.
LOCKED_DELAY_SECONDS = 3.0
TOO_MANY = "Too many failed attempts."


def client_address(peer: str | None, forwarded_for: str = "", trusted_hops: int | None = None) -> str | None:
    """The address a request came from, for counting failures per address.

    X-Forwarded-For is written by whoever sends the request, so only the entries the trusted proxies appended
    count: with ``trusted_hops`` proxies, the client is the entry that many places from the end (the rule Reflex
    applies to its websocket with ``trusted_proxy_hops``). With none, or a shorter header, it is the connection's
    own address.
    """
    hops = settings.trusted_proxy_hops if trusted_hops is None else trusted_hops
    entries = [entry.strip() for entry in (forwarded_for or "").split(",") if entry.strip()]
    if hops and len(entries) >= hops:
        return entries[-hops]
    return peer


def email_key(email: str) -> str:
    """The key failures for one (lower-cased) email are counted under."""
    return f"email:{email.strip().lower()}"[: rate_limits.KEY_LENGTH]


def _pair_prefix(email: str) -> str:
    return "pair:" + hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32] + ":"


def attempt_keys(email: str, ip: str | None) -> list[str]:
    """The keys an attempt is recorded under: the email, and when the address is known, it and the pair."""
    keys = [email_key(email)]
    if ip:
        keys += [f"ip:{ip}"[: rate_limits.KEY_LENGTH], (_pair_prefix(email) + ip)[: rate_limits.KEY_LENGTH]]
    return keys


def slow_down_seconds(failures: int) -> float:
    """How long an attempt waits after ``failures`` recent failures for its email (under the limit)."""
    if failures < SLOW_DOWN_AFTER:
        return 0.0
    return min((failures - SLOW_DOWN_AFTER + 1) * SLOW_DOWN_STEP_SECONDS, SLOW_DOWN_MAX_SECONDS)


@dataclass(frozen=True)
class Admission:
    """An attempt allowed to check its password: wait ``delay`` seconds first (outside any transaction).

    ``free_at`` is set past the limit: when the account's failures drop below it again.
    """

    delay: float
    attempt_ids: tuple[int, ...]
    free_at: datetime | None = None

    @property
    def past_limit(self) -> bool:
        """Whether this was a fresh address's one check on an account past its limit."""
        return self.free_at is not None

    def refusal(self) -> TooManyRequests:
        """The answer to a wrong password past the limit: the same "too many" as a refusal without a check."""
        seconds = ((self.free_at or datetime.now(UTC)) - datetime.now(UTC)).total_seconds()
        return TooManyRequests(rate_limits.wait_minutes_message(TOO_MANY, seconds))


def _refuse(session: Session, ids: list[int], free_at: datetime, now: datetime) -> TooManyRequests:
    # A refused attempt is not counted (hammering does not extend the pause), whether the caller rolls back or not.
    rate_limits.forget(session, ids)
    return TooManyRequests(rate_limits.wait_minutes_message(TOO_MANY, (free_at - now).total_seconds()))


def admit(session: Session, email: str, ip: str | None) -> Admission:
    """Record an attempt on ``email`` from ``ip`` and decide, atomically, whether its password may be checked.

    The caller commits before checking the password: the recorded attempt must outlive its rollback on a wrong
    password, and no lock may be held while the hash runs.

    Raises:
        TooManyRequests: Refused without a check; says when to try again.
    """
    keys = attempt_keys(email, ip)
    rate_limits.lock(session, keys[:2])  # the pair is covered by the email's lock
    now = datetime.now(UTC)
    ids = rate_limits.record(session, keys, now)  # first record (SQLite: takes the write lock), then count
    window = timedelta(minutes=settings.login_lock_minutes)
    since = now - window
    if ip:
        by_address = rate_limits.times(session, keys[1], since, besides=ids)
        limit = settings.login_max_failures_per_ip
        if len(by_address) >= limit:
            raise _refuse(session, ids, by_address[len(by_address) - limit] + window, now)
    earlier = rate_limits.times(session, keys[0], since, besides=ids)
    limit = settings.login_max_failures
    if len(earlier) < limit:
        return Admission(slow_down_seconds(len(earlier)), tuple(ids))
    free_at = earlier[len(earlier) - limit] + window  # when enough failures leave the window
    from_here = rate_limits.times(session, keys[2], since, besides=ids) if ip else []
    if not ip or from_here:
        # The guesser's own address (or one we cannot tell apart): no check at all.
        raise _refuse(session, ids, min(free_at, from_here[-1] + window) if from_here else free_at, now)
    if earlier[-1] > now - timedelta(seconds=LOCKED_DELAY_SECONDS):
        raise _refuse(session, ids, now + timedelta(seconds=LOCKED_DELAY_SECONDS), now)
    return Admission(LOCKED_DELAY_SECONDS, tuple(ids), free_at=free_at)


def succeeded(session: Session, admission: Admission, email: str) -> None:
    """The password was right: the attempt was no failure, and under the limit earlier ones were the owner's too.

    Past the limit the account's failures stay: the owner got in, and the guessers' addresses stay refused.
    """
    rate_limits.forget(session, admission.attempt_ids)
    if not admission.past_limit:
        clear_failures(session, email)


def clear_failures(session: Session, email: str) -> None:
    """Forget the failures counted for ``email`` (after a successful login or a password reset)."""
    session.execute(
        delete(LoginAttempt).where(
            (col(LoginAttempt.key) == email_key(email)) | col(LoginAttempt.key).startswith(_pair_prefix(email))
        )
    )
    rate_limits.prune(session)  # old rows of every key are useless once out of their window
