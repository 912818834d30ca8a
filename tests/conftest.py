"""What every test shares: Hypothesis times no example (a test never asserts on time, and
a loaded machine makes one slow)."""

from hypothesis import settings

settings.register_profile("puzzlecalc", deadline=None)
settings.load_profile("puzzlecalc")
