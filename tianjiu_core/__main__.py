"""``python -m tianjiu_core`` runs the ``tianjiu`` command line."""

from .cli import main

raise SystemExit(main())
