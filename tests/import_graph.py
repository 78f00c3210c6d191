"""The project's own import graph, read from the source with ast (nothing is imported).

``import_graph()`` maps each module of engine/, table/, cogs/ and bot.py to the project modules it
imports, counting an import at the top of a file and one inside a function alike (both run, sooner
or later). ``from pkg import name`` points at the module ``pkg.name`` when there is one, else at
``pkg`` itself; relative imports are resolved. ``circles(graph)`` lists the groups of modules that
import each other, directly or round about (strongly connected components).
``imports_inside_functions(folder)`` lists the imports made inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "table", "cogs")
SCRIPTS = ("bot.py",)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> its file."""
    modules = {Path(script).stem: root / script for script in SCRIPTS}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The project module a dotted name lies in (``engine.munchkin.cards.Card`` -> ``engine.munchkin.cards``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.Import | ast.ImportFrom, module: str, path: Path) -> list[str]:
    """The dotted names one import statement reaches for."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    return [f"{base}.{alias.name}" for alias in node.names]


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found |= {m for t in _targets(node, module, path) if (m := _resolve(t, modules)) and m != module}
    return found


def imports_inside_functions(folder: Path) -> list[tuple[Path, int]]:
    """Each import statement inside a function (or a method) of the folder's modules: (file, line)."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                found += [(path, inner.lineno) for inner in ast.walk(node)
                          if isinstance(inner, ast.Import | ast.ImportFrom)]
    return sorted(set(found))


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = project_modules(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of two or more modules that reach each other through imports (Tarjan's algorithm),
    each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found, key=lambda g: (-len(g), g))
