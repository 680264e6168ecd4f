"""Kingdom Builder at the table: its binding."""
