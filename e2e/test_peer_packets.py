"""No packet leaves for an address a code may not make the browser contact (issue 46, class 2),
checked with a capture inside the private network namespace (e2e/netns.py).

Guest pages open generated join codes that mix one address our pages do write (a private one)
with ones they never do: public addresses, active TCP, relay and server-reflexive candidates
(no STUN server is set), private addresses on service ports. The namespace's gateway gets a
fixed neighbour entry, so a packet routed off the device really goes out on its interface
instead of waiting for an ARP answer; `tcpdump` there logs every IP packet. The allowed
address's packets are seen (the capture works), no other destination is."""

from __future__ import annotations

import random
import shutil
import subprocess
import time
from typing import Any

import pytest
from playwright.sync_api import expect
from test_peers import WHY_NOT, device, lan, lan_browser, ready  # noqa: F401 (fixtures)

import peers
from netns import GATEWAY
from tests.test_hostile_peers import candidate, offer_with

TCPDUMP = shutil.which("tcpdump") or "/usr/bin/tcpdump"
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no private network here: {WHY_NOT}")
ALLOWED = "10.9.9.9"  # a private address our pages may write: its checks must go out
MDNS = "224.0.0.251"  # the browser asking the local network for its own .local names
IGMP = "224.0.0.22"  # the system joining that multicast group
LOCAL_NETWORK = {ALLOWED, MDNS, IGMP}
CODES = 4


def refused_candidates(rng: random.Random) -> list[str]:
    """Candidates a code may hold but a device must never try."""
    public = f"{rng.choice([1, 8, 23, 45, 104, 151, 185])}.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
    private = f"172.{rng.randrange(16, 32)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"
    kinds = [candidate(public, rng.choice([443, 3478, 50000])),
             candidate(public, 9, transport="tcp", extra="tcptype active generation 0"),
             candidate(public, rng.randrange(1024, 65536), kind="relay", extra=f"raddr {public} rport 0"),
             candidate(public, rng.randrange(1024, 65536), kind="srflx", extra="raddr 0.0.0.0 rport 0"),
             candidate(private, rng.choice([22, 53, 80, 443, 445, 631, 3306, 5432, 6379, 8080, 27017])),
             candidate("127.0.0.1", rng.randrange(1024, 65536))]
    return rng.sample(kinds, rng.randrange(3, len(kinds) + 1))


def generated_code(rng: random.Random) -> tuple[str, set[str]]:
    lines = refused_candidates(rng)
    lines.insert(rng.randrange(len(lines) + 1), candidate(ALLOWED, 50000))
    sdp = offer_with(lines)
    code = peers.pack_signal(peers.Signal("offer", "t1", 1, 0, sdp))
    refused = {line.split(" ")[4] for line in lines} - {ALLOWED}
    return code, refused


def destinations(capture: str) -> dict[str, int]:
    """Packets per destination address in tcpdump's `-nn -q` lines ("IP a.b.c.d.port > ...")."""
    out: dict[str, int] = {}
    for line in capture.splitlines():
        parts = line.split()
        if "IP" in parts and ">" in parts:
            target = parts[parts.index(">") + 1].rstrip(":")
            if target.count(".") == 4:  # address.port
                target = target.rsplit(".", 1)[0]
            out[target] = out.get(target, 0) + 1
    return out


def test_no_packet_leaves_for_an_address_a_code_may_not_make_the_browser_contact(device: Any, lan: Any) -> None:  # noqa: F811
    subprocess.run([*lan.enter(), "ip", "neigh", "replace", GATEWAY, "lladdr", "02:00:00:00:00:01",
                    "dev", "hexveth0", "nud", "permanent"], check=True)
    capture = subprocess.Popen([*lan.enter(), TCPDUMP, "-i", "hexveth0", "-nn", "-q", "-l", "ip"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1)
        assert capture.poll() is None, f"tcpdump could not start: {capture.stderr.read() if capture.stderr else ''}"
        guest = device()
        rng = random.Random(46)
        refused: set[str] = set()
        for _ in range(CODES):
            code, bad = generated_code(rng)
            refused |= bad
            guest.goto(f"{lan.url}#join={code}")
            ready(guest)
            expect(guest.locator("#peers-panel [data-answer]")).to_be_visible(timeout=30_000)
            guest.wait_for_timeout(2500)  # connectivity checks go out at once, then every few hundred ms
        guest.goto("about:blank")
        time.sleep(1)
    finally:
        capture.terminate()
        out, err = capture.communicate(timeout=10)
    seen = destinations(out)
    print(f"\npackets off the device by destination: {seen}; refused addresses tried: {len(refused)}")
    assert seen.get(ALLOWED, 0) > 0, f"the capture saw no check to the allowed address: {err}"
    assert set(seen) <= LOCAL_NETWORK, f"packets left for {sorted(set(seen) - LOCAL_NETWORK)}"
