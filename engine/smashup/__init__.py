"""Smash Up – Munchkin: the second game of the rule engine, sharing engine/core with Munchkin."""
