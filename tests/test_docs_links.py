"""The README and the pages under docs/ link to files and headings that exist, and the README
stays a GM's page (issue 22: at most about 250 lines; the figures live in docs/performance.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
README_MOST_LINES = 260


def _anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {_anchor(line.lstrip("#")) for line in page.read_text().splitlines() if line.startswith("#")}


def _links(page: Path) -> list[str]:
    """The page's local links (not web addresses), outside code blocks."""
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.DOTALL)
    return [link for link in LINK.findall(text) if not re.match(r"[a-z]+:", link)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_local_link_leads_to_a_file_and_heading_that_exist(page):
    broken = []
    for link in _links(page):
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(link)
        elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
            broken.append(link)
    assert broken == []


def test_the_readme_is_a_gms_page_that_links_to_the_figures():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= README_MOST_LINES
    assert "(docs/performance.md)" in text
    for picture in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text):
        assert (ROOT / picture).is_file(), picture
