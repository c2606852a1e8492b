"""Thin routers: parse, authorise, call a service, render."""
