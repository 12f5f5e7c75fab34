"""The audit's mistake patterns, one test module per game."""
