"""The loop every maint/reference/check_*_cases.py shares: a test file's cases, each
asked of torch itself, every disagreement printed, and an exit status that
fails on any disagreement or on a file whose cases the pattern no longer finds."""

import torch


def cases_in(path: str, pattern, text_filter=None) -> list:
    """`pattern`'s matches in the test file; `text_filter` first rewrites its text."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return pattern.findall(text_filter(text) if text_filter else text)


def check_against_torch(cases: list, disagreement) -> int:
    """`disagreement(case)` is None where torch agrees with the test, else the line to print."""
    wrong = 0
    for case in cases:
        message = disagreement(case)
        if message is not None:
            wrong += 1
            print(message)
    print(f"{len(cases)} cases, {wrong} disagree with torch {torch.__version__}")
    return 1 if wrong or not cases else 0
