"""View models: the small, typed shapes states hand to components (never whole database rows)."""
