"""Tools for developers, kept out of the wheel players download: seat-rotated tournaments
between bot levels (`tournament.py`) and each game's bot report (`report.py`, with charts
from `charts.py` and per-game statistics in `games/`). Run them from a checkout:

    python -m pygame_core tournament hack-and-slash --bots hard,normal --games 200
    python -m pygame_core report hack-and-slash --games 400 --jobs 2
"""
