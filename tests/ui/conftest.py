"""UI tests run headless: tests/conftest.py sets the dummy SDL drivers and the App fixtures."""
