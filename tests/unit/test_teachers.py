"""The Teachers page: 6 a page, search by name in any case, the learner's own teachers first and marked."""

from marketplace.domain.teachers import list_teachers
from tests.factories import enroll, make_course, make_instructor, make_user


def test_own_teachers_come_first_and_are_marked(session):
    learner = make_user(session)
    others = [make_instructor(session, first_name=f"Aaron{n}") for n in range(3)]
    mine = make_instructor(session, first_name="Zainab", title="Designer")
    enroll(session, learner, make_course(session, instructor=mine))
    make_course(session, instructor=mine)
    make_course(session, instructor=others[0])
    result = list_teachers(session, user_id=learner.id, query="")
    first = result.data[0]
    assert (first.id, first.user_id, first.mine) == (mine.id, mine.user_id, True)
    assert first.name.startswith("Zainab") and first.title == "Designer" and first.course_count == 2
    assert first.initials.startswith("Z")
    assert [t.mine for t in result.data[1:]] == [False, False, False]
    assert [t.course_count for t in result.data[1:]] == [1, 0, 0]
    assert result.total == 4 and result.pages == 1
    sent = result.model_dump(by_alias=True, mode="json")
    assert sent["teachers"][0]["userId"] == mine.user_id and sent["teachers"][0]["courseCount"] == 2


def test_search_filters_by_name_in_any_case(session):
    learner = make_user(session)
    make_instructor(session, first_name="Chiamaka")
    make_instructor(session, first_name="Tunde")
    names = [t.name for t in list_teachers(session, user_id=learner.id, query="  CHIA ").data]
    assert len(names) == 1 and names[0].startswith("Chiamaka ")
    assert list_teachers(session, user_id=learner.id, query="%").data == []
    full = list_teachers(session, user_id=learner.id, query=names[0].lower()).data
    assert [t.name for t in full] == names


def test_six_per_page_and_the_caller_is_not_listed(session):
    me = make_instructor(session, first_name="Self")
    for n in range(8):
        make_instructor(session, first_name=f"Teacher{n}")
    first = list_teachers(session, user_id=me.user_id, query="", page=1)
    second = list_teachers(session, user_id=me.user_id, query="", page=2)
    assert len(first.data) == 6 and len(second.data) == 2 and first.pages == 2
    ids = {t.id for t in first.data + second.data}
    assert len(ids) == 8 and me.id not in ids
    assert list_teachers(session, user_id=me.user_id, query="", page=9).page == 2
