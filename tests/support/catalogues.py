"""The Fluent catalogues as the text tests read them: every message of each language, the variables each refers to,
and sample values for every variable."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

from fluent.syntax import FluentParser
from fluent.syntax.ast import Junk, Message, NumberLiteral, SelectExpression, VariableReference
from fluent.syntax.visitor import Visitor

from tochki_bot.i18n import LANGUAGES, catalogue

PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


class References(Visitor):
    """Every variable a message refers to, wherever it is: text, selectors, variants, attributes, arguments."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.selects: list[SelectExpression] = []

    def visit_VariableReference(self, node: VariableReference) -> None:
        self.variables.add(node.id.name)
        self.generic_visit(node)

    def visit_SelectExpression(self, node: SelectExpression) -> None:
        self.selects.append(node)
        self.generic_visit(node)


def messages(lang: str) -> dict[str, Message]:
    resource = FluentParser().parse(catalogue(lang))  # type: ignore[arg-type]
    junk = [entry.content for entry in resource.body if isinstance(entry, Junk)]
    assert not junk, junk
    found = [entry for entry in resource.body if isinstance(entry, Message)]
    ids = [message.id.name for message in found]
    assert len(ids) == len(set(ids)), f"{lang}: duplicate ids"
    return {message.id.name: message for message in found}


def references(message: Message) -> References:
    visitor = References()
    visitor.visit(message)
    return visitor


CATALOGUES = {lang: messages(lang) for lang in LANGUAGES}


@cache
def selector_kinds() -> tuple[set[str], dict[str, set[str]]]:
    """Which variables pick plural forms (numbers), and the variant keys of variables that pick by word."""
    numbers: set[str] = set()
    words: dict[str, set[str]] = defaultdict(set)
    for catalogue_ in CATALOGUES.values():
        for message in catalogue_.values():
            for select in references(message).selects:
                assert isinstance(select.selector, VariableReference)
                keys = {v.key.value if isinstance(v.key, NumberLiteral) else v.key.name for v in select.variants}
                if keys <= PLURAL_CATEGORIES or any(isinstance(v.key, NumberLiteral) for v in select.variants):
                    numbers.add(select.selector.id.name)
                else:
                    words[select.selector.id.name] |= keys
    return numbers, words


# Variables that are numbers even where no plural selector says so (the rest are text).
NUMBERS = {"id", "ply", "n", "rating", "percent", "score_blue", "score_red", "x0", "x1", "y0", "y1", "s", "m", "h", "d"}


def samples(variable: str) -> list[object]:
    numbers, words = selector_kinds()
    if variable in numbers:
        return [0, 1, 2, 5, 11, 21, 22, 1500, 2.5]
    if variable in words:
        return [word for word in sorted(words[variable])]
    if variable in NUMBERS:
        return [1500]
    return ["Анна &amp; <b>Bob</b>"]
