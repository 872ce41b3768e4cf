"""The one settings object: the only module that reads the environment.

Every other module imports ``settings`` from here. Values come from environment variables
(or a ``.env`` file); the README lists each one with its default and meaning.
"""

from __future__ import annotations

import os
import secrets
from decimal import Decimal
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER_SECRETS = {"", "changeme", "change-me", "secret", "dev"}


class Settings(BaseSettings):
    """Runtime configuration of the marketplace."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    env: Literal["development", "production", "test"] = Field("development", alias="MARKETPLACE_ENV")
    data_dir: Path = Field(PROJECT_ROOT / "data", alias="DATA_DIR")
    database_url: str = Field("", alias="DATABASE_URL")
    redis_url: str = Field("", alias="REDIS_URL")
    port: int = Field(3000, alias="PORT")
    public_url: str = Field("http://localhost:3000", alias="PUBLIC_URL")
    secret_key: str = Field("", alias="SECRET_KEY")
    # A login (its server-side session) lasts TOKEN_TTL_HOURS; the access token that travels with each request
    # lasts ACCESS_TOKEN_MINUTES and is renewed while the session lives.
    token_ttl_hours: int = Field(24 * 7, alias="TOKEN_TTL_HOURS")
    access_token_minutes: int = Field(15, alias="ACCESS_TOKEN_MINUTES", ge=1, le=24 * 60)

    # Mail: SMTP when SMTP_HOST is set, else a local outbox folder.
    smtp_host: str = Field("", alias="SMTP_HOST")
    smtp_port: int = Field(25, alias="SMTP_PORT")
    smtp_user: str = Field("", alias="SMTP_USER")
    smtp_password: str = Field("", alias="SMTP_PASSWORD")
    smtp_starttls: bool = Field(False, alias="SMTP_STARTTLS")
    mail_from: str = Field("Naija Learn <no-reply@naijalearn.local>", alias="MAIL_FROM")

    # Google sign-in (any OpenID provider; tests use a local one).
    google_client_id: str = Field("", alias="GOOGLE_CLIENT_ID")
    google_issuer: str = Field("https://accounts.google.com", alias="GOOGLE_ISSUER")
    # Only for the redirect (code) flow used with a non-Google OpenID provider (the local one in browser tests).
    google_client_secret: str = Field("", alias="GOOGLE_CLIENT_SECRET")

    # Payments.
    payment_provider: Literal["sandbox", "flutterwave", "paystack"] = Field("sandbox", alias="PAYMENT_PROVIDER")
    flutterwave_secret_key: str = Field("", alias="FLUTTERWAVE_SECRET_KEY")
    flutterwave_webhook_hash: str = Field("", alias="FLUTTERWAVE_WEBHOOK_HASH")
    flutterwave_base_url: str = Field("https://api.flutterwave.com", alias="FLUTTERWAVE_BASE_URL")
    paystack_secret_key: str = Field("", alias="PAYSTACK_SECRET_KEY")
    paystack_base_url: str = Field("https://api.paystack.co", alias="PAYSTACK_BASE_URL")
    # The built-in sandbox: seconds before a "bank transfer" is confirmed through the webhook path.
    sandbox_transfer_delay: float = Field(5.0, alias="SANDBOX_TRANSFER_DELAY")
    payment_timeout_seconds: float = Field(20.0, alias="PAYMENT_TIMEOUT_SECONDS")

    # Cart pricing rule (naira): a flat discount over a threshold, then tax on the rest.
    discount_threshold: Decimal = Field(Decimal("100"), alias="DISCOUNT_THRESHOLD")
    discount_amount: Decimal = Field(Decimal("10"), alias="DISCOUNT_AMOUNT")
    tax_rate: Decimal = Field(Decimal("0.10"), alias="TAX_RATE")
    # The platform's share of every paid course sale, in whole percent; the rest is the instructor's
    # (docs/product.md, "Earnings and payouts"). Each sale records the percent in force when it was sold.
    platform_fee_percent: int = Field(30, alias="PLATFORM_FEE_PERCENT", ge=0, le=100)

    # Login throttling.
    login_max_failures: int = Field(5, alias="LOGIN_MAX_FAILURES")
    # One verification or reset email per address per this many seconds: nobody can flood an inbox.
    mail_resend_pause_seconds: int = Field(60, alias="MAIL_RESEND_PAUSE_SECONDS", ge=0)
    # Many people share one address (mobile carriers' NAT, a school's Wi-Fi): a much higher bar for an address.
    login_max_failures_per_ip: int = Field(50, alias="LOGIN_MAX_FAILURES_PER_IP")
    login_lock_minutes: int = Field(15, alias="LOGIN_LOCK_MINUTES")
    # Accounts created from one address per hour; each mails a link, so a script must not create them by the
    # thousand. Schools and carriers share addresses: high enough for a classroom signing up together.
    signup_max_per_ip: int = Field(10, alias="SIGNUP_MAX_PER_IP", ge=1)
    # Reverse proxies in front of the app (a TLS proxy, a load balancer) that append to X-Forwarded-For. Behind
    # one, every request arrives from the proxy; without this the per-address login limit would count the whole
    # site as one address. 0 trusts no header (the address is the connection's own).
    trusted_proxy_hops: int = Field(0, alias="TRUSTED_PROXY_HOPS", ge=0)

    # Database and threads. Each server process runs blocking work (database sessions, password hashes,
    # provider calls) on a pool of DB_THREADS threads, its quick writes on GROUP_COMMIT_THREADS more, and keeps a
    # connection for each of them and 4 more, so a thread never waits for a connection. DB_LOCK_TIMEOUT_SECONDS
    # bounds the wait for SQLite's write lock or a connection.
    db_threads: int = Field(16, alias="DB_THREADS", ge=2, le=200)
    db_lock_timeout_seconds: float = Field(10.0, alias="DB_LOCK_TIMEOUT_SECONDS", gt=0)
    # Read-only sessions (the catalog pages and the public API) are Python work under one interpreter lock: more
    # of them at once only slow each other down (10 course pages at once: half the pages per second of 2, and p95
    # 49 ms instead of 26). At most READ_THREADS of the pool's threads run them at a time.
    read_threads: int = Field(2, alias="READ_THREADS", ge=1, le=200)
    # PostgreSQL: group commits under way at once per process (marketplace/db/group_commit.py; SQLite has one). On
    # this 2-core machine, with the database on loopback, 2 or 4 gave no more writes per second than 1; a database
    # farther away (each round trip a wait) is where more pay off.
    group_commit_threads: int = Field(1, alias="GROUP_COMMIT_THREADS", ge=1, le=32)
    # Anonymous answers of the public catalog API (listing, a course, search, categories, teachers) are kept this
    # many seconds per process and forgotten when the process writes the catalog (api/public_cache.py); 0: never.
    public_cache_seconds: float = Field(5.0, alias="PUBLIC_CACHE_SECONDS", ge=0, le=300)
    # Server processes. 0 picks the default: 1 on the embedded SQLite, 2 with REDIS_URL (they share state there).
    workers: int = Field(0, alias="WORKERS", ge=0, le=64)
    # With REDIS_URL, a worker keeps a tab's state and lock between its events (Reflex's opportunistic lock) and
    # writes them to Redis when another process asks for that tab or after half the lock's expiry: a Redis worker
    # then answers about twice the events. Off: every event reads and writes its tab's state in Redis.
    redis_state_leases: bool = Field(True, alias="REDIS_STATE_LEASES")

    # Background jobs (the outbox): run inside the app server unless a separate worker runs them.
    jobs_in_app: bool = Field(True, alias="JOBS_IN_APP")
    job_threads: int = Field(2, alias="JOB_THREADS", ge=1, le=32)
    job_max_attempts: int = Field(8, alias="JOB_MAX_ATTEMPTS", ge=1)
    # Retry n waits JOB_RETRY_BASE_SECONDS * 2**(n-1), at most JOB_RETRY_MAX_SECONDS.
    job_retry_base_seconds: float = Field(5.0, alias="JOB_RETRY_BASE_SECONDS", gt=0)
    job_retry_max_seconds: float = Field(1800.0, alias="JOB_RETRY_MAX_SECONDS", gt=0)
    # A job whose worker died (a crash, SIGKILL) is taken up again after this lease runs out.
    job_lease_seconds: float = Field(120.0, alias="JOB_LEASE_SECONDS", gt=0)
    job_poll_seconds: float = Field(1.0, alias="JOB_POLL_SECONDS", gt=0)

    # Uploads.
    max_picture_bytes: int = Field(2_000_000, alias="MAX_PICTURE_BYTES")
    # Course media (docs/product.md, "Media and uploads"): lesson videos and thumbnails live in DATA_DIR/media
    # ("local") or in an S3-compatible bucket ("s3"; S3_ENDPOINT_URL for MinIO, R2, Spaces and the like).
    media_storage: Literal["local", "s3"] = Field("local", alias="MEDIA_STORAGE")
    s3_bucket: str = Field("", alias="S3_BUCKET")
    s3_endpoint_url: str = Field("", alias="S3_ENDPOINT_URL")
    s3_region: str = Field("", alias="S3_REGION")
    s3_access_key_id: str = Field("", alias="S3_ACCESS_KEY_ID")
    s3_secret_access_key: str = Field("", alias="S3_SECRET_ACCESS_KEY")
    max_video_bytes: int = Field(2 * 1024**3, alias="MAX_VIDEO_BYTES", ge=1)
    max_image_bytes: int = Field(10_000_000, alias="MAX_IMAGE_BYTES", ge=1)
    # How long a lesson video's signed link works: long enough to watch a lesson with pauses (the player asks
    # again on every visit), short enough that a copied link soon stops working.
    media_url_seconds: int = Field(4 * 3600, alias="MEDIA_URL_SECONDS", ge=60, le=7 * 24 * 3600)

    # Browser security. Other sites' origins (scheme://host[:port], comma-separated) whose pages may call the
    # API and the websocket with the visitor's credentials; none by default (the app's own pages need none).
    cors_allowed_origins: str = Field("", alias="CORS_ALLOWED_ORIGINS")
    # The interactive API docs (/api/docs, /api/openapi.json) are served in production only when this is true.
    api_docs_in_production: bool = Field(False, alias="API_DOCS_IN_PRODUCTION")

    @field_validator("cors_allowed_origins")
    @classmethod
    def _check_origins(cls, value: str) -> str:
        origins = [part.strip().rstrip("/").lower() for part in value.split(",") if part.strip()]
        for origin in origins:
            parts = urlsplit(origin)
            if (
                parts.scheme not in ("http", "https")
                or not parts.hostname
                or origin != f"{parts.scheme}://{parts.netloc}"
            ):
                msg = (
                    f"CORS_ALLOWED_ORIGINS: {origin!r} is not an origin like https://shop.example.com (no *, no path)."
                )
                raise ValueError(msg)
        return ",".join(origins)

    @model_validator(mode="after")
    def _fill_defaults(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite:///{self.data_dir / 'marketplace.db'}"
        return self

    @model_validator(mode="after")
    def _check_media_storage(self) -> Settings:
        # Refused at start rather than at the first upload: the bucket is where every lesson video would go.
        if self.media_storage == "s3" and not self.s3_bucket:
            msg = "MEDIA_STORAGE is 's3' but S3_BUCKET is not set."
            raise ValueError(msg)
        return self

    @property
    def is_production(self) -> bool:
        """Whether the app runs in production mode (strict secrets)."""
        return self.env == "production"

    @property
    def cors_origins(self) -> list[str]:
        """The origins of CORS_ALLOWED_ORIGINS as a list (empty: no other site may call with credentials)."""
        return [origin for origin in self.cors_allowed_origins.split(",") if origin]

    @property
    def api_docs_enabled(self) -> bool:
        """Whether /api/docs and /api/openapi.json are served: always outside production, else on request."""
        return not self.is_production or self.api_docs_in_production

    @property
    def server_workers(self) -> int:
        """Server processes to start: WORKERS, or 1 on SQLite without Redis and 2 with Redis."""
        if self.workers:
            return self.workers
        return 2 if self.redis_url else 1

    @property
    def media_dir(self) -> Path:
        """Folder for uploaded pictures and videos."""
        return self.data_dir / "media"

    @property
    def uploads_incoming_dir(self) -> Path:
        """Folder where resumable video uploads collect their chunks until they are checked."""
        return self.data_dir / "uploads-incoming"

    @property
    def outbox_dir(self) -> Path:
        """Folder where the embedded default writes outgoing mail."""
        return self.data_dir / "outbox"


def _load_secret(current: Settings) -> str:
    """Return the token-signing secret, generating one for the embedded default.

    In production a missing or placeholder secret stops start-up: a guessable secret would let
    anybody mint login tokens.
    """
    if current.secret_key and current.secret_key.lower() not in PLACEHOLDER_SECRETS:
        return current.secret_key
    if current.is_production:
        msg = "SECRET_KEY is missing or a placeholder; set a long random value before starting in production."
        raise RuntimeError(msg)
    path = current.data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    current.data_dir.mkdir(parents=True, exist_ok=True)
    value = secrets.token_urlsafe(48)
    path.write_text(value)
    path.chmod(0o600)
    return value


def check_production_payments(current: Settings) -> None:
    """In production, refuse a payment set-up that would hand out courses for free or fail every checkout.

    The sandbox marks an order paid at the press of a button: it is for development and tests only.
    """
    if not current.is_production:
        return
    if current.payment_provider == "sandbox":
        msg = "PAYMENT_PROVIDER is 'sandbox', which takes no money; set flutterwave or paystack for production."
        raise RuntimeError(msg)
    needed = {
        "flutterwave": {
            "FLUTTERWAVE_SECRET_KEY": current.flutterwave_secret_key,
            "FLUTTERWAVE_WEBHOOK_HASH": current.flutterwave_webhook_hash,
        },
        "paystack": {"PAYSTACK_SECRET_KEY": current.paystack_secret_key},
    }[current.payment_provider]
    missing = [name for name, value in needed.items() if not value]
    if missing:
        msg = f"PAYMENT_PROVIDER is {current.payment_provider!r} but {', '.join(missing)} is not set."
        raise RuntimeError(msg)


def sandbox_payments_enabled(current: Settings) -> bool:
    """Whether the built-in sandbox may take (pretend) payments: only as the active provider, never in production."""
    return current.payment_provider == "sandbox" and not current.is_production


settings = Settings()
settings.secret_key = _load_secret(settings)
check_production_payments(settings)


def child_environment(**overrides: str) -> dict[str, str]:
    """The environment for a child process (the Reflex build, the server): ours, plus ``overrides``."""
    env = dict(os.environ)
    env.update(overrides)
    return env
