"""Tests of ``storage``: the SQL repositories, on SQLite and PostgreSQL."""
