"""Naija Learn: an online course marketplace for Nigerian learners."""
