"""tianjiu_core — the Tien Gow (天九) rules engine."""

__version__ = "0.1.0"
