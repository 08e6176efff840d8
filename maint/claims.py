"""The ledger of PyTorch facts the course states: docs/claims/*.yaml, one
file per chapter (and one for the top README and docs/), read as one list.

Every sentence of a lesson, a docs page, a code comment a lesson quotes or a
gdb walkthrough's commentary that says something about PyTorch is an entry:

    - page: chapters/06_backends/part7_vmap.md
      claim: runs an in-place operator once per sample
      evidence:
        source: aten/src/ATen/functorch/BatchedFallback.cpp
        line: 82
        text: batchedTensorInplaceForLoopFallback
      simplified: what the course leaves out, where it does (optional)

`claim` is the lesson's own words, verbatim up to line breaks (whitespace is
collapsed when comparing): so the ordinary test (maint/checks/check_claims.py)
fails when the sentence is edited or removed without its entry. `evidence`
is one of:

- `source` + `line` + `text`: PyTorch 1.13.1's own sources (Debian's
  `apt-get source pytorch`): `text` is on that line of that file, or within
  two lines of it;
- `torch` + `prints`: a Python program run by /usr/bin/python3 with
  Debian's python3-torch 1.13.1; its output contains `prints`;
- `data` + `text` (+ `version`): a data file a committed generator wrote
  from torch (chapters/*/tests/data/...), which contains `text`. Files from
  1.13 are named pytorch-1.13-*; files from a 2.x carry its exact version
  (pytorch-2.15.0-*, maint/reference/PYTORCH2_FACTS.md lists their facts).
  With `version`, the file's header must name that torch version, so a fact
  about 2.x is checked against 2.x's data and says which 2.x it was read in;
- `later` + `place` (+ `text`): a statement about a later PyTorch: the
  version it was read in and where, for what no data file holds;
- `external` + `read` + `text`: a page outside PyTorch's sources (an issue
  thread's state, a tutorial's steps, the wiki): its address, the day it
  was read and the words found there. Nothing here can fetch it again, so
  the recheck records it; whoever re-reads it updates `read`.

maint/reference/recheck_claims.py checks each entry against its evidence.
"""
import glob
import os
import re

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEDGER = os.path.join(ROOT, "docs", "claims")
KINDS = {"source": ("source", "line", "text"), "torch": ("torch", "prints"), "data": ("data", "text"),
         "later": ("later", "place"), "external": ("external", "read", "text")}


class _UniqueKeyLoader(yaml.SafeLoader):
    """A loader that refuses a key twice in one mapping: two entries run
    together (a lost `- page:` line, as a union merge of two appends can
    leave) would otherwise load as one, the first claim silently gone."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise ValueError(f"line {key_node.start_mark.line + 1}: `{key}` twice in one entry "
                                 "(two entries run together? each starts with `- page:`)")
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def load(folder=LEDGER):
    """Every entry of every ledger file, in file order; each knows its file."""
    entries = []
    for path in sorted(glob.glob(os.path.join(folder, "*.yaml"))):
        with open(path, encoding="utf-8") as handle:
            try:
                found = yaml.load(handle, Loader=_UniqueKeyLoader) or []
            except ValueError as error:
                raise ValueError(f"{os.path.relpath(path, ROOT)}: {error}") from error
        if not isinstance(found, list):
            raise ValueError(f"{os.path.relpath(path, ROOT)}: a list of entries")
        for entry in found:
            if isinstance(entry, dict):
                entry["_file"] = os.path.relpath(path, ROOT)
            entries.append(entry)
    return entries


def kind_of(entry):
    """The evidence's kind, or None when the entry's evidence is malformed."""
    evidence = entry.get("evidence")
    if not isinstance(evidence, dict):
        return None
    for kind, fields in KINDS.items():
        if kind in evidence:
            return kind if all(field in evidence for field in fields) else None
    return None


def squeezed(text):
    """Text as compared: runs of whitespace (line breaks included) are one space."""
    return re.sub(r"\s+", " ", text).strip()


def data_version(path, lines=5):
    """The torch version a generated data file's header names ("from PyTorch
    2.15.0+cu132", "torch.__version__ 1.13.0a0"), or None."""
    with open(path, encoding="utf-8") as handle:
        head = [handle.readline() for _ in range(lines)]
    found = re.search(r"(?:PyTorch|torch\.__version__) (\d+\.\d+[\w.+]*)", "".join(head))
    return found.group(1).rstrip(".") if found else None


def where(entry, number):
    claim = squeezed(str(entry.get("claim", "")))[:60]
    return f"{entry.get('_file', 'docs/claims')} entry {number} ({entry.get('page', '?')}: {claim!r})"
