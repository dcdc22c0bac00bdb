"""A stand-in for Kodi's xbmcaddon: settings come from the module's ``settings`` dict."""

settings = {}


def reset():
    settings.clear()


class Addon:
    def __init__(self, addon_id=None):
        self.addon_id = addon_id

    def getSetting(self, name):
        return settings.get(name, "")
