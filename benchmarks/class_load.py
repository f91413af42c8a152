"""Students arriving together at `make class` (issue 29), simulated over the page's own requests.

Each student: GET / (the page, with its cookies), the page's own scripts and style sheets, the
kernel's websocket, and the widgets' state as the page asks for it (the ``jupyter.widget.control``
comm's ``request_states``); the board counts as drawn when the state of the board (an SVG) has
arrived. Then the student plays nothing and closes the page: the page's beacon
(``POST /voila/api/shutdown/<kernel>`` with the ``_xsrf`` field) and the websocket closes.
Everything is bounded: ``--students`` (at most 100) and ``--timeout`` seconds per student.

    .venv/bin/python benchmarks/class_load.py --students 1,10,30,60

prints, per class size: boards drawn, median and p95 of the time to the board, failures, memory
per student (the growth of the server's and its kernels' PSS over idle, divided by the students,
and the mean PSS of the students' own kernels; psutil), the server's memory idle / with the class / after they
left (when the kernels are back to the pool, at most ``--after`` seconds), and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import struct
import subprocess
import sys
import time
import uuid
from datetime import datetime, timezone
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from domino_widgets.classroom.server import READY  # noqa: E402
MAX_STUDENTS = 100


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m domino_widgets.classroom`` on 127.0.0.1, started and stopped by us."""

    def __init__(self, pool: int, cull: int, port: int | None = None, python: str = sys.executable,
                 per_client: int | None = None, per_address: int = 2 * MAX_STUDENTS, lang: str | None = None) -> None:
        """``per_address``: every simulated student comes from 127.0.0.1, so the one address may
        hold a class's games (a cap of the server's own default would refuse the fourth student)."""
        self.port = port or free_port()
        caps = ["--per-address", str(per_address)] + (["--per-client", str(per_client)] if per_client else [])
        self.pool = pool
        self.log = open(os.devnull, "w")
        self.lines: list[str] = []
        self.proc = subprocess.Popen(
            [python, "-m", "domino_widgets.classroom", "--ip", "127.0.0.1", "--address", "127.0.0.1",
             "--port", str(self.port), "--pool", str(pool), "--cull", str(cull), *caps,
             *(["--lang", lang] if lang else [])],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        import threading

        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout
        for line in self.proc.stdout:
            self.lines.append(line)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kernels(self) -> list[psutil.Process]:
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            return []
        out = []
        for p in children:
            try:  # one child exiting (a kernel shut down) must not hide the others
                if "ipykernel" in " ".join(p.cmdline()):
                    out.append(p)
            except psutil.Error:
                pass
        return out

    def kernel_ids(self) -> set[str]:
        """The ids of the kernels running under the server (in their connection files' names)."""
        ids = set()
        for p in self.kernels():
            try:
                for arg in p.cmdline():
                    if "kernel-" in arg and arg.endswith(".json"):
                        ids.add(Path(arg).stem.removeprefix("kernel-"))
            except psutil.Error:
                pass
        return ids

    def kill_kernel(self, kernel_id: str) -> None:
        """Kill the process of one student's kernel (SIGKILL: a crash, as far as the server can tell)."""
        import signal

        (victim,) = [p for p in self.kernels() if any(kernel_id in a for a in p.cmdline())]
        os.kill(victim.pid, signal.SIGKILL)

    def wait_pool(self, timeout: float = 600) -> None:
        """Until the pool is full (the server says so, and that many kernels run)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("server stopped:\n" + "".join(self.lines[-30:]))
            # the pool's kernels have run the game (not only started): students come to a ready class
            if sum(READY in line for line in self.lines) >= self.pool and len(self.kernels()) >= self.pool:
                return
            time.sleep(0.2)
        raise TimeoutError("pool not filled:\n" + "".join(self.lines[-30:]))

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def pss_mb(procs: list[psutil.Process]) -> float:
    total = 0
    for p in procs:
        try:
            info = p.memory_full_info()
            total += getattr(info, "pss", info.rss)
        except psutil.Error:
            pass
    return total / 2**20


def server_pss_mb(server: Server) -> float:
    try:
        root = psutil.Process(server.proc.pid)
        return pss_mb([root, *root.children(recursive=True)])
    except psutil.Error:
        return 0.0


def message(msg_type: str, content: dict, session: str, channel: str = "shell", metadata: dict | None = None) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student",
                                  "session": session, "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"},
                       "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": channel,
                       "buffers": []})


def decode(raw: str | bytes) -> dict:
    if isinstance(raw, str):
        return json.loads(raw)
    n = struct.unpack("!I", raw[:4])[0]
    offsets = struct.unpack(f"!{n}I", raw[4:4 + 4 * n])
    end = offsets[1] if n > 1 else len(raw)
    return json.loads(raw[offsets[0]:end].decode())


@dataclass
class Student:
    n: int
    drawn: float | None = None
    error: str = ""
    kernel: str = ""
    cookies: dict = field(default_factory=dict)
    #: seconds from arriving to the end of each step: the page, its scripts and styles, the
    #: websocket open, the widgets' state (where a slow board spends its time)
    steps: dict = field(default_factory=dict)


async def student(base: str, n: int, timeout: float, leave: bool = True, hold: asyncio.Event | None = None,
                  ready: list[int] | None = None, kernels: list[str] | None = None) -> Student:
    s = Student(n)
    http = AsyncHTTPClient()
    t0 = time.monotonic()
    try:
        r = await http.fetch(base + "/", request_timeout=timeout, connect_timeout=timeout)
        for header in r.headers.get_list("Set-Cookie"):
            c = SimpleCookie(header)
            s.cookies.update({k: v.value for k, v in c.items()})
        page = r.body.decode()
        s.steps["page"] = time.monotonic() - t0
        m = re.search(r'kernelId": "([0-9a-f-]{36})"', page)
        if not m:
            raise RuntimeError("no kernel in the page")
        s.kernel = m.group(1)
        cookie = "; ".join(f"{k}={v}" for k, v in s.cookies.items())
        assets = re.findall(r'(?:src|href)="(/voila/[^"]+)"', page)
        await asyncio.gather(*(http.fetch(base + a, request_timeout=timeout, headers={"Cookie": cookie})
                               for a in assets))
        s.steps["assets"] = time.monotonic() - t0
        session = uuid.uuid4().hex
        ws = await websocket_connect(HTTPRequest(
            base.replace("http", "ws") + f"/api/kernels/{s.kernel}/channels?session_id={session}",
            headers={"Cookie": cookie}, request_timeout=timeout))
        s.steps["websocket"] = time.monotonic() - t0
        comm = uuid.uuid4().hex
        ws.write_message(message("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                               "data": {}}, session,
                                   metadata={"version": "1.0.0"}))
        ws.write_message(message("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}, session))
        end = t0 + timeout
        while s.drawn is None:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no board")
            raw = await asyncio.wait_for(ws.read_message(), left)
            if raw is None:
                raise RuntimeError("websocket closed")
            msg = decode(raw)
            data = msg.get("content", {}).get("data", {})
            if msg.get("msg_type") == "comm_msg" and data.get("method") == "update_states":
                if any("<svg" in json.dumps(st.get("state", {})) for st in data.get("states", {}).values()):
                    s.drawn = time.monotonic() - t0
                else:
                    raise RuntimeError("the widgets came without a board")
        if ready is not None:
            ready.append(n)
        if kernels is not None:
            kernels.append(s.kernel)
        if hold is not None:
            await hold.wait()
        if leave:
            xsrf = s.cookies.get("_xsrf", "")
            body = f"_xsrf={xsrf}"
            await http.fetch(base + f"/voila/api/shutdown/{s.kernel}", method="POST", body=body,
                             headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"},
                             request_timeout=timeout, raise_error=False)
            ws.close()
    except Exception as e:  # noqa: BLE001 - a failed student is counted, not fatal
        s.error = f"{type(e).__name__}: {e}"[:200]
    return s


def p95(values: list[float]) -> float:
    values = sorted(values)
    return values[max(0, -(-95 * len(values) // 100) - 1)] if values else float("nan")


def run(n: int, pool: int, cull: int, timeout: float, after: float, settle: float = 0) -> dict:
    if not 0 < n <= MAX_STUDENTS:
        raise SystemExit(f"--students: 1 to {MAX_STUDENTS}")
    server = Server(pool, cull)
    try:
        server.wait_pool()
        time.sleep(1)
        idle = server_pss_mb(server)
        own_idle = pss_mb([psutil.Process(server.proc.pid)])
        peak: dict = {}
        students = asyncio.run(_run_class(server, n, timeout, peak))
        drawn = [s.drawn for s in students if s.drawn is not None]
        failures = [s.error for s in students if s.error]
        start = time.monotonic()
        while time.monotonic() - start < after:
            if len(server.kernels()) <= pool:
                break
            time.sleep(1)
        time.sleep(2)
        left_mb = server_pss_mb(server)
        gone = time.monotonic() - start
        # and once `settle` seconds have passed since they left (the goal: 5 minutes)
        while time.monotonic() - start < settle:
            time.sleep(1)
        settled_mb = server_pss_mb(server)
        own_after = pss_mb([psutil.Process(server.proc.pid)])
        return {"students": n, "drawn": len(drawn), "median": statistics.median(drawn) if drawn else float("nan"),
                "p95": p95(drawn), "failures": len(failures), "errors": sorted(set(failures))[:3],
                "idle_mb": idle, "class_mb": peak["total"],
                "per_student_mb": (peak["total"] - idle) / max(1, n), "kernel_mb": peak["own_mb"], "after_mb": left_mb, "after_s": gone,
                "settled_mb": settled_mb, "server_idle_mb": own_idle, "server_after_mb": own_after,
                "kernels_after": len(server.kernels()), "load": os.getloadavg(),
                "steps": {k: statistics.median(s.steps[k] for s in students if k in s.steps)
                          for k in ("page", "assets", "websocket") if any(k in s.steps for s in students)}}
    finally:
        server.stop()


async def _run_class(server: Server, n: int, timeout: float, peak: dict) -> list[Student]:
    AsyncHTTPClient.configure(None, max_clients=4 * MAX_STUDENTS)
    hold = asyncio.Event()
    ready: list[int] = []
    kernel_of: list[str] = []
    tasks = [asyncio.ensure_future(student(server.url, i, timeout, hold=hold, ready=ready, kernels=kernel_of))
             for i in range(n)]
    # until every student has a board (and waits at `hold`) or has failed: a state, not a time
    while len(ready) + sum(1 for t in tasks if t.done()) < n:
        await asyncio.sleep(0.25)
    peak["kernels"] = len(server.kernels())
    peak["total"] = server_pss_mb(server)
    mine = [p for p in server.kernels() if any(k in " ".join(p.cmdline()) for k in kernel_of)]
    peak["own_mb"] = pss_mb(mine) / max(1, len(mine))
    hold.set()
    return list(await asyncio.gather(*tasks))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--students", default="1,10,30,60")
    p.add_argument("--pool", type=int, default=10)
    p.add_argument("--cull", type=int, default=60)
    p.add_argument("--timeout", type=float, default=300)
    p.add_argument("--after", type=float, default=300, help="seconds to wait for the kernels to be back to the pool")
    p.add_argument("--settle", type=float, default=0,
                   help="then measure the memory again this many seconds after the students left (0: not)")
    a = p.parse_args(argv)
    print(f"{'students':>8} {'boards':>6} {'median s':>8} {'p95 s':>6} {'fail':>4} {'MB/student':>10} {'kernel MB':>9} "
          f"{'idle MB':>7} {'class MB':>8} {'after MB':>8} {'after s':>7} {'load avg (1,5,15 min)':>22}", flush=True)
    for n in [int(x) for x in a.students.split(",")]:
        r = run(n, a.pool, a.cull, a.timeout, a.after, a.settle)
        load = " ".join(f"{x:.2f}" for x in r["load"])
        print(f"{r['students']:>8} {r['drawn']:>6} {r['median']:>8.1f} {r['p95']:>6.1f} {r['failures']:>4} "
              f"{r['per_student_mb']:>10.0f} {r['kernel_mb']:>9.0f} {r['idle_mb']:>7.0f} {r['class_mb']:>8.0f} {r['after_mb']:>8.0f} "
              f"{r['after_s']:>7.0f} {load:>22}", flush=True)
        if r["steps"]:
            print(f"{'':>8} median s to the page {r['steps'].get('page', 0):.1f}, its scripts and styles "
                  f"{r['steps'].get('assets', 0):.1f}, the websocket {r['steps'].get('websocket', 0):.1f}, "
                  f"the board {r['median']:.1f}", flush=True)
        if a.settle:
            print(f"{'':>8} {a.settle:.0f} s after leaving: {r['settled_mb']:.0f} MB "
                  f"({100 * (r['settled_mb'] / r['idle_mb'] - 1):+.0f}% of idle); the server process alone "
                  f"{r['server_idle_mb']:.0f} MB idle, {r['server_after_mb']:.0f} MB then", flush=True)
        for e in r["errors"]:
            print("   ", e, flush=True)


if __name__ == "__main__":
    main()
