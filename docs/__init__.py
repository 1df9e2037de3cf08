"""The docs, installed as package data `bearcli.docs`: `bearcli rules` reads rules.md."""
