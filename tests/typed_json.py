"""Does a JSON value have the shape a TypedDict says? The check of the typed records and traits: every
field it names present (or marked ``NotRequired``), none it does not name, each of its type."""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, get_args, get_origin, get_type_hints, is_typeddict

from naga_widget.compiled import as_written


def mismatches(value: Any, tp: Any, where: str = "") -> list[str]:
    """Where JSON ``value`` differs from the type ``tp`` (a TypedDict's missing or unknown keys included)."""
    origin, args = get_origin(tp), get_args(tp)
    if tp is Any:
        return []
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if tp in (int, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return [] if ok and (tp is float or isinstance(value, int)) else [f"{where}: {value!r} is not {tp.__name__}"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a str"]
    if origin is Literal:
        return [] if any(value is a or (value == a and type(value) is type(a)) for a in args) else [
            f"{where}: {value!r} is not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        found = [mismatches(value, a, where) for a in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [m for i, v in enumerate(value) for m in mismatches(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [m for k, v in value.items()
                for m in mismatches(k, args[0], where) + mismatches(v, args[1], f"{where}.{k}")]
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a {tp.__name__}"]
        hints = get_type_hints(as_written(tp), include_extras=True)  # the compiled engine erases the types
        out = [f"{where}.{k}: not a field of {tp.__name__}" for k in value if k not in hints]
        for name, hint in hints.items():
            optional = not tp.__total__
            if get_origin(hint) in (NotRequired, Required):
                optional, hint = get_origin(hint) is NotRequired, get_args(hint)[0]
            if name in value:
                out += mismatches(value[name], hint, f"{where}.{name}")
            elif not optional:
                out.append(f"{where}: {tp.__name__} misses {name}")
        return out
    raise TypeError(f"the test cannot check {tp!r}")
