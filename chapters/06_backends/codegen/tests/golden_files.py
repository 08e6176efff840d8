"""The generators' golden files (golden/): texts the lesson shows, compared
with what the generator writes, and rewritten by MINI_UPDATE_GOLDEN=1."""

import os

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def check_golden(test, name: str, text: str) -> None:
    """Fails `test` when golden/`name` is not `text`; writes it first under MINI_UPDATE_GOLDEN=1."""
    path = os.path.join(GOLDEN, name)
    if os.environ.get("MINI_UPDATE_GOLDEN"):
        with open(path, "w", encoding="utf-8") as stream:
            stream.write(text)
    with open(path, encoding="utf-8") as stream:
        test.assertEqual(text, stream.read(), f"{path} is not what the generator writes")
