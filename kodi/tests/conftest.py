import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "fakes"))
sys.path.insert(0, os.path.join(HERE, "..", "plugin.video.nzbmount", "resources", "lib"))
sys.path.insert(0, HERE)

import xbmc  # noqa: E402
import xbmcaddon  # noqa: E402
import xbmcgui  # noqa: E402
import xbmcplugin  # noqa: E402

from fakeserver import FakeServer  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_kodi():
    for module in (xbmc, xbmcaddon, xbmcgui, xbmcplugin):
        module.reset()
    yield


@pytest.fixture
def server():
    s = FakeServer()
    s.start()
    xbmcaddon.settings["server_url"] = s.base
    yield s
    s.stop()
