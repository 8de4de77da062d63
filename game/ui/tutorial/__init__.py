"""Guided first games on the table: the lesson's pointer and texts, its start and its end."""
