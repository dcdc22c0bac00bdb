"""A stand-in for Kodi's xbmcplugin: records what a plugin call put in its folder."""

items = []
ended = []
resolved = []
content = []


def reset():
    items.clear()
    ended.clear()
    resolved.clear()
    content.clear()


def addDirectoryItem(handle, url, listitem, isFolder=False, totalItems=0):
    items.append((url, listitem, isFolder))
    return True


def endOfDirectory(handle, succeeded=True, updateListing=False, cacheToDisc=True):
    ended.append(succeeded)


def setResolvedUrl(handle, succeeded, listitem):
    resolved.append((succeeded, listitem))


def setContent(handle, kind):
    content.append(kind)
