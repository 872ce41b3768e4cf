"""Database engine, sessions and the SQLModel tables."""
