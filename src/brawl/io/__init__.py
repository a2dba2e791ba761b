"""Getting states in and out: scenario files (TOML with an ASCII map) and JSON."""
