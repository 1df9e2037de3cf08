"""Files at the edge: YAML scenarios, layouts and move logs in; JSON Lines event logs out."""
