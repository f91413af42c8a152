"""How many students this machine serves well: all of them with a board within `BOARD_WITHIN_S`
seconds of arriving together, and their kernels in its free memory.

A student arriving finds a kernel that has already run the game (the pool: a board in about a
second, for 30 students at once on 2 cores); beyond the pool, kernels start one core short of
all (one serves the pages), each in about `CPU_SECONDS_PER_STUDENT`.

>>> est = estimate(cores=2, available_mb=8000, pool=30)
>>> est.students, est.limit            # 30 in the pool + 1 core x 10 s / 1.3 CPU-s
(37, 'cores')
>>> estimate(cores=8, available_mb=2000, pool=4).limit
'memory'
>>> default_pool(available_mb=24000), default_pool(available_mb=2200)
(30, 10)
"""

from __future__ import annotations

import os
from dataclasses import dataclass

#: the memory of one student's kernel with its share of the server, with a margin: benchmarks/class_load.py
#: measured 50 to 57 MB per student (46 MB the PSS of the kernel itself) for 10 to 60 students
MB_PER_STUDENT = 60
#: CPU-seconds to start a student's kernel and draw the board (the issue's measurement on a 2-core machine:
#: about 1.3; benchmarks/class_load.py measures the whole on a given machine)
CPU_SECONDS_PER_STUDENT = 1.3
#: the wait for a board that a class arriving together should not exceed
BOARD_WITHIN_S = 10
#: memory kept for the system, the browser and the server itself
RESERVE_MB = 1000
#: above this many students, the browser-only site serves a class better (no server at all)
SITE = "build/lite (make lite): the browser-only site, each student's computer runs the game"


#: the largest pool `make class` starts by itself: a class (the issue's goal: 30 arriving together)
MAX_POOL = 30


@dataclass(frozen=True)
class Estimate:
    students: int
    cores: int
    available_mb: int
    by_cores: int
    by_memory: int
    pool: int = 0

    @property
    def limit(self) -> str:
        return "cores" if self.by_cores <= self.by_memory else "memory"


def available_memory_mb() -> int:
    """Memory available for new processes, in MB (psutil when it is there, /proc/meminfo on Linux)."""
    try:
        import psutil

        return int(psutil.virtual_memory().available // 2**20)
    except ImportError:
        pass
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return 4096


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def starting_at_once(cores: int | None = None) -> int:
    """How many kernels start together: every core but one, which serves the pages."""
    return max(1, (_cores() if cores is None else cores) - 1)


def default_pool(available_mb: int | None = None) -> int:
    """The kernels `make class` has ready before anyone arrives: a class's worth (`MAX_POOL`), in at
    most half of the free memory (the other half for the students beyond it)."""
    available_mb = available_memory_mb() if available_mb is None else available_mb
    return max(1, min(MAX_POOL, (available_mb - RESERVE_MB) // (2 * MB_PER_STUDENT)))


def estimate(cores: int | None = None, available_mb: int | None = None, pool: int = 0) -> Estimate:
    cores = _cores() if cores is None else cores
    available_mb = available_memory_mb() if available_mb is None else available_mb
    by_cores = max(0, pool) + int(starting_at_once(cores) * BOARD_WITHIN_S / CPU_SECONDS_PER_STUDENT)
    by_memory = max(0, (available_mb - RESERVE_MB) // MB_PER_STUDENT)
    return Estimate(min(by_cores, by_memory), cores, available_mb, by_cores, by_memory, pool)
