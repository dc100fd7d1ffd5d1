"""Two costs of moto's DynamoDB that grow with everything stored, where DynamoDB's do not,
so that a long event on moto slows down command after command (and two it pays on every
request: finding the service of a request's host lists moto's package folder from disk,
14% of the local endpoint's request time, so the listing is kept once read; the handler
class's actions are listed again for each request, see ``_action_names_once``; and each
attribute value of a reply is looked up under a dozen aliases, see
``_fast_attribute_values``):

* ``TransactWriteItems`` deep-copies every table the transaction touches, once per item,
  to be able to roll back (a 16,384-player Swiss event would copy the whole events table
  tens of thousands of times);
* ``Query`` on a table's own key sorts every item of the table to find one partition,
  then compares every item of the partition with the sort-key condition.

:func:`install` replaces both, for the local DynamoDB mode, the benchmarks and the
tests, by the same semantics without that cost. A transaction checks every condition
against the state before it (it may not touch an item twice, so no item sees another's
write) and applies the writes only if all hold, with exactly moto's refusals and
cancellation reasons, and whole: one transaction at a time (moto's server answers on
many threads; DynamoDB's transactions are serializable, so two writers of one item never
both pass their conditions). A query reads its partition's items only (and, for ``>``/``>=``
on the sort key of a partition written in ascending sort-key order, as an event stream
is, only the items past the bound, walking back from the newest), and moto's own code
then orders, filters, limits and pages them as before. Idempotent to call."""
from __future__ import annotations

import threading
from typing import Any

_INSTALLED = False
_PARTITION = threading.local()
_TRANSACTIONS = threading.Lock()


def install() -> None:
    global _INSTALLED
    if _INSTALLED:
        return
    from moto.dynamodb.models import DynamoDBBackend
    from moto.dynamodb.models.table import Table
    DynamoDBBackend.transact_write_items = _transact_write_items
    all_items, query, put_item = Table.all_items, Table.query, Table.put_item

    def partition_items(self) -> list:
        if getattr(_PARTITION, "table", None) is not self:
            return all_items(self)
        found = self.items.get(_PARTITION.key)
        if found is None:
            return []
        if not self.range_key_attr:
            return [found]
        ascending = getattr(self, "_ascending", {}).get(_PARTITION.key, (False, None))[0]
        bound = _PARTITION.bound
        if ascending and bound is not None:
            comparison, value = bound
            newer = []
            for item in reversed(found.values()):
                if item.range_key > value or (comparison == ">=" and item.range_key == value):
                    newer.append(item)
                else:
                    break
            return newer[::-1]
        return sorted(found.values(), key=lambda item: item.range_key)

    def partition_query(self, hash_key, *args, **kwargs):
        index_name = args[6] if len(args) > 6 else kwargs.get("index_name")
        if index_name is not None or hash_key is None:
            return query(self, hash_key, *args, **kwargs)
        comparison, values = (args[0], args[1]) if len(args) > 1 else (None, None)
        _PARTITION.table, _PARTITION.key = self, hash_key
        _PARTITION.bound = (comparison.upper(), values[0]) \
            if comparison and comparison.upper() in (">", ">=") and values else None
        try:
            return query(self, hash_key, *args, **kwargs)
        finally:
            _PARTITION.table = None

    def tracked_put(self, item_attrs, *args, **kwargs):
        item = put_item(self, item_attrs, *args, **kwargs)
        if self.range_key_attr:
            from moto.dynamodb.models.dynamo_type import DynamoType
            key = DynamoType(item_attrs[self.hash_key_attr])
            rng = DynamoType(item_attrs[self.range_key_attr])
            tails = self.__dict__.setdefault("_ascending", {})
            ascending, last = tails.get(key, (True, None))
            tails[key] = (ascending and (last is None or not rng < last), rng)
        return item

    Table.all_items = partition_items
    Table.query = partition_query
    Table.put_item = tracked_put
    from moto import backends  # the server's host -> service lookup, per request
    modules = tuple(backends.list_of_moto_modules())
    backends.list_of_moto_modules = lambda: modules
    _fast_attribute_values()
    _action_names_once()
    _INSTALLED = True


def _action_names_once() -> None:
    """moto finds a request's action among its handler class's functions by listing them
    (``inspect.getmembers``, ~0.4 ms) on every request: a sixth of a GetItem's time in
    moto. The list is kept per class (the handler classes are not changed once serving)."""
    from moto.core import responses
    listed: dict[type, list[str]] = {}
    names = responses.method_names_from_class

    def method_names_from_class(clazz):
        found = listed.get(clazz)
        if found is None:
            found = listed[clazz] = names(clazz)
        return found

    responses.method_names_from_class = method_names_from_class


# the members of DynamoDB's AttributeValue that need no alias lookup to be found (a binary
# value, B or BS, takes moto's own way: its base64 is moto's business)
_PLAIN_MEMBERS = frozenset({"S", "N", "SS", "NS", "M", "L", "NULL", "BOOL"})


def _fast_attribute_values() -> None:
    """moto serializes a reply by walking the operation's output shape and looking each
    member of each structure up in the result under every alias it might have (six alias
    providers, each name also in snake_case): ~80 us for each attribute value of each
    item, two thirds of a Query's time at the endpoint. An ``AttributeValue`` given as
    the plain dict moto's DynamoDB builds (``{"S": "..."}``, keys among its members)
    can only be found under its own member names, so its members are read straight from
    the dict and each serialized by moto's own serializer for its type, in the shape's
    member order: the same JSON, without the lookups. Anything else (a model object, a
    binary value) is serialized by moto as before."""
    from moto.core.serialize import BaseJSONSerializer
    original = BaseJSONSerializer._serialize_type_structure

    def serialize_structure(self, serialized, value, shape, key):
        if not (key and shape.name == "AttributeValue" and type(value) is dict
                and value.keys() <= _PLAIN_MEMBERS and not shape.is_document_type
                and not getattr(self._value_picker, "response_transformers", None)):
            return original(self, serialized, value, shape, key)
        wrapper: dict[str, Any] = {}
        for member_key, member_shape in shape.members.items():
            member_shape.parent = shape
            member_value = value.get(member_key)
            if member_value is None:
                continue
            if member_shape.type_name in ("string", "boolean"):     # S, N, NULL, BOOL
                method = getattr(self, f"_serialize_type_{member_shape.type_name}",
                                 self._default_serialize)
                method(wrapper, member_value, member_shape, member_key)
            else:                                                 # sets, M, L: moto's way
                self._serialize(wrapper, member_value, member_shape, member_key)
        self._default_serialize(serialized, wrapper, shape, key)
        return None

    serialize_structure.motos = original      # type: ignore[attr-defined]  # for tests
    BaseJSONSerializer._serialize_type_structure = serialize_structure


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
    with _TRANSACTIONS:
        _transact(self, transact_items)


def _transact(self, transact_items: list[dict[str, Any]]) -> None:
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
