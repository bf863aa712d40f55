"""Text that comes from a submission, made safe to show: its name, its error, its message.

A folder's name and a bot's exception text are the student's: they may hold escape sequences
that clear the teacher's terminal or hide lines of the report, a carriage return that writes
over a line, a NUL, or a bidi override (U+202E) that shows a name backwards. :func:`printable`
is the one place that escapes them: the league's printed report, its messages, its notebook
display and its site (through :func:`html_text`, which adds HTML escaping) all go through it.

Every character that is not meant to be drawn is written as a Python escape (``\\x1b``,
``\\r``, ``\\u202e``): Unicode's control, format, surrogate, private-use and unassigned
characters, and the line and paragraph separators. A backslash is doubled, so an escape in the
text cannot pass for one made here.

>>> printable("\\x1b[2Jbob\\u202e\\r")
'\\\\x1b[2Jbob\\\\u202e\\\\r'
"""

from __future__ import annotations

import html
import unicodedata

HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    if ch in NAMED:
        return NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: object, limit: int | None = None) -> str:
    """``text`` with every character that is not drawn escaped (see the module doc); at most
    ``limit`` characters of it are kept (the rest is counted)."""
    value = str(text)
    cut = ""
    if limit is not None and len(value) > limit:
        value, cut = value[:limit], f"… ({len(value) - limit} more characters)"
    out = []
    for ch in value:
        if ch == "\\":
            out.append("\\\\")
        elif unicodedata.category(ch) in HIDDEN:
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out) + cut


def html_text(text: object, limit: int | None = None) -> str:
    """:func:`printable`, then escaped for HTML (text and attribute values)."""
    return html.escape(printable(text, limit))
