"""Sliding Bears: four cubs cross a cracking ice floe (rulebook sliding-bears.txt, SB1-SB9)."""
