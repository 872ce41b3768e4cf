"""The studio's list with students and revenue, publish checks naming each missing piece, unpublishing, and the
deletion rule (docs/product.md, "Instructor studio").
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from sqlmodel import select

from marketplace.db.models import (
    CartEntry,
    Course,
    CourseCategory,
    EarningEntry,
    Enrollment,
    Instructor,
    Order,
    OrderLine,
    Section,
    WishlistEntry,
)
from marketplace.domain import search, studio
from marketplace.domain.errors import Conflict
from marketplace.shapes.studio import CourseChanges, SectionChanges
from tests.factories import enroll, make_category, make_course, make_instructor, make_upload, make_user
from tests.studio_helpers import refused

NEEDS_VIDEO = "Add at least one lesson with a playable video"


def _changes(**fields) -> CourseChanges:
    return CourseChanges(**fields)


def _ready(session, teacher, course_id) -> None:
    """Everything a course needs to be published."""
    category = make_category(session)
    studio.update_course(
        session,
        teacher.user_id,
        course_id,
        _changes(description="Cook it right", price=Decimal("0"), category_ids=[category.id]),
    )
    image = make_upload(session, teacher.user_id, kind="image")
    studio.set_thumbnail(session, teacher.user_id, course_id, image.id)
    draft = studio.add_section(session, teacher.user_id, course_id, "Rice")
    studio.update_section(
        session, teacher.user_id, draft.sections[0].id, SectionChanges(video_url="https://youtu.be/dQw4w9WgXcQ")
    )
    session.commit()


# --- the list ------------------------------------------------------------------------------------------------------


def _sale(session, course, net_kobo):
    buyer = make_user(session)
    order = Order(
        user_id=buyer.id,
        tx_ref=f"tx-{buyer.id}",
        provider="sandbox",
        status="paid",
        subtotal_kobo=net_kobo * 2,
        discount_kobo=0,
        tax_kobo=0,
        total_kobo=net_kobo * 2,
        email=buyer.email,
        country="Nigeria",
        state="Lagos",
    )
    session.add(order)
    session.flush()
    line = OrderLine(order_id=order.id, course_id=course.id, title=course.title, price_kobo=net_kobo * 2)
    session.add(line)
    session.flush()
    session.add(
        EarningEntry(
            order_id=order.id,
            order_line_id=line.id,
            course_id=course.id,
            instructor_id=course.instructor_id,
            buyer_user_id=buyer.id,
            list_price_kobo=net_kobo * 2,
            paid_kobo=net_kobo * 2,
            fee_kobo=net_kobo,
            net_kobo=net_kobo,
            fee_percent=50,
        )
    )
    enroll(session, buyer, course)


def test_my_courses_lists_only_mine_with_students_and_net_revenue(session, teacher, draft):
    sold = make_course(session, instructor=teacher, title="Egusi soup", rating=4.26, review_count=3)
    _sale(session, sold, 700_050)
    _sale(session, sold, 350_000)
    someone_elses = make_course(session)
    _sale(session, someone_elses, 999)
    session.expire_all()  # enrollment_count is kept by a database trigger
    rows = studio.my_courses(session, teacher.user_id)
    by_title = {row.title: row for row in rows}
    assert set(by_title) == {"Jollof for beginners", "Egusi soup"}
    egusi = by_title["Egusi soup"]
    assert (egusi.students, egusi.revenue, egusi.revenue_text, egusi.rating, egusi.review_count) == (
        2,
        Decimal("10500.50"),
        "₦10,500.50",
        4.3,
        3,
    )
    assert (by_title["Jollof for beginners"].status, by_title["Jollof for beginners"].revenue) == ("draft", Decimal(0))
    assert studio.my_courses(session, make_instructor(session).user_id) == []


# --- publishing ----------------------------------------------------------------------------------------------------


def test_publish_names_each_missing_piece(session, teacher, draft):
    with pytest.raises(studio.PublishBlocked) as caught:
        studio.publish(session, teacher.user_id, draft.id)
    assert caught.value.problems == [
        "Add a description",
        "Upload a thumbnail",
        "Add at least one lesson with a playable video",
        "Set a price (0 makes the course free)",
    ]
    assert caught.value.status == 422 and caught.value.field == "publish"
    assert caught.value.message.startswith("Before publishing: Add a description; Upload a thumbnail;")
    assert session.get(Course, draft.id).status == "draft"
    # A title cannot be blanked through the studio; a course written another way is still checked.
    course = session.get(Course, draft.id)
    course.title = ""
    assert "Add a title" in studio.publish_problems(session, teacher.user_id, draft.id)


def test_each_piece_fixed_leaves_the_list(session, teacher, draft):
    def problems():
        return studio.publish_problems(session, teacher.user_id, draft.id)

    studio.update_course(session, teacher.user_id, draft.id, _changes(description="Rice"))
    assert "Add a description" not in problems()
    studio.update_course(session, teacher.user_id, draft.id, _changes(price=Decimal("0")))
    assert "Set a price (0 makes the course free)" not in problems()
    studio.set_thumbnail(session, teacher.user_id, draft.id, make_upload(session, teacher.user_id).id)
    assert problems() == ["Add at least one lesson with a playable video"]
    lesson = studio.add_section(session, teacher.user_id, draft.id, "Silent lesson").sections[0]
    assert problems() == ["Add at least one lesson with a playable video"]  # a lesson without video is not enough
    studio.update_section(
        session, teacher.user_id, lesson.id, SectionChanges(video_url="youtube.com/embed/dQw4w9WgXcQ")
    )
    assert problems() == []


def test_an_uploaded_video_counts_only_once_ready(session, teacher, draft):
    lesson = studio.add_section(session, teacher.user_id, draft.id, "Uploaded").sections[0]
    video = make_upload(session, teacher.user_id, kind="video", section_id=lesson.id, duration_seconds=95)
    studio.attach_video(session, teacher.user_id, lesson.id, video.id)
    assert NEEDS_VIDEO not in studio.publish_problems(session, teacher.user_id, draft.id)
    video.status = "rejected"  # e.g. removed by a later check
    session.add(video)
    session.flush()
    assert NEEDS_VIDEO in studio.publish_problems(session, teacher.user_id, draft.id)


def test_publish_puts_the_course_in_the_catalog_and_search_and_unpublish_takes_it_out(session, teacher, draft):
    _ready(session, teacher, draft.id)
    assert search.search_courses(session, "jollof") == []  # a draft is not in search
    published = studio.publish(session, teacher.user_id, draft.id)
    session.commit()
    assert (published.status, published.publish_problems) == ("published", [])
    first = session.get(Course, draft.id).published_at
    assert first is not None
    assert [r.id for r in search.search_courses(session, "jollof")] == [draft.id]
    assert studio.unpublish(session, teacher.user_id, draft.id).status == "unpublished"
    session.commit()
    assert search.search_courses(session, "jollof") == []
    studio.publish(session, teacher.user_id, draft.id)
    session.commit()
    assert session.get(Course, draft.id).published_at == first  # the first publication date stays


def test_a_draft_cannot_be_unpublished(session, teacher, draft):
    refused(
        lambda: studio.unpublish(session, teacher.user_id, draft.id),
        "status",
        "Only a published course can be unpublished.",
    )


# --- deleting ------------------------------------------------------------------------------------------------------


def test_a_course_with_learners_is_never_deleted(session, teacher, draft):
    enroll(session, make_user(session), session.get(Course, draft.id))
    with pytest.raises(Conflict, match=r"^This course has learners enrolled; unpublish it instead\.$") as caught:
        studio.delete_course(session, teacher.user_id, draft.id)
    assert caught.value.status == 409
    session.rollback()
    assert session.get(Course, draft.id) is not None


def test_deleting_removes_the_course_and_what_points_at_it(session, teacher, draft):
    category = make_category(session)
    studio.update_course(session, teacher.user_id, draft.id, _changes(category_ids=[category.id]))
    studio.add_section(session, teacher.user_id, draft.id, "One")
    shopper = make_user(session)
    session.add(CartEntry(user_id=shopper.id, course_id=draft.id))
    session.add(WishlistEntry(user_id=shopper.id, course_id=draft.id))
    session.commit()
    studio.delete_course(session, teacher.user_id, draft.id)
    session.commit()
    assert session.get(Course, draft.id) is None
    for model in (Section, CourseCategory, CartEntry, WishlistEntry):
        assert session.exec(select(model).where(model.course_id == draft.id)).all() == []
    assert session.get(Instructor, teacher.id) is not None


def test_a_course_in_an_order_is_not_deleted(session, teacher, draft):
    course = session.get(Course, draft.id)
    _sale(session, course, 100)
    for enrollment in session.exec(select(Enrollment).where(Enrollment.course_id == draft.id)).all():
        session.delete(enrollment)
    session.commit()
    with pytest.raises(Conflict, match="in learners' orders"):
        studio.delete_course(session, teacher.user_id, draft.id)


def test_a_draft_can_forget_its_price_but_a_published_course_cannot(session, teacher, draft):
    studio.update_course(session, teacher.user_id, draft.id, _changes(price=Decimal("500")))
    cleared = studio.update_course(session, teacher.user_id, draft.id, _changes(price=None))
    assert cleared.price is None and "Set a price (0 makes the course free)" in cleared.publish_problems
    _ready(session, teacher, draft.id)
    studio.publish(session, teacher.user_id, draft.id)
    refused(
        lambda: studio.update_course(session, teacher.user_id, draft.id, _changes(price=None)),
        "price",
        "A published course needs a price (0 makes it free).",
    )
