"""Can every assertion of the exercise tests fail? The proof, from the wrong answers.

An assertion that holds whatever the answer does proves nothing: issue 42
found `EXPECT_TRUE(result.is_same(x))` after `exp_(x)`, which the wrapper
above the learner's fallback makes true for any fallback at all. So each
assertion of chapters/NN/tests/exercises/*.cpp must be seen failing once,
by a committed wrong answer (solutions/NN/mutants/, maint/mutants.py):
GoogleTest writes the file and line of every failed assertion in its JSON
report, and a site is proved when some wrong answer's report names a line
of it. The exercise-integrity check (maint/checks/check_exercises.py)
runs the wrong answers anyway and reports, from the same run, how many
sites are proved and lists the rest, each of which needs a wrong answer
that fails it, or a rewrite that makes it read the answer.

A site is one assertion macro, EXPECT_* or ASSERT_* with its arguments,
FAIL() or ADD_FAILURE() with what is streamed into it, as written, from its
first line to the `;` that ends it: a failure reported on any of those lines
is that site's (g++ reports a macro spread over several lines on its last
line, clang on its first).

One kind of site is not the answer's to fail: a check that an expected
value is what the test's author meant (a fixture's own arithmetic, a
reference read from data). Such a site says so in a comment on its first
line or alone on the line above it (which covers the sites right below
it), `// setup: <why no answer can fail it>`, and is counted apart. A site
of an exercise whose wrong answers all need a GPU (none ran here) is
counted apart too. Any other site that no wrong answer fails is a problem,
unless it is listed in maint/checks/assertions_not_yet_proved.txt with the
reason it is left: a list that only shrinks (a listed site that is proved,
or gone, is a problem until its line goes).
"""
import os
import re

import course

# The macro that opens a site: EXPECT_EQ(, ASSERT_THAT(, FAIL(), ADD_FAILURE(),
# at the start of a statement (not inside a comment or string: the scan skips
# comment lines and the course's tests keep these out of strings).
_OPENING = re.compile(r"\b(?:(?:EXPECT|ASSERT)_[A-Z0-9_]+|FAIL|ADD_FAILURE)\s*\(")
_SETUP = re.compile(r"//\s*setup:\s*\S")


class Site:
    """One assertion of an exercise test file: lines first..last (1-based)."""

    def __init__(self, path, first, last, text, setup):
        self.path, self.first, self.last, self.text, self.setup = path, first, last, text, setup
        self.proved_by = []   # the wrong answers whose reports name a line of it
        self.occurrence = 1   # the how-many-th site of its file with this text

    @property
    def where(self):
        return f"{os.path.relpath(self.path, course.ROOT)}:{self.first}"


def _statement_end(lines, index, column):
    """The index of the line where the statement that starts at lines[index]
    [column] ends: its parentheses closed and a `;` (or a `{`/`}` of a
    block it guards) reached, strings and char literals skipped."""
    depth = 0
    quote = None
    row, col = index, column
    while row < len(lines):
        line = lines[row]
        while col < len(line):
            char = line[col]
            if quote:
                if char == "\\":
                    col += 1
                elif char == quote:
                    quote = None
            elif char in "\"'":
                quote = char
            elif line.startswith("//", col):
                break
            elif char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
            elif char in ";{}" and depth == 0:
                return row
            col += 1
        quote = None  # a string never spans lines in these files
        row, col = row + 1, 0
    return len(lines) - 1


def sites_of(path):
    """The assertion sites of one test file."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().splitlines()
    found = []
    index = 0
    while index < len(lines):
        code = lines[index].split("//", 1)[0]
        match = _OPENING.search(code)
        if not match or code.lstrip().startswith("#"):
            index += 1
            continue
        last = _statement_end(lines, index, match.start())
        text = " ".join(line.strip() for line in lines[index:last + 1])
        # A `// setup:` line covers the sites right below it, up to the
        # first line that is not one.
        follows_setup = found and found[-1].setup and found[-1].last == index
        setup = bool(_SETUP.search(lines[index]) or (index and _SETUP.match(lines[index - 1].strip()))
                     or follows_setup)
        found.append(Site(path, index + 1, last + 1, text, setup))
        found[-1].occurrence = sum(1 for site in found if site.text == text)
        # Two sites on one line (rare) count as one: a report names lines.
        index = last + 1
    return found


def exercise_test_files(chapter):
    folder = os.path.join(course.ROOT, "chapters", chapter, "tests", "exercises")
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith((".cpp", ".cu")))


def sites(chapters):
    return [site for chapter in chapters for path in exercise_test_files(chapter) for site in sites_of(path)]


_FAILURE_AT = re.compile(r"^(?P<file>\S+?):(?P<line>\d+)$")


def failure_lines(report):
    """{(real path, line)} of every failed assertion in a GoogleTest JSON report."""
    where = set()
    for suite in report.get("testsuites", []):
        for test in suite.get("testsuite", []):
            for failure in test.get("failures", []):
                first = failure.get("failure", "").strip().splitlines()[:1]
                match = _FAILURE_AT.match(first[0]) if first else None
                if match:
                    # The build writes __FILE__ relative to the repository
                    # (-fmacro-prefix-map), whatever directory runs the check.
                    where.add((os.path.realpath(os.path.join(course.ROOT, match.group("file"))),
                               int(match.group("line"))))
    return where


def prove(all_sites, mutants):
    """Marks each site with the mutants whose failures name one of its lines."""
    by_file = {}
    for site in all_sites:
        by_file.setdefault(os.path.realpath(site.path), []).append(site)
    for mutant in mutants:
        for path, line in mutant.failed_at:
            for site in by_file.get(path, []):
                if site.first <= line <= site.last:
                    site.proved_by.append(mutant.name)


# The sites no committed wrong answer fails yet, each with the reason it is
# left: the list only shrinks (a site proved since, or gone, is a problem
# until its line goes), and a new assertion must come with its proof.
NOT_YET = os.path.join(course.ROOT, "maint", "checks", "assertions_not_yet_proved.txt")


def key_of(site):
    """A site's name in NOT_YET: its file and its text, which survive edits
    above it that move its line (the same text twice in a file: `#2` after
    the second)."""
    again = f" #{site.occurrence}" if site.occurrence > 1 else ""
    return f"{os.path.relpath(site.path, course.ROOT)}: {site.text}{again}"


def not_yet():
    """{key: reason} from NOT_YET (`<file>: <assertion text>  # <reason>`)."""
    known = {}
    if os.path.exists(NOT_YET):
        with open(NOT_YET, encoding="utf-8") as handle:
            for line in handle:
                line = line.rstrip("\n")
                if line and not line.startswith("#"):
                    key, _, reason = line.partition("  # ")
                    known[key] = reason
    return known


def report(all_sites, gpu_only_exercises=()):
    """(text, problems): the counts proved, setup, left for a GPU, listed as
    not yet proved; a problem for each site left that is not listed, and for
    each listed one that is proved or gone."""
    known = not_yet()
    proved = [s for s in all_sites if s.proved_by]
    setup = [s for s in all_sites if s.setup and not s.proved_by]
    left = [s for s in all_sites if not s.proved_by and not s.setup]
    gpu = [s for s in left if exercise_of(s.path) in gpu_only_exercises]
    left = [s for s in left if s not in gpu]
    listed = [s for s in left if key_of(s) in known]
    new = [s for s in left if key_of(s) not in known]
    lines = [f"assertions of the exercise tests: {len(all_sites)} sites; {len(proved)} proved to fail by a committed "
             f"wrong answer, {len(setup)} setup checks (not the answer's to fail), {len(gpu)} that only a GPU run "
             f"can prove, {len(listed)} not yet proved (listed in {os.path.relpath(NOT_YET, course.ROOT)})"]
    problems = [f"{site.where}: no committed wrong answer fails this assertion ({site.text[:100]}); write one "
                "that does (maint/wrong-answer write), or make the assertion read the answer" for site in new]
    live = {key_of(s): s for s in all_sites}
    for key in known:
        site = live.get(key)
        if site is None:
            problems.append(f"{os.path.relpath(NOT_YET, course.ROOT)}: `{key[:120]}` is no assertion of the "
                            "exercise tests now: remove its line")
        elif site.proved_by or site.setup:
            problems.append(f"{site.where}: proved now (by {', '.join(site.proved_by) or 'a setup comment'}): "
                            f"remove its line from {os.path.relpath(NOT_YET, course.ROOT)}")
    return "\n".join(lines), problems


_EXERCISE_LINE = re.compile(r"^// Exercise (\d\d\.\d+):")


def exercise_of(path):
    """"04.2" from a test file's first line, `// Exercise 04.2: ...`."""
    with open(path, encoding="utf-8") as handle:
        match = _EXERCISE_LINE.match(handle.readline())
    return match.group(1) if match else ""


def write_not_yet(all_sites):
    """Rewrites NOT_YET from a run: every site left unproved, keeping the
    reasons already written (a new one gets "no wrong answer fails it yet").
    For a maintainer after a round of new wrong answers; review its diff:
    a line may only go."""
    known = not_yet()
    left = [s for s in all_sites if not s.proved_by and not s.setup]
    with open(NOT_YET, "w", encoding="utf-8") as handle:
        handle.write("# Assertions of the exercise tests that no committed wrong answer fails yet\n"
                     "# (maint/assertions.py): `<file>: <assertion as written>  # <why it is left>`.\n"
                     "# The list only shrinks: write a wrong answer that fails one (maint/wrong-answer\n"
                     "# write), or make the assertion read the answer, and remove its line.\n")
        for site in left:
            reason = known.get(key_of(site)) or "no wrong answer fails it yet"
            handle.write(f"{key_of(site)}  # {reason}\n")
    return len(left)
