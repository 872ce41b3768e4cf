"""The course page's essentials (what you'll learn, requirements, audience, language, subtitle) and its preview."""

from __future__ import annotations

from marketplace.db.models import Section
from marketplace.domain import catalog
from tests.factories import enroll, make_course, make_user


def test_the_course_page_carries_its_essentials_on_the_wire(session):
    course = make_course(
        session,
        subtitle="Budget, save and invest",
        language="Yoruba",
        learn=["Build a budget", "  ", "Open a money market fund"],
        requirements=["A phone"],
        audience=["Young professionals"],
    )
    detail = catalog.get_course_detail(session, course.id)
    assert detail.learn == ["Build a budget", "Open a money market fund"]  # blank points are not shown
    sent = detail.model_dump(mode="json", by_alias=True)
    assert {k: sent[k] for k in ("subtitle", "language", "learn", "requirements", "audience")} == {
        "subtitle": "Budget, save and invest",
        "language": "Yoruba",
        "learn": ["Build a budget", "Open a money market fund"],
        "requirements": ["A phone"],
        "audience": ["Young professionals"],
    }


def test_a_course_without_them_says_english_and_lists_nothing(session):
    detail = catalog.get_course_detail(session, make_course(session).id)
    assert (detail.subtitle, detail.language, detail.learn, detail.requirements, detail.audience) == (
        "",
        "English",
        [],
        [],
        [],
    )


def test_the_preview_at_the_top_is_the_first_playable_preview(session):
    course = make_course(session, sections=3)
    first = session.get(Section, catalog.get_course_detail(session, course.id).sections[0].id)
    first.video_url = ""  # a preview with nothing to play is skipped
    second = session.get(Section, catalog.get_course_detail(session, course.id).sections[1].id)
    second.is_preview, second.video_url = True, "https://youtu.be/rfscVS0vtbw"
    session.add_all([first, second])
    session.commit()
    preview = catalog.preview_section(catalog.get_course_detail(session, course.id).sections)
    assert preview is not None and preview.id == second.id
    assert (preview.kind, preview.src) == (
        "youtube",
        "https://www.youtube-nocookie.com/embed/rfscVS0vtbw?enablejsapi=1",
    )


def test_no_preview_means_none_even_for_an_enrolled_viewer(session):
    course = make_course(session, sections=2)
    learner = make_user(session)
    enroll(session, learner, course)
    row = session.get(Section, catalog.get_course_detail(session, course.id).sections[0].id)
    row.is_preview = False
    session.add(row)
    session.commit()
    # Every lesson plays for the owner, but the page's top shows a preview only: none here.
    assert catalog.preview_section(catalog.get_course_detail(session, course.id, viewer_id=learner.id).sections) is None
