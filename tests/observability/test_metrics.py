from types import SimpleNamespace

from app.observability.metrics import Metrics, RecentMoves


def test_recent_moves_window_and_percentiles() -> None:
    recent = RecentMoves(window=300)
    for index in range(100):
        recent.add_move(latency=(index + 1) / 1000, now=1000.0 + index)
    recent.add_error(now=1050.0)
    summary = recent.summary(now=1100.0)
    assert summary["moves_window"] == 100
    assert summary["moves_last_minute"] == 60  # stamps 1040..1099
    # Percentiles are the upper bound of their 5 % latency class (exact: 51 and 100 ms).
    p50, p99 = summary["p50_ms"], summary["p99_ms"]
    assert p50 is not None and p99 is not None
    assert 51.0 <= p50 <= 51.0 * 1.05
    assert 100.0 <= p99 <= 100.0 * 1.05
    assert summary["errors_window"] == 1
    later = recent.summary(now=1000.0 + 99 + 301)
    assert later["moves_window"] == 0 and later["p50_ms"] is None and later["errors_window"] == 0


def test_prometheus_text_has_the_move_histogram() -> None:
    metrics = Metrics()
    metrics.move_counts.accepted("race", 0.004)
    metrics.refused("not_your_turn")
    text = metrics.render().decode()
    assert 'agora_moves_total{game="race"} 1.0' in text
    assert 'agora_move_latency_seconds_bucket{le="0.005"} 1.0' in text
    assert 'agora_refusals_total{code="not_your_turn"} 1.0' in text


def test_recent_moves_memory_is_per_second_not_per_move() -> None:
    recent = RecentMoves(window=300)
    for index in range(10_000):
        recent.add_move(latency=0.004, now=2000.0 + index / 1000)  # 10 seconds
    assert len(recent._slots) == 10
    assert recent.summary(now=2010.0)["moves_window"] == 10_000


def test_recent_moves_accepts_stamps_out_of_order() -> None:
    recent = RecentMoves(window=300)
    recent.add_move(latency=0.002, now=1005.0)
    recent.add_move(latency=0.002, now=1001.0)
    recent.add_error(now=1003.0)
    summary = recent.summary(now=1010.0)
    assert summary["moves_window"] == 2 and summary["errors_window"] == 1
    assert [slot[0] for slot in recent._slots] == [1001, 1003, 1005]


def test_group_commit_counts_are_read_on_scrape() -> None:
    metrics = Metrics()
    committer = SimpleNamespace(batches=0, moves=0, commit_seconds=0.0)
    metrics.watch_commits(committer)
    committer.batches, committer.moves, committer.commit_seconds = 3, 40, 0.25
    text = metrics.render().decode()
    assert "agora_commit_batches_total 3.0" in text
    assert "agora_commit_moves_total 40.0" in text
    assert "agora_commit_seconds_total 0.25" in text
