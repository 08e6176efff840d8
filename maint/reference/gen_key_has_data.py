#!/usr/bin/python3
"""Write what torch's DispatchKeySet::has() answers for every DispatchKey
torch names, on the empty key set and on the full one: the keys that are no
runtime key (Undefined, the alias keys, the StartOf/EndOf markers of each
per-backend functionality) are where a key set's answer is not obvious.

    /usr/bin/python3 maint/reference/gen_key_has_data.py chapters/02_keyset/tests/data/pytorch-1.13-key-has.txt

The empty set is DispatchKeySet(Undefined); the full set is the union of
every key torch names (c10's DispatchKeySet(FULL) is not bound in Python).

Lines:
    KEY FULL EMPTY      has() on the full set, then on the empty one: 1 or 0
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    keys = torch._C.DispatchKey.__members__
    key_set = torch._C.DispatchKeySet
    empty = key_set(keys["Undefined"])
    full = empty
    for key in keys.values():
        full = full | key_set(key)
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write(f"# torch {torch.__version__} (Debian's 1.13.1); written by maint/reference/gen_key_has_data.py\n")
        out.write("# KEY  has() on the full set  has() on the empty set\n")
        for name, key in keys.items():
            out.write(f"{name} {int(full.has(key))} {int(empty.has(key))}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
