"""Hack & Slash: quests, dice and a rescue. See rules.py."""
