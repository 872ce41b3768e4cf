"""The public certificate page (/certificates/[route_arg])."""

import reflex as rx

from marketplace import routes
from marketplace.components.certificate import certificate_card, certificate_not_found
from marketplace.components.ui import error_state
from marketplace.layouts import container, shell, spinner
from marketplace.states.certificate import CertificateState


# rx.page directly (with layouts' shell) because the tab title is a state Var: the learner and the course.
@rx.page(route=routes.CERTIFICATE, title=CertificateState.page_title, on_load=CertificateState.load)
def certificate() -> rx.Component:
    """A certificate anyone can check by its code."""
    return shell(
        container(
            rx.cond(
                CertificateState.loading,
                spinner("Loading certificate..."),
                rx.cond(
                    CertificateState.not_found,
                    certificate_not_found(),
                    rx.cond(
                        CertificateState.error != "",
                        error_state(CertificateState.error, CertificateState.load),
                        certificate_card(),
                    ),
                ),
            ),
            class_name="py-8 sm:py-12",
        )
    )
