"""Tournaments: pairing, scoring, the service and runner."""
