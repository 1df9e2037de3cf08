"""bearcli: a rules engine for three bear board games."""

__version__ = "0.1.0"
