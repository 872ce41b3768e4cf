"""All tables, importable from one place (Alembic reads their metadata from here)."""

from marketplace.db.models.accounts import LinkedAccount, LoginAttempt, LoginSession, OneTimeToken, User
from marketplace.db.models.catalog import Category, Course, CourseCategory, Instructor, Section
from marketplace.db.models.certificates import Certificate
from marketplace.db.models.commerce import (
    CartEntry,
    Coupon,
    Enrollment,
    Order,
    OrderLine,
    PaymentAttempt,
    SectionProgress,
)
from marketplace.db.models.jobs import Job
from marketplace.db.models.questions import LessonAnswer, LessonQuestion, QuestionVote
from marketplace.db.models.social import Conversation, Message, Notification, Review
from marketplace.db.models.studio import EarningEntry, MediaUpload, Payout, PayoutAccount
from marketplace.db.models.wishlist import WishlistEntry

__all__ = [
    "CartEntry",
    "Category",
    "Certificate",
    "Conversation",
    "Coupon",
    "Course",
    "CourseCategory",
    "EarningEntry",
    "Enrollment",
    "Instructor",
    "Job",
    "LessonAnswer",
    "LessonQuestion",
    "LinkedAccount",
    "LoginAttempt",
    "LoginSession",
    "MediaUpload",
    "Message",
    "Notification",
    "OneTimeToken",
    "Order",
    "OrderLine",
    "PaymentAttempt",
    "Payout",
    "PayoutAccount",
    "QuestionVote",
    "Review",
    "Section",
    "SectionProgress",
    "User",
    "WishlistEntry",
]
