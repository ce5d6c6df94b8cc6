"""A private network namespace for the peer-to-peer tests: every packet stays inside it.

Chromium gathers no WebRTC candidates with loopback alone, so the namespace also holds a veth
pair with a documentation address (192.0.2.10/24, RFC 5737) and a default route on it; the
pair's other end is in the same namespace, so nothing reaches the machine's real interfaces.
A process (`sleep`) holds the namespace; the site server and Chromium join it with `nsenter`.
Chromium joins through a wrapper script that Playwright launches as its browser: Playwright
talks to it over a pipe, not the network, so the test itself stays outside.

Needs root (or user namespaces) and `unshare`, `nsenter` and `ip`; `NetNS.why_not()` says why
it cannot be made here, so the tests skip with that reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADDRESS = "192.0.2.10/24"
GATEWAY = "192.0.2.1"
# No IPv6 in the namespace: the veth pair's link-local addresses would otherwise finish
# duplicate address detection a second or two after the pair comes up, and Chromium, seeing
# the network change, fails the requests in flight (net::ERR_NETWORK_CHANGED): a page that
# loaded then never became ready. Where those settings cannot be written, wait until no
# address is still tentative instead.
NO_IPV6 = ("for f in /proc/sys/net/ipv6/conf/default/disable_ipv6 /proc/sys/net/ipv6/conf/all/disable_ipv6; "
           "do [ -w $f ] && echo 1 > $f; done; true")
SETTLED = ("i=0; while ip -6 addr 2>/dev/null | grep -q tentative && [ $i -lt 50 ]; "
           "do sleep 0.1; i=$((i+1)); done")
SETUP = (f"{NO_IPV6}; ip link set lo up && ip link add hexveth0 type veth peer name hexveth1 && "
         f"ip addr add {ADDRESS} dev hexveth0 && ip link set hexveth0 up && ip link set hexveth1 up && "
         f"ip route add default via {GATEWAY} dev hexveth0 && {SETTLED}")


class NetNS:
    def __init__(self) -> None:
        self.holder = subprocess.Popen(
            ["unshare", "-n", "sh", "-c", f"{SETUP} && echo ready && exec sleep 100000"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.holder.stdout.readline() if self.holder.stdout else ""
        if line.strip() != "ready":
            err = self.holder.stderr.read() if self.holder.stderr else ""
            self.holder.kill()
            raise OSError(f"could not set up a network namespace: {err.strip() or line.strip()}")
        self.pid = self.holder.pid
        self.folder = tempfile.mkdtemp(prefix="hex-netns-")
        self.chromium_wrapper = os.path.join(self.folder, "chromium")
        self.server: subprocess.Popen[str] | None = None

    def enter(self) -> list[str]:
        return ["nsenter", "-t", str(self.pid), "-n", "--"]

    def wrap_browser(self, executable: str) -> str:
        """A script that runs `executable` inside the namespace, for Playwright to launch."""
        with open(self.chromium_wrapper, "w") as f:
            f.write(f"#!/bin/sh\nexec nsenter -t {self.pid} -n -- {executable} \"$@\"\n")
        os.chmod(self.chromium_wrapper, 0o755)
        return self.chromium_wrapper

    def serve(self, directory: str, port: int = 8765) -> str:
        """Serve `directory` with tools/serve.py inside the namespace; returns its address."""
        # Every request is logged to a file (`server_log`), never to a pipe nobody reads,
        # which would stop the server once it filled.
        env = {k: v for k, v in os.environ.items() if k != "SERVE_QUIET"}
        self.log_path = os.path.join(self.folder, "server.log")
        with open(self.log_path, "w") as log:
            self.server = subprocess.Popen(
                [*self.enter(), sys.executable, "-u", os.path.join(ROOT, "tools", "serve.py"), "--dir", directory,
                 "--port", str(port)], env=env, stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.server.stdout.readline() if self.server.stdout else ""
        if not line.startswith("Serving"):
            raise OSError(f"the site server did not start inside the namespace: {line}{self.server_log()}")
        return f"http://127.0.0.1:{port}/"

    def server_log(self, lines: int = 40) -> str:
        """The last requests (and errors) the namespace's server logged."""
        try:
            with open(self.log_path) as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def close(self) -> None:
        for proc in (self.server, self.holder):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    @staticmethod
    def why_not() -> str | None:
        """None when a namespace can be made here, else the reason."""
        for tool in ("unshare", "nsenter", "ip"):
            if shutil.which(tool) is None and not os.path.exists(f"/usr/sbin/{tool}"):
                return f"`{tool}` is not installed"
        probe = subprocess.run(["unshare", "-n", "sh", "-c", SETUP], capture_output=True, text=True)
        if probe.returncode != 0:
            return f"cannot make a network namespace here (`unshare -n` needs root): {probe.stderr.strip()}"
        return None

