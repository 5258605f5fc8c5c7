"""Settings shared by the whole test suite."""

from hypothesis import settings

# `make mutation` runs the tests with this profile: the same examples on every run (so the score
# does not drift), no example database carried from one mutant to the next, and no deadline,
# because a mutant's code runs behind mutmut's trampolines and may be slower.
settings.register_profile("mutation", derandomize=True, database=None, deadline=None)
