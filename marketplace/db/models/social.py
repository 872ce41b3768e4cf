"""People talking: reviews, conversations with messages, notifications."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Column, FetchedValue, Index, false, text
from sqlmodel import Field, SQLModel, UniqueConstraint

from marketplace.db.models._base import utcnow


class Review(SQLModel, table=True):
    """A rating 1-5 with a comment on a course or an instructor."""

    __tablename__ = "reviews"
    __table_args__ = (
        # Only the reviews that count, each target's newest first with their stars (migration 0018): a page of a
        # target's list from its first entries, its per-star counts from the index alone.
        Index(
            "ix_reviews_counted",
            "target_type",
            "target_id",
            "created_at",
            "id",
            "rating",
            "counted",  # SQLite reads a partial index alone only when it also holds the column of its WHERE
            sqlite_where=text("counted = 1"),
            postgresql_where=text("counted"),
        ),
        Index("ix_reviews_author", "author_id", "created_at"),
        Index("ix_reviews_author_target", "author_id", "target_type", "target_id", "created_at", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    author_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    target_type: str = Field(max_length=20)  # Course | Instructor
    target_id: int
    rating: int = Field(ge=1, le=5)
    comment: str = Field(max_length=2000)
    created_at: datetime = Field(default_factory=utcnow)
    # The instructor's public answer to the review (one per review; writing again replaces it).
    reply: str | None = Field(default=None, max_length=2000)
    replied_at: datetime | None = None
    # Whether this is the author's latest review of the target, the one their rating counts by. The database keeps it
    # (triggers of migration 0018, whoever writes the rows): never set by the app, read afresh after a write.
    counted: bool = Field(
        default=False,
        sa_column=Column(Boolean, nullable=False, server_default=false(), server_onupdate=FetchedValue()),
    )


class Conversation(SQLModel, table=True):
    """The thread between one learner and one teacher (both users)."""

    __tablename__ = "conversations"
    __table_args__ = (UniqueConstraint("learner_id", "teacher_id", name="uq_conversation_pair"),)

    id: int | None = Field(default=None, primary_key=True)
    learner_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    teacher_id: int = Field(foreign_key="users.id", index=True, ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow)
    last_message_at: datetime = Field(default_factory=utcnow, index=True)


class Message(SQLModel, table=True):
    """A text message in a conversation."""

    __tablename__ = "messages"
    __table_args__ = (Index("ix_messages_conversation", "conversation_id", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    conversation_id: int = Field(foreign_key="conversations.id", ondelete="CASCADE")
    sender_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    body: str = Field(max_length=2000)
    created_at: datetime = Field(default_factory=utcnow)
    read_at: datetime | None = None


class Notification(SQLModel, table=True):
    """Something that happened for a user: a payment, a message, a review on their course."""

    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_user", "user_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="users.id", ondelete="CASCADE")
    kind: str = Field(max_length=30)  # payment | message | review | reply
    text: str = Field(max_length=300)
    link: str = Field(default="", max_length=300)
    created_at: datetime = Field(default_factory=utcnow)
    read_at: datetime | None = None
