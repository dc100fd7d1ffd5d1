"""What a venue node prints when it starts: the address phones on the venue's network use
and its QR code (segno, as the check-in QR code), drawn in the terminal."""
from __future__ import annotations

import io

import segno


def banner(address: str, node_id: str) -> str:
    out = io.StringIO()
    segno.make(address + "/v1", error="m").terminal(out=out, compact=True, border=2)
    return (f"Venue node:  {node_id}: phones on this network use {address}/v1 "
            f"(QR code below; also at {address}/v1/venue/qr.svg)\n{out.getvalue()}")
