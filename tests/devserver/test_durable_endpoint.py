"""The local endpoint keeps its tables in the data dir (a journal replayed at start), with
the same stream (ARN, sequence numbers, creation times), dies with the process that
started it, and refuses a port or data dir an old endpoint still holds. Real processes on
loopback."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading

import boto3
import pytest

from chalicelib.config import Config
from chalicelib.store.dynamo_tables import table_definitions
from devserver import moto_process
from devserver.endpoint import EndpointError, LocalEndpoint, ensure_tables, free_port
from devserver.journal import Journal
from tests.devserver.processes import alive, gone_within


@pytest.fixture(autouse=True)
def local_aws(fake_aws):
    """Every test here reaches its endpoint with the fake credentials."""


def stream_of(url: str) -> tuple[str, list[dict]]:
    client = boto3.client("dynamodb", endpoint_url=url)
    streams = boto3.client("dynamodbstreams", endpoint_url=url)
    arn = client.describe_table(TableName="e")["Table"]["LatestStreamArn"]
    shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
    iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                          ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
    records = streams.get_records(ShardIterator=iterator, Limit=1000)["Records"]
    return arn, [(r["dynamodb"]["SequenceNumber"], r["eventName"],
                  r["dynamodb"]["ApproximateCreationDateTime"], r["dynamodb"]["Keys"])
                 for r in records]


def write(url: str, first: int, count: int) -> None:
    client = boto3.client("dynamodb", endpoint_url=url)
    for n in range(first, first + count):
        client.transact_write_items(TransactItems=[{"Put": {"TableName": "e", "Item": {
            "stream_id": {"S": f"s{n % 3}"}, "version": {"N": str(n)},
            "data": {"B": bytes([n % 256]) * 10}}}}])
    client.update_item(TableName="v", Key={"view_id": {"S": "count"}},
                       UpdateExpression="ADD n :one",
                       ExpressionAttributeValues={":one": {"N": str(count)}})


def fill(url: str) -> tuple[str, list]:
    ensure_tables(Config(store="dynamodb", events_table="e", idempotency_table="i",
                         views_table="v", dynamodb_endpoint=url))
    write(url, 0, 30)
    client = boto3.client("dynamodb", endpoint_url=url)
    client.delete_item(TableName="e", Key={"stream_id": {"S": "s0"}, "version": {"N": "0"}})
    with pytest.raises(client.exceptions.ConditionalCheckFailedException):
        client.put_item(TableName="e", Item={"stream_id": {"S": "s1"}, "version": {"N": "1"}},
                        ConditionExpression="attribute_not_exists(version)")
    return stream_of(url)


def same_tables(url: str, before: tuple[str, list]) -> None:
    assert stream_of(url) == before                       # the same ARN and records
    client = boto3.client("dynamodb", endpoint_url=url)
    assert client.scan(TableName="e", Select="COUNT")["Count"] == 29
    count = client.get_item(TableName="v", Key={"view_id": {"S": "count"}})
    assert count["Item"]["n"] == {"N": "30"}
    write(url, 30, 1)                                     # numbered after the old ones
    arn, records = stream_of(url)
    assert int(records[-1][0]) == int(before[1][-1][0]) + 1


@pytest.mark.parametrize("stop", ["clean", "kill -9"])
def test_tables_and_their_stream_survive_a_stop_and_a_restart(tmp_path, stop):
    first = LocalEndpoint(data_dir=str(tmp_path)).start()
    try:
        before = fill(first.url)
        if stop == "kill -9":                             # no snapshot: the journal only
            first.server.kill()
            first.server.wait(timeout=10)
    finally:
        first.stop()
    second = LocalEndpoint(data_dir=str(tmp_path)).start()
    try:
        replayed = int(second.ready["replayed"])
        # the template's tables and their time to live, 30 + 1 + 1 writes (not the
        # refused one); none after a snapshot
        tables = table_definitions()
        setup = len(tables) + sum(1 for props in tables.values()
                                  if (props.get("TimeToLiveSpecification") or {}).get("Enabled"))
        assert replayed == (0 if stop == "clean" else setup + 32), replayed
        same_tables(second.url, before)
    finally:
        second.stop()


def test_a_snapshot_every_few_writes_leaves_a_short_journal(tmp_path):
    from devserver.durable import DataDirBusy, DurableTables
    from devserver.journal import JournalingApp

    durable = DurableTables(str(tmp_path), snapshot_every=5)
    with pytest.raises(DataDirBusy, match=f"pid {os.getpid()}"):
        DurableTables(str(tmp_path))                         # one holder at a time
    for n in range(12):
        durable.record({"n": n})
    assert durable.generation == 2 and durable.pending == 2
    folder = tmp_path / "dynamodb"
    assert sorted(os.listdir(folder)) == ["endpoint.lock", "journal-2.jsonl", "tables.pickle"]
    assert durable.journal.entries() == [{"n": 10}, {"n": 11}]
    durable.close(snapshot=False)
    (folder / "journal-1.jsonl").write_text('{"n": 99}\n')   # a crash before its clean-up
    again = DurableTables(str(tmp_path))
    replayed = []
    app = JournalingApp(None, again)
    app.replay = lambda entries: replayed.extend(entries) or 0
    assert again.restore(app) == (2, 0) and replayed == [{"n": 10}, {"n": 11}]
    assert not (folder / "journal-1.jsonl").exists()
    again.close()                                            # a clean stop: a snapshot
    assert sorted(os.listdir(folder)) == ["endpoint.lock", "journal-3.jsonl", "tables.pickle"]
    assert (folder / "journal-3.jsonl").read_text() == ""


def test_a_torn_last_line_is_cut_off(tmp_path):
    old = os.umask(0o022)
    try:
        journal = Journal(str(tmp_path / "j.jsonl"))
    finally:
        os.umask(old)
    assert oct(os.stat(tmp_path / "j.jsonl").st_mode & 0o777) == "0o600"   # token hashes
    journal.append({"n": 1})
    journal.append({"n": 2})
    journal.close()
    with open(tmp_path / "j.jsonl", "ab") as handle:
        handle.write(b'{"n": 3, "bo')                         # killed mid-append
    journal = Journal(str(tmp_path / "j.jsonl"))
    assert journal.entries() == [{"n": 1}, {"n": 2}]
    journal.append({"n": 4})
    assert journal.entries() == [{"n": 1}, {"n": 2}, {"n": 4}]
    journal.close()


CHILD = textwrap.dedent("""
    import sys, time
    from devserver.endpoint import LocalEndpoint
    endpoint = LocalEndpoint(data_dir=sys.argv[1]).start()
    print(endpoint.server.pid, endpoint.port, flush=True)
    time.sleep(600)
""")


def test_the_endpoint_dies_with_a_killed_parent_and_its_data_dir_is_not_shared(tmp_path):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parent = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], cwd=root,
                              stdout=subprocess.PIPE, text=True)
    try:
        moto_pid, port = map(int, parent.stdout.readline().split())
        assert alive(moto_pid)
        with pytest.raises(EndpointError, match="exited"):  # the journal is held
            LocalEndpoint(data_dir=str(tmp_path)).start()
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=10)
        assert gone_within(moto_pid, 15), "the endpoint outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
        parent.stdout.close()
    again = LocalEndpoint(data_dir=str(tmp_path)).start()     # the lock went with it
    again.stop()


def test_a_port_somebody_listens_on_is_refused_not_adopted(tmp_path):
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        with pytest.raises(EndpointError, match="not adopting"):
            LocalEndpoint(port=port, data_dir=str(tmp_path)).start()


@pytest.mark.parametrize("asked", [False, True])
def test_the_access_log_shows_only_when_asked(tmp_path, asked):
    port = free_port()
    command = [sys.executable, "-m", "devserver.moto_process", "--port", str(port)]
    process = subprocess.Popen(command + (["--access-log"] if asked else []),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().startswith("ready ")
        boto3.client("dynamodb", endpoint_url=f"http://127.0.0.1:{port}").list_tables()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert ("POST / HTTP/1.1" in err) is asked


def test_signals_in_a_burst_still_stop_the_endpoint(tmp_path):
    """The parent's death (PR_SET_PDEATHSIG) and a SIGTERM can land together; a handler
    that set the stop event inside another's hold of its lock waited for it forever (an
    endpoint outlived a killed server that way). A burst of signals must stop it."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "devserver.moto_process", "--port",
                                str(port), "--data-dir", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().startswith("ready ")
        for _ in range(200):
            process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=15) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_the_signal_handler_takes_no_lock_a_waiting_main_thread_may_hold():
    """What the burst above cannot always provoke: the handler runs while the stop event's
    lock is held (as inside ``Event.wait`` or ``Event.set`` when a signal lands); it must
    return at once, noting the signal, and leave the event to the main thread."""
    stop, asked = threading.Event(), []
    done = threading.Event()

    def land_while_held():
        with stop._cond:                              # what Event.set holds while it runs
            moto_process.noting(asked)(signal.SIGTERM, None)
        done.set()
    threading.Thread(target=land_while_held, daemon=True).start()
    assert done.wait(5), "the handler waited for the stop event's lock"
    assert asked == [signal.SIGTERM] and not stop.is_set()
