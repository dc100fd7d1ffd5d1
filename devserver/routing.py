"""Route matching for the local gateway. chalice local's matcher splits every route
pattern on every request and keeps captures from patterns it tried before; this one
splits the patterns once, tries only those with the request's number of segments, in the
same order (concrete segments before captures), and returns only the matching pattern's
captures, as API Gateway does."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from chalice.local import MatchResult, RouteMatcher


class IndexedRouteMatcher(RouteMatcher):
    def __init__(self, route_urls: list[str]) -> None:
        super().__init__(route_urls)
        self._by_length: dict[int, list[tuple[str, list[str]]]] = {}
        for route_url in self.route_urls:          # sorted by chalice
            parts = route_url.split("/")
            self._by_length.setdefault(len(parts), []).append((route_url, parts))

    def match_route(self, url: str) -> MatchResult:
        parsed_url = urlparse(url)
        query_params = parse_qs(parsed_url.query, keep_blank_values=True)
        path = parsed_url.path
        if path != "/" and path.endswith("/"):
            path = path[:-1]
        parts = path.split("/")
        for route_url, url_parts in self._by_length.get(len(parts), ()):
            captured = {}
            for given, wanted in zip(parts, url_parts, strict=True):
                if wanted.startswith("{") and wanted.endswith("}"):
                    captured[wanted[1:-1]] = given
                elif given != wanted:
                    break
            else:
                return MatchResult(route_url, captured, query_params)
        raise ValueError(f"No matching route found for: {url}")
