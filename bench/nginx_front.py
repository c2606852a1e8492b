"""nginx in front of local app processes, running ``deploy/nginx.conf`` as deployed.

``render`` rewrites only the upstream lines (``server app:8000;`` -> one line per local
port) and the listen address, and wraps the site in a whole config with its own pid, logs
and temp paths under ``prefix``; ``start`` runs Debian's nginx on it in the foreground.
Used by ``bench/cluster.py`` and ``tests/deploy/test_nginx_affinity.py``.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
TEMPS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def render(ports: list[int], listen: int, prefix: Path) -> str:
    """``deploy/nginx.conf`` with its upstreams on ``ports``, as a whole nginx config."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    upstream = "    server app:8000;\n"
    if site.count(upstream) != 2:
        raise ValueError("deploy/nginx.conf: expected two upstreams on app:8000")
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in ports)
    site = site.replace(upstream, servers).replace("listen 80;", f"listen 127.0.0.1:{listen};")
    temps = " ".join(f"{kind}_temp_path {prefix / kind};" for kind in TEMPS)
    return (
        f"daemon off; worker_processes auto; pid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        f"http {{ access_log off; {temps}\n{site}\n}}\n"
    )


def start(ports: list[int], listen: int, prefix: Path) -> subprocess.Popen[bytes]:
    """nginx on ``127.0.0.1:listen`` before ``ports`` (stop it with ``terminate``)."""
    (prefix / "nginx.conf").write_text(render(ports, listen, prefix))
    command = [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")]
    return subprocess.Popen([*command, "-e", str(prefix / "error.log")])
