"""One folder per game: the rules, its notation, its bots and its board drawing."""
