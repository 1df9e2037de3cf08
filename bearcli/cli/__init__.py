"""The terminal edge: thin Typer commands over the library, one module each."""
