"""axe-core in a Playwright page (issue 27): the WCAG 2.2 A and AA rules on a context (the
widget's root, or the page with the widget excluded). Shared by the browser tests and the
JupyterLite tests.

axe-core's ``axe.min.js`` comes from npm through ``tests/browser/setup_browser.sh`` (into
``build/axe``); without it the audit fails and says how to get it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parents[2] / "build" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def run_axe(page: Any, context: Any, rules: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The violations axe finds in ``context`` (a CSS selector, or axe's include/exclude object),
    by the WCAG rules and by ``rules`` besides (axe's best practices, e.g. "heading-order")."""
    if not AXE.exists():
        pytest.fail(f"axe-core is missing ({AXE}): run tests/browser/setup_browser.sh", pytrace=False)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async ([context, tags, rules]) => {
      const r = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],
                                        rules: Object.fromEntries(rules.map(id => [id, {enabled: true}]))});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary)}));
    }""", [context, TAGS, list(rules)])
    return list(result)


def summary(violations: list[dict[str, Any]]) -> str:
    """One line: each rule violated, its impact and how many nodes ("none" when clean)."""
    return "; ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes)" for v in violations) or "none"
