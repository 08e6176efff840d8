#!/usr/bin/env python3
"""The claims ledger (docs/claims/*.yaml, see maint/claims.py) still matches the
pages: needs neither torch nor PyTorch's sources.

    check_claims.py

Fails when an entry's claim is no longer on its page, word for word (up to
line breaks): a ledgered sentence edited or removed without its entry; when
an entry is malformed (no page, no claim, evidence of no known kind); and
when a `data` entry's version is missing (2.x data) or not its file's; when
a mark (`about`, `unrunnable`) is malformed or not needed by its claim; and
when an `external` entry's `read` is not a day (YYYY-MM-DD).
Prints the counts per page and per kind of evidence.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import claims  # noqa: E402


def version_problems(entry, kind):
    """A `data` entry says which torch its file came from: one citing a file
    named for a 2.x (pytorch-2.*) must give `version`, and `version` must be
    the one the file's header names. Needs no torch: the headers say it."""
    if kind != "data":
        return []
    evidence = entry["evidence"]
    path = os.path.join(claims.ROOT, str(evidence["data"]))
    if not os.path.isfile(path):
        return [f"{evidence['data']} does not exist"]
    if "version" not in evidence:
        if os.path.basename(path).startswith("pytorch-2."):
            return [f"cites 2.x data ({evidence['data']}) without `version:` (the 2.x it was read in)"]
        return []
    written_from = claims.data_version(path)
    if not str(written_from or "").startswith(str(evidence["version"])):
        return [f"says version {evidence['version']}, but {evidence['data']} was written from torch {written_from}"]
    return []


def main():
    entries = claims.load()
    problems, pages = [], {}
    per_page, per_kind = collections.Counter(), collections.Counter()
    for number, entry in enumerate(entries, start=1):
        page, claim = entry.get("page"), entry.get("claim")
        if not page or not claim:
            problems.append(f"{claims.where(entry, number)}: needs a page and a claim")
            continue
        kind = claims.kind_of(entry)
        if kind is None:
            problems.append(f"{claims.where(entry, number)}: its evidence is none of "
                            f"{', '.join(' + '.join(f) for f in claims.KINDS.values())}")
        problems += [f"{claims.where(entry, number)}: {problem}"
                     for problem in version_problems(entry, kind) + claims.mark_problems(entry, kind)
                     + claims.external_problems(entry, kind)]
        path = os.path.join(claims.ROOT, page)
        if page not in pages:
            if not os.path.isfile(path):
                problems.append(f"{claims.where(entry, number)}: {page} does not exist")
                continue
            with open(path, encoding="utf-8") as handle:
                pages[page] = claims.squeezed(handle.read())
        if claims.squeezed(str(claim)) not in pages[page]:
            problems.append(f"{claims.where(entry, number)}: the claim is no longer on {page}, word for word. "
                            "If the sentence changed, check it against its evidence and update the entry "
                            "(maint/reference/recheck_claims.py); if it is gone, remove the entry")
        per_page[page] += 1
        per_kind[kind or "malformed"] += 1
    for problem in problems:
        print(problem)
    for page, count in sorted(per_page.items()):
        print(f"  {count:4} {page}")
    kinds = ", ".join(f"{count} {kind}" for kind, count in sorted(per_kind.items()))
    print(f"check_claims: {len(entries)} claims on {len(per_page)} pages ({kinds}); "
          f"{'ok' if not problems else f'{len(problems)} problem(s)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
