"""A puzzle on its game's table: its start, the panel over the table, the result."""
