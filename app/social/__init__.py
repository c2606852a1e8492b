"""What brings players together: challenges (friends and tournaments to come)."""
