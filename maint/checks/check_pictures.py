#!/usr/bin/env python3
"""Checks the lessons' pictures (see pictures.py).

    check_pictures.py BUILD_DIR NAME    draw picture NAME now: its program's DOT
                                        must go through graphviz into a valid SVG
    check_pictures.py --site BUILD_DIR  after the docs build: every picture is
                                        committed in docs/pictures/ (drawn by
                                        maint/refresh-lessons) and copied into
                                        the site, each a valid, non-empty SVG

A valid SVG here is an XML document whose root is <svg> and that draws
something (graphviz writes one <g class="node"> per box).
"""
import os
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import pictures  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def svg_problem(path):
    """None if `path` is a non-empty SVG with at least one node, else why not."""
    if not os.path.isfile(path):
        return f"{path} does not exist"
    if os.path.getsize(path) == 0:
        return f"{path} is empty"
    try:
        root = ElementTree.parse(path).getroot()
    except ElementTree.ParseError as error:
        return f"{path} is not XML: {error}"
    if root.tag != SVG + "svg":
        return f"{path}: root element is {root.tag}, not svg"
    nodes = [g for g in root.iter(SVG + "g") if g.get("class") == "node"]
    if not nodes:
        return f"{path} draws no node"
    return None


def check_one(build_dir, name):
    found = [picture for picture in pictures.PICTURES if picture.name == name]
    if not found:
        return [f"no picture named {name}; known: {', '.join(p.name for p in pictures.PICTURES)}"]
    with tempfile.TemporaryDirectory() as scratch:
        try:
            svg = pictures.draw(found[0], build_dir, scratch)
        except Exception as error:  # a crashed program or graphviz's refusal, with its stderr
            return [f"{name}: {error} {getattr(error, 'stderr', '') or ''}".strip()]
        problem = svg_problem(svg)
        return [problem] if problem else []


def check_site(build_dir):
    problems = []
    for picture in pictures.pictures(build_dir):
        for folder in (pictures.COMMITTED, os.path.join(build_dir, "docs", "html")):
            problem = svg_problem(os.path.join(folder, picture.name + ".svg"))
            if problem:
                problems.append(problem)
    return problems


def main():
    arguments = sys.argv[1:]
    if len(arguments) == 2 and arguments[0] == "--site":
        problems = check_site(os.path.abspath(arguments[1]))
        what = f"{len(pictures.pictures(os.path.abspath(arguments[1])))} pictures in the site"
    elif len(arguments) == 2:
        problems = check_one(os.path.abspath(arguments[0]), arguments[1])
        what = f"picture {arguments[1]}"
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    print(f"check_pictures: {what}: {'ok' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
