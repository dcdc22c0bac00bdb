"""A hand-written stand-in for Kodi's xbmc module: records log lines and builtins; the player
and monitor are driven by the tests."""

LOGDEBUG, LOGINFO, LOGWARNING, LOGERROR = 0, 1, 2, 3

logged = []
builtins = []


def reset():
    logged.clear()
    builtins.clear()


def log(message, level=LOGDEBUG):
    logged.append((level, message))


def executebuiltin(command, wait=False):
    builtins.append(command)


class Monitor:
    """Aborts after ``polls`` waits (set by a test); a plain Monitor never aborts by itself."""

    def __init__(self, polls=None):
        self.polls = polls
        self.waits = 0

    def abortRequested(self):
        return self.polls is not None and self.waits >= self.polls

    def waitForAbort(self, timeout=None):
        self.waits += 1
        return self.abortRequested()


class Player:
    """A player whose state the test sets: ``file`` (None when nothing plays), ``video`` and ``time``."""

    def __init__(self):
        self.file = None
        self.video = False
        self.time = 0.0

    def isPlaying(self):
        return self.file is not None

    def isPlayingVideo(self):
        return self.file is not None and self.video

    def getPlayingFile(self):
        if self.file is None:
            raise RuntimeError("Kodi is not playing any media file")
        return self.file

    def getTime(self):
        return self.time
