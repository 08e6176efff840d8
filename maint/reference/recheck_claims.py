#!/usr/bin/env python3
"""Re-checks every entry of the claims ledger (docs/claims/*.yaml) against its
evidence, and records what it checked.

    /usr/bin/python3 maint/reference/recheck_claims.py [--source DIR] [--only PAGE]

- `source` entries: the cited line (or two lines either side) of PyTorch
  1.13.1's sources under DIR holds the cited text. DIR defaults to
  build/pytorch-1.13.1, made by:
      mkdir -p build && cd build && apt-get source --download-only pytorch \\
        && tar xf pytorch_1.13.1+dfsg.orig.tar.xz
  (deb-src lines for Debian 12 in /etc/apt/sources.list.d; only the orig
  tarball is needed). Without it they are reported "not checked".
  An entry whose text stands there only in comments is "flagged", and so
  is one whose claim says what running PyTorch does (a behaviour word)
  without a mark: maint/claims.py's docstring gives the rule.
- `torch` entries: the program runs under /usr/bin/python3 with Debian's
  python3-torch 1.13.1 and must print the cited text (without torch:
  "not checked"). A program that reads the 1.13.1 sources finds them in
  the environment variable PYTORCH_1_13_SOURCE, set to DIR (absolute).
- `data` entries: the committed file holds the cited text; with `version`,
  the file's header names that torch (a 2.x fact needs 2.x data).
- `later` entries: not checked here (the version and place are recorded).
- `external` entries: not fetched (this machine may not reach the page):
  the address and the day it was read are recorded.

Writes maint/reference/claims-last-check.txt: one line per entry with its
verdict, then the counts; exits 1 if any entry fails or is flagged. With
--only it checks one page's entries and writes nothing: the committed
report is always a full run's.
"""
import argparse
import collections
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import claims  # noqa: E402

REPORT = os.path.join(claims.ROOT, "maint", "reference", "claims-last-check.txt")


def torch_version():
    try:
        result = subprocess.run(["/usr/bin/python3", "-c", "import torch; print(torch.__version__)"],
                                capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    return result.stdout.strip() if result.returncode == 0 else None


def check_source(evidence, source_dir, quotes_comment=False):
    if not source_dir:
        return "not checked", "no PyTorch 1.13.1 source tree (--source)"
    path = os.path.join(source_dir, evidence["source"])
    if not os.path.isfile(path):
        return "FAILED", f"{evidence['source']} is not in the 1.13.1 sources"
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().splitlines()
    line = int(evidence["line"])
    first = max(0, line - 3)
    near = lines[first:line + 2]
    text = claims.squeezed(str(evidence["text"]))
    if not any(text in claims.squeezed(candidate) for candidate in near):
        return "FAILED", f"{evidence['source']}:{line} does not say {evidence['text']!r}"
    code = claims.comment_free(evidence["source"], lines)[first:line + 2]
    if not quotes_comment and not any(text in claims.squeezed(candidate) for candidate in code):
        return "flagged", (f"{evidence['source']}:{line} says it only in a comment: cite the code that "
                           "establishes it (maint/claims.py, rule 1)")
    return "ok", f"{evidence['source']}:{line}"


def check_behaviour(entry):
    """Rule 2: a `source` entry whose claim says what running PyTorch does
    needs a torch program, or a mark (`about: code`, `unrunnable: why`)."""
    words = claims.behaviour_words(entry)
    if not words or any(mark in entry for mark in claims.MARKS):
        return None
    return "flagged", (f"a behaviour claim ({', '.join(sorted(set(w.lower() for w in words)))}) read from code "
                       "only: run it (`torch:`) or mark it `about: code` / `unrunnable: why` (maint/claims.py, rule 2)")


def check_torch(evidence, have_torch, source_dir=None):
    if not have_torch:
        return "not checked", "no torch at /usr/bin/python3"
    environment = dict(os.environ)
    if source_dir:
        environment["PYTORCH_1_13_SOURCE"] = os.path.abspath(source_dir)
    result = subprocess.run(["/usr/bin/python3", "-c", evidence["torch"]], capture_output=True, text=True,
                            timeout=300, cwd=claims.ROOT, env=environment)
    shown = result.stdout + result.stderr
    if claims.squeezed(str(evidence["prints"])) in claims.squeezed(shown):
        return "ok", f"torch printed {str(evidence['prints'])[:60]!r}"
    return "FAILED", f"torch printed {claims.squeezed(shown)[-200:]!r}"


def check_data(evidence):
    path = os.path.join(claims.ROOT, evidence["data"])
    if not os.path.isfile(path):
        return "FAILED", f"{evidence['data']} does not exist"
    # A fact about a version is only evidenced by data read from that version.
    written_from = claims.data_version(path)
    if "version" in evidence and not str(written_from or "").startswith(str(evidence["version"])):
        return "FAILED", f"{evidence['data']} was written from torch {written_from}, not {evidence['version']}"
    with open(path, encoding="utf-8") as handle:
        if claims.squeezed(str(evidence["text"])) in claims.squeezed(handle.read()):
            return "ok", f"{evidence['data']} (torch {written_from or 'version not in its header'})"
    return "FAILED", f"{evidence['data']} does not hold {evidence['text']!r}"


def main():
    parser = argparse.ArgumentParser(description="Re-check the claims ledger against its evidence")
    parser.add_argument("--source", default=os.path.join(claims.ROOT, "build", "pytorch-1.13.1"),
                        help="PyTorch 1.13.1's source tree (default build/pytorch-1.13.1)")
    parser.add_argument("--only", metavar="PAGE", help="only the entries of this page")
    args = parser.parse_args()
    source_dir = args.source if os.path.isdir(args.source) else None
    version = torch_version()
    lines, verdicts = [], collections.Counter()
    for number, entry in enumerate(claims.load(), start=1):
        if args.only and entry.get("page") != args.only:
            continue
        kind = claims.kind_of(entry)
        evidence = entry.get("evidence", {})
        if kind == "source":
            verdict, detail = check_source(evidence, source_dir, claims.about_comment(entry))
            if verdict == "ok":
                verdict, detail = check_behaviour(entry) or (verdict, detail)
        elif kind == "torch":
            verdict, detail = check_torch(evidence, version, source_dir)
        elif kind == "data":
            verdict, detail = check_data(evidence)
        elif kind == "later":
            verdict, detail = "recorded", f"PyTorch {evidence['later']}, {evidence['place']}"
        elif kind == "external":
            verdict, detail = "recorded", f"{evidence['external']}, read {evidence['read']}"
        else:
            verdict, detail = "FAILED", "malformed evidence"
        verdicts[verdict] += 1
        lines.append(f"{verdict:11} {number:4} {entry.get('page')}: {claims.squeezed(str(entry.get('claim')))[:70]}"
                     f"  [{detail}]")
    counts = [f"{count} {verdict}" for verdict, count in sorted(verdicts.items())
              if verdict not in ("FAILED", "flagged")]
    summary = (f"recheck_claims: {sum(verdicts.values())} entries; "
               + ", ".join(counts + [f"{verdicts['FAILED']} failed", f"{verdicts['flagged']} flagged"])
               + f" (torch {version or 'absent'}; source {'present' if source_dir else 'absent'})")
    if not args.only:
        with open(REPORT, "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines + ["", summary]) + "\n")
    for line in lines:
        if not line.startswith("ok"):
            print(line)
    print(summary)
    if args.only:
        print(f"(--only: {os.path.relpath(REPORT, claims.ROOT)} left as the last full run wrote it)")
    return 1 if verdicts["FAILED"] or verdicts["flagged"] else 0


if __name__ == "__main__":
    sys.exit(main())
