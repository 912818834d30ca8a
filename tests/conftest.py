"""What every test shares: Hypothesis times no example (a test never asserts on time, and
a loaded machine makes one slow), and a property test that names no number of examples
draws a hundred, times ``PUZZLECALC_SOAK``."""

from hypothesis import settings
from strategies import examples

settings.register_profile("puzzlecalc", deadline=None, max_examples=examples(100))
settings.load_profile("puzzlecalc")
