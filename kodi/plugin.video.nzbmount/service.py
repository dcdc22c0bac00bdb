"""Kodi starts this at login: it watches playback of NZBMount's files (see nzbmount.service)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "resources", "lib"))

import xbmc  # noqa: E402

from nzbmount.service import Service  # noqa: E402

Service(xbmc.Monitor(), xbmc.Player()).run()
