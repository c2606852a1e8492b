"""Metrics (Prometheus), recent-move statistics for the dashboard, JSON-line logs."""
