"""Transport only: channels and bytes, never rooms or games."""
