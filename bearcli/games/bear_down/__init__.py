"""Bear Down!: bears fish salmon at the top of a waterfall (rulebook bear-down.txt, BD1-BD13)."""
