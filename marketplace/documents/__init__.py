"""Documents the app prints: the certificate of completion as a PDF (fpdf2, fonts shipped with the app)."""
