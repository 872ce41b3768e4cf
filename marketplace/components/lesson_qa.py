"""The player's Q&A tab: the ask form, the questions with their answers and upvotes, sorting, paging.

Text typed stays in the browser until it is posted (the counter is the only thing sent while typing, debounced);
every question and answer is shown as text, never as HTML.
"""

from __future__ import annotations

import reflex as rx

from marketplace import styles
from marketplace.components.icons import lucide
from marketplace.components.ui import badge, error_state, pager, spinner
from marketplace.shapes.questions import Answer, Question
from marketplace.states.lesson_qa import ASK_BOX, LessonQAState
from marketplace.states.player import PlayerState

COUNT_EVERY_MS = 250
_TOGGLE = "min-h-[40px] rounded-md px-3 text-sm font-medium"


def _avatar(initials) -> rx.Component:
    return rx.el.span(
        initials,
        aria_hidden="true",
        class_name="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-100 text-xs font-bold "
        "text-blue-800",
    )


def _counter(length, box_id: str) -> rx.Component:
    over = length > LessonQAState.max_length
    return rx.el.span(
        length.to_string(),
        " / ",
        LessonQAState.max_length.to_string(),
        rx.el.span(" characters", class_name="sr-only"),
        id=f"{box_id}-count",
        class_name=rx.cond(over, "text-xs font-semibold text-red-700", "text-xs text-gray-600"),
    )


def _field_error(message, box_id: str) -> rx.Component:
    return rx.cond(
        message != "",
        rx.el.p(message, id=f"{box_id}-error", role="alert", class_name=styles.FIELD_ERROR),
    )


def _textarea(box_id: str, label_id: str, on_change, rows: int, placeholder: str) -> rx.Component:
    return rx.el.textarea(
        id=box_id,
        name="body",
        rows=rows,
        placeholder=placeholder,
        aria_labelledby=label_id,
        aria_describedby=f"{box_id}-count",
        on_change=on_change.debounce(COUNT_EVERY_MS),
        class_name=f"{styles.INPUT} resize-y",
    )


def ask_form() -> rx.Component:
    """Ask under the lesson playing, with a character counter and the domain's own messages."""
    return rx.el.form(
        rx.el.label(
            "Ask a question about ",
            rx.el.span(PlayerState.current.title, class_name="font-semibold"),
            id="qa-ask-label",
            html_for=ASK_BOX,
            class_name=styles.LABEL,
        ),
        _textarea(ASK_BOX, "qa-ask-label", LessonQAState.count_ask, 3, "What would you like to know?"),
        rx.el.div(
            _counter(LessonQAState.ask_length, ASK_BOX),
            rx.el.button(
                rx.cond(LessonQAState.asking, "Posting...", "Post question"),
                type="submit",
                disabled=LessonQAState.asking,
                class_name=styles.BTN_PRIMARY,
            ),
            class_name="mt-2 flex items-center justify-between gap-3",
        ),
        _field_error(LessonQAState.ask_error, ASK_BOX),
        on_submit=LessonQAState.ask,
        aria_label="Ask a question",
        class_name="rounded-lg border border-gray-200 bg-gray-50 p-4",
    )


def _controls() -> rx.Component:
    def scope_button(key: str, label: str) -> rx.Component:
        on = LessonQAState.scope == key
        return rx.el.button(
            label,
            type="button",
            aria_pressed=on,
            on_click=LessonQAState.set_scope(key),
            class_name=rx.cond(on, f"{_TOGGLE} bg-white text-blue-700 shadow-sm", f"{_TOGGLE} text-gray-600"),
        )

    return rx.el.div(
        rx.el.div(
            scope_button("lesson", "This lesson"),
            scope_button("course", "All lessons"),
            role="group",
            aria_label="Which questions",
            class_name="flex gap-1 rounded-lg bg-gray-100 p-1",
        ),
        rx.el.div(
            rx.el.label("Sort by", html_for="qa-sort", class_name="text-sm font-medium text-gray-700"),
            rx.el.select(
                rx.el.option("Newest", value="newest"),
                rx.el.option("Top", value="top"),
                id="qa-sort",
                value=LessonQAState.sort,
                on_change=LessonQAState.set_sort,
                class_name="min-h-[44px] rounded-md border border-gray-300 bg-white px-2 text-sm",
            ),
            class_name="flex items-center gap-2",
        ),
        class_name="flex flex-wrap items-center justify-between gap-3",
    )


def _answer(item: Answer) -> rx.Component:
    return rx.el.li(
        _avatar(item.author_initials),
        rx.el.div(
            rx.el.div(
                rx.el.span(item.author_name, class_name="text-sm font-semibold text-gray-900"),
                rx.cond(item.by_instructor, badge("Instructor", "blue")),
                rx.el.span(item.time_text, class_name="text-xs text-gray-600"),
                class_name="flex flex-wrap items-center gap-2",
            ),
            rx.el.p(item.body, class_name="mt-1 whitespace-pre-line break-words text-sm text-gray-700"),
            class_name="min-w-0 flex-1",
        ),
        class_name=rx.cond(
            item.by_instructor,
            "flex gap-3 rounded-md border-l-4 border-blue-600 bg-blue-50 p-3",
            "flex gap-3 rounded-md bg-gray-50 p-3",
        ),
        data_testid="answer",
    )


def _answer_form(question: Question) -> rx.Component:
    box = "qa-answer-body"
    return rx.el.form(
        rx.el.label("Your answer", id="qa-answer-label", html_for=box, class_name=styles.LABEL),
        _textarea(box, "qa-answer-label", LessonQAState.count_answer, 3, "Share what you know"),
        rx.el.div(
            _counter(LessonQAState.answer_length, box),
            rx.el.div(
                rx.el.button("Cancel", type="button", on_click=LessonQAState.close_answer, class_name=styles.BTN_GHOST),
                rx.el.button(
                    rx.cond(LessonQAState.sending_answer, "Posting...", "Post answer"),
                    type="submit",
                    disabled=LessonQAState.sending_answer,
                    class_name=styles.BTN_PRIMARY,
                ),
                class_name="flex gap-2",
            ),
            class_name="mt-2 flex flex-wrap items-center justify-between gap-2",
        ),
        _field_error(LessonQAState.answer_error, box),
        on_submit=LessonQAState.answer,
        aria_label="Answer the question",
        class_name="mt-3",
    )


def _upvote(question: Question) -> rx.Component:
    return rx.el.button(
        lucide("thumbs-up", size=16),
        rx.el.span(question.upvotes, data_testid="upvotes"),
        type="button",
        aria_pressed=question.upvoted,
        aria_label=rx.cond(question.mine, "Upvotes on your question", "Upvote this question"),
        title=rx.cond(question.mine, "You cannot upvote your own question", "Upvote"),
        disabled=question.mine,
        on_click=LessonQAState.vote(question.id, ~question.upvoted),
        class_name=rx.cond(
            question.upvoted,
            "flex min-h-[40px] min-w-[56px] items-center justify-center gap-1.5 rounded-md border border-blue-600 "
            "bg-blue-50 px-2 text-sm font-semibold text-blue-700",
            "flex min-h-[40px] min-w-[56px] items-center justify-center gap-1.5 rounded-md border border-gray-300 "
            "bg-white px-2 text-sm text-gray-700 hover:bg-gray-50 disabled:cursor-default disabled:opacity-70",
        ),
    )


def _question(question: Question) -> rx.Component:
    return rx.el.li(
        rx.el.article(
            rx.el.div(
                _avatar(question.author_initials),
                rx.el.div(
                    rx.el.div(
                        rx.el.span(question.author_name, class_name="text-sm font-semibold text-gray-900"),
                        rx.el.span(question.time_text, class_name="text-xs text-gray-600"),
                        rx.cond(
                            LessonQAState.scope == "course",
                            rx.el.span("· ", question.section_title, class_name="text-xs text-gray-600"),
                        ),
                        class_name="flex flex-wrap items-baseline gap-x-2",
                    ),
                    rx.el.p(
                        question.body,
                        class_name="mt-1 whitespace-pre-line break-words text-gray-800",
                        data_testid="question-body",
                    ),
                    class_name="min-w-0 flex-1",
                ),
                _upvote(question),
                class_name="flex items-start gap-3",
            ),
            rx.cond(
                question.answers.length() > 0,
                rx.el.ul(rx.foreach(question.answers, _answer), class_name="mt-3 flex flex-col gap-2 sm:ml-12"),
            ),
            rx.el.div(
                rx.cond(
                    LessonQAState.answering_id == question.id,
                    _answer_form(question),
                    rx.el.button(
                        lucide("reply", size=16),
                        "Answer",
                        rx.cond(
                            question.answer_count > 0,
                            rx.el.span(" (", question.answer_count, ")", class_name="text-gray-500"),
                        ),
                        type="button",
                        on_click=LessonQAState.open_answer(question.id),
                        class_name=f"{styles.BTN_GHOST} !px-2",
                    ),
                ),
                class_name="mt-2 sm:ml-12",
            ),
            aria_label="Question by " + question.author_name,
            class_name="py-4",
        ),
        class_name="border-b border-gray-200 last:border-b-0",
        data_testid="question",
    )


def _list() -> rx.Component:
    # Until this lesson's list is read (the tab just opened, or another lesson was chosen), nothing stale shows.
    this_lesson = PlayerState.route_arg + ":" + PlayerState.current_id.to_string()
    return rx.cond(
        (LessonQAState.loaded_for != this_lesson) | (LessonQAState.loading & (LessonQAState.questions.length() == 0)),
        spinner("Loading questions..."),
        rx.cond(
            LessonQAState.error != "",
            error_state(LessonQAState.error, on_retry=LessonQAState.load),
            rx.cond(
                LessonQAState.questions.length() > 0,
                rx.fragment(
                    rx.el.p(
                        LessonQAState.total,
                        rx.cond(LessonQAState.total == 1, " question", " questions"),
                        rx.cond(LessonQAState.scope == "lesson", " about this lesson", " in this course"),
                        class_name=styles.MUTED,
                        role="status",
                    ),
                    rx.el.ul(rx.foreach(LessonQAState.questions, _question), aria_busy=LessonQAState.loading),
                    pager(LessonQAState.page, LessonQAState.pages, LessonQAState.go_to_page),
                ),
                rx.el.div(
                    lucide("circle-help", size=32, class_name="text-gray-400"),
                    rx.el.p(
                        rx.cond(
                            LessonQAState.scope == "lesson",
                            "No questions about this lesson yet.",
                            "No questions in this course yet.",
                        ),
                        class_name="mt-2 font-semibold text-gray-900",
                    ),
                    rx.el.p("Be the first to ask: the instructor is told at once.", class_name=styles.MUTED),
                    class_name="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-10 "
                    "text-center",
                ),
            ),
        ),
    )


def qa_panel() -> rx.Component:
    """The whole Q&A tab."""
    return rx.el.section(
        rx.el.h2("Questions and answers", class_name=styles.H3),
        ask_form(),
        _controls(),
        _list(),
        id="qa",
        aria_label="Questions and answers",
        class_name="flex scroll-mt-24 flex-col gap-4",
    )
