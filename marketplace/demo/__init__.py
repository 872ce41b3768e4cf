"""The demo catalog that a fresh install loads: people, courses, reviews, and their generated images."""
