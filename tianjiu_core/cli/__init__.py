"""The ``tianjiu`` command line: one module per command group; :func:`main.main` runs it."""
