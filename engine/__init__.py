"""Spielleiter's rules engine: pure Python, no Discord, no I/O, no clock, no global random."""
