"""Only published courses are in the public catalog; drafts and unpublished courses are seen by the few who may.

docs/product.md, "Catalog visibility": the listing, search, categories and their counts, the home page, teachers'
pages, related and featured courses, the price range and the languages show published courses only. A draft's page
is its instructor's alone; an unpublished course's page is also its enrolled learners'. Nobody buys an unpublished,
free or own course.
"""

from __future__ import annotations

import pytest
from sqlmodel import select

from marketplace.db.models import CartEntry, User, WishlistEntry
from marketplace.domain import cart, catalog, catalog_views, checkout, review_writing, teachers, wishlist
from marketplace.domain.catalog_visibility import FREE_COURSE, NO_LONGER_AVAILABLE, OWN_COURSE
from marketplace.domain.errors import Conflict, Forbidden, NotFound
from marketplace.domain.search import forget_corrections, search_courses
from marketplace.payments.registry import active_provider_name
from tests.factories import enroll, make_category, make_course, make_instructor, make_user


@pytest.fixture(autouse=True)
def _fresh_corrections():
    forget_corrections()  # each test builds its own words into the index
    yield
    forget_corrections()


def _catalog(session):
    """One category, one teacher: a published course, a draft and an unpublished one, all with one word."""
    category = make_category(session, "Baking")
    teacher = make_instructor(session, first_name="Bola")
    shown = make_course(session, instructor=teacher, categories=[category], title="Zobo Published Basics")
    draft = make_course(
        session,
        instructor=teacher,
        categories=[category],
        title="Zobo Draft Secrets",
        status="draft",
        price_kobo=9_000_000,
        language="Hausa",
    )
    hidden = make_course(
        session,
        instructor=teacher,
        categories=[category],
        title="Zobo Unpublished Course",
        status="unpublished",
        price_kobo=8_000_000,
        language="Igbo",
    )
    return category, teacher, shown, draft, hidden


def _ids(cards) -> set[int]:
    return {card.id for card in cards}


def test_the_listing_and_its_count_hold_published_courses_only_in_every_sort(session):
    _category, _teacher, shown, _draft, _hidden = _catalog(session)
    for sort in catalog.SORTS:
        page = catalog.list_courses(session, sort=sort)
        assert (_ids(page.data), page.total) == ({shown.id}, 1), sort


def test_category_filters_and_counts_leave_drafts_and_unpublished_courses_out(session):
    _category, _teacher, shown, _draft, _hidden = _catalog(session)
    make_category(session, "Empty")
    assert _ids(catalog.list_courses(session, category="baking").data) == {shown.id}
    counts = {c.slug: c.course_count for c in catalog.list_categories(session)}
    assert counts == {"baking": 1, "empty": 0}
    assert [c.course_count for c in catalog.top_categories(session)] == [1]
    assert catalog.catalog_stats(session).courses == 1


def test_search_finds_published_courses_only_and_never_offers_a_drafts_words(session):
    _category, _teacher, shown, _draft, _hidden = _catalog(session)
    assert [r.id for r in search_courses(session, "zobo")] == [shown.id]
    assert search_courses(session, "secrets") == []  # only the draft has it
    assert search_courses(session, "secrest") == []  # no correction towards a draft's word either
    assert _ids(catalog.list_courses(session, q="zobo").data) == {shown.id}
    assert _ids(catalog.list_courses(session, q="zobo", sort="newest").data) == {shown.id}  # the filtered path


def test_publishing_and_unpublishing_move_a_course_in_and_out_of_search_at_once(session):
    _category, _teacher, shown, draft, _hidden = _catalog(session)
    draft.status = "published"
    shown.status = "unpublished"
    session.add_all([draft, shown])
    session.commit()
    forget_corrections()
    assert [r.id for r in search_courses(session, "zobo")] == [draft.id]
    assert [r.id for r in search_courses(session, "secrets")] == [draft.id]
    assert search_courses(session, "basics") == []


def test_home_blocks_featured_related_price_range_and_languages_show_published_courses_only(session):
    category, _teacher, shown, _draft, hidden = _catalog(session)
    other = make_course(session, categories=[category], title="Chin Chin at Home", price_kobo=100_000)
    assert _ids(catalog.top_courses(session)) == {shown.id, other.id}
    assert _ids(catalog.featured_courses(session)) == {shown.id, other.id}
    assert _ids(catalog.related_courses(session, shown.id)) == {other.id}
    assert catalog.max_course_price(session) == 15_000  # not the draft's 90,000 nor the unpublished 80,000
    assert catalog.languages(session) == ["English"]
    with pytest.raises(NotFound):
        catalog.related_courses(session, hidden.id)  # its page is not a visitor's to see


def test_teacher_pages_count_and_list_published_courses_only(session):
    _category, teacher, shown, _draft, _hidden = _catalog(session)
    learner = make_user(session)
    mentor = catalog.mentor_page(session, teacher.id)
    assert (_ids(mentor.courses), mentor.course_count) == ({shown.id}, 1)
    assert [card.course_count for card in catalog.list_instructors(session).data] == [1]
    assert [row.course_count for row in teachers.list_teachers(session, user_id=learner.id).data] == [1]


def test_a_testimonial_of_an_unpublished_course_is_not_quoted_on_the_home_page(session):

    _category, _teacher, shown, _draft, hidden = _catalog(session)
    learner = make_user(session)
    for course in (shown, hidden):
        enroll(session, learner, course)
    review_writing.add_review(
        session,
        author_id=learner.id,
        target_type="Course",
        target_id=hidden.id,
        rating=5,
        comment="Wonderful course, every lesson was clear.",
    )
    session.commit()
    assert catalog_views.testimonials(session) == []


def test_a_drafts_page_is_its_instructors_alone(session):
    _category, teacher, _shown, draft, _hidden = _catalog(session)
    stranger = make_user(session)
    for viewer in (None, stranger.id):
        with pytest.raises(NotFound):
            catalog.get_course_detail(session, draft.id, viewer_id=viewer)
    detail = catalog.get_course_detail(session, draft.id, viewer_id=teacher.user_id)
    assert (detail.status, detail.teaches) == ("draft", True)
    assert all(not section.locked for section in detail.sections)  # the teacher watches every lesson


def test_an_unpublished_course_stays_for_its_learners_and_its_teacher(session):
    _category, teacher, _shown, _draft, hidden = _catalog(session)
    learner, stranger = make_user(session), make_user(session)
    enroll(session, learner, hidden)
    with pytest.raises(NotFound):
        catalog.get_course_detail(session, hidden.id, viewer_id=stranger.id)
    with pytest.raises(NotFound):
        catalog.get_course_detail(session, hidden.id)
    mine = catalog.get_course_detail(session, hidden.id, viewer_id=learner.id)
    assert (mine.status, mine.enrolled, mine.teaches) == ("unpublished", True, False)
    assert catalog.get_course_detail(session, hidden.id, viewer_id=teacher.user_id).teaches


def test_learners_of_an_unpublished_course_keep_it_in_my_courses_and_the_player(session):
    from marketplace.domain import learning

    _category, _teacher, _shown, _draft, hidden = _catalog(session)
    learner = make_user(session)
    enroll(session, learner, hidden)
    mine = learning.enrolled_courses(session, learner.id)
    assert [course.id for course in mine.courses] == [hidden.id]
    player = learning.player_view(session, user_id=learner.id, course_id=hidden.id)
    assert player.course.title == "Zobo Unpublished Course" and player.sections[1].src != ""


def test_nobody_adds_an_unpublished_or_draft_course_to_a_cart(session):
    _category, _teacher, _shown, draft, hidden = _catalog(session)
    learner = make_user(session)
    with pytest.raises(Conflict, match=NO_LONGER_AVAILABLE):
        cart.add_to_cart(session, user_id=learner.id, course_id=hidden.id)
    with pytest.raises(NotFound):
        cart.add_to_cart(session, user_id=learner.id, course_id=draft.id)
    with pytest.raises(Conflict, match=NO_LONGER_AVAILABLE):
        cart.course_item(session, hidden.id)  # a visitor's cart too


def test_a_visitors_browser_cart_loses_a_course_that_left_the_catalog(session):
    _category, _teacher, shown, _draft, _hidden = _catalog(session)
    held = cart.priced([cart.course_item(session, shown.id)], [])
    shown.status = "unpublished"
    session.add(shown)
    session.commit()
    assert cart.reprice(session, held).items == []


def test_an_instructor_cannot_put_their_own_course_in_a_cart_nor_buy_it_now(session):
    _category, teacher, shown, _draft, _hidden = _catalog(session)
    with pytest.raises(Forbidden, match=OWN_COURSE):
        cart.add_to_cart(session, user_id=teacher.user_id, course_id=shown.id)
    with pytest.raises(Forbidden, match=OWN_COURSE):
        cart.course_item(session, shown.id, teacher.user_id)
    merged = cart.merge_local_cart(session, user_id=teacher.user_id, items=[shown.id])
    assert merged.items == []


def test_a_free_course_is_refused_by_the_cart_with_the_way_to_enroll(session):
    free = make_course(session, price_kobo=0, title="Free Intro")
    learner = make_user(session)
    with pytest.raises(Conflict, match=FREE_COURSE):
        cart.add_to_cart(session, user_id=learner.id, course_id=free.id)
    card = catalog.get_course(session, free.id)
    assert (card.price_text, card.free) == ("Free", True)
    assert [r.price_text for r in search_courses(session, "free intro")] == ["Free"]


def test_a_course_unpublished_while_in_a_cart_leaves_it_and_checkout_says_so(session):
    _category, _teacher, shown, _draft, _hidden = _catalog(session)
    learner = make_user(session)
    cart.add_to_cart(session, user_id=learner.id, course_id=shown.id)
    session.commit()
    shown.status = "unpublished"
    session.add(shown)
    session.commit()
    assert cart.get_cart(session, user_id=learner.id).items == []
    with pytest.raises(Conflict, match="Zobo Published Basics is no longer available"):
        checkout.start_checkout(
            session,
            user=learner,
            provider=active_provider_name(),
            course_ids=[shown.id],
            total_amount="16500",
            email=learner.email,
            country="Nigeria",
            state="Lagos",
        )
    assert (
        session.exec(select(CartEntry).where(CartEntry.course_id == shown.id)).first() is not None
    )  # back if republished


def test_checkout_refuses_the_buyers_own_course_and_a_free_one(session):
    teacher = make_instructor(session)
    own = make_course(session, instructor=teacher, title="My Own Course")
    free = make_course(session, price_kobo=0, title="A Free Course")
    buyer = session.get(User, teacher.user_id)
    for course, message in ((own, "You teach My Own Course"), (free, "A Free Course is free")):
        with pytest.raises(Conflict, match=message):
            checkout.start_checkout(
                session,
                user=buyer,
                provider=active_provider_name(),
                course_ids=[course.id],
                total_amount="0",
                email=buyer.email,
                country="Nigeria",
                state="Lagos",
            )


def test_an_instructor_cannot_review_their_own_course_even_when_enrolled(session):

    teacher = make_instructor(session)
    course = make_course(session, instructor=teacher)
    owner = session.get(User, teacher.user_id)
    enroll(session, owner, course)
    with pytest.raises(Forbidden, match=OWN_COURSE):
        review_writing.add_review(
            session, author_id=owner.id, target_type="Course", target_id=course.id, rating=5, comment="Great!"
        )


def test_the_wishlist_keeps_an_unpublished_course_only_for_those_who_own_it(session):
    _category, _teacher, _shown, draft, hidden = _catalog(session)
    owner, other = make_user(session), make_user(session)
    enroll(session, owner, hidden)
    # Both hearted it while it was in the catalog.
    session.add_all([WishlistEntry(user_id=user.id, course_id=hidden.id) for user in (owner, other)])
    session.commit()
    assert _ids(wishlist.list_courses(session, user_id=owner.id).data) == {hidden.id}
    listed = wishlist.list_courses(session, user_id=other.id)
    assert (listed.data, listed.total) == ([], 0)
    with pytest.raises(NotFound):
        wishlist.add(session, user_id=other.id, course_id=draft.id)
