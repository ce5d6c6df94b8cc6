"""Horrible Hex: shift hex tiles by their edge icons until a goal card's pattern shows."""
