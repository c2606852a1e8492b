from app.observability.metrics import Metrics, RecentMoves


def test_recent_moves_window_and_percentiles() -> None:
    recent = RecentMoves(window=300)
    for index in range(100):
        recent.add_move(latency=(index + 1) / 1000, now=1000.0 + index)
    recent.add_error(now=1050.0)
    summary = recent.summary(now=1100.0)
    assert summary["moves_window"] == 100
    assert summary["moves_last_minute"] == 60  # stamps 1040..1099
    assert summary["p50_ms"] == 51.0 and summary["p99_ms"] == 100.0
    assert summary["errors_window"] == 1
    later = recent.summary(now=1000.0 + 99 + 301)
    assert later["moves_window"] == 0 and later["p50_ms"] is None and later["errors_window"] == 0


def test_prometheus_text_has_the_move_histogram() -> None:
    metrics = Metrics()
    metrics.move_accepted("race", 0.004)
    metrics.refused("not_your_turn")
    text = metrics.render().decode()
    assert 'agora_moves_total{game="race"} 1.0' in text
    assert 'agora_move_latency_seconds_bucket{le="0.005"} 1.0' in text
    assert 'agora_refusals_total{code="not_your_turn"} 1.0' in text
