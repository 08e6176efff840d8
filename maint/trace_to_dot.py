#!/usr/bin/env python3
"""Turns a dispatch trace (MINI_DISPATCH_TRACE=1) into a graphviz picture of
its hops, left to right.

    trace_to_dot.py [--title TITLE] < TRACE > PICTURE.dot

A trace line is `[call] op=[aten::add.Tensor], key=[AutogradCPU]`, indented
one space per enclosing hop. Each hop becomes a box (the key, the operator);
each box is entered from the hop it is nested in (or from the caller, for a
hop at depth 0) by an arrow named after the event: `call` from the public
API, `redispatch` from a kernel that passes the call on below its own key.
Lines that are not trace lines are ignored, so a demo's whole output will do.
"""
import argparse
import re
import sys

TRACE_LINE = re.compile(r"^( *)\[(call|redispatch)\] op=\[(.+)\], key=\[(.+)\]$")


def parse_hops(text):
    """[(depth, event, op, key)] in the order the trace printed them."""
    hops = []
    for line in text.splitlines():
        match = TRACE_LINE.match(line)
        if match:
            indent, event, op, key = match.groups()
            hops.append((len(indent), event, op, key))
    return hops


def hops_to_dot(hops, title):
    lines = ["digraph call_path {",
             "  rankdir=LR;",
             '  node [shape=box, style="rounded,filled", fillcolor="#deebf7", fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];',
             f'  caller [shape=plaintext, style="", label="{title}"];']
    parents = ["caller"]  # parents[d]: the node a hop at depth d is nested in
    for index, (depth, event, op, key) in enumerate(hops):
        if depth >= len(parents):
            raise ValueError(f"hop {index} ({op} on {key}) is nested {depth} deep under {len(parents) - 1} hops")
        node = f"hop{index}"
        lines.append(f'  {node} [label="{key}\\n{op}"];')
        lines.append(f'  {parents[depth]} -> {node} [label="{event}"];')
        del parents[depth + 1:]
        parents.append(node)
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--title", default="caller")
    options = parser.parse_args()
    hops = parse_hops(sys.stdin.read())
    if not hops:
        print("trace_to_dot: no trace lines on stdin (was MINI_DISPATCH_TRACE=1 set?)", file=sys.stderr)
        return 1
    sys.stdout.write(hops_to_dot(hops, options.title))
    return 0


if __name__ == "__main__":
    sys.exit(main())
