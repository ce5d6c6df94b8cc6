"""HEX-HEX XL: pass the Hex before it goes off on you (3-6 players, hidden hands)."""
