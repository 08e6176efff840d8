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

An entry may also carry `simplified:` (what the course leaves out) and one
of the two marks of the evidence rule below.

Evidence that proves. Text standing on a line is not enough: the recheck
(maint/reference/recheck_claims.py) FLAGS an entry, which counts against it
as a failure does, when

1. a `source` entry's `text` stands only in comments: a comment says what
   its author meant, the code what PyTorch does. Which lines are comments is
   read per language (`comment_free`): in C, C++, CUDA and Objective-C++
   (and the .ini templates of the code generator) `//` to the end of the
   line and `/* ... */`, so a block comment's interior and its `*`
   continuation lines, while `#define`, `#ifdef` and the like are code and
   string literals are not comments; in Python `#` comments and docstrings
   (every string standing alone as a statement); in YAML, CMake and shell
   `#` comments; a Markdown, reStructuredText or text file is prose through
   and through. Cite the code that establishes the fact: the enum, the
   function, the branch, the message inside its TORCH_CHECK. Only a claim
   about what a comment or PyTorch's own documentation says (its words
   "comment", "README", "documentation", "docstring", "Note" or "says"
   show it) may cite one, with the mark `about: comment`;
2. a `source` entry's claim says what running PyTorch does, that is uses
   one of the words of `BEHAVIOUR` (raises, refuses, throws, fails, prints,
   warns, returns, says, reports, accepts, rejects, complains, gives,
   answers, shows): reading code shows what it is written to do, running
   it shows what it does. Such a claim gets a `torch` entry, a program run
   under /usr/bin/python3 that prints the fact, unless the entry carries
   one of two marks:
   - `about: code`: the claim is about how the code is written (a name, a
     signature, which function calls which, what the course's own code
     does as its PyTorch counterpart is written), not about what a run of
     PyTorch shows; the value may go on to say why;
   - `unrunnable: <why>`: behaviour the recheck cannot run: Debian's
     release build of 1.13.1 cannot show it (a debug-only branch such as
     TORCH_SHOW_DISPATCH_TRACE's, a CUDA branch on a machine without CUDA),
     or only C++ reaches it (a C++ API with no Python binding, such as
     `typed<>()` or a C++ custom Function, while the recheck runs Python).
     Its `source` must cite the branch that does it (a code line, as rule
     1 asks), and `<why>` says why it cannot be run.
   (`about: comment`, rule 1's mark, serves here too.) A mark on an entry
   whose evidence is not `source`, or one its claim does not need, is
   refused by maint/checks/check_claims.py.

An `external` entry's `read` is the day (YYYY-MM-DD) its `text` was last
re-read from the page or from the files the page is built from; check_claims
refuses one that is not a date.

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
# Rule 2's words: a claim using one says what running PyTorch does.
BEHAVIOUR = re.compile(r"\b(raise[sd]?|refuse[sd]?|throws?|thrown|fails?|failed|prints?|printed|warns?|warned|"
                       r"returns?|returned|says|reports?|rejects?|accepts?|complains?|gives|answers|shows?)\b",
                       re.IGNORECASE)
MARKS = ("about", "unrunnable")
# A claim rule 1 lets cite a comment names what it quotes.
ABOUT_COMMENT = re.compile(r"\b(comments?|README|documentation|docstring|Note|says)\b")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
C_LIKE = {".h", ".hpp", ".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".mm", ".m", ".ini", ".metal"}
HASH_COMMENTS = {".yaml", ".yml", ".cmake", ".txt.in", ".sh", ".toml", ".cfg"}
PROSE = {".md", ".rst", ".txt"}


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


def about_comment(entry):
    """The entry quotes a comment on purpose (rule 1's mark)."""
    return str(entry.get("about", "")).strip().startswith("comment")


def behaviour_words(entry):
    """The words of rule 2 in the entry's claim (empty: not a behaviour claim)."""
    return [found.group(0) for found in BEHAVIOUR.finditer(squeezed(str(entry.get("claim", ""))))]


def _c_code(lines):
    """C, C++, CUDA: each line without its comments (string literals kept)."""
    out, in_block, raw_end = [], False, None
    for line in lines:
        code, i, quote = [], 0, None
        while i < len(line):
            if in_block:
                end = line.find("*/", i)
                if end < 0:
                    break
                in_block, i = False, end + 2
                code.append(" ")
                continue
            if raw_end is not None:
                end = line.find(raw_end, i)
                if end < 0:
                    code.append(line[i:])
                    break
                code.append(line[i:end + len(raw_end)])
                i, raw_end = end + len(raw_end), None
                continue
            char = line[i]
            if quote:
                code.append(char)
                if char == "\\" and i + 1 < len(line):
                    code.append(line[i + 1])
                    i += 1
                elif char == quote:
                    quote = None
                i += 1
                continue
            if line.startswith("//", i):
                break
            if line.startswith("/*", i):
                in_block, i = True, i + 2
                continue
            if line.startswith('R"', i) and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] == "_")):
                paren = line.find("(", i + 2)
                if paren >= 0:
                    raw_end = ")" + line[i + 2:paren] + '"'
                    code.append(line[i:paren + 1])
                    i = paren + 1
                    continue
            if char == '"' or (char == "'" and not (i > 0 and line[i - 1].isalnum())):
                quote = char
            code.append(char)
            i += 1
        out.append("".join(code))
    return out


def _hash_code(lines):
    """YAML, CMake, shell: each line without its `#` comment (outside quotes)."""
    out = []
    for line in lines:
        quote, cut = None, len(line)
        for i, char in enumerate(line):
            if quote:
                if char == quote:
                    quote = None
            elif char in "'\"" and (i == 0 or not line[i - 1].isalnum()):
                quote = char
            elif char == "#" and (i == 0 or line[i - 1] in " \t"):
                cut = i
                break
        out.append(line[:cut])
    return out


def _python_code(lines):
    """Python: each line without its `#` comments and docstrings (any string
    standing alone as a statement). Falls back to `#` lines when the file
    does not parse."""
    import ast
    import io
    import tokenize
    text = "\n".join(lines) + "\n"
    out = [list(line) for line in lines]

    def blank(row, start, end):
        for i in range(max(0, start), min(len(out[row]), end)):
            out[row][i] = " "

    try:
        tree = ast.parse(text)
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (SyntaxError, tokenize.TokenError, ValueError):
        return _hash_code(lines)
    for token in tokens:
        if token.type == tokenize.COMMENT:
            blank(token.start[0] - 1, token.start[1], token.end[1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            first, last = node.lineno - 1, node.end_lineno - 1
            # ast counts columns in UTF-8 bytes
            start = len(lines[first].encode()[:node.col_offset].decode(errors="ignore"))
            end = len(lines[last].encode()[:node.end_col_offset].decode(errors="ignore"))
            for row in range(first, last + 1):
                blank(row, start if row == first else 0, end if row == last else len(out[row]))
    return ["".join(line) for line in out]


def comment_free(path, lines):
    """Each of a source file's lines with its comments blanked out, by the
    file's language (see rule 1 in this module's docstring); a prose file's
    lines are all comment. A language not known here is taken as code."""
    name = path.lower()
    extension = os.path.splitext(name)[1]
    if extension in C_LIKE:
        return _c_code(lines)
    if extension in (".py", ".pyi"):
        return _python_code(lines)
    if extension in HASH_COMMENTS or name.endswith("cmakelists.txt"):
        return _hash_code(lines)
    if extension in PROSE:
        return ["" for _ in lines]
    return list(lines)


def mark_problems(entry, kind):
    """What is wrong with an entry's marks (rule 2): a mark needs a `source`
    entry whose claim rule 2 catches, `about` must say `code`, `unrunnable`
    must say why."""
    marks = [mark for mark in MARKS if mark in entry]
    if not marks:
        return []
    if len(marks) > 1:
        return ["carries both `about` and `unrunnable`: one mark"]
    mark = marks[0]
    if kind != "source":
        return [f"`{mark}` marks a `source` entry only (its evidence is {kind})"]
    value = str(entry[mark]).strip()
    if mark == "about" and value.startswith("comment"):
        if not ABOUT_COMMENT.search(squeezed(str(entry.get("claim", "")))):
            return ["`about: comment` on a claim that does not say it quotes a comment or documentation "
                    "(comment, README, documentation, docstring, Note, says): cite the code instead"]
        return []
    if not behaviour_words(entry):
        return [f"`{mark}` on a claim with no behaviour word ({BEHAVIOUR.pattern[3:40]}...): remove it"]
    if mark == "about" and not value.startswith("code"):
        return ["`about` says `code` (how the code is written) or `comment` (what a comment says), "
                "optionally followed by why"]
    if mark == "unrunnable" and len(value) < 10:
        return ["`unrunnable` says why the release build cannot show it"]
    return []


def external_problems(entry, kind):
    """An `external` entry's `read` is a day, YYYY-MM-DD."""
    if kind == "external" and not DATE.match(str(entry["evidence"].get("read", ""))):
        return [f"`read` is {entry['evidence'].get('read')!r}, not a day (YYYY-MM-DD)"]
    return []
