"""The event source mapping's rules, one shard's records at a time (no AWS): batch size,
retry from the first failed record, bisection down to a poison record, bounded retries,
maximum record age, and what lands in the dead-letter file."""
from __future__ import annotations

import pytest

from devserver.dead_letters import RETRIES_EXHAUSTED, TOO_OLD, DeadLetters
from devserver.delivery import Delivery
from devserver.mapping import MappingSettings
from tests.devserver.fakes import FAST, Recorder, records, seq

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/ev/stream/2026"


@pytest.fixture
def checkpoints():
    return []


def delivery(handler, tmp_path, checkpoints, settings=FAST, clock=lambda: 1000.0, sleep=None):
    return Delivery(handler, settings, DeadLetters(str(tmp_path)), ARN,
                    lambda shard, s: checkpoints.append(s), clock=clock,
                    sleep=sleep or (lambda seconds: None))


def test_batches_hold_at_most_the_batch_size_in_order(tmp_path, checkpoints):
    handler = Recorder()
    settings = MappingSettings(batch_size=40, retry_delay_seconds=0)
    delivery(handler, tmp_path, checkpoints, settings).deliver("shard-1", records(100))
    assert [len(c) for c in handler.calls] == [40, 40, 20]
    assert sum(handler.calls, []) == [seq(n) for n in range(100)]
    assert checkpoints == [seq(39), seq(79), seq(99)]


def test_a_partial_failure_is_retried_from_the_first_failed_record(tmp_path, checkpoints):
    handler = Recorder(lambda seqs, call: [seq(60), seq(37)] if call == 1 else [])
    d = delivery(handler, tmp_path, checkpoints)
    d.deliver("shard-1", records(100))
    assert handler.calls[0] == [seq(n) for n in range(100)]
    assert handler.calls[1] == [seq(n) for n in range(37, 100)]    # from #37, not #60
    assert len(handler.calls) == 2 and checkpoints == [seq(36), seq(99)]
    assert d.stats.retries == 1 and DeadLetters(str(tmp_path)).entries() == []


def test_a_crashing_handler_is_bisected_down_to_the_poison_record(tmp_path, checkpoints):
    poison = seq(42)

    def react(seqs, call):
        if poison in seqs:
            raise RuntimeError("projector crashed")
    handler = Recorder(react)
    settings = MappingSettings(batch_size=100, max_retries=3, retry_delay_seconds=0)
    d = delivery(handler, tmp_path, checkpoints, settings)
    d.deliver("shard-1", records(100))
    assert sorted(handler.succeeded) == sorted(seq(n) for n in range(100) if n != 42)
    assert handler.calls.count([poison]) == 1 + 3          # first try and 3 retries
    assert all(len(c) > 1 for c in handler.calls if poison in c and c != [poison])
    (entry,) = DeadLetters(str(tmp_path)).entries()
    assert entry["condition"] == RETRIES_EXHAUSTED and entry["attempts"] == 4
    assert entry["error"] == "RuntimeError: projector crashed"
    assert [r["dynamodb"]["SequenceNumber"] for r in entry["records"]] == [poison]
    assert entry["records"] == records(100)[42:43]          # the whole record, as delivered
    assert (entry["shard_id"], entry["stream_arn"]) == ("shard-1", ARN)
    assert entry["start_sequence_number"] == entry["end_sequence_number"] == poison
    assert checkpoints[-1] == seq(99) and checkpoints == sorted(checkpoints)
    assert d.stats.bisections >= 6                          # 100 -> 50 -> ... -> 1


def test_without_bisection_the_whole_batch_is_given_up_after_the_retries(tmp_path,
                                                                        checkpoints):
    def react(seqs, call):
        if seq(3) in seqs:
            raise ValueError("bad")
    handler = Recorder(react)
    settings = MappingSettings(batch_size=10, bisect_on_error=False, max_retries=2,
                               retry_delay_seconds=0)
    delivery(handler, tmp_path, checkpoints, settings).deliver("shard-1", records(20))
    assert handler.calls[:3] == [[seq(n) for n in range(10)]] * 3     # 1 + 2 retries
    assert handler.calls[3:] == [[seq(n) for n in range(10, 20)]]      # then it moves on
    (entry,) = DeadLetters(str(tmp_path)).entries()
    assert entry["batch_size"] == 10 and entry["attempts"] == 3
    assert (entry["start_sequence_number"], entry["end_sequence_number"]) == (seq(0), seq(9))
    assert checkpoints == [seq(9), seq(19)]


def test_a_record_that_keeps_failing_is_given_up_alone(tmp_path, checkpoints):
    handler = Recorder(lambda seqs, call: [seq(5)] if seq(5) in seqs else [])
    settings = MappingSettings(batch_size=10, max_retries=4, retry_delay_seconds=0)
    d = delivery(handler, tmp_path, checkpoints, settings)
    d.deliver("shard-1", records(10))
    assert handler.calls[0][0] == seq(0)
    assert [c[0] for c in handler.calls[1:5]] == [seq(5)] * 4   # 4 retries from #5
    assert sum(seq(5) in c for c in handler.calls) == 1 + 4
    assert handler.calls[5:] == [[seq(n) for n in range(6, 10)]]  # then the rest once more
    (entry,) = DeadLetters(str(tmp_path)).entries()
    assert [r["dynamodb"]["SequenceNumber"] for r in entry["records"]] == [seq(5)]
    assert entry["error"] == "reported in batchItemFailures" and entry["attempts"] == 5
    assert checkpoints[-1] == seq(9) and d.stats.dead_lettered == 1


def test_retry_pauses_grow_and_are_capped(tmp_path, checkpoints):
    pauses = []
    handler = Recorder(lambda seqs, call: (_ for _ in ()).throw(RuntimeError("down")))
    settings = MappingSettings(batch_size=1, max_retries=6, retry_delay_seconds=0.1,
                               max_retry_delay_seconds=0.5)
    delivery(handler, tmp_path, checkpoints, settings, sleep=pauses.append).deliver(
        "shard-1", records(1))
    assert pauses == [0.1, 0.2, 0.4, 0.5, 0.5, 0.5]
    assert len(handler.calls) == 7


def test_records_older_than_the_maximum_age_are_given_up_without_a_call(tmp_path,
                                                                       checkpoints):
    handler = Recorder()
    settings = MappingSettings(batch_size=100, max_record_age_seconds=60,
                               retry_delay_seconds=0)
    batch = records(3, created=900.0) + records(2, created=990.0, first=2_000_000)
    delivery(handler, tmp_path, checkpoints, settings, clock=lambda: 1000.0).deliver(
        "shard-1", batch)
    assert handler.calls == [["2000000", "2000001"]]
    (entry,) = DeadLetters(str(tmp_path)).entries()
    assert entry["condition"] == TOO_OLD and entry["batch_size"] == 3
    assert entry["approximate_arrival_of_first_record"].startswith("1970-01-01T00:15:00")


def test_unlimited_retries_end_when_the_record_is_too_old(tmp_path, checkpoints):
    now = [1000.0]
    handler = Recorder(lambda seqs, call: (_ for _ in ()).throw(RuntimeError("down")))
    settings = MappingSettings(batch_size=5, max_retries=-1, max_record_age_seconds=60,
                               retry_delay_seconds=10, max_retry_delay_seconds=10)

    def sleep(seconds):
        now[0] += seconds
    delivery(handler, tmp_path, checkpoints, settings, clock=lambda: now[0],
             sleep=sleep).deliver("shard-1", records(1, created=1000.0))
    assert len(handler.calls) == 7                       # tried at 1000, 1010, ..., 1060
    (entry,) = DeadLetters(str(tmp_path)).entries()
    assert entry["condition"] == TOO_OLD and entry["attempts"] == 7


def test_an_identifier_naming_no_record_fails_the_whole_invocation(tmp_path, checkpoints):
    handler = Recorder(lambda seqs, call: ["not-a-sequence-number"] if call == 1 else [])
    d = delivery(handler, tmp_path, checkpoints)
    d.deliver("shard-1", records(4))
    assert handler.calls == [[seq(n) for n in range(4)], [seq(0), seq(1)], [seq(2), seq(3)]]
    assert d.stats.bisections == 1 and checkpoints == [seq(1), seq(3)]


def test_partial_responses_are_ignored_unless_the_mapping_turns_them_on(tmp_path,
                                                                       checkpoints):
    handler = Recorder(lambda seqs, call: [seqs[0]])
    settings = MappingSettings(partial_responses=False, retry_delay_seconds=0)
    delivery(handler, tmp_path, checkpoints, settings).deliver("shard-1", records(3))
    assert len(handler.calls) == 1 and checkpoints == [seq(2)]
