"""Draw the app icons (PNG) that a web manifest needs from the mark, logo.svg.

Run by `make icons` after the mark changes; the PNGs are committed, since a
server should not need a browser to start.  Chromium draws them, as the
browser tests do: a plain icon at 192 and 512 pixels, and a "maskable" one
whose mark sits inside the middle 70% (the safe zone launchers may crop to)
on the brand's colour.
"""

import base64
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "src" / "vitrine" / "web" / "static"
BRAND = "#12343b"


def page_for(mark: str, size: int, maskable: bool) -> str:
    inner = round(size * 0.7) if maskable else size
    background = BRAND if maskable else "transparent"
    return (
        f"<body style='margin:0;width:{size}px;height:{size}px;display:grid;"
        f"place-items:center;background:{background}'>"
        f"<img src='data:image/svg+xml;base64,{mark}' width={inner} height={inner}></body>"
    )


def main(browser_path: str) -> None:
    mark = base64.b64encode((STATIC / "logo.svg").read_bytes()).decode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=browser_path)
        for name, size, maskable in (
            ("icon-192.png", 192, False),
            ("icon-512.png", 512, False),
            ("icon-maskable-512.png", 512, True),
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_for(mark, size, maskable))
            page.screenshot(path=str(STATIC / name), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/usr/bin/chromium")
