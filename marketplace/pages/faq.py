"""Frequently asked questions (the footer's FAQ link)."""

import reflex as rx

from marketplace import routes, styles
from marketplace.layouts import container, page

QUESTIONS = (
    (
        "How do I pay?",
        "Pay in naira with a card, a bank transfer, USSD or mobile money through our payment partner. We never see or "
        "store your card details.",
    ),
    (
        "When can I start watching?",
        "As soon as your payment is confirmed. Bank transfers can take a few minutes; the course appears in My Courses "
        "by itself when the bank confirms.",
    ),
    (
        "Can I watch on my phone with little data?",
        "Yes. Pages are light, and videos play only when you press play. Preview lessons let you try before you buy.",
    ),
    (
        "Do I get a certificate?",
        "Every course ends with a certificate of completion once you have finished all of its sections.",
    ),
    (
        "How do I talk to my teacher?",
        "Open the teacher's page and choose Message Mentor, or go to Message in your profile. "
        "Teachers reply in the same chat.",
    ),
    (
        "I forgot my password.",
        "Choose Forgot password? on the login page; we email you a link that works once and expires after an hour.",
    ),
)


@page(routes.FAQ, "FAQ")
def faq() -> rx.Component:
    """Questions learners ask before they buy."""
    return container(
        rx.el.h1("Frequently asked questions", class_name=styles.H1),
        rx.el.div(
            *[
                rx.el.details(
                    rx.el.summary(question, class_name="cursor-pointer py-4 font-semibold text-gray-900"),
                    rx.el.p(answer, class_name=f"{styles.BODY} pb-4"),
                    class_name="border-b border-gray-200",
                )
                for question, answer in QUESTIONS
            ],
            class_name="mt-6 max-w-3xl",
        ),
        class_name="py-10",
    )
