"""Property-based fuzzing of the whole command line (issue 8): see docs/architecture.md."""
