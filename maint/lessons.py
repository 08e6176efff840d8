"""The lessons as plain Markdown, and the generated blocks inside them.

A lesson (the top README.md, chapters/NN_name/README.md and its parts
chapters/NN_name/partK_slug.md, docs/*.md) is
GitHub-flavoured Markdown that reads complete on a code host: its code,
program outputs and gdb transcripts are written into it, each between two
HTML comments that name where it comes from:

    <!-- snippet: chapters/03_registration/src/op_registration/schema_parser.cpp parse_type -->
    ```cpp
    ...the lines between the two `// [parse_type]` markers of that file...
    ```
    <!-- /snippet -->

    <!-- output: chapters/03_registration/ch03_demo MINI_DISPATCH_TRACE=1 -->
    ```text
    ...what that program of the build tree prints, with that environment...
    ```
    <!-- /output -->

    <!-- transcript: chapters/03_registration/gdb/break_in_myadd_cpu.gdb -->
    ...the walkthrough's session against the chapter's demo (its checks must pass)...
    <!-- /transcript -->

    <!-- file: chapters/06_backends/gdb/cuda/add_kernel.recorded.txt -->
    ...a committed text file, verbatim...
    <!-- /file -->

    <!-- parts: chapters/06_backends -->
    ...a table of the chapter's pages in reading order, each with its
    reading time and its exercises' time (`parts: course` for every
    chapter's, the path through the course on the top README)...
    <!-- /parts -->

A snippet of a Markdown file (docs/performance.md's `<!-- [name] -->`
regions) is written as Markdown, not as a code block. Pictures
(pictures.py) are committed as docs/pictures/NAME.svg and shown with a
relative Markdown image link. In-page targets are `<a id="ID"></a>` lines,
the line before a heading for a heading's id.

`maint/refresh-lessons` rewrites every block in place (and converts what is
left of the Doxygen directives the lessons used to carry); its `--check`
mode, the ctest `course.lessons_drift`, fails when a committed block differs
from what the sources and programs give now. maint/doxygen_filter.py turns a
lesson into what Doxygen wants; maint/checks/check_lessons.py renders the lessons as
GitHub does and checks what a reader sees.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402

ROOT = course.ROOT
PICTURES_DIR = os.path.join(ROOT, "docs", "pictures")  # pictures.COMMITTED

# A region marker in a source: `// [name]`, `# [name]`, `<!-- [name] -->`,
# alone on its line. Regions come in pairs; the lines between are the region.
MARKER = re.compile(r"^\s*(?://|#|<!--)\s*\[([A-Za-z0-9_.-]+)\]\s*(?:-->)?\s*$")
# Where region markers live (maint/checks/check_lessons.py holds them to use).
MARKER_TREES = ("chapters", "solutions", "bench", "docs")
MARKER_SUFFIXES = (".h", ".hpp", ".cpp", ".cu", ".cuh", ".py", ".yaml", ".md", ".cmake", ".txt", ".gdb")

BLOCK_KINDS = ("snippet", "output", "transcript", "file", "parts")
BLOCK_START = re.compile(r"^<!-- (" + "|".join(BLOCK_KINDS) + r"): (.+?) -->\s*$")
BLOCK_END = re.compile(r"^<!-- /(" + "|".join(BLOCK_KINDS) + r") -->\s*$")
ANCHOR = re.compile(r'^<a id="([\w.-]+)"></a>\s*$')
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")

LANGUAGES = {".h": "cpp", ".hpp": "cpp", ".cpp": "cpp", ".cu": "cpp", ".cuh": "cpp",
             ".py": "python", ".yaml": "yaml", ".cmake": "cmake", ".gdb": "text", ".txt": "text"}


class LessonError(Exception):
    """A block that cannot be made: a missing file or region, a failing program."""


def lesson_paths():
    """Every lesson, relative to ROOT: the top README, the chapters in order, docs/*.md."""
    paths = ["README.md"]
    paths += [page for chapter in course.chapters() for page in course.chapter_pages(chapter)]
    paths += sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return paths


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


# --- regions -----------------------------------------------------------------

def markers(text):
    """[(line index, name)] of every region marker line in `text`."""
    found = []
    for number, line in enumerate(text.splitlines()):
        match = MARKER.match(line)
        if match:
            found.append((number, match.group(1)))
    return found


def regions(text):
    """{name: [lines]} of a source's regions; marker lines of other regions
    nested inside one are left out. Raises LessonError on an unpaired marker."""
    lines = text.splitlines()
    opened, found = {}, {}
    for number, name in markers(text):
        if name in opened:
            start = opened.pop(name)
            if name in found:
                raise LessonError(f"region [{name}] is marked twice")
            found[name] = [line for line in lines[start + 1:number] if not MARKER.match(line)]
        else:
            opened[name] = number
    if opened:
        raise LessonError(f"region [{sorted(opened)[0]}] opens and never closes")
    return found


def trim_blank(lines):
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def region(path, name):
    """The lines of region `name` of the file at `path` (relative to ROOT)."""
    full = os.path.join(ROOT, path)
    if not os.path.isfile(full):
        raise LessonError(f"{path} does not exist")
    try:
        found = regions(read(path))
    except LessonError as error:
        raise LessonError(f"{path}: {error}") from None
    if name not in found:
        raise LessonError(f"{path} has no region [{name}] (no `// [{name}]` marker pair)")
    lines = trim_blank(found[name])
    if not lines:
        raise LessonError(f"{path}: region [{name}] is empty")
    return lines


def moved(path, name):
    """Where `path`, gone, is now: the one file of the same name in the same
    chapter (or top folder) that has region `name`; None if not exactly one."""
    parts = path.split("/")
    base = "/".join(parts[:2]) if parts[0] in ("chapters", "solutions") else parts[0]
    candidates = []
    for folder, _, names in os.walk(os.path.join(ROOT, base)):
        if os.path.basename(path) in names:
            candidate = os.path.relpath(os.path.join(folder, os.path.basename(path)), ROOT)
            try:
                if name in regions(read(candidate)):
                    candidates.append(candidate)
            except LessonError:
                pass
    return candidates[0] if len(candidates) == 1 else None


# --- blocks ------------------------------------------------------------------

@dataclass
class Block:
    kind: str       # snippet | output | transcript | file
    source: str     # what the start marker names after the kind
    first: int      # line index of the start marker
    last: int       # line index of the end marker
    lesson: str

    @property
    def marker(self):
        return f"<!-- {self.kind}: {self.source} -->"

    def describe(self):
        return f"{self.lesson}:{self.first + 1}: {self.marker}"


def blocks(lesson, text):
    """The generated blocks of a lesson, in order. Raises LessonError on an
    unclosed block."""
    found, lines, number = [], text.splitlines(), 0
    while number < len(lines):
        match = BLOCK_START.match(lines[number])
        if match:
            kind, end = match.group(1), None
            for later in range(number + 1, len(lines)):
                if BLOCK_START.match(lines[later]):
                    break
                closing = BLOCK_END.match(lines[later])
                if closing:
                    if closing.group(1) != kind:
                        raise LessonError(f"{lesson}:{later + 1}: `{lines[later]}` closes a {kind} block")
                    end = later
                    break
            if end is None:
                raise LessonError(f"{lesson}:{number + 1}: {lines[number]} has no <!-- /{kind} -->")
            found.append(Block(kind, match.group(2).strip(), number, end, lesson))
            number = end
        elif BLOCK_END.match(lines[number]):
            raise LessonError(f"{lesson}:{number + 1}: {lines[number]} closes no block")
        number += 1
    return found


def fence_kinds(text):
    """(line, kind) for each line of a lesson: "fence" for a fenced code
    block's opening or closing line, "code" for a line inside one, "prose"
    for every other line."""
    fence = None
    for line in text.splitlines():
        match = FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
                yield line, "fence"
            else:
                yield line, "code"
        elif match:
            fence = match.group(1)
            yield line, "fence"
        else:
            yield line, "prose"


def fenced(lines, language):
    """A fenced code block around `lines`, its fence longer than any they hold."""
    longest = max([len(run) for line in lines for run in re.findall(r"`{3,}", line)] + [2])
    fence = "`" * (longest + 1)
    return [fence + language] + lines + [fence]


class Maker:
    """Makes the body of each block. Programs run from `build_dir`; each
    program's output is made once."""

    def __init__(self, build_dir=None):
        self.build_dir = build_dir
        self.cache = {}

    def need_build(self, block):
        if not self.build_dir or not os.path.isdir(self.build_dir):
            raise LessonError(f"needs a build tree (none at {self.build_dir}): "
                              "build with `cmake --build --preset default` first")

    def body(self, block):
        maker = getattr(self, "make_" + block.kind)
        return maker(block)

    def make_snippet(self, block):
        parts = block.source.split()
        if len(parts) != 2:
            raise LessonError("say `<!-- snippet: PATH REGION -->`")
        path, name = parts
        lines = region(path, name)
        if path.endswith(".md"):
            return lines
        return fenced(lines, LANGUAGES.get(os.path.splitext(path)[1], "text"))

    def make_file(self, block):
        path = block.source
        if not os.path.isfile(os.path.join(ROOT, path)):
            raise LessonError(f"{path} does not exist")
        return fenced(trim_blank(read(path).splitlines()), "text")

    def make_output(self, block):
        self.need_build(block)
        parts = block.source.split()
        program, env, arguments = parts[0], {}, []
        for part in parts[1:]:
            if re.match(r"^[A-Z_][A-Z0-9_]*=", part):
                key, value = part.split("=", 1)
                env[key] = value
            else:
                arguments.append(part)
        key = ("output", block.source)
        if key not in self.cache:
            executable = os.path.join(self.build_dir, program)
            if not os.path.isfile(executable):
                raise LessonError(f"{executable} is not built")
            result = subprocess.run([executable, *arguments], capture_output=True, text=True, timeout=300,
                                    cwd=ROOT, env=program_environment(env))
            if result.returncode != 0:
                raise LessonError(f"{program} exited with {result.returncode}:\n"
                                  f"{result.stderr}")
            self.cache[key] = normalise(result.stdout, self.build_dir)
        return fenced(trim_blank(self.cache[key].splitlines()), "text")

    def make_transcript(self, block):
        self.need_build(block)
        script = block.source
        match = re.match(r"^chapters/(\d\d)_[a-z0-9_]+/(python/)?gdb/[\w/.-]+\.gdb$", script)
        if not match or not os.path.isfile(os.path.join(ROOT, script)):
            raise LessonError(f"no walkthrough script {script}")
        chapter = script.split("/")[1]
        demo = os.path.join(self.build_dir, "chapters", chapter, f"ch{match.group(1)}_demo")
        folders = {}
        if match.group(2):
            # A walkthrough under python/gdb/ runs the interpreter itself on
            # the chapter's Python module (as its ctest does): the module's
            # build folder and the script's own folder on the path.
            demo = build_python(self.build_dir)
            folders = {"module": os.path.join(os.path.abspath(self.build_dir), "chapters", chapter, "python"),
                       "scripts": os.path.dirname(os.path.join(ROOT, script))}
        text = run_walkthrough(os.path.join(ROOT, script), demo, folders=folders)
        return fenced(trim_blank(normalise(text, self.build_dir).splitlines()), "text")

    def make_parts(self, block):
        if block.source == "course":
            chapters = course.chapters()
        elif re.match(r"^chapters/\d\d_[a-z0-9_]+$", block.source):
            chapters = [block.source.split("/")[1]]
        else:
            raise LessonError("say `<!-- parts: chapters/NN_name -->` or `<!-- parts: course -->`")
        return parts_table(block.lesson, chapters)


# --- the path through the course ---------------------------------------------

# Reading speed, as the course's sizes are measured: prose at about 200 words
# a minute, code, output and transcripts at about 15 lines a minute.
PROSE_WORDS_PER_MINUTE = 200
CODE_LINES_PER_MINUTE = 15
PAGE_TITLE = re.compile(r"^# Chapter \d\d(?:, part \d+)?: (.*)$")


def reading_minutes(text):
    """About how long a page takes to read: its prose words and its code lines
    (fenced blocks), at the speeds above, rounded up to 5 minutes."""
    prose = code = 0
    for line, kind in fence_kinds(text):
        if kind == "code":
            code += 1
        elif kind == "prose" and not line.startswith("<!--") and not ANCHOR.match(line):
            prose += len(line.split())
    minutes = prose / PROSE_WORDS_PER_MINUTE + code / CODE_LINES_PER_MINUTE
    return max(5, -(-int(minutes) // 5) * 5)


def page_title(path):
    for line in read(path).splitlines():
        match = PAGE_TITLE.match(line)
        if match:
            return match.group(1)
    raise LessonError(f"{path} has no `# Chapter NN: ...` or `# Chapter NN, part K: ...` title")


def page_anchor(path):
    """The id on a page's first line (`<a id="chapter_06_part_1"></a>`), its
    title's label on the Doxygen site."""
    match = ANCHOR.match(read(path).splitlines()[0])
    if not match:
        raise LessonError(f"{path}: its first line is not its `<a id=...></a>` anchor")
    return match.group(1)


def parts_table(lesson, chapters):
    """The Markdown table of `chapters`' pages: one row a page, with its
    reading time and its exercises (ids and minutes), and a total per chapter."""
    whole = len(chapters) > 1  # the course's path: a chapter column and each chapter's total
    rows = (["| chapter | page | reading | exercises |", "|---|---|---|---|"] if whole
            else ["| page | reading | exercises |", "|---|---|---|"])
    for chapter in chapters:
        exercises = course.exercises(chapter)
        pages = course.chapter_pages(chapter)
        total_reading = total_exercise = 0
        for number, page in enumerate(pages):
            reading = reading_minutes(read(page))
            mine = [e for e in exercises if e.page == page]
            minutes = sum(e.minutes for e in mine)
            total_reading, total_exercise = total_reading + reading, total_exercise + minutes
            name = "front page" if number == 0 else f"part {number}"
            link = ("" if page == lesson else relative_link(lesson, page)) + "#" + page_anchor(page)
            done = (f"{', '.join(e.id for e in mine)} (~{minutes} min)") if mine else "none"
            first = (f"| {chapter[:2] if number == 0 else ''} " if whole else "")
            rows.append(f"{first}| [{name}]({link}): {page_title(page)} | ~{reading} min | {done} |")
        if len(pages) > 1:
            rows.append(f"{'| ' if whole else ''}| **chapter {chapter[:2]} in all** | **~{total_reading} min** "
                        f"| **~{total_exercise} min** |")
    return rows


def program_environment(extra):
    """The environment the lessons' programs run in: the same on every
    machine where it matters (the C locale; no GPU, so chapter 06's demo
    says the same on a machine with one as on one without)."""
    env = dict(os.environ, LC_ALL="C", CUDA_VISIBLE_DEVICES="")
    env.update(extra)
    return env


def build_python(build_dir):
    """The interpreter the build made its Python module for (CMake's
    Python3_EXECUTABLE), as the interpreter itself, not a launcher such as
    pyenv's shim: gdb must run the program that loads the module."""
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as handle:
        # FindPython3 keeps its choice as _Python3_EXECUTABLE (INTERNAL)
        # unless the user set Python3_EXECUTABLE.
        cache = handle.read()
        found = (re.search(r"^Python3_EXECUTABLE:[A-Z]+=(.+)$", cache, re.M)
                 or re.search(r"^_Python3_EXECUTABLE:INTERNAL=(.+)$", cache, re.M))
    if not found:
        raise LessonError(f"{build_dir} was configured without Python: no module to walk through")
    return subprocess.run([found.group(1), "-c", "import sys; print(sys.executable)"],
                          capture_output=True, text=True, check=True).stdout.strip()


def run_walkthrough(script, demo, folders=None):
    """A gdb walkthrough's transcript; raises LessonError when its checks fail
    (the transcript would then show something the lesson does not say).

    The program runs from a path of fixed length, /tmp/mini-lesson-XXXXXXXX/
    (a link to the demo), with a fixed environment: its strings sit at the top
    of the stack, so their sizes move every stack address, and with them what
    a frame shows before its arguments are stored. The same checkout then
    gives the same transcript from any folder and any shell.

    `folders` ({name: folder}) go on PYTHONPATH (a walkthrough from python3),
    each as a link of that name in the same fixed-length folder: their real
    paths, whose length is the checkout's, would move the stack too (a
    checkout at another path gave other `this=` and `stack=` values). The
    transcript names each by its real path again."""
    runner = os.path.join(ROOT, "gdb", "run_script.py")
    scratch = tempfile.mkdtemp(prefix="mini-lesson-", dir="/tmp")
    try:
        link = os.path.join(scratch, os.path.basename(demo))
        os.symlink(os.path.abspath(demo), link)
        out = os.path.join(scratch, "transcript.txt")
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch, "LC_ALL": "C",
               "CUDA_VISIBLE_DEVICES": ""}
        for name, folder in (folders or {}).items():
            os.symlink(folder, os.path.join(scratch, name))
        if folders:
            env["PYTHONPATH"] = ":".join(os.path.join(scratch, name) for name in folders)
        result = subprocess.run([sys.executable, runner, "--transcript", out, script, link],
                                capture_output=True, text=True, env=env, cwd=scratch)
        if result.returncode != 0:
            raise LessonError(f"the walkthrough {os.path.relpath(script, ROOT)} failed its checks:\n"
                              + result.stdout + result.stderr)
        with open(out, encoding="utf-8") as handle:
            text = handle.read()
        for name, folder in (folders or {}).items():
            text = text.replace(os.path.join(scratch, name) + "/", folder + "/")
        return text.replace(scratch + "/", "")
    finally:
        for name in os.listdir(scratch):
            os.unlink(os.path.join(scratch, name))
        os.rmdir(scratch)


# What varies from one machine or run to the next, and what the lesson shows instead.
VARYING = [
    # Thread ids: gdb's "[New Thread 0x7ffff6e006c0 (LWP 12345)]" and the like.
    (re.compile(r"\(LWP \d+\)"), "(LWP n)"),
    (re.compile(r"\bprocess \d+\b"), "process n"),
    # Python objects as gdb's Python printers show them in a frame's
    # arguments: where the interpreter's allocator put them varies by run.
    # (py-bt names modules the same way: `<built-in method neg of module
    # object at remote 0x...>`.)
    (re.compile(r" at remote 0x[0-9a-f]+>"), " at remote 0x...>"),
    # A heap address in a frame's arguments (Vectorized::loadu's pointer into
    # a tensor's data): where malloc's heap starts follows the end of the
    # program's data, which the checkout's path length can move by a page
    # (0x...a2700 in one clone, 0x...a3700 in another). Stack addresses stay
    # put: the walkthroughs fix the stack's strings (run_walkthrough).
    (re.compile(r"\(pointer=0x[0-9a-f]+\)"), "(pointer=0x...)"),
    # Chapter 06's demo runs with no GPU visible; why not (no device, no
    # driver, a build without nvcc) depends on the machine.
    (re.compile(r"^CUDA kernels not run: .*$", re.M),
     "CUDA kernels not run: no CUDA device visible (the reason printed says which: no GPU, "
     "no driver, or a build without CUDA)"),
]


def normalise(text, build_dir):
    """A program's output as the same checkout gives it anywhere: the
    checkout's and the build tree's absolute paths dropped, thread and
    process numbers replaced."""
    if build_dir:
        # The build tree as the README names it, wherever this one is.
        text = text.replace(os.path.abspath(build_dir) + "/", "build/default/")
    text = text.replace(ROOT + "/", "")
    for pattern, replacement in VARYING:
        text = pattern.sub(replacement, text)
    return text


# --- refreshing --------------------------------------------------------------

def refreshed(lesson, text, maker, fix_paths=False):
    """(new text, [(block, problem)]) with every block of `text` made again.
    A block that cannot be made keeps its old body and is reported; one the
    maker leaves alone (its body None) keeps its old body. With
    `fix_paths`, a snippet whose file has moved is pointed at the new place."""
    lines = text.splitlines()
    out, problems, previous = [], [], 0
    for block in blocks(lesson, text):
        out += lines[previous:block.first + 1]
        if fix_paths and block.kind == "snippet":
            parts = block.source.split()
            if len(parts) == 2 and not os.path.isfile(os.path.join(ROOT, parts[0])):
                new_path = moved(*parts)
                if new_path:
                    block.source = f"{new_path} {parts[1]}"
                    out[-1] = block.marker
        try:
            body = maker.body(block)
        except LessonError as error:
            problems.append((block, str(error)))
            body = None
        out += lines[block.first + 1:block.last] if body is None else body
        out.append(lines[block.last])
        previous = block.last + 1
    out += lines[previous:]
    return "\n".join(out) + "\n", problems


# --- converting the Doxygen directives the lessons used to carry -----------------

LEGACY_HEADING = re.compile(r"^(#{1,6}\s.*?)\s*\{#([\w.-]+)\}\s*$")
LEGACY_SNIPPET = re.compile(r"^\\snippet(?:doc)?\s+(\S+)\s+(\S+)\s*$")
LEGACY_INCLUDE = re.compile(r"^\\include\s+(\S+)\s*$")
LEGACY_IMAGE = re.compile(r'^\\image\s+html\s+(\S+)\s+"(.*)"\s*$')
LEGACY_REF = re.compile(r'\\ref\s+([\w.-]+)\s+"([^"]*)"')


def anchors_of(text):
    """The ids a lesson defines, old style (`{#id}`) or new (`<a id>`)."""
    found = set()
    for line in text.splitlines():
        match = LEGACY_HEADING.match(line) or ANCHOR.match(line)
        if match:
            found.add(match.group(2) if match.re is LEGACY_HEADING else match.group(1))
    return found


def relative_link(from_lesson, to_path):
    return os.path.relpath(os.path.join(ROOT, to_path), os.path.dirname(os.path.join(ROOT, from_lesson)))


def convert_legacy(lesson, text, all_anchors):
    """`text` with Doxygen's \\snippet, \\include, \\image, \\ref and heading
    `{#id}`s turned into plain Markdown and empty blocks (made by the refresh)."""
    out = []
    for line, kind in fence_kinds(text):
        if kind != "prose":
            out.append(line)
            continue
        heading = LEGACY_HEADING.match(line)
        snippet = LEGACY_SNIPPET.match(line)
        include = LEGACY_INCLUDE.match(line)
        image = LEGACY_IMAGE.match(line)
        if heading:
            out += [f'<a id="{heading.group(2)}"></a>', heading.group(1)]
        elif snippet:
            out += [f"<!-- snippet: {snippet.group(1)} {snippet.group(2)} -->", "<!-- /snippet -->"]
        elif include:
            target = include.group(1)
            demo = re.match(r"^demo-output/((\d\d)_[a-z0-9_]+)\.txt$", target)
            walk = re.match(r"^gdb-transcripts/((\d\d)_[a-z0-9_]+)/([\w.-]+)\.txt$", target)
            if demo:
                out += [f"<!-- output: chapters/{demo.group(1)}/ch{demo.group(2)}_demo MINI_DISPATCH_TRACE=1 -->",
                        "<!-- /output -->"]
            elif walk:
                out += [f"<!-- transcript: chapters/{walk.group(1)}/gdb/{walk.group(3)}.gdb -->",
                        "<!-- /transcript -->"]
            else:
                out += [f"<!-- file: {target} -->", "<!-- /file -->"]
        elif image:
            name = image.group(1)
            out.append(f"![{image.group(2)}]({relative_link(lesson, 'docs/pictures/' + name)})")
        else:
            def link(match):
                target = match.group(1)
                owner = [path for path, ids in all_anchors.items() if target in ids]
                if not owner:
                    raise LessonError(f"{lesson}: \\ref {target}: no lesson defines it")
                where = "" if owner[0] == lesson else relative_link(lesson, owner[0])
                return f"[{match.group(2)}]({where}#{target})"
            out.append(LEGACY_REF.sub(link, line))
    return "\n".join(out) + "\n"


ID_LINK = re.compile(r"(\]\()([^)\s#]*\.md)?#([\w.-]+)\)")


def relinked(lesson, text, all_anchors):
    """`text` with each link to an id that moved to another lesson page (a
    chapter split into parts) pointed at the page that now defines it; links
    inside code and generated blocks are left alone."""
    here = os.path.dirname(os.path.join(ROOT, lesson))
    out, in_block = [], False
    for line, kind in fence_kinds(text):
        if kind != "prose":
            out.append(line)
            continue
        if BLOCK_START.match(line):
            in_block = True
        elif BLOCK_END.match(line):
            in_block = False
        if in_block:
            out.append(line)
            continue

        def link(found):
            path, target = found.group(2), found.group(3)
            page = lesson if not path else os.path.relpath(os.path.normpath(os.path.join(here, path)), ROOT)
            if page not in all_anchors or target in all_anchors[page]:
                return found.group(0)
            owners = [other for other, ids in all_anchors.items() if target in ids]
            if len(owners) != 1:
                return found.group(0)
            where = "" if owners[0] == lesson else relative_link(lesson, owners[0])
            return f"{found.group(1)}{where}#{target})"
        out.append(ID_LINK.sub(link, line))
    return "\n".join(out) + "\n"


def has_legacy(text):
    return any(LEGACY_HEADING.match(line) or LEGACY_SNIPPET.match(line) or LEGACY_INCLUDE.match(line)
               or LEGACY_IMAGE.match(line) or LEGACY_REF.search(line) for line in text.splitlines())
