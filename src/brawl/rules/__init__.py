"""The rules: pure functions ``rule(state, ...) -> Outcome``, one module per area."""
