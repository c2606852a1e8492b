"""Moderation and the admin dashboard's queries; every action is audited."""
