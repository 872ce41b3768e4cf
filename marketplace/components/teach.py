"""Pieces of /teach: what teaching here means, the way in for visitors, and the instructor onboarding form."""

from __future__ import annotations

import reflex as rx

from marketplace import routes, styles
from marketplace.components.chat_avatar import person_avatar
from marketplace.components.icons import lucide
from marketplace.components.profile_picture import picture_upload
from marketplace.components.ui import submit_button
from marketplace.domain import profile as profile_rules
from marketplace.states.profile import PICTURE_FIELD, ProfileState
from marketplace.states.session import SessionState
from marketplace.states.teach import TeachState


def _point(icon: str, title: str | rx.Var, text: str | rx.Var) -> rx.Component:
    return rx.el.li(
        lucide(icon, size=22, class_name="shrink-0 text-blue-600", aria_hidden="true"),
        rx.el.div(
            rx.el.h3(title, class_name="font-semibold text-gray-900"),
            rx.el.p(text, class_name=f"{styles.BODY} mt-1 text-sm"),
        ),
        class_name=f"{styles.CARD} flex gap-3 p-4",
    )


def how_it_works() -> rx.Component:
    """The revenue share (from PLATFORM_FEE_PERCENT), how learners pay, the ledger and payouts."""
    share = TeachState.share_percent.to_string()
    fee = TeachState.fee_percent.to_string()
    return rx.el.section(
        rx.el.h2("What teaching here means", id="how-heading", class_name=styles.H2),
        rx.el.ul(
            _point(
                "percent",
                "You keep " + share + "% of every sale",
                "The platform fee is " + fee + "% of what the learner paid for your course, after any discount "
                "code. It pays for payments, video hosting and bringing learners to your course.",
            ),
            _point(
                "credit-card",
                "Learners pay in naira",
                "By card, bank transfer or mobile money, through our payment partner. A learner is enrolled only "
                "once the payment is confirmed. Free courses need no payment at all.",
            ),
            _point(
                "notebook-pen",
                "Every sale in your earnings ledger",
                "Your studio shows each sale: the date, the course, the price paid, the fee and your share, exact "
                "to the kobo, with totals per month and per course.",
            ),
            _point(
                "landmark",
                "Paid to your Nigerian bank account",
                "Add your bank and account number in the studio; the ledger shows what you are owed.",
            ),
            class_name="mt-4 grid gap-3 sm:grid-cols-2",
        ),
        aria_labelledby="how-heading",
    )


def signed_out() -> rx.Component:
    """A visitor logs in or creates an account first, and comes back here."""
    return rx.el.section(
        rx.el.h2("Start with your account", class_name=styles.H3),
        rx.el.p(
            "Log in or create a free account, then fill in your teacher profile. It takes two minutes.",
            class_name=f"{styles.BODY} mt-1",
        ),
        rx.el.div(
            rx.el.a("Log in", href=routes.login_path(routes.TEACH), class_name=styles.BTN_OUTLINE),
            rx.el.a("Create account", href=f"{routes.REGISTER}?next={routes.TEACH}", class_name=styles.BTN_DARK),
            class_name="mt-4 flex flex-wrap gap-3",
        ),
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )


def already_teaching() -> rx.Component:
    """An instructor's way on: the studio, and their public page."""
    return rx.el.section(
        rx.el.h2("You teach on Naija Learn", class_name=styles.H3),
        rx.el.p(
            "Create a course, upload your lessons and publish when you are ready.", class_name=f"{styles.BODY} mt-1"
        ),
        rx.el.div(
            rx.el.a("Go to your studio", href=routes.STUDIO, class_name=styles.BTN_PRIMARY),
            rx.cond(
                TeachState.teacher_url != "",
                rx.el.a("View your teacher page", href=TeachState.teacher_url, class_name=styles.BTN_OUTLINE),
            ),
            class_name="mt-4 flex flex-wrap gap-3",
        ),
        role="status",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )


def _error(name: str) -> rx.Component:
    return rx.cond(
        TeachState.errors.contains(name),
        rx.el.p(TeachState.errors[name], id=f"teach-{name}-error", role="alert", class_name=styles.FIELD_ERROR),
    )


def _field(label: str, name: str, *, hint: str = "", placeholder: str = "", rows: int = 0, type_: str = "text"):
    common = {
        "id": f"teach-{name}",
        "name": name,
        "placeholder": placeholder,
        "on_blur": lambda value: TeachState.check_field(name, value),
        "aria_invalid": TeachState.errors.contains(name),
        "aria_describedby": f"teach-{name}-hint teach-{name}-error",
        "class_name": styles.INPUT,
    }
    control = rx.el.textarea(rows=rows, **common) if rows else rx.el.input(type=type_, **common)
    return rx.el.div(
        rx.el.label(label, html_for=f"teach-{name}", class_name=styles.LABEL),
        control,
        rx.el.p(hint, id=f"teach-{name}-hint", class_name=f"{styles.MUTED} mt-1") if hint else rx.fragment(),
        _error(name),
    )


def _picture() -> rx.Component:
    """The profile picture (the teacher page shows it), uploaded through the profile's own machinery."""
    return rx.el.div(
        rx.el.p("Picture", class_name=styles.LABEL),
        rx.el.div(
            person_avatar(SessionState.user["profilePicture"], SessionState.initials, 80, lazy=False),
            picture_upload("teach-picture"),
            class_name="flex items-center gap-4",
        ),
        rx.el.p("A clear photo of your face: PNG, JPEG, WebP or GIF, up to 2 MB.", class_name=f"{styles.MUTED} mt-1"),
        rx.cond(
            ProfileState.errors.contains(PICTURE_FIELD),
            rx.el.p(ProfileState.errors[PICTURE_FIELD], role="alert", class_name=styles.FIELD_ERROR),
        ),
    )


def onboarding_form() -> rx.Component:
    """Title, about, expertise, experience, picture, website and social links: the public teacher page."""
    links = [
        _field(label, name, type_="url", placeholder=example)
        for name, (label, _sites, example) in profile_rules.LINK_FIELDS.items()
        if name in ("website", "linkedin", "x", "youtube", "facebook")
    ]
    return rx.el.section(
        rx.el.h2("Your teacher profile", id="form-heading", class_name=styles.H3),
        rx.el.p("Learners see this on your teacher page before they buy.", class_name=f"{styles.MUTED} mt-1"),
        rx.el.form(
            _field("Title", "title", placeholder="e.g. Senior Data Analyst at a Lagos bank"),
            _field(
                "About you",
                "about",
                rows=5,
                hint="Who you are and why learners should learn from you (at least 30 characters).",
            ),
            _field(
                "Expertise", "expertise", hint="Separate skills with commas.", placeholder="e.g. Python, Excel, SQL"
            ),
            _field("Experience", "experience", rows=3, placeholder="e.g. Eight years building data teams"),
            _picture(),
            rx.el.fieldset(
                rx.el.legend("Website and social links (optional)", class_name=styles.LABEL),
                *links,
                class_name="flex flex-col gap-3",
            ),
            submit_button(
                "Become an instructor", "Saving...", TeachState.saving, f"{styles.BTN_PRIMARY} w-full sm:w-auto"
            ),
            on_submit=TeachState.submit,
            no_validate=True,
            class_name="mt-4 flex flex-col gap-4",
        ),
        aria_labelledby="form-heading",
        class_name=f"{styles.CARD} p-4 sm:p-6",
    )
