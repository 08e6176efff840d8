"""What the snapshot tools share: which chapter a file belongs to, and what
"the same file, carried to the next chapter" means.

Chapter N starts as a copy of chapter N-1, and a copy names its own chapter
in a few places: the inline namespace (`inline namespace ch04`, `mini::ch04::`,
the mangled `4ch046Tensor` in a comment, the target `ch04_demo`) and the
chapter folder (`chapters/04_boxing/...`). A file is *carried* from chapter S
to chapter L when L's copy is S's copy with exactly those names moved from S
to L (`to_chapter`). Any other difference, a mention of a third chapter
included, is a change that the later lesson has to say.

Used by maint/checks/check_chapter_diff.py (the check and the generated lists) and
maint/propagate (carrying a fix forward).
"""
import os
import re

# The chapter's identifier, not preceded or followed by a letter: `ch04`,
# `ch04_demo`, `mini::ch04::`, and in an Itanium-mangled name `4ch046Tensor`.
CHAPTER_ID = re.compile(r"(?<![A-Za-z])ch(\d\d)(?![A-Za-z])")
CHAPTER_FOLDER = re.compile(r"^(\d\d)_[a-z0-9_]+$")
# The folders whose files are the chapter's dispatcher: the snapshot the
# lesson's "What changed" section accounts for.
CODE_DIRS = ("include", "src", "demo", "exercises")


def chapter_names(root):
    """The chapter folders under root/chapters, in lesson order."""
    base = os.path.join(root, "chapters")
    return sorted(n for n in os.listdir(base)
                  if CHAPTER_FOLDER.match(n) and os.path.isfile(os.path.join(base, n, "CMakeLists.txt")))


def number(chapter):
    """"04_boxing" -> "04"."""
    return os.path.basename(chapter)[:2]


def to_chapter(text, source, target):
    """`text`, a file of chapter `source` ("03_registration"), as chapter
    `target` ("04_boxing") carries it: the source's namespace and folder
    renamed, nothing else."""
    source, target = os.path.basename(source), os.path.basename(target)
    text = text.replace(source, target)
    old, new = number(source), number(target)
    return CHAPTER_ID.sub(lambda m: "ch" + new if m.group(1) == old else m.group(0), text)


def read(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


def code_files(chapter_dir):
    """The snapshot's files, relative to the chapter folder, whatever the
    layout under include/ and src/ (walked, never listed)."""
    files = set()
    for top in CODE_DIRS:
        for folder, _, names in os.walk(os.path.join(chapter_dir, top)):
            for name in names:
                files.add(os.path.relpath(os.path.join(folder, name), chapter_dir).replace(os.sep, "/"))
    return files


def moves(before, after):
    """{later path: earlier path} for files that changed folder: a file gone
    from one path and new at another with the same name, each name once on
    each side (include/mini/tensor.h -> include/mini/core/tensor.h when a
    chapter splits its folders by layer)."""
    def by_name(paths):
        names = {}
        for path in paths:
            names.setdefault(path.rsplit("/", 1)[-1], []).append(path)
        return {name: found[0] for name, found in names.items() if len(found) == 1}
    gone, new = by_name(before - after), by_name(after - before)
    return {new[name]: gone[name] for name in new.keys() & gone.keys()}


def compare(earlier_dir, later_dir):
    """(carried, changed) between two consecutive chapters: `carried` the
    sorted paths the later chapter holds as the earlier one's copy, `changed`
    a dict path -> "added" | "removed" | "changed". A file that moved (see
    moves()) counts by its new path, as carried or changed, and its old path
    is not reported; `moved` maps its new path to the old one."""
    before, after = code_files(earlier_dir), code_files(later_dir)
    moved = moves(before, after)
    changed = {path: "added" for path in after - before - moved.keys()}
    changed.update({path: "removed" for path in before - after - set(moved.values())})
    carried = []
    pairs = [(path, path) for path in before & after] + [(old, new) for new, old in moved.items()]
    for old, new in sorted(pairs, key=lambda pair: pair[1]):
        expected = to_chapter(read(os.path.join(earlier_dir, old)), earlier_dir, later_dir)
        if read(os.path.join(later_dir, new)) == expected:
            carried.append(new)
        else:
            changed[new] = "changed"
    return carried, changed, moved
