"""Driving the widget in a page, the same way in every front end.

Everything is scoped to the first widget on the page (``[data-testid="root"]``). The keyboard
helpers move the focus with Tab / Shift+Tab only, from wherever it is inside the widget, and
fail when it leaves the widget: keyboard-only play must never need a Tab back in from outside.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hosts import ROOT
from playwright.sync_api import Locator, Page, expect

AXE = ROOT / "js" / "node_modules" / "axe-core" / "axe.min.js"
ROOT_SELECTOR = '[data-testid="root"]'
ENABLED = ':not([disabled]):not([aria-disabled="true"])'

# The focused element, looking into shadow roots (marimo), and the widget root holding it.
_FOCUS = """const deepActive = () => { let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a; };
  const holder = (n) => n && n.closest ? n.closest('[data-testid="root"]') : null;"""

_WHERE = f"""(sel) => {{ {_FOCUS}
  const a = deepActive(); const root = holder(a);
  if (!root) return 'outside';
  if (a.matches(sel)) return 'here';
  const target = [...root.querySelectorAll(sel)].find(t => t.getClientRects().length);
  if (!target) return 'missing';
  return a.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 'Tab' : 'Shift+Tab'; }}"""

# Whose decision is on the widget now, read from the controls it shows (their data-testid):
# null while a play is pending or the bot thinks.
_ROUND = "(root) => +((/\\bround\\s+(\\d+)/i.exec(root.innerText) || [])[1] || 0)"

_TURN = f"""(startRound) => {{
  const root = document.querySelector('{ROOT_SELECTOR}');
  if (({_ROUND})(root) > startRound) return 'next round';
  if (root.querySelector('[data-testid="pending"]')) return null;
  const shown = (sel) => [...root.querySelectorAll(sel)].some(e => e.getClientRects().length);
  if (shown('[data-testid="pass"]{ENABLED}')) return 'confront';
  if (shown('[data-testid^="give-"]{ENABLED}')) return 'give';
  if (shown('[data-testid^="rotation-"]') || shown('[data-testid^="space-"]')) return 'place';
  if (shown('[data-testid^="card-"]{ENABLED}') && shown('[data-testid="confirm"]')) return 'call';
  return null; }}"""


def widget(page: Page) -> Locator:
    return page.locator(ROOT_SELECTOR).first


def focus_in_widget(page: Page) -> bool:
    return bool(page.evaluate(f"() => {{ {_FOCUS} return !!holder(deepActive()); }}"))


def focused_testid(page: Page) -> str | None:
    result = page.evaluate(f"() => {{ {_FOCUS} const a = deepActive(); return a && a.getAttribute('data-testid'); }}")
    return result if isinstance(result, str) else None


def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab (or Shift+Tab, towards the control) until the focus is on the first visible match."""
    for _ in range(limit):
        where = page.evaluate(_WHERE, selector)
        if where == "here":
            return
        assert where != "outside", f"tabbing to {selector}: the focus is outside the widget"
        assert where != "missing", f"tabbing: no {selector} shown in the widget"
        page.keyboard.press(where)
    raise AssertionError(f"{limit} presses of Tab did not reach {selector}")


# -- the timeline -------------------------------------------------------------------------------------

def slider(page: Page) -> Locator:
    return widget(page).get_by_test_id("tl-slider")


def last_step(page: Page) -> int:
    return int(slider(page).get_attribute("max") or 0)


def slider_box(page: Page) -> dict[str, float]:
    """The slider's box, once it is scrolled to the middle of the view and nothing covers it."""
    # scrolled again at every poll: the layout may still shift (and hide it under a toolbar) after the first scroll
    page.wait_for_function(f"""() => {{ const s = document.querySelector('{ROOT_SELECTOR} [data-testid="tl-slider"]');
        const r0 = s.getBoundingClientRect(); const at0 = document.elementFromPoint(r0.x + 3, r0.y + r0.height / 2);
        if (at0 !== s) s.scrollIntoView({{block: 'center'}});
        const r = s.getBoundingClientRect(); const at = document.elementFromPoint(r.x + 3, r.y + r.height / 2);
        const same = s.dataset.lastTop === String(r.top); s.dataset.lastTop = r.top; return same && at === s; }}""",
                           polling=100, timeout=30_000)
    box = slider(page).bounding_box()
    assert box is not None
    return box


def shown_step(page: Page) -> int:
    """The step the widget says it shows (its position text, ``step k / n``)."""
    text = widget(page).get_by_test_id("tl-position").inner_text()
    found = re.search(r"(\d+)\s*/\s*(\d+)", text)
    assert found, f"no step in the position text {text!r}"
    return int(found.group(1))


def wait_shown_step(page: Page, step: int, timeout: float = 30_000) -> None:
    expect(widget(page).get_by_test_id("tl-position")).to_have_text(re.compile(rf"\b{step}\s*/"), timeout=timeout)


def wait_last_step_above(page: Page, before: int, timeout: float = 60_000) -> None:
    page.wait_for_function(
        f"(b) => +document.querySelector('{ROOT_SELECTOR} [data-testid=\"tl-slider\"]').max > b",
        arg=before, timeout=timeout)


# -- a round by keyboard --------------------------------------------------------------------------------

def wait_turn(page: Page, start_round: int, timeout: float = 60_000) -> str:
    handle = page.wait_for_function(_TURN, arg=start_round, timeout=timeout)
    return str(handle.json_value())


# The number keys the current decision shows (data-option-key of its visible options), in order.
_OPTION_KEYS = """(root) => [...root.querySelectorAll('[data-testid="actions"] [data-option-key]')]
  .filter((n) => n.getClientRects().length).map((n) => n.getAttribute('data-option-key'))"""


def place_by_number_keys(page: Page) -> list[str]:
    """A placement by the number keys: the first space offered (by its own number, shown on its button), its
    first orientation (1), then Enter on Confirm, where the focus has gone. Returns the keys pressed once the
    focus is in the widget (it is tabbed into the decision first if it is not there)."""
    if not focus_in_widget(page):
        tab_to(page, '[data-testid^="space-"]')
    root = widget(page)
    space = str(root.evaluate(_OPTION_KEYS)[0])
    page.keyboard.press(space)
    expect(root.locator('[data-testid="actions"] [data-option-key="1"]').first).to_be_visible()  # orientations
    page.keyboard.press("1")
    expect(root.locator('[data-testid="actions"] [data-testid="confirm"]')).to_be_enabled()
    assert focused_testid(page) == "confirm", "the focus did not go to Confirm once the placement was whole"
    page.keyboard.press("Enter")
    return [space, "1", "Enter"]


def _choose_then_confirm(page: Page, choice: str) -> None:
    tab_to(page, choice)
    page.keyboard.press("Space")
    tab_to(page, f'[data-testid="confirm"]{ENABLED}')
    page.keyboard.press("Enter")


def play_round_by_keyboard(page: Page) -> list[str]:
    """Play the viewer's decisions of the current round by keyboard; the bot answers.

    With Tab, Space and Enter it calls the first card, passes every confrontation turn and gives the first
    card drawn; it places the room by the number keys (the first space offered, its first orientation,
    Enter: three keys). Returns the decisions taken, in
    order; after each one the focus must still be inside the widget.
    """
    start_round = int(widget(page).evaluate(_ROUND))
    taken: list[str] = []
    for _ in range(20):
        turn = wait_turn(page, start_round)
        if turn == "next round":
            return taken
        before = last_step(page)
        if turn == "call":
            _choose_then_confirm(page, f'[data-testid^="card-"]{ENABLED}')
        elif turn == "confront":
            tab_to(page, '[data-testid="pass"]')
            page.keyboard.press("Enter")
        elif turn == "place":
            keys = place_by_number_keys(page)
            assert len(keys) <= 6, f"a placement took {len(keys)} keys: {keys}"
        else:
            _choose_then_confirm(page, f'[data-testid^="give-"]{ENABLED}')
        wait_last_step_above(page, before)
        assert focus_in_widget(page), f"the focus left the widget after the {turn} decision"
        taken.append(turn)
    raise AssertionError(f"the round did not end after {taken}")


# -- accessibility and console ------------------------------------------------------------------------

def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations inside the first widget: rule id, impact, and the nodes (CSS paths)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(f"""async () => {{
        // no preload: it fetches the page's stylesheets again, and logs the CDN ones the test refuses
        const r = await axe.run(document.querySelector('{ROOT_SELECTOR}'), {{ preload: false }});
        return r.violations.map(v => ({{ id: v.id, impact: v.impact, help: v.help,
                                         nodes: v.nodes.map(n => n.target.join(' ')) }})); }}""")
    return list(result)


def run_cell(page: Page, index: int) -> None:
    """Run cell ``index`` of the notebook open in JupyterLab, waiting until it has run."""
    page.evaluate(f"""() => {{
        const nb = window.jupyterapp.shell.currentWidget.content;
        nb.activeCellIndex = {index};
        return window.jupyterapp.commands.execute('notebook:run-cell');
    }}""")


def probe(page: Page) -> dict[str, Any]:
    """Run the probe cell (the notebook's second cell, printing ``PROBE {json}``) and return what Python
    says about the match."""
    cell = page.locator(".jp-Cell").nth(1)
    before = cell.locator(".jp-OutputArea-output").all_inner_texts()
    run_cell(page, 1)
    page.wait_for_function(
        """(before) => { const c = document.querySelectorAll('.jp-Cell')[1];
            const out = [...c.querySelectorAll('.jp-OutputArea-output')].map(e => e.innerText);
            return out.length && out.join() !== before.join() && out.join().includes('PROBE'); }""",
        arg=before, timeout=30_000)
    text = cell.locator(".jp-OutputArea-output").first.inner_text()
    return json.loads(re.search(r"PROBE (\{.*\})", text).group(1))  # type: ignore[union-attr]
