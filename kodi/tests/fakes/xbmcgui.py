"""A stand-in for Kodi's xbmcgui: list items keep what is set on them; dialogs answer from
queues the tests fill and record what they showed."""

NOTIFICATION_INFO = "info"
NOTIFICATION_WARNING = "warning"
NOTIFICATION_ERROR = "error"

shown = []          # ("ok" | "notification", heading, text)
answers = []        # what input/numeric/select return, in order
windows = {}


def reset():
    shown.clear()
    answers.clear()
    windows.clear()


class VideoInfoTag:
    def __init__(self):
        self.plot = ""

    def setPlot(self, plot):
        self.plot = plot


class ListItem:
    def __init__(self, label="", label2="", path="", offscreen=False):
        self.label = label
        self.path = path
        self.properties = {}
        self.context = []
        self.tag = VideoInfoTag()

    def getLabel(self):
        return self.label

    def getPath(self):
        return self.path

    def setProperty(self, key, value):
        self.properties[key] = value

    def getProperty(self, key):
        return self.properties.get(key, "")

    def getVideoInfoTag(self):
        return self.tag

    def addContextMenuItems(self, items, replaceItems=False):
        self.context.extend(items)


class Dialog:
    def ok(self, heading, message):
        shown.append(("ok", heading, message))
        return True

    def notification(self, heading, message, icon=NOTIFICATION_INFO, time=5000, sound=True):
        shown.append(("notification", heading, message))

    def input(self, heading, defaultt="", type=0, option=0, autoclose=0):
        return answers.pop(0)

    def numeric(self, type, heading, defaultt="", bHiddenInput=False):
        return answers.pop(0)

    def select(self, heading, items, autoclose=0, preselect=-1, useDetails=False):
        shown.append(("select", heading, list(items)))
        return answers.pop(0)


class Window:
    def __init__(self, window_id):
        self.props = windows.setdefault(window_id, {})

    def setProperty(self, key, value):
        self.props[key] = value

    def getProperty(self, key):
        return self.props.get(key, "")
