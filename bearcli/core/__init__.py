"""Game-agnostic engine core: no files, no terminal."""
