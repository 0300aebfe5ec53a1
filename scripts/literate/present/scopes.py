"""Which names a statement of a page binds in, and reads from, the page's own namespace.

A name a function, lambda, class body or comprehension binds is its own: `[a for a in xs]`
neither reads nor sets the page's `a`, and `def f(): a = 1` sets only f's. What such a scope
reads and does not bind is the page's (or a builtin's), as is a name it declares `global`.
Where the answer depends on running the code (a `global` name is bound when the function is
called; a walrus in a comprehension binds the enclosing scope's name), a name is not counted
as bound, and a class body's reads are taken as the page's (its methods do not see its
names): either errs towards running a block at build only.
"""

from __future__ import annotations

import ast

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


Own = frozenset[str] | None  # the names of a function's or comprehension's own; None: the page's


def page_names(statement: ast.AST) -> tuple[set[str], set[str]]:
    """(names the statement binds in the page's namespace, names it reads from it)."""
    bound: set[str] = set()
    read: set[str] = set()
    _visit(statement, None, bound, read)
    return bound, read


def _visit(node: ast.AST, own: Own, bound: set[str], read: set[str]) -> None:
    """Walk node in a scope whose own names are `own`."""
    if isinstance(node, ast.Name):
        if isinstance(node.ctx, ast.Load) and node.id not in (own or ()):
            read.add(node.id)
        elif isinstance(node.ctx, ast.Store) and own is None:
            bound.add(node.id)
        return
    if isinstance(node, ast.Import | ast.ImportFrom):
        if own is None:
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        return
    if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
        if own is None:  # (in a comprehension it binds the enclosing scope's: not counted)
            bound.add(node.target.id)
        _visit(node.value, own, bound, read)
        return
    if isinstance(node, (*_FUNCTIONS, ast.ClassDef)):
        _enter(node, own, bound, read)
        return
    if isinstance(node, _COMPREHENSIONS):
        first, *rest = node.generators
        _visit(first.iter, own, bound, read)  # evaluated in the enclosing scope
        inner = (own or frozenset()) | _targets(node.generators)
        for part in [first.target, *first.ifs, *rest, *_elements(node)]:
            _visit(part, inner, bound, read)
        return
    for child in ast.iter_child_nodes(node):
        _visit(child, own, bound, read)


def _enter(node: ast.AST, own: Own, bound: set[str], read: set[str]) -> None:
    """A function, lambda or class: its name and what is evaluated where it is defined belong
    to the enclosing scope; its body has a scope of its own."""
    if not isinstance(node, ast.Lambda):
        if own is None:
            bound.add(node.name)
        for decorator in node.decorator_list:
            _visit(decorator, own, bound, read)
    if isinstance(node, ast.ClassDef):
        outside, body = [*node.bases, *node.keywords], node.body
        params: set[str] = set()
    else:
        outside = [*node.args.defaults, *(d for d in node.args.kw_defaults if d)]
        body = node.body if isinstance(node.body, list) else [node.body]
        params = {arg.arg for arg in ast.walk(node.args) if isinstance(arg, ast.arg)}
    for part in outside:
        _visit(part, own, bound, read)
    declared = {
        name
        for part in body
        for n in ast.walk(part)
        if isinstance(n, ast.Global)
        for name in n.names
    }
    stored = {
        n.id
        for part in body
        for n in ast.walk(part)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    defined = {
        n.name
        for part in body
        for n in ast.walk(part)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    inner = (own or frozenset()) | params | ((stored | defined) - declared)
    if isinstance(node, ast.ClassDef):  # a class body's names are not its methods' scope
        inner = own or frozenset()  # (what it binds is the class's, not the page's)
    for part in body:
        _visit(part, frozenset(inner), bound, read)


def _targets(generators: list[ast.comprehension]) -> set[str]:
    return {n.id for g in generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}


def _elements(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.DictComp):
        return [node.key, node.value]
    return [node.elt]
