"""Screenshots that show the whole page as a person sees it after scrolling (lazy images loaded)."""

from tests.e2e.conftest import screenshot

_SCROLL_THROUGH = (
    "async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) {"
    " window.scrollTo(0, y); await new Promise(r => setTimeout(r, 60)); } window.scrollTo(0, 0); }"
)


def shoot(page, name: str) -> None:
    """A full-page screenshot under test-artifacts/screens/ after scrolling through the page."""
    page.evaluate(_SCROLL_THROUGH)
    page.wait_for_timeout(300)
    screenshot(page, name)
