#!/usr/bin/env python3
"""Builds the Doxygen site: first the gdb walkthroughs' checks, then Doxygen
itself (warnings are errors).

    build_docs.py BUILD_DIR DOXYFILE

The lessons are plain Markdown whose code, demo outputs, gdb transcripts and
pictures maint/refresh-lessons wrote in (the ctest course.lessons_drift says
when they are stale); Doxygen reads them through maint/doxygen_filter.py.
Each chapter's gdb/*.gdb walkthrough still runs here against the chapter's
demo and must pass its checks, so a site is never built from walkthroughs
that fail.

After Doxygen, a class page's summary loses each link to a section the page
does not have: Doxygen 1.9.4 writes "Classes" (#nested-classes) there for a
class whose nested classes are all private, which EXTRACT_PRIVATE = NO
leaves out (Dispatcher's OperatorDef, ...). maint/checks/check_site_links.py
(ctest course.site_links) checks every link of the site.
"""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402


SUMMARY = re.compile(r'<div class="summary">.*?</div>', re.S)
SUMMARY_LINK = re.compile(r'<a href="#([\w-]+)">[^<]*</a> &#124;\s*')


def without_dangling_summary_links(page):
    """`page` (a class page's HTML) with no summary link to a missing section."""
    def kept(link):
        return link.group(0) if re.search(f'(?:id|name)="{link.group(1)}"', page) else ""
    return SUMMARY.sub(lambda summary: SUMMARY_LINK.sub(kept, summary.group(0)), page)


def drop_dangling_summary_links(html_dir):
    for path in glob.glob(os.path.join(html_dir, "class*.html")) + glob.glob(os.path.join(html_dir, "struct*.html")):
        with open(path, encoding="utf-8") as handle:
            page = handle.read()
        fixed = without_dangling_summary_links(page)
        if fixed != page:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(fixed)


def main():
    build_dir, doxyfile = (os.path.abspath(arg) for arg in sys.argv[1:3])
    runner = os.path.join(course.ROOT, "gdb", "run_script.py")
    failed = False
    for chapter in course.chapters(build_dir):
        demo = os.path.join(build_dir, "chapters", chapter, f"ch{chapter[:2]}_demo")
        for script in sorted(glob.glob(os.path.join(course.ROOT, "chapters", chapter, "gdb", "*.gdb"))):
            result = subprocess.run([sys.executable, runner, script, demo], capture_output=True, text=True)
            if result.returncode != 0:
                print(result.stdout + result.stderr)
                failed = True
    if failed:
        print("build_docs: a walkthrough failed its checks, so the transcript its lesson shows is wrong")
        return 1
    status = subprocess.run(["doxygen", doxyfile], cwd=course.ROOT).returncode
    if status == 0:
        drop_dangling_summary_links(os.path.join(build_dir, "docs", "html"))
    return status


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
