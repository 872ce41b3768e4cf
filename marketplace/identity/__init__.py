"""Third-party sign-in: verifying identity tokens, kept apart from password accounts."""
