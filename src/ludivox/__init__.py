"""Ludivox: an offline game-table assistant for blind and low-vision players."""

__version__ = "0.1.0"
