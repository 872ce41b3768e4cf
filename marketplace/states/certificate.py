"""The public certificate page (/certificates/[route_arg]): anyone holding the code can check it."""

from __future__ import annotations

import logging
from urllib.parse import quote

import reflex as rx

from marketplace.db.engine import in_session_thread
from marketplace.domain import certificates
from marketplace.domain.errors import NotFound
from marketplace.settings import settings
from marketplace.shapes.certificates import CertificateView

log = logging.getLogger(__name__)


class CertificateState(rx.State):
    """The certificate named by the route; nothing private is ever loaded here."""

    certificate: CertificateView = rx.field(default_factory=CertificateView)
    loading: bool = True
    not_found: bool = False
    error: str = ""

    @rx.event
    async def load(self):
        """on_load: read the certificate of the route's code."""
        self.loading, self.not_found, self.error = True, False, ""
        code = str(self.route_arg)[: certificates.MAX_CODE_LENGTH]
        try:
            self.certificate = await in_session_thread(
                lambda session: certificates.get_certificate(session, code), readonly=True
            )
        except NotFound:
            self.certificate, self.not_found = CertificateView(), True
        except Exception:
            log.exception("Loading certificate %s failed", code)
            self.error = "We could not load this certificate. Please try again."
        self.loading = False

    @rx.var
    def page_title(self) -> str:
        """The tab title: whose certificate, for which course."""
        if not self.certificate.code:
            return "Certificate | Naija Learn"
        return f"{self.certificate.learner_name}: {self.certificate.course_title} | Naija Learn"

    @rx.var
    def public_link(self) -> str:
        """The page's own address, as shared."""
        return f"{settings.public_url.rstrip('/')}{self.certificate.url}"

    @rx.var
    def share_text(self) -> str:
        """What a share says before the link."""
        return f"I completed {self.certificate.course_title} on Naija Learn."

    @rx.var
    def whatsapp_href(self) -> str:
        """Share on WhatsApp (the link opens the app on a phone)."""
        return "https://wa.me/?text=" + quote(f"{self.share_text} {self.public_link}", safe="")

    @rx.var
    def linkedin_href(self) -> str:
        """Share on LinkedIn."""
        return "https://www.linkedin.com/sharing/share-offsite/?url=" + quote(self.public_link, safe="")

    @rx.var
    def x_href(self) -> str:
        """Share on X."""
        return (
            "https://x.com/intent/post?text="
            + quote(self.share_text, safe="")
            + "&url="
            + quote(self.public_link, safe="")
        )
