"""Write the rules text the widget ships: src/naga_widget/widget/rules_text.json, from docs/rules.md.

Run from the repository root:  .venv/bin/python js/scripts/make_rules_text.py

The widget's rule popups show the text of a rule id (R4.2.2, E07 …) wherever the view shows
one. A user's Jupyter cannot open the repository's docs/rules.md, so the text of every section
with a rule id is extracted here into package data, keyed by id: ``{"R4.2.2": {"title":
"Passing and invoking", "text": "..."}, ...}``. A sub-rule written inside a section (a bold
``**R4.2.1 Title.**`` paragraph or a ``- **R7.1.1** ...`` item) gets the text of its paragraph.
``tests/widget/test_widget_rules_text.py`` fails when the JSON is not what this script writes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "docs" / "rules.md"
OUT = ROOT / "src" / "naga_widget" / "widget" / "rules_text.json"
COMMAND = ".venv/bin/python js/scripts/make_rules_text.py"

RULE_ID = r"(?:R\d+(?:\.\d+)*|E\d\d)"
HEADING = re.compile(rf"^(#{{2,3}}) ({RULE_ID}) (.+?)\s*$")
ANY_HEADING = re.compile(r"^#{1,6} ")
SUB_PARAGRAPH = re.compile(rf"^\*\*({RULE_ID}) ([^*]+?)\.\*\*\s*(.*)$")
SUB_ITEM = re.compile(rf"^- \*\*({RULE_ID})\*\*\s*(.*)$")


def unwrap(block: str) -> str:
    """A paragraph's source lines joined into one line; a list keeps one line per item; a table or a
    drawing (a fenced block) stays as it is."""
    lines = block.splitlines()
    if any(line.startswith(("|", "```", "    ")) for line in lines):
        return block
    out: list[str] = []
    for line in lines:
        if out and not line.startswith("- "):
            out[-1] += " " + line.strip()
        else:
            out.append(line.strip())
    return "\n".join(out)


def plain(text: str) -> str:
    """Markdown emphasis and code marks taken out, paragraphs unwrapped, one blank line between them."""
    text = re.sub(r"\*\*(.+?)\*\*", r"\1", text, flags=re.S)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", text)
    text = text.replace("`", "")
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    return "\n\n".join(unwrap(b) for b in blocks)


def sections(markdown: str) -> list[tuple[str, str, list[str]]]:
    """(id, title, body lines) of every heading with a rule id, the body ending at the next heading."""
    found: list[tuple[str, str, list[str]]] = []
    current: list[str] | None = None
    for line in markdown.splitlines():
        match = HEADING.match(line)
        if match:
            current = []
            found.append((match.group(2), match.group(3), current))
        elif ANY_HEADING.match(line):
            current = None  # a heading without a rule id ends the section before it
        elif current is not None and line.strip() != "---":
            current.append(line)
    return found


def sub_rules(title: str, body: list[str]) -> dict[str, dict[str, str]]:
    """The sub-rules written inside a section's body: a bold paragraph runs until the next sub-rule
    (its lists and later paragraphs included), an item until the next item or blank line."""
    out: dict[str, dict[str, str]] = {}
    i = 0
    while i < len(body):
        para = SUB_PARAGRAPH.match(body[i])
        item = SUB_ITEM.match(body[i])
        start = i
        if para is None and item is None:
            i += 1
            continue
        lines = [para.group(3) if para else item.group(2)]  # type: ignore[union-attr]
        i += 1
        while i < len(body) and not SUB_PARAGRAPH.match(body[i]) and not SUB_ITEM.match(body[i]):
            if item is not None and not body[i].strip():
                break
            lines.append(body[i].strip() if item is not None else body[i])
            i += 1
        if para is not None:
            out[para.group(1)] = {"title": para.group(2), "text": plain("\n".join(lines))}
        else:
            assert item is not None
            text = plain(" ".join(lines))
            if text[:1].islower():  # the item continues the sentence before its list: show it whole
                text = whole_sentence(body, start, item.group(1))
            out[item.group(1)] = {"title": title, "text": text}
    return out


def whole_sentence(body: list[str], item_line: int, rule: str) -> str:
    """An item that starts mid-sentence ("if …", "otherwise, if …"), with the paragraph that leads
    into its list and the items before it, so that it reads as a whole sentence."""
    first = item_line
    while first > 0 and body[first - 1].strip():
        first -= 1
    lead_end = first - 1
    while lead_end > 0 and not body[lead_end].strip():
        lead_end -= 1
    lead_start = lead_end
    while lead_start > 0 and body[lead_start - 1].strip():
        lead_start -= 1
    lead = plain("\n".join(body[lead_start:lead_end + 1])) if lead_end >= 0 and body[lead_end].strip() else ""
    items = [plain(line) for line in body[first:item_line + 1] if line.strip()]
    text = "\n".join(([lead] if lead else []) + items)
    return text[:-1] + "." if text.endswith(";") else text


def rules_text(markdown: str) -> dict[str, dict[str, str]]:
    """Every rule id of the rules page with its title and text (see the module doc)."""
    out: dict[str, dict[str, str]] = {}
    for rule, title, body in sections(markdown):
        out[rule] = {"title": title, "text": plain("\n".join(body))}
        for sub, entry in sub_rules(title, body).items():
            out.setdefault(sub, entry)
    for rule, entry in out.items():
        if not entry["text"]:  # a part that is only its sections: name them
            parts = [f"{k} {v['title']}" for k, v in out.items() if k.startswith(rule + ".") and k.count(".") == 1]
            entry["text"] = "This part of the rules has these sections: " + "; ".join(parts) + "."
    return out


def text() -> str:
    """The JSON file's text."""
    return json.dumps(rules_text(SOURCE.read_text(encoding="utf-8")), indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    OUT.write_text(text(), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(json.loads(OUT.read_text(encoding='utf-8')))} rule ids")


if __name__ == "__main__":
    main()
