#!/usr/bin/env python3
"""Every internal link of the built Doxygen site leads somewhere: the file it
names exists in the site, and the #anchor it names is an id= or name= of
that file.

    check_site_links.py BUILD_DIR        the site BUILD_DIR/docs/html (the
                                         docs target, or ctest course.docs,
                                         builds it)
    check_site_links.py --html HTML_DIR  a site elsewhere

It reads the links a reader can follow: href, src and data of the HTML
pages, xlink:href of the SVG graphs (an include graph's boxes link to the
headers' pages), and the page names in the tree view's and the search's
JavaScript (navtree*.js, search/*.js), each resolved from the folder of the
file that holds it. A link with a scheme (https:, mailto:, javascript:) is
external and not followed; any other scheme is reported, as `file:line` in
a lesson was once, which Doxygen took for a URL (see doxygen_filter.py).

Of a script's link only the page is checked, not its anchor: Doxygen 1.9.4's
tree lists a header's functions and enum values under the header's page
with the anchor of their documentation, which is on the namespace's page
(some 2,700 such entries); there the page opens at its top.

A broken link is printed as `page: target (why)`, one a line; the last line
counts pages, links and broken links. Exit status 1 if any is broken.
"""
import html.parser
import os
import re
import sys
import urllib.parse

# Doxygen's own script links (in the tree view and the search index) name a
# page, optionally with an anchor, as a quoted string.
SCRIPT_LINK = re.compile(r"""["']([^"'\s]+\.html(?:#[^"'\s]*)?)["']""")
# Where an SVG's xlink:href is a link or a reference (graphviz's boxes are
# <a>); on other elements it is an editor's leftover that nothing reads
# (Doxygen's own logo, doxygen.svg, carries one on a <path>).
SVG_LINKING = ("a", "use", "image")
# Schemes a link to outside the site carries (and `file:` and the like,
# which no site link should: they are reported, not skipped).
EXTERNAL = ("http", "https", "mailto", "ftp", "javascript", "data")


class Page(html.parser.HTMLParser):
    """The ids and the links of one HTML or SVG file."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.ids.add(value)
            elif name in ("href", "src", "data") or (name == "xlink:href" and tag in SVG_LINKING):
                self.links.append(value)

    handle_startendtag = handle_starttag


class Site:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.parsed = {}

    def page(self, path):
        if path not in self.parsed:
            parser = Page()
            with open(path, encoding="utf-8", errors="replace") as handle:
                parser.feed(handle.read())
            parser.close()
            self.parsed[path] = parser
        return self.parsed[path]

    def files(self):
        for folder, _, names in os.walk(self.root):
            for name in sorted(names):
                if name.endswith((".html", ".svg", ".js")):
                    yield os.path.join(folder, name)

    def links(self, path):
        if path.endswith(".js"):
            with open(path, encoding="utf-8", errors="replace") as handle:
                return SCRIPT_LINK.findall(handle.read())
        return self.page(path).links

    def problem(self, path, link):
        """None if `link`, read in file `path`, resolves; else why not."""
        parts = urllib.parse.urlsplit(link)
        if parts.scheme:
            return f"a link with scheme {parts.scheme}:, which leads nowhere in the site"
        target = path
        if parts.path:
            target = os.path.realpath(os.path.join(os.path.dirname(path), urllib.parse.unquote(parts.path)))
            if not target.startswith(self.root + os.sep):
                return "outside the site"
            if not os.path.isfile(target):
                return "no such file in the site"
        anchor = urllib.parse.unquote(parts.fragment)
        if path.endswith(".js"):
            return None
        if anchor and target.endswith((".html", ".svg")) and anchor not in self.page(target).ids:
            return f"no id or name {anchor!r} in {os.path.relpath(target, self.root)}"
        return None


def internal(link):
    scheme = urllib.parse.urlsplit(link).scheme.lower()
    return link.strip() != "" and scheme not in EXTERNAL and not link.startswith("//")


def check(root):
    site = Site(root)
    pages = checked = 0
    broken = []
    for path in site.files():
        pages += 1
        for link in site.links(path):
            if not internal(link):
                continue
            checked += 1
            why = site.problem(path, link)
            if why:
                broken.append(f"{os.path.relpath(path, site.root)}: {link} ({why})")
    return pages, checked, broken


def main():
    arguments = sys.argv[1:]
    if arguments in (["--help"], ["-h"]):
        print(__doc__)
        return 0
    if len(arguments) == 2 and arguments[0] == "--html":
        root = arguments[1]
    elif len(arguments) == 1 and not arguments[0].startswith("-"):
        root = os.path.join(arguments[0], "docs", "html")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    if not os.path.isfile(os.path.join(root, "index.html")):
        print(f"check_site_links: no site at {root} (build the docs target first)")
        return 1
    pages, checked, broken = check(root)
    for line in broken:
        print(line)
    print(f"check_site_links: {pages} files, {checked} internal links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
