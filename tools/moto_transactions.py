"""moto's ``TransactWriteItems`` deep-copies every table the transaction touches, once
per item, so it can roll back: its cost grows with everything stored, and a long event
on moto slows down command after command (a 16,384-player Swiss event would copy the
whole events table tens of thousands of times). DynamoDB's cost does not grow so.

:func:`install` replaces it, for the local DynamoDB mode, the benchmarks and the tests,
by the same semantics without the copies: every condition is checked against the state
before the transaction (a transaction may not touch an item twice, so no item sees
another's write), then, only if all hold, every write is applied. Refusals are exactly
moto's: the same exceptions and cancellation reasons. Idempotent to call."""
from __future__ import annotations

from typing import Any

_INSTALLED = False


def install() -> None:
    global _INSTALLED
    if _INSTALLED:
        return
    from moto.dynamodb.models import DynamoDBBackend
    DynamoDBBackend.transact_write_items = _transact_write_items
    _INSTALLED = True


def _key(backend, op_type: str, op: dict[str, Any]) -> dict[str, Any]:
    if op_type != "Put":
        return op["Key"]
    table = backend.get_table(op["TableName"])
    attrs = op["Item"]
    key = {table.hash_key_attr: attrs[table.hash_key_attr]}
    if table.range_key_attr is not None:
        key[table.range_key_attr] = attrs[table.range_key_attr]
    return key


def _transact_write_items(self, transact_items: list[dict[str, Any]]) -> None:
    from moto.dynamodb.comparisons import get_filter_expression
    from moto.dynamodb.exceptions import (
        ConditionalCheckFailed,
        MockValidationException,
        MultipleTransactionsException,
        TooManyTransactionsException,
        TransactionCanceledException,
        TransactWriteSingleOpException,
    )
    if len(transact_items) > 100:
        raise TooManyTransactionsException()
    touched: set[tuple[str, str]] = set()
    errors: list[tuple[Any, Any, Any]] = []
    plan: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for item in transact_items:
        if len(item) > 1:
            raise TransactWriteSingleOpException
        op_type, op = next(iter(item.items()))
        if op_type not in {"ConditionCheck", "Put", "Delete", "Update"}:
            raise ValueError("Unsupported transaction operation")
        original = None
        try:
            key = _key(self, op_type, op)
            target = (str(op["TableName"]), str(dict(sorted(key.items()))))
            if target in touched:
                raise MultipleTransactionsException()
            touched.add(target)
            current = self.get_item(op["TableName"], key)
            expression = op.get("ConditionExpression")
            if expression is not None:
                condition = get_filter_expression(expression, op.get("ExpressionAttributeNames"),
                                                  op.get("ExpressionAttributeValues"))
                if not condition.expr(current):
                    if op.get("ReturnValuesOnConditionCheckFailure") == "ALL_OLD" and current:
                        original = current.to_json()["Attributes"]
                    raise ConditionalCheckFailed(item=original)
            plan.append((op_type, op, key))
            errors.append((None, None, None))
        except (MultipleTransactionsException, MockValidationException):
            raise
        except ConditionalCheckFailed as exc:
            errors.append(("ConditionalCheckFailed", str(exc.message), original))
        except Exception as exc:  # noqa: BLE001 - moto reports these as cancellation reasons
            errors.append((type(exc).__name__, str(exc), original))
    if any(code is not None for code, _, _ in errors):
        raise TransactionCanceledException(errors)
    for op_type, op, key in plan:        # every condition held before any write
        names = op.get("ExpressionAttributeNames")
        values = op.get("ExpressionAttributeValues")
        if op_type == "Put":
            self.put_item(op["TableName"], op["Item"], expression_attribute_names=names,
                          expression_attribute_values=values)
        elif op_type == "Delete":
            self.delete_item(op["TableName"], key, expression_attribute_names=names,
                             expression_attribute_values=values)
        elif op_type == "Update":
            self.update_item(op["TableName"], key, update_expression=op["UpdateExpression"],
                             expression_attribute_names=names,
                             expression_attribute_values=values)
