#!/usr/bin/env python3
"""The docs say what the program does: runs every warpscope command that README.md and docs/*.md
show in a fenced code block, compares the output where a ```console block prints it, and checks
every relative link and picture path (and the #anchor a link names).

  check_docs.py --root REPO --binary BUILD/warpscope [--window yes|no] [--gpu yes|no|auto]
                [--only FILE.md] [--list]

The rules the guides are written to (docs/testing.md says them for writers):
- ```sh / ```bash blocks: each line (backslash continuations joined, a trailing `# comment`
  dropped) is split on `&&`, `;` and `|`; every part whose first word is `warpscope` or
  `./build/warpscope` is run. It must exit 0 or 1 (1: the work ran and a check failed, as
  `race` or a wrong student kernel do), never 2 (bad input: the docs would show a command that
  does not parse), never a signal.
- ```console blocks: a line `$ warpscope ...` is a command; the lines after it up to the next
  `$ ` are its output, compared line by line with what it printed on stdout, on stderr, or on
  both in that order (trailing spaces ignored; a line holding only `...` matches any number of
  lines). An expected line starting `warpscope: ` is an error: the command may exit 1 or 2.
- A command with no subcommand opens the window: it is run as a headless picture (`--screenshot`
  added, unless it writes one or a worksheet itself); skipped where the build has no window.
- A command that needs a GPU (`bench`, `crosscheck`, `--backend cuda`, `--hardware`, `--sweep`)
  is skipped where none is usable (`--gpu auto` asks `warpscope info`); every other command runs
  with no GPU visible, so that the default backend is the emulator everywhere.
- Commands run from a scratch folder holding links to the repository's top-level entries and a
  `build` link to the binary's folder, one folder per page, in page order: files one command
  writes are there for the next, and nothing is written into the repository.
Last line: `N passed, M failed, K skipped`; exit 1 on any failure.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

GPU_SUBCOMMANDS = {"bench", "crosscheck"}
GPU_FLAGS = ("--hardware", "--sweep")
TIMEOUT_S = 600


def pages(root, only):
    files = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    if os.path.isdir(docs):
        files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    if only:
        files = [f for f in files if os.path.relpath(f, root) in only]
    return files


def github_anchor(heading):
    text = re.sub(r"`|\*", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors_of(path):
    found, counts = set(), {}
    in_code = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
            if m:
                a = github_anchor(m.group(2))
                n = counts.get(a, 0)
                counts[a] = n + 1
                found.add(a if n == 0 else f"{a}-{n}")
    return found


def blocks(path):
    """Yields (language, first line number, [lines]) of every fenced code block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if m:
            lang, start, body = m.group(1), i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            yield lang, start + 1, body
        i += 1


def prose_links(path):
    """Yields (line number, target) of every markdown link and picture outside code."""
    in_code = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            line = re.sub(r"`[^`]*`", "", line)
            for m in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", line):
                yield number, m.group(1)
            for m in re.finditer(r"<img[^>]*\ssrc=\"([^\"]+)\"", line):
                yield number, m.group(1)


def check_links(root, page):
    problems = []
    here = os.path.dirname(page)
    for number, target in prose_links(page):
        if re.match(r"^[a-z]+:", target):  # http:, https:, mailto:, warpscope:
            continue
        path, _, anchor = target.partition("#")
        file = os.path.normpath(os.path.join(here, path)) if path else page
        where = f"{os.path.relpath(page, root)}:{number}"
        if not os.path.exists(file):
            problems.append(f"{where}: {target}: no such file")
        elif not os.path.realpath(file).startswith(os.path.realpath(root) + os.sep):
            problems.append(f"{where}: {target}: outside the repository")
        elif anchor and file.endswith(".md") and anchor not in anchors_of(file):
            problems.append(f"{where}: {target}: no heading #{anchor} there")
    return problems


def split_parts(line):
    """A shell line cut at &&, ;, | (outside quotes) into its simple commands."""
    parts, current, quote = [], "", None
    i = 0
    while i < len(line):
        c = line[i]
        if quote:
            current += c
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
            current += c
        elif line.startswith("&&", i) or line.startswith("||", i):
            parts.append(current)
            current = ""
            i += 1
        elif c in ";|":
            parts.append(current)
            current = ""
        elif c == "#" and (not current or current[-1].isspace()):
            break
        else:
            current += c
        i += 1
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


def warpscope_args(part):
    words = shlex.split(part)
    while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    if words and words[0] in ("warpscope", "./build/warpscope", "build/warpscope"):
        return words[1:]
    return None


def sh_commands(body):
    joined, out = "", []
    for line in body:
        if line.rstrip().endswith("\\"):
            joined += line.rstrip()[:-1] + " "
            continue
        joined += line
        for part in split_parts(joined):
            args = warpscope_args(part)
            if args is not None:
                out.append((part, args, None))
        joined = ""
    return out


def console_commands(body):
    out, command, expected = [], None, []
    for line in body:
        if line.startswith("$ "):
            if command is not None:
                out.append(command + (expected,))
            command, expected = None, []
            found = [(p, warpscope_args(p)) for p in split_parts(line[2:])]
            found = [f for f in found if f[1] is not None]
            if found:
                command = found[0]
        elif command is not None:
            expected.append(line)
    if command is not None:
        out.append(command + (expected,))
    return out


def needs_gpu(args):
    if args and args[0] in GPU_SUBCOMMANDS:
        return True
    if any(a in GPU_FLAGS for a in args):
        return True
    return any(a == "--backend" and b == "cuda" for a, b in zip(args, args[1:])) or \
        "--backend=cuda" in args


def is_window(args):
    return not args or args[0].startswith("-")


def output_matches(expected, actual):
    """expected lines (with `...` wildcards) against actual lines, trailing spaces ignored."""
    exp = [e.rstrip() for e in expected]
    act = [a.rstrip() for a in actual]
    while exp and exp[-1] == "":
        exp.pop()
    while act and act[-1] == "":
        act.pop()

    # reach[j]: the first i expected lines can match the first j actual lines
    reach = [True] + [False] * len(act)
    for e in exp:
        if e == "...":
            for j in range(1, len(act) + 1):
                reach[j] = reach[j] or reach[j - 1]
        else:
            reach = [False] + [reach[j] and act[j] == e for j in range(len(act))]
    return reach[len(act)]


def scratch_folder(root, binary_dir):
    d = tempfile.mkdtemp(prefix="ws-docs-")
    for entry in os.listdir(root):
        if entry in ("build", ".git"):
            continue
        os.symlink(os.path.join(root, entry), os.path.join(d, entry))
    os.symlink(binary_dir, os.path.join(d, "build"))
    os.mkdir(os.path.join(d, ".bin"))
    os.symlink(os.path.join(binary_dir, "warpscope"), os.path.join(d, ".bin", "warpscope"))
    return d


def gpu_usable(binary):
    try:
        r = subprocess.run([binary, "info"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return r.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--window", choices=["yes", "no"], default="yes")
    ap.add_argument("--gpu", choices=["yes", "no", "auto"], default="auto")
    ap.add_argument("--only", action="append")
    ap.add_argument("--list", action="store_true", help="list the commands, run nothing")
    a = ap.parse_args()
    root = os.path.realpath(a.root)
    binary = os.path.realpath(a.binary)
    gpu = a.gpu == "yes" or (a.gpu == "auto" and not a.list and gpu_usable(binary))

    passed = failed = skipped = 0
    for page in pages(root, a.only):
        rel = os.path.relpath(page, root)
        for problem in check_links(root, page):
            print(f"FAIL {problem}")
            failed += 1
        commands = []
        for lang, line, body in blocks(page):
            if lang in ("sh", "bash", "shell"):
                commands += [(line,) + c for c in sh_commands(body)]
            elif lang == "console":
                commands += [(line,) + c for c in console_commands(body)]
        if a.list:
            for line, part, _, _ in commands:
                print(f"{rel}:{line}: {part}")
            continue
        scratch = scratch_folder(root, os.path.dirname(binary))
        env = dict(os.environ, PATH=os.path.join(scratch, ".bin") + os.pathsep + os.environ["PATH"])
        for number, (line, part, args, expected) in enumerate(commands):
            where = f"{rel}:{line}: {part}"
            run_env = env
            if needs_gpu(args):
                if not gpu:
                    print(f"skip {where} (needs a GPU)")
                    skipped += 1
                    continue
            else:
                run_env = dict(env, CUDA_VISIBLE_DEVICES="")
            command = part
            if is_window(args):
                if a.window == "no":
                    print(f"skip {where} (this build has no window)")
                    skipped += 1
                    continue
                writes = ("--screenshot", "--screenshot-panels", "--worksheet", "--export-gif",
                          "--export-pngs", "--bench-frames")
                if not any(w in args for w in writes):
                    command += f" --screenshot docs-window-{number}.png"
                run_env = dict(run_env)
                run_env.pop("DISPLAY", None)
            started = time.monotonic()
            try:
                r = subprocess.run(["bash", "-c", command], cwd=scratch, env=run_env,
                                   capture_output=True, text=True, timeout=TIMEOUT_S,
                                   stdin=subprocess.DEVNULL)
            except subprocess.TimeoutExpired:
                print(f"FAIL {where}: still running after {TIMEOUT_S} s")
                failed += 1
                continue
            seconds = time.monotonic() - started
            errors_expected = expected and any(e.startswith("warpscope: ") for e in expected)
            allowed = (1, 2) if errors_expected else (0, 1)
            problem = None
            if r.returncode not in allowed:
                problem = f"exit {r.returncode} (expected {' or '.join(map(str, allowed))})"
            elif expected is not None:
                # What the page prints is what the command wrote on stdout, or on stderr (an
                # error or a refusal), or both in that order.
                out, err = r.stdout.split("\n"), r.stderr.split("\n")
                if not any(output_matches(expected, text) for text in (out, err, out + err)):
                    problem = "its output is not the one the page prints:\n" + "\n".join(
                        "    | " + l for l in (r.stdout + r.stderr).rstrip().split("\n")[:60])
            if problem:
                print(f"FAIL {where}: {problem}")
                if r.stderr.strip():
                    print("    stderr: " + r.stderr.strip().split("\n")[-1])
                failed += 1
            else:
                print(f"ok   {where} ({seconds:.1f} s)")
                passed += 1
        subprocess.run(["rm", "-rf", scratch])
    if a.list:
        return 0
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
