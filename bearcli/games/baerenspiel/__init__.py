"""Baerenspiel: find the little bear in the forest of cards (rulebook baerenspiel.txt, BS1-BS14)."""
