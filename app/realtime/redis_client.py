"""Redis clients, built in one place from ``REDIS_URL``: one Redis, or a Redis Cluster.

The scheme of ``REDIS_URL`` chooses:

- ``redis://[user:password@]host:port/db`` (``rediss://`` for TLS, ``unix://path``):
  one Redis, as always.
- ``redis+cluster://[user:password@]host:port[,host:port…]`` (``rediss+cluster://`` for
  TLS): a Redis Cluster (7 or later). The hosts are startup nodes: one is enough, and
  each further one is tried when those before it are down; the rest of the cluster is
  discovered from them. A cluster has only database 0, so a path other than ``/0`` is
  refused. Query options are redis-py's, as in ``redis://`` (``?ssl_cert_reqs=none``).

Every user of Redis (the relay, presence, the rate limits) gets its client here. What
differs on a cluster (docs/scaling.md): room channels are sharded pub/sub
(:mod:`.sharded_pubsub`), and keys one transaction writes together carry the room id as
a hash tag so they share a slot (:mod:`.presence`).
"""

from __future__ import annotations

from typing import Any, TypeAlias
from urllib.parse import urlsplit

from redis.asyncio import Redis, RedisCluster
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.connection import SSLConnection, parse_url

Client: TypeAlias = Redis | RedisCluster

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}


def is_cluster(url: str) -> bool:
    return url.partition("://")[0].lower() in CLUSTER_SCHEMES


def connect(url: str, **options: Any) -> Client:
    """A client for ``url``; ``options`` (timeouts, keepalive) as redis-py takes them."""
    return connect_cluster(url, **options) if is_cluster(url) else connect_single(url, **options)


def connect_single(url: str, **options: Any) -> Redis:
    return Redis.from_url(url, **options)


def connect_cluster(url: str, **options: Any) -> RedisCluster:
    nodes, settings = cluster_settings(url)
    startup = [ClusterNode(host, port) for host, port in nodes]
    # As redis-py's from_url: the URL's query options win over the caller's.
    return RedisCluster(startup_nodes=startup, **{**options, **settings})


def connect_node(url: str, host: str, port: int, **options: Any) -> Redis:
    """A plain client to one node of the cluster at ``url`` (credentials and TLS alike):
    sharded subscriptions hold one connection per node."""
    _, settings = cluster_settings(url)
    return Redis(host=host, port=port, **{**options, **settings})


def cluster_settings(url: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """The startup nodes of a ``redis+cluster://`` URL and the connection settings (user,
    password, TLS, query options) that every node shares."""
    scheme, _, rest = url.partition("://")
    base = CLUSTER_SCHEMES.get(scheme.lower())
    if base is None:
        raise ValueError(f"not a Redis Cluster URL: {scheme}://…")
    parts = urlsplit(f"{base}://{rest}")
    credentials, at, hosts = parts.netloc.rpartition("@")
    nodes: list[tuple[str, int]] = []
    for item in hosts.split(","):
        host, _, port = item.strip().rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a Redis Cluster node must be host:port, not {item!r}")
        nodes.append((host.strip("[]"), int(port)))
    if parts.path not in ("", "/", "/0"):
        raise ValueError("a Redis Cluster has only database 0")
    # The first node stands in for all of them, so redis-py reads the other settings.
    first = f"{base}://{credentials}{at}{hosts.split(',')[0].strip()}"
    settings: dict[str, Any] = dict(parse_url(first + (f"?{parts.query}" if parts.query else "")))
    for key in ("host", "port", "db", "path"):
        settings.pop(key, None)
    if settings.pop("connection_class", None) is SSLConnection:
        settings["ssl"] = True
    return nodes, settings
