"""The entry point of the ``tourneybook`` command (the console script and ``python -m tourneybook``).

Ctrl-C while Python is still importing would end in a KeyboardInterrupt trace from
deep inside some library. The handler below is installed before anything else of
TourneyBook is imported: until the command starts, Ctrl-C ends the run with one
sentence (nothing has been read or written yet); ``cli.main`` then hands Ctrl-C
back to Python for the command's own handling.
"""

# The C module itself: ``import signal`` first builds its enums, several milliseconds
# in which Ctrl-C would still end in a trace.
import _signal
import gc
import os
import sys

INTERRUPTED_WHILE_STARTING = "tourneybook: interrupted (Ctrl-C) while starting; nothing was read or written"


def _interrupted_while_starting(signum, frame):
    # A held or repeated Ctrl-C must not interrupt the exit itself (a trace from the
    # unwinding imports): the first one is enough.
    _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    # Written to the descriptor itself, not left to Python's printing of a SystemExit message:
    # Ctrl-C may come while cli.safe_console reconfigures sys.stderr, and that printing then
    # lost the sentence and left a blank line.
    os.write(2, (INTERRUPTED_WHILE_STARTING + "\n").encode())
    # Ended here, exit status 1: the start-up has opened nothing to close or save, and an exception
    # unwinding the imports can come back wrapped, with a trace (Python wraps one raised while a
    # class's attributes are named, as the faster start-up of issue 40 made a Ctrl-C find more often).
    os._exit(1)


_signal.signal(_signal.SIGINT, _interrupted_while_starting)

from . import cli  # noqa: E402  (after the handler, on purpose)


def main() -> int:
    """Run the command; once it is over, a Ctrl-C while Python shuts down is ignored.

    Python gives SIGINT back to the system's default action as it finalises, so a
    Ctrl-C held past the end of the command would kill the process (exit -2) with
    its answer already printed.

    The process ends with the command: its objects are frozen out of the cycle
    collector, whose last collections as Python shuts down would walk every one of
    them only for the system to free the memory anyway (about 3 % of a click).
    Every file was closed by the command (saves are atomic), and the standard
    streams are flushed by Python's own shutdown.
    """
    try:
        return cli.main()
    finally:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
        gc.freeze()


if __name__ == "__main__":
    sys.exit(main())
