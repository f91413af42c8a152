"""Seeded simulations and tournaments (joblib for parallel runs)."""
