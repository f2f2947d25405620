"""Run by the system's Python (which has LibreOffice's ``uno``), not by pytest's: one UNO errand, then exit.

    python3 uno_client.py PIPE install EXTENSION.oxt     add the extension to the profile of the soffice on PIPE
    python3 uno_client.py PIPE terminate                 end that soffice

The tests' own Python has no ``uno`` (it is LibreOffice's, or Debian's python3-uno for
the system Python), so they talk to soffice through this script.
"""

from __future__ import annotations

import sys
import time

import uno
import unohelper
from com.sun.star.task import XInteractionHandler
from com.sun.star.ucb import XCommandEnvironment


class Approve(unohelper.Base, XInteractionHandler):
    """Says yes to the extension manager's questions (install this extension?), as a person clicking OK."""

    def handle(self, request):
        for choice in request.getContinuations():
            if choice.queryInterface(uno.getTypeByName("com.sun.star.task.XInteractionApprove")):
                choice.select()
                return


class Quiet(unohelper.Base, XCommandEnvironment):
    def getInteractionHandler(self):
        return Approve()

    def getProgressHandler(self):
        return None


def connect(pipe: str, wait: float = 120.0):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + wait
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def main(pipe: str, errand: str, *args: str) -> None:
    ctx = connect(pipe)
    if errand == "install":
        manager = ctx.getValueByName("/singletons/com.sun.star.deployment.ExtensionManager")
        url = uno.systemPathToFileUrl(args[0])
        try:
            manager.addExtension(url, (), "user", manager.createAbortChannel(), Quiet())
        except Exception as exc:  # the deployment error's cause is what says what is wrong with the package
            raise SystemExit(f"not installed: {exc.Message}; cause: {vars(exc).get('Cause')!r}") from None
        print("installed", [p.getDisplayName() for p in manager.getDeployedExtensions("user", manager.createAbortChannel(), Quiet())])
    elif errand == "terminate":
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        try:
            desktop.terminate()
        except Exception:  # the bridge goes down with soffice
            pass


if __name__ == "__main__":
    main(*sys.argv[1:])
