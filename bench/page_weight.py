"""Weigh every public page as a phone loads it: requests, bytes by kind, image sizing, foreign hosts.

Usage (the app must already be running, e.g. `make run`):
    python bench/page_weight.py                         # http://localhost:3000
    python bench/page_weight.py http://localhost:3326 --scroll

Each page opens in a fresh Chromium context (an empty cache, like a first visit) 390 px wide, with no network
throttling. Bytes are what went over the wire (CDP ``Network.loadingFinished`` ``encodedDataLength``: compressed
bodies plus headers); the websocket is not counted. The first table is the page as loaded, before any scrolling,
so lazy images below the fold are not in it. With ``--scroll`` the page is then scrolled to the end and the
image check covers every image; otherwise only the images already loaded are checked. An image is flagged when
its natural width is more than twice the width it is shown at ("not sized for its slot"); the count leaves out
images under ``--min-kib`` (a 160 px avatar in a 44 px slot costs under 2 KiB). The header search is also used
once (``--search``) and only what its results panel fetched is counted on that row. Any request to a host
other than the base URL's is listed; only YouTube (an embedded lesson video) is expected.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from playwright.sync_api import Browser, sync_playwright

WIDTH = 390
HEIGHT = 844
CHROMIUM = "/usr/bin/chromium"
OVERSIZE = 2.0
ALLOWED_FOREIGN = ("youtube.com", "www.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com")

# Which CDP resource type counts as what.
KINDS = {"Script": "js", "Stylesheet": "css", "Image": "img", "Font": "font", "Document": "doc"}

IMAGE_SIZES = """() => [...document.images].map((img) => {
  const box = img.getBoundingClientRect();
  return {src: img.currentSrc || img.src, shownW: Math.round(box.width), shownH: Math.round(box.height),
          naturalW: img.naturalWidth, naturalH: img.naturalHeight, loading: img.loading,
          hasSize: img.hasAttribute('width') && img.hasAttribute('height'), complete: img.complete};
})"""


@dataclass
class Weight:
    """What one page load moved."""

    path: str
    requests: int = 0
    bytes_by_kind: dict[str, int] = field(default_factory=dict)
    image_bytes: dict[str, int] = field(default_factory=dict)
    foreign: set[str] = field(default_factory=set)
    images: list[dict] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.bytes_by_kind.values())

    def kib(self, kind: str) -> float:
        return self.bytes_by_kind.get(kind, 0) / 1024


def _get_json(url: str):
    with urllib.request.urlopen(url, timeout=20) as response:
        return json.load(response)


def public_paths(base: str) -> list[str]:
    """The public pages, with a real course and instructor id read from the app's own API."""
    courses = _get_json(urljoin(base, "/api/courses?per_page=1"))["data"]
    instructors = _get_json(urljoin(base, "/api/instructors?per_page=1"))
    course_id = courses[0].get("id") or courses[0].get("_id")
    instructor_id = instructors[0].get("id") or instructors[0].get("_id")
    return [
        "/",
        "/categories",
        "/courses?category=design",
        f"/courses/{course_id}",
        f"/teacher/{instructor_id}",
        f"/mentors/{instructor_id}",
        "/login",
        "/register",
        "/forgot-password",
        "/faq",
        "/does-not-exist",
    ]


def _search(page, query: str) -> None:
    """Type ``query`` in the header search (behind the menu on a phone) and wait for the results panel."""
    menu = page.get_by_label("Menu")
    if menu.count() and menu.first.is_visible():
        menu.first.click()
    box = next(b for b in page.get_by_label("Search courses").all() if b.is_visible())
    box.fill(query)
    page.get_by_role("option").first.wait_for(state="visible", timeout=15_000)
    page.wait_for_timeout(1_500)  # the result thumbnails


def weigh(browser: Browser, base: str, path: str, scroll: bool, search: str = "") -> Weight:
    """Load ``path`` in a fresh phone-sized context and add up what came over the network.

    With ``search``, the header search is then used and only what the results panel fetched is counted.
    """
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, device_scale_factor=1)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    weight = Weight(f"{path} + search '{search}'" if search else path)
    kinds: dict[str, str] = {}
    urls: dict[str, str] = {}
    base_host = urlsplit(base).netloc
    loaded: dict[str, int] = {}

    def sent(event: dict) -> None:
        url = event["request"]["url"]
        if not url.startswith("http"):
            return
        urls[event["requestId"]] = url
        kinds[event["requestId"]] = KINDS.get(event.get("type", ""), "other")
        host = urlsplit(url).netloc
        if host != base_host:
            weight.foreign.add(host)

    def finished(event: dict) -> None:
        if event["requestId"] in urls:
            loaded[event["requestId"]] = int(event["encodedDataLength"])

    def tally(ids: set[str]) -> None:
        weight.requests = len(ids)
        weight.bytes_by_kind = {}
        for request_id in ids:
            kind, size = kinds[request_id], loaded.get(request_id, 0)
            weight.bytes_by_kind[kind] = weight.bytes_by_kind.get(kind, 0) + size
            if kind == "img":
                weight.image_bytes[urls[request_id]] = size

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", finished)
    page.goto(urljoin(base, path), wait_until="load")
    page.locator("main h1").first.wait_for(state="visible", timeout=30_000)
    try:
        page.wait_for_load_state("networkidle", timeout=10_000)
    except Exception:  # noqa: BLE001 - a page that keeps polling is weighed as it stands
        page.wait_for_timeout(2_000)
    before = set(urls)
    if search:
        _search(page, search)
        tally(set(urls) - before)
    else:
        tally(before)
        if scroll:
            page.evaluate(
                """async () => { for (let y = 0; y < document.body.scrollHeight; y += 400) {
                     window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 120)); } }"""
            )
            page.wait_for_timeout(1_500)
    # Bytes of every image fetched so far (also the lazy ones a scroll brought), for the sizing report.
    sizes = {urlsplit(urls[i]).path: loaded.get(i, 0) for i in urls if kinds[i] == "img"}
    weight.images = [
        {**i, "bytes": sizes.get(urlsplit(i["src"]).path, 0)}
        for i in page.evaluate(IMAGE_SIZES)
        if i["naturalW"] > 0 and i["shownW"] > 0 and (not search or urlsplit(i["src"]).path in sizes)
    ]
    context.close()
    return weight


def oversized(weight: Weight, min_kib: float = 0) -> list[dict]:
    """Images whose natural width is more than twice the width they are shown at (and weigh at least min_kib)."""
    return [i for i in weight.images if i["naturalW"] > OVERSIZE * i["shownW"] and i["bytes"] >= min_kib * 1024]


def _short(url: str) -> str:
    return urlsplit(url).path or url


def report(weights: list[Weight], min_kib: float) -> None:
    """Print the table per page, then the details of anything flagged."""
    header = (
        f"{'page':<34} {'req':>4} {'total':>7} {'JS':>6} {'CSS':>5} {'img':>6} {'font':>5} "
        f"{'largest image (KiB, shown/natural px)':<40} {'>2x':>4} foreign"
    )
    print(f"Page weight at {WIDTH} px: KiB transferred on a first visit (empty cache), before scrolling\n")
    print(header)
    print("-" * len(header))
    for w in weights:
        largest = "-"
        if w.image_bytes:
            url, size = max(w.image_bytes.items(), key=lambda kv: kv[1])
            shown = next((i for i in w.images if urlsplit(i["src"]).path == urlsplit(url).path), None)
            sizes = f" {shown['shownW']}/{shown['naturalW']}" if shown else ""
            largest = f"{_short(url).removeprefix('/images/')[-24:]} {size / 1024:.1f}{sizes}"
        foreign = ",".join(sorted(w.foreign)) or "none"
        print(
            f"{w.path[:34]:<34} {w.requests:>4} {w.total / 1024:>7.1f} {w.kib('js'):>6.1f} {w.kib('css'):>5.1f} "
            f"{w.kib('img'):>6.1f} {w.kib('font'):>5.1f} {largest:<40} {len(oversized(w, min_kib)):>4} {foreign}"
        )
    print(f"\n>2x: images more than twice as wide as their slot and weighing at least {min_kib:g} KiB")
    for w in weights:
        if not oversized(w):
            continue
        print(f"\nNot sized for their slot on {w.path}:")
        for i in oversized(w):
            note = "" if i["bytes"] >= min_kib * 1024 else "  (tiny: left as is)"
            print(
                f"  {_short(i['src'])}: shown {i['shownW']}x{i['shownH']}, natural {i['naturalW']}x{i['naturalH']}, "
                f"{i['bytes'] / 1024:.1f} KiB{note}"
            )
    for w in weights:
        for i in w.images:
            if not i["hasSize"]:
                print(f"Image without width/height on {w.path}: {_short(i['src'])}")
    bad_hosts = {h for w in weights for h in w.foreign if h not in ALLOWED_FOREIGN}
    if bad_hosts:
        print(f"\nRequests to other hosts: {', '.join(sorted(bad_hosts))}")


def main(argv: list[str] | None = None) -> int:
    """Weigh the pages of the app at ``base`` and print the report; exit 1 when a page went to another host."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://localhost:3000", help="the running app's URL")
    parser.add_argument("--scroll", action="store_true", help="scroll to the end before checking images")
    parser.add_argument("--search", default="design", help="also weigh the header search's results for this text")
    parser.add_argument("--min-kib", type=float, default=4, help="oversized images lighter than this are not counted")
    parser.add_argument("--json", help="also write the numbers to this file")
    args = parser.parse_args(argv)
    base = args.base.rstrip("/")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]
        )
        weights = [weigh(browser, base, path, args.scroll) for path in public_paths(base)]
        if args.search:
            weights.append(weigh(browser, base, "/faq", False, search=args.search))
        browser.close()
    report(weights, args.min_kib)
    if args.json:
        with open(args.json, "w") as out:
            rows = [
                {
                    "path": w.path,
                    "requests": w.requests,
                    "bytes": w.bytes_by_kind,
                    "oversized": oversized(w),
                    "foreign": sorted(w.foreign),
                }
                for w in weights
            ]
            json.dump(rows, out, indent=2)
    return 1 if any(h not in ALLOWED_FOREIGN for w in weights for h in w.foreign) else 0


if __name__ == "__main__":
    sys.exit(main())
