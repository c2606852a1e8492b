"""Agora: an online hall for Greek city-building board games."""
