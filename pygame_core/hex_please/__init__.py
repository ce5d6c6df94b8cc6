"""HEX PLEASE!: lay hexagonal tiles with matching sides on a board of bonus cells. See rules.py."""
