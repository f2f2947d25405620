"""Subcommands of the ``tourneybook`` command line, one module each."""
