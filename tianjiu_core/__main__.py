"""``python -m tianjiu_core`` runs the ``tianjiu`` command line."""

from .cli.main import main

raise SystemExit(main())
