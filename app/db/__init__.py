"""SQLAlchemy 2 models and engines; Alembic migrations live in migrations/."""
