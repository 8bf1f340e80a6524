"""Date formats of our own (settings.FORMAT_MODULE_PATH)."""
