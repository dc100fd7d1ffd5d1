from tests.store.conftest import _moto_client, aws_env, event_store, moto_server, stores, view_store  # noqa: F401
