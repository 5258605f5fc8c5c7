"""The registered Nonogram solvers: models, line logic and back ends put together."""
