"""Abilities: the model of an ability's printed block, its parser, potency and area geometry."""
