"""The add-on's settings and the few Kodi calls shared by the plugin and the service."""

import xbmc
import xbmcaddon
import xbmcgui

from nzbmount.api import Api, Credentials
from nzbmount.notices import LOG_PREFIX

ADDON_ID = "plugin.video.nzbmount"
NAME = "NZBMount"
# The home window outlives plugin calls: the plugin leaves the item it resolved here for the service.
PLAYING_ITEM = "nzbmount.playing_item"
PLAYING_URL = "nzbmount.playing_url"
HOME_WINDOW = 10000


def addon():
    return xbmcaddon.Addon(ADDON_ID)


def setting(name):
    return addon().getSetting(name)


def toasts_on():
    return setting("notifications").lower() != "false"


def server_url():
    return setting("server_url")


def credentials():
    return Credentials(setting("username"), setting("password"), setting("api_key"))


def api(timeout=15):
    return Api(server_url(), credentials(), timeout=timeout)


def log(message, level=None):
    xbmc.log("[%s] %s" % (ADDON_ID, message), xbmc.LOGINFO if level is None else level)


def notify(text, error=False, force=False):
    """Shows a notification (unless the viewer turned them off) and always writes it to kodi.log
    at INFO with LOG_PREFIX."""
    xbmc.log(LOG_PREFIX + text, xbmc.LOGINFO)
    if force or toasts_on():
        icon = xbmcgui.NOTIFICATION_ERROR if error else xbmcgui.NOTIFICATION_INFO
        xbmcgui.Dialog().notification(NAME, text, icon, 6000)


def home():
    return xbmcgui.Window(HOME_WINDOW)
