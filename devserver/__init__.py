"""The deployed shape on one machine: a DynamoDB endpoint on loopback (moto's server, or
``PODIUM_DYNAMODB_ENDPOINT``), the tables of ``infra/resources.json``, ``chalice local``
on the DynamoDB store with stream projection, and a stream poller that hands the events
table's stream to the projector Lambda's own handler with the event source mapping's
semantics. Not part of the Lambda bundle (Chalice packages only ``app.py`` and
``chalicelib/``). ``python -m devserver --help``."""
