"""The navy footer in four columns."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles

CONTACT_EMAIL = "hello@naijalearn.ng"


def _column(title: str, *links: tuple[str, str]) -> rx.Component:
    return rx.el.div(
        rx.el.h2(title, class_name="text-sm font-semibold uppercase tracking-wide text-white mb-3"),
        rx.el.ul(
            *[
                rx.el.li(
                    rx.el.a(label, href=href, class_name="text-sm text-gray-300 hover:text-white"), class_name="py-1"
                )
                for label, href in links
            ]
        ),
    )


def footer() -> rx.Component:
    """Logo and blurb, Get Help, Programs, Contact Us."""
    return rx.el.footer(
        rx.el.div(
            rx.el.div(
                rx.el.p("Naija Learn", class_name="text-xl font-extrabold text-white"),
                rx.el.p(
                    "Practical courses from Nigerian experts. Learn at your pace, pay in naira, grow your career.",
                    class_name="mt-2 text-sm text-gray-300 max-w-xs",
                ),
            ),
            _column(
                "Get Help",
                ("Contact Us", f"mailto:{CONTACT_EMAIL}"),
                ("Latest courses", routes.COURSES),
                ("FAQ", routes.FAQ),
            ),
            _column(
                "Programs",
                ("All courses", routes.CATEGORIES),
                ("Development", f"{routes.CATEGORIES}?category=development"),
                ("Design", f"{routes.CATEGORIES}?category=design"),
            ),
            rx.el.div(
                rx.el.h2("Contact Us", class_name="text-sm font-semibold uppercase tracking-wide text-white mb-3"),
                rx.el.a(
                    CONTACT_EMAIL, href=f"mailto:{CONTACT_EMAIL}", class_name="text-sm text-gray-300 hover:text-white"
                ),
                rx.el.p("Lagos, Nigeria", class_name="mt-1 text-sm text-gray-300"),
            ),
            class_name=f"{styles.CONTAINER} grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-4",
        ),
        rx.el.p(
            "© 2026 Naija Learn. All rights reserved.",
            class_name="border-t border-white/10 py-4 text-center text-xs text-gray-400",
        ),
        class_name="bg-slate-800 mt-16",
    )
