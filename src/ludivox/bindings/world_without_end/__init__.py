"""Un monde sans fin at the table (see binding.py)."""
