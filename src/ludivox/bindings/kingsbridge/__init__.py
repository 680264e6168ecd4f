"""Kingsbridge at the table: binding, full game (characters, solo, co-op, coach), scans."""
