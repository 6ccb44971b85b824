"""Adapters to other ecosystems (optional extras, never imported by the core): PettingZoo and OpenSpiel."""
