"""Deterministic test inputs shared by the known-answer generators (mirrored in the *_test.ts files)."""


def pattern(name: str, length: int) -> bytes:
    if name == "seq":
        return bytes((i * 7 + 3) & 0xFF for i in range(length))
    if name == "zero":
        return bytes(length)
    if name == "ff":
        return b"\xff" * length
    raise ValueError(name)


def rewrite_block(path: str, begin: str, end: str, lines: list[str]) -> None:
    """Replaces the lines strictly between the `begin` and `end` marker lines of `path`."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    start = next(i for i, l in enumerate(text) if l.strip() == begin)
    stop = next(i for i, l in enumerate(text) if l.strip() == end and i > start)
    indent = text[start][: len(text[start]) - len(text[start].lstrip())]
    text[start + 1 : stop] = [indent + l for l in lines]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(text))
