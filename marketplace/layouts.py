"""Page chrome in one place: header, <main>, footer, and the login guard for private pages.

``container`` and ``spinner`` live in components.ui and are re-exported here for the pages."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from marketplace import routes
from marketplace.components.footer import footer
from marketplace.components.header import MENU_SCRIPT, header
from marketplace.components.ui import container, spinner
from marketplace.states.session import SessionState

SITE_NAME = "Naija Learn"

# Toasts sit below the sticky 64 px header on a wide screen (they used to cover the bell and the avatar) and at
# the bottom on a phone, whose header they would cover whole. Sonner takes one position, chosen as it mounts.
PHONE_QUERY = "(max-width: 767px)"  # below Tailwind's md, where the header turns into the phone header
TOAST_POSITION = rx.Var(
    f"((typeof window !== 'undefined' && window.matchMedia('{PHONE_QUERY}').matches) ? 'bottom-right' : 'top-right')"
).to(str)
TOAST_OFFSET = rx.Var.create({"top": "76px", "right": "16px", "bottom": "16px", "left": "16px"})


def toaster() -> rx.Component:
    """The app's toast provider (rx.App(toaster=...)): where toasts show, and for how long."""
    return rx.toast.provider(
        position=TOAST_POSITION,
        theme="light",
        close_button=True,
        toast_options=rx.toast.options(duration=2000),
        pause_when_page_is_hidden=False,
        custom_attrs={"offset": TOAST_OFFSET},  # sonner takes per-side offsets; Reflex types the prop as a string
    )


def head_components() -> list[rx.Component]:
    """What every page's <head> carries: the theme colour and the script of the header's menus (the uploaders'
    script comes with the uploaders, components.studio_upload)."""
    return [
        rx.el.meta(name="theme-color", content="#2563EB"),
        rx.el.script(src=MENU_SCRIPT, defer=True),
    ]


def shell(content: rx.Component) -> rx.Component:
    """Header, main content and footer."""
    return rx.el.div(
        rx.el.a(
            "Skip to content",
            href="#main",
            class_name="sr-only focus:not-sr-only focus:absolute focus:p-2 focus:bg-white",
        ),
        header(),
        rx.el.main(content, id="main", class_name="flex-1"),
        footer(),
        class_name="flex min-h-screen flex-col bg-white text-gray-900 antialiased",
    )


def page(
    route: str,
    title: str | rx.Var | None = None,
    *,
    guarded: bool = False,
    on_load: list | Callable | None = None,
    description: str = "Practical online courses from Nigerian experts, paid in naira.",
):
    """Register a page with the site chrome. Guarded pages show nothing private before the guard has run."""
    loads = on_load if isinstance(on_load, list) else ([on_load] if on_load else [])
    guarded = guarded or route in routes.GUARDED  # one list decides; a page cannot forget its guard
    if guarded:
        loads = [SessionState.require_login, *loads]

    def decorator(render: Callable[[], rx.Component]):
        def component() -> rx.Component:
            body = render()
            if guarded:
                body = rx.cond(rx.State.is_hydrated & SessionState.logged_in, body, spinner(screen_tall=True))
            return shell(body)

        component.__name__ = render.__name__
        # Reflex writes a page's memoized pieces into a JS module named after the page function's module; without
        # this every page's pieces would share one layouts chunk that every route downloads (~90 KiB gzipped).
        component.__module__ = render.__module__
        component.__qualname__ = render.__qualname__
        # A state Var title (a course's name) is used as is; never test a Var for truth.
        full_title = f"{title} | {SITE_NAME}" if isinstance(title, str) else (SITE_NAME if title is None else title)
        return rx.page(route=route, title=full_title, description=description, on_load=loads or None)(component)

    return decorator


__all__ = ["SITE_NAME", "container", "head_components", "page", "shell", "spinner", "toaster"]
