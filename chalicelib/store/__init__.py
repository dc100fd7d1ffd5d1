"""Event and view store ports and their adapters (SQLite embedded, DynamoDB)."""
