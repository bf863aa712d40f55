"""Tests of the JupyterLite site (a package, so that its conftest does not shadow tests/e2e/conftest.py)."""
