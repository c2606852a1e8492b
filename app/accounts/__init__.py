"""People: guests, accounts, sessions, the admin role."""
