"""7 Kingdoms at the table: its binding."""
