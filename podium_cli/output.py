"""What the CLI prints: JSON for scripts (``--json``), tables and progress bars for people
(rich, on stderr for progress so stdout stays the command's answer)."""
from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False)


class Printer:
    def __init__(self, as_json: bool):
        self.as_json = as_json

    def doc(self, doc: Any, text: str | None = None) -> None:
        """The reply as JSON, or ``text`` for a person."""
        if self.as_json:
            sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
        elif text is not None:
            out.print(text)

    def table(self, doc: Any, title: str, columns: Sequence[str],
              rows: Iterable[Sequence[Any]]) -> None:
        if self.as_json:
            self.doc(doc)
            return
        table = Table(title=title, title_justify="left")
        for column in columns:
            table.add_column(column)
        for row in rows:
            table.add_row(*("" if cell is None else str(cell) for cell in row))
        out.print(table)

    def progress(self, description: str) -> Progress:
        """A bar on stderr (hidden with --json or when stderr is not a terminal)."""
        return Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=err,
                        disable=self.as_json or not err.is_terminal, transient=False)
