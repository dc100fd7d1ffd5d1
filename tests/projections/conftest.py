from tests.store.conftest import (_moto_client, aws_env, moto_server, stores,  # noqa: F401
                                  event_store, view_store)
