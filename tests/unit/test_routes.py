"""Page paths are unique, and none can be shadowed by the JSON API."""

from marketplace import routes


def _page_paths() -> list[str]:
    return [v for k, v in vars(routes).items() if k.isupper() and isinstance(v, str) and v.startswith("/")]


def test_no_two_pages_share_a_route():
    paths = _page_paths()
    assert len(paths) == len(set(paths))


def test_no_page_lives_under_the_api_prefix():
    assert not [p for p in _page_paths() if p == "/api" or p.startswith("/api/")]


def test_every_spec_route_exists():
    spec = {
        "/",
        "/register",
        "/login",
        "/categories",
        "/cart",
        "/checkout",
        "/order1",
        "/order2",
        "/profile",
        "/profile1",
        "/profile2",
        "/profile3",
        "/profile4",
        "/profile5",
        "/notifications",
    }
    assert spec <= set(_page_paths())
    assert routes.course(7) == "/courses/7"
    assert routes.teacher(3) == "/teacher/3" and routes.mentor(3) == "/mentors/3"
    assert routes.chat(5) == "/profile5/5" and routes.player(9) == "/order-complete/9"


def test_next_path_must_stay_on_this_site():
    assert routes.safe_next("/profile2") == "/profile2"
    for bad in (
        "https://evil.example",
        "//evil.example",
        "javascript:alert(1)",
        "",
        None,
        "/\\evil",
        "/\t/evil.example",
    ):
        assert routes.safe_next(bad) == "/"


def test_every_guarded_route_runs_the_login_guard_first():
    from reflex_base.registry import RegistrationContext

    import marketplace.marketplace  # noqa: F401 - registers every page
    from marketplace.states.session import SessionState

    registered = {
        kwargs["route"]: kwargs.get("on_load") or [] for _, kwargs in RegistrationContext.get().decorated_pages
    }
    for route in routes.GUARDED:
        loads = registered[route]
        assert loads and loads[0] == SessionState.require_login, route
    assert SessionState.require_login not in registered[routes.HOME]


def test_an_order_link_names_its_reference():
    assert routes.order("NL-1 2") == "/order1?ref=NL-1%202"


def test_the_login_link_comes_back_to_the_page_and_its_query():
    assert routes.login_path("/profile2") == "/login?next=/profile2"
    back = routes.login_path("/checkout", "status=successful&tx_ref=NL-1&transaction_id=77")
    assert back == "/login?next=/checkout%3Fstatus%3Dsuccessful%26tx_ref%3DNL-1%26transaction_id%3D77"
    assert routes.login_path("//evil.example", "a=1") == "/login?next=/"
    assert routes.login_path("/checkout", "next=https://evil.example") == "/login?next=/"


def test_every_dynamic_page_names_its_argument_the_same():
    """Reflex works out each argument name's var again on every change of address, in every tab (issue 14)."""
    from reflex.route import get_route_args
    from reflex_base.registry import RegistrationContext

    import marketplace.marketplace  # noqa: F401 - registers every page

    pages = RegistrationContext.get().decorated_pages
    dynamic = [args["route"] for _page, args in pages if get_route_args(args["route"])]
    assert sorted(dynamic) == sorted(p for p in _page_paths() if "[" in p)
    assert {name for route in dynamic for name in get_route_args(route)} == {routes.ARG}


def test_no_state_reads_the_router_page():
    """``router.page`` is deprecated in Reflex 0.10 and logs so on every read: a review form's route check reading it
    was 14 % of a review submit's event-loop samples. ``router.route_id`` is the route's pattern, ``route_arg`` its
    argument."""
    from pathlib import Path

    import marketplace

    root = Path(marketplace.__file__).parent
    readers = [str(p.relative_to(root)) for p in root.rglob("*.py") if "router.page" in p.read_text(encoding="utf-8")]
    assert readers == []
