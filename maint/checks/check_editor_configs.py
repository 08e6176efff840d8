#!/usr/bin/env python3
"""The editor configurations work: .vscode/*.json parse, every launch
configuration runs a demo this build makes, through a task that builds that
target, with the course's gdb printers; compile_commands.json is exported for
clangd.

    check_editor_configs.py BUILD_DIR
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    build_dir = os.path.abspath(sys.argv[1])
    problems = []
    configs = {}
    for name in ("launch.json", "tasks.json", "settings.json"):
        try:
            with open(os.path.join(ROOT, ".vscode", name), encoding="utf-8") as handle:
                configs[name] = json.load(handle)
        except (OSError, ValueError) as error:
            problems.append(f".vscode/{name}: {error}")
    targets = subprocess.run(["cmake", "--build", build_dir, "--target", "help"], capture_output=True,
                             text=True).stdout
    built_targets = set(re.findall(r"^(\S+): phony", targets, re.M)) | set(re.findall(r"^(\S+):", targets, re.M))
    tasks = {task["label"]: task for task in configs.get("tasks.json", {}).get("tasks", [])}
    checked = 0
    for config in configs.get("launch.json", {}).get("configurations", []):
        program = config["program"].replace("${workspaceFolder}", ROOT)
        chapter = program.split("/chapters/")[1].split("/")[0]
        if not os.path.isdir(os.path.join(ROOT, "chapters", chapter)):
            continue  # a chapter still to be written
        target = os.path.basename(program)
        checked += 1
        if target not in built_targets and os.path.isdir(os.path.join(build_dir, "chapters", chapter)):
            problems.append(f"launch '{config['name']}': no build target {target}")
        task = tasks.get(config.get("preLaunchTask", ""))
        if task is None or target not in task["command"]:
            problems.append(f"launch '{config['name']}': its preLaunchTask does not build {target}")
        if not any("gdb/mini.py" in step.get("text", "") for step in config.get("setupCommands", [])):
            problems.append(f"launch '{config['name']}': does not load gdb/mini.py")
    if not os.path.isfile(os.path.join(build_dir, "compile_commands.json")):
        problems.append("compile_commands.json is not exported (CMAKE_EXPORT_COMPILE_COMMANDS)")
    for problem in problems:
        print(problem)
    print(f"{checked} launch configurations checked, {len(problems)} problem(s)")
    return 1 if problems or checked == 0 else 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
