"""Munchkin (Cthulhu, Impossible, Shakespeare, Axe Cop and their mixes): state, moves and rules."""
