"""`python -m bearcli` runs the same CLI as the `bearcli` script."""

from bearcli.cli import main

main()
