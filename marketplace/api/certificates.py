"""API routes: certificates of completion - public verification by code, the PDF, and the learner's own."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import Response

from marketplace.api.deps import CommitOnReturnRoute, CurrentUser, SessionDep
from marketplace.documents.certificate_pdf import render
from marketplace.domain import certificates
from marketplace.domain.errors import NotFound
from marketplace.domain.shapes import MAX_ID
from marketplace.settings import settings
from marketplace.shapes.certificates import CertificateView

router = APIRouter(tags=["certificates"], route_class=CommitOnReturnRoute)

Code = Annotated[str, Path(min_length=1, max_length=certificates.MAX_CODE_LENGTH)]
CourseId = Annotated[int, Path(ge=1, le=MAX_ID)]


@router.get("/certificates/{code}")
def verify_certificate(session: SessionDep, code: Code) -> CertificateView:
    """Anyone may check a certificate by its code: who finished which course, taught by whom, and when."""
    return certificates.get_certificate(session, code)


@router.get(
    "/certificates/{code}/pdf",
    response_class=Response,
    responses={200: {"content": {"application/pdf": {}}, "description": "The certificate as a PDF"}},
)
def certificate_pdf(session: SessionDep, code: Code) -> Response:
    """The certificate as an A4 PDF, downloaded under a name that says what it is."""
    certificate = certificates.get_certificate(session, code)
    body = render(certificate, public_url=settings.public_url)
    return Response(
        body,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="naija-learn-certificate-{certificate.code}.pdf"',
            "Cache-Control": "public, max-age=3600",
        },
    )


@router.get("/courses/{course_id}/certificate")
def my_certificate(session: SessionDep, user: CurrentUser, course_id: CourseId) -> CertificateView:
    """The caller's certificate for a course; 404 until they have finished it."""
    assert user.id is not None
    found = certificates.course_certificate(session, user_id=user.id, course_id=course_id)
    if found is None:
        raise NotFound("Finish every section of the course to get its certificate.")
    return found
