"""The certificate as the public page shows it, with its PDF and share links."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.icons import lucide
from marketplace.components.ui import empty_state
from marketplace.states.certificate import CertificateState

_SHARE = "inline-flex items-center gap-2 rounded-md border border-gray-300 px-3 py-2 min-h-[44px] text-sm font-medium"


def _share_link(label: str, href, icon: str) -> rx.Component:
    return rx.el.a(
        lucide(icon, size=16, aria_hidden="true"),
        label,
        href=href,
        target="_blank",
        rel="noopener noreferrer",
        class_name=f"{_SHARE} text-gray-800 hover:bg-gray-50",
    )


def certificate_card() -> rx.Component:
    """The certificate: verified badge, learner, course, instructor, hours, date and code."""
    cert = CertificateState.certificate
    return rx.el.article(
        rx.el.p(
            lucide("badge-check", size=18, aria_hidden="true"),
            "Verified certificate",
            class_name="inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold "
            "text-green-800",
        ),
        rx.el.h1("Certificate of Completion", class_name=f"{styles.H1} mt-4"),
        rx.el.p("This certifies that", class_name="mt-6 text-gray-600"),
        rx.el.p(cert.learner_name, class_name="mt-1 text-2xl sm:text-3xl font-bold text-gray-900 break-words"),
        rx.el.p("has completed the course", class_name="mt-4 text-gray-600"),
        rx.el.a(
            cert.course_title,
            href="/courses/" + cert.course_id.to_string(),
            class_name="mt-1 block text-lg sm:text-xl font-semibold text-blue-700 hover:underline break-words",
        ),
        rx.el.dl(
            rx.el.div(
                rx.el.dt("Instructor", class_name="text-xs uppercase tracking-wide text-gray-500"),
                rx.el.dd(cert.instructor_name, class_name="font-medium text-gray-900"),
            ),
            rx.el.div(
                rx.el.dt("Length", class_name="text-xs uppercase tracking-wide text-gray-500"),
                rx.el.dd(cert.hours.to_string() + " hours", class_name="font-medium text-gray-900"),
            ),
            rx.el.div(
                rx.el.dt("Issued", class_name="text-xs uppercase tracking-wide text-gray-500"),
                rx.el.dd(cert.issued_text, class_name="font-medium text-gray-900"),
            ),
            rx.el.div(
                rx.el.dt("Certificate code", class_name="text-xs uppercase tracking-wide text-gray-500"),
                rx.el.dd(cert.code, class_name="font-mono font-medium text-gray-900"),
            ),
            class_name="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 text-left sm:text-center",
        ),
        rx.el.div(
            rx.el.a(
                lucide("download", size=16, aria_hidden="true"),
                "Download PDF",
                href=cert.pdf_url,
                download=True,
                # rx.el.a is React Router's Link: without this it routes to the API path inside the app (a 404).
                reload_document=True,
                class_name=styles.BTN_PRIMARY,
            ),
            _share_link("WhatsApp", CertificateState.whatsapp_href, "message-circle"),
            _share_link("LinkedIn", CertificateState.linkedin_href, "briefcase"),
            _share_link("X", CertificateState.x_href, "at-sign"),
            rx.el.button(
                lucide("link", size=16, aria_hidden="true"),
                "Copy link",
                type="button",
                on_click=[rx.set_clipboard(CertificateState.public_link), rx.toast.success("Link copied")],
                class_name=f"{_SHARE} text-gray-800 hover:bg-gray-50",
            ),
            class_name="mt-8 flex flex-wrap justify-center gap-3",
        ),
        aria_label="Certificate",
        class_name=f"{styles.CARD} mx-auto max-w-3xl border-t-4 border-t-blue-600 px-5 py-8 sm:px-10 sm:py-10 "
        "text-center",
    )


def certificate_not_found() -> rx.Component:
    """An unknown code: said plainly, without guessing whose it might be."""
    return empty_state(
        "Certificate not found",
        "Check the code: it is printed at the bottom of the certificate, like NLC-ABCDE-12345.",
        "Browse courses",
        routes.CATEGORIES,
    )
