"""Reusable pieces of the UI, built from rx.el elements and Tailwind classes."""
