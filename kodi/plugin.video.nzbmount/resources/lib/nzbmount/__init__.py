"""NZBMount's Kodi add-on: the library, search, sources and playback notices."""
