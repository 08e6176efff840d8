"""The pictures the lessons show, each drawn by graphviz from what a course
program prints, so a picture cannot drift from the code.

Each picture names the chapter whose lesson shows it, the program that
prints its DOT, and the arguments. maint/refresh-lessons draws them all into
docs/pictures/NAME.svg, committed: the lessons link them (a code host shows
them) and Doxygen's IMAGE_PATH finds them; its --check mode fails when one
differs from what the programs draw now. check_pictures.py checks them.
"""
import os
import subprocess
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import course  # noqa: E402
import trace_to_dot  # noqa: E402

COMMITTED = os.path.join(course.ROOT, "docs", "pictures")


@dataclass
class Picture:
    name: str         # the file name, without .svg
    chapter: str      # whose lesson shows it (and whose build makes the program)
    program: str      # the program's file name in the chapter's build folder
    arguments: list
    from_trace: str = ""  # the output is a dispatch trace; this titles its caller

    def program_path(self, build_dir):
        return os.path.join(build_dir, "chapters", self.chapter, self.program)


# The registration set of chapter 03's grid shows every way a slot gets
# filled: a kernel on the key (myadd's CPU and AutogradCPU), a fallthrough
# (its AutogradCUDA, everyone's BackendSelect), a missing kernel (its CUDA),
# the Autograd alias (mul), CompositeImplicitAutograd (linear),
# CompositeExplicitAutograd (clone), and a fallback (Batched, for all).
PICTURES = [
    Picture("keyset_layout", "02_keyset", "ch02_demo", ["--dot", "keyset"]),
    Picture("dispatch_table", "03_registration", "mini-dispatch-table",
            ["--dot", "--fallback", "Batched", "myadd=CPU,AutogradCPU", "mul=CPU,CUDA,Autograd",
             "linear=CompositeImplicitAutograd", "clone=CompositeExplicitAutograd"]),
    Picture("add_call_path", "05_autograd", "ch05_demo", ["--trace-add"],
            from_trace="add(a, b)\\na.requires_grad=True"),
    Picture("autograd_graph", "05_autograd", "ch05_demo", ["--dot", "autograd-graph"]),
    Picture("joint_graph", "05_autograd", "ch05_demo", ["--dot", "joint-graph"]),
    Picture("autocast_keyset", "06_backends", "ch06_demo", ["--dot", "autocast-keyset"]),
]


def pictures(build_dir):
    """The pictures whose chapter this build configured."""
    chapters = course.chapters(build_dir)
    return [picture for picture in PICTURES if picture.chapter in chapters]


def dot_source(picture, build_dir):
    """The DOT text of `picture`, from its program."""
    result = subprocess.run([picture.program_path(build_dir), *picture.arguments], capture_output=True,
                            text=True, check=True, cwd=course.ROOT, env=dict(os.environ, MINI_DISPATCH_TRACE="0"))
    if picture.from_trace:
        hops = trace_to_dot.parse_hops(result.stdout)
        if not hops:
            raise ValueError(f"{picture.program} {' '.join(picture.arguments)} printed no dispatch trace")
        return trace_to_dot.hops_to_dot(hops, picture.from_trace)
    return result.stdout


def draw(picture, build_dir, out_dir):
    """Writes out_dir/NAME.dot and NAME.svg; returns the .svg's path. Raises
    CalledProcessError, with graphviz's complaint, if dot refuses the DOT."""
    os.makedirs(out_dir, exist_ok=True)
    dot_path = os.path.join(out_dir, picture.name + ".dot")
    svg_path = os.path.join(out_dir, picture.name + ".svg")
    with open(dot_path, "w", encoding="utf-8") as handle:
        handle.write(dot_source(picture, build_dir))
    subprocess.run(["dot", "-Tsvg", dot_path, "-o", svg_path], capture_output=True, text=True, check=True)
    return svg_path
