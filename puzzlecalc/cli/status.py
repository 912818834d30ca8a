"""The exit statuses of the command line.

=====  ===================================================================================
0      solved (every puzzle given)
1      no solution (for Countdown: the target cannot be reached, only a nearest value;
       for ``24 check``: the answer is not accepted)
2      a usage error: an unknown option, a missing or impossible argument, options that
       do not go together
3      a data error: a level, label, card or file that cannot be used (a rows file of
       another census, a row that cannot be read)
4      a search limit reached (``--max-states``, ``--max-steps``, ``--max-solutions``,
       ``--max-deals``, ``--max-tries``, ``--max-items``)
74     an output could not be written (a full disk, a file-size limit, ``/dev/full``,
       standard output closed); what was written before is kept
75     the work of a census was lost (the same work killed its worker three times, no
       worker process could start, or the Dask scheduler went away); its rows file keeps
       what was done, so ``--resume`` goes on from there
129    stopped by ``SIGHUP`` (the terminal closed); a census keeps its whole rows
130    interrupted (Ctrl-C); a census keeps its whole rows
141    the output pipe closed (``... | head``): the command stops quietly
143    stopped by ``SIGTERM`` (``kill``, ``timeout``, ``docker stop``, a batch scheduler);
       a census keeps its whole rows
=====  ===================================================================================

No Python traceback reaches the user: every error is one line on standard error.
"""

from __future__ import annotations

import signal
from typing import Final

__all__ = [
    "EXIT_DATA",
    "EXIT_INTERRUPTED",
    "EXIT_LIMIT",
    "EXIT_LOST",
    "EXIT_NO_SOLUTION",
    "EXIT_PIPE",
    "EXIT_SOLVED",
    "EXIT_USAGE",
    "EXIT_WRITE",
    "stopped",
]

EXIT_SOLVED: Final = 0
EXIT_NO_SOLUTION: Final = 1
EXIT_USAGE: Final = 2
EXIT_DATA: Final = 3
EXIT_LIMIT: Final = 4
#: As sysexits.h's ``EX_IOERR``.
EXIT_WRITE: Final = 74
#: As sysexits.h's ``EX_TEMPFAIL``: try again later, with ``--resume``.
EXIT_LOST: Final = 75
EXIT_INTERRUPTED: Final = 128 + signal.SIGINT
EXIT_PIPE: Final = 141


def stopped(signum: int | None) -> int:
    """The status of a run stopped by signal ``signum`` (Ctrl-C's if ``None``): 128 plus it.

    >>> stopped(None), stopped(signal.SIGTERM)
    (130, 143)
    """
    return 128 + (signal.SIGINT if signum is None else signum)
