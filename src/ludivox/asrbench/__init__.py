"""ASR benchmark: French Kingsbridge audio fixtures and ``ludivox bench asr``."""
