/* Podium live widget. Paste where it should appear:
 *   <div data-podium-tournament="t0123456789ab" data-refresh="15" data-theme="dark"></div>
 *   <script src="https://<id>.execute-api.<region>.amazonaws.com/api/v1/widget.js" async></script>
 * (the stack's ApiBaseURL output + "/widget.js"; locally http://127.0.0.1:8000/v1/widget.js)
 * Shows the phase (registration, the draft or sealed product, deck building, a round, the
 * top cut, the final, the final standings), the pairings or seating with their results,
 * the round's clock while the round is in play, the standings and the top-cut bracket,
 * and refreshes itself (the browser revalidates with the ETag: unchanged data costs a 304).
 *
 * Theming (docs/widget.md): data-theme="light" | "dark" (default: the reader's
 * prefers-color-scheme) and the CSS custom properties --podium-bg, --podium-fg,
 * --podium-muted, --podium-accent, --podium-accent-fg, --podium-border, --podium-head-bg,
 * --podium-alert, --podium-font, --podium-radius, set on the element or any ancestor.
 * Everything is written with textContent: names never become markup. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/widget\.js(?:[?#].*)?$/, "") : "/v1";
  var DASH = "\u2013";
  // Light defaults, then dark ones (by data-theme, or by the reader's preference unless
  // the store asked for light); a store's --podium-* properties win over both.
  var LIGHT = "--pd-bg:#ffffff;--pd-fg:#1b1f24;--pd-muted:#57606a;--pd-accent:#0a58ca;" +
    "--pd-accent-fg:#ffffff;--pd-border:#c9d1d9;--pd-head-bg:#f1f3f5;--pd-alert:#b3261e;";
  var DARK = "--pd-bg:#15181d;--pd-fg:#eef1f4;--pd-muted:#aab3bd;--pd-accent:#8ab4f8;" +
    "--pd-accent-fg:#0d1117;--pd-border:#3a414a;--pd-head-bg:#222831;--pd-alert:#ffb4ab;";
  var STYLE =
    ".podium-w{" + LIGHT + "}" +
    ".podium-w[data-theme=dark]{" + DARK + "}" +
    "@media (prefers-color-scheme: dark){.podium-w:not([data-theme=light]){" + DARK + "}}" +
    ".podium-w{box-sizing:border-box;font:var(--podium-font,15px/1.45 system-ui,sans-serif);" +
    "color:var(--podium-fg,var(--pd-fg));background:var(--podium-bg,var(--pd-bg));" +
    "border:1px solid var(--podium-border,var(--pd-border));border-radius:var(--podium-radius,8px);" +
    "padding:10px 14px;max-width:960px;overflow-wrap:anywhere}" +
    ".podium-w *{box-sizing:border-box}" +
    ".podium-w h3{margin:2px 0 4px;font-size:1.15em}" +
    ".podium-w .podium-phase{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;margin:0 0 8px}" +
    ".podium-w .podium-phase-name{display:inline-block;padding:1px 8px;border-radius:999px;font-weight:600;" +
    "background:var(--podium-accent,var(--pd-accent));color:var(--podium-accent-fg,var(--pd-accent-fg))}" +
    ".podium-w .podium-clock{font-variant-numeric:tabular-nums;font-weight:600}" +
    ".podium-w .podium-note{color:var(--podium-muted,var(--pd-muted));margin:4px 0}" +
    ".podium-w .podium-winner{font-size:1.1em;font-weight:600;margin:6px 0}" +
    ".podium-w table{border-collapse:collapse;width:100%;margin:6px 0 12px}" +
    ".podium-w caption{text-align:left;font-weight:600;padding:4px 0;caption-side:top}" +
    ".podium-w td,.podium-w th{padding:3px 6px;text-align:left;vertical-align:top;" +
    "border-bottom:1px solid var(--podium-border,var(--pd-border))}" +
    ".podium-w thead th{background:var(--podium-head-bg,var(--pd-head-bg));font-weight:600}" +
    ".podium-w tbody th{font-weight:600}" +
    ".podium-w .podium-num{text-align:right;font-variant-numeric:tabular-nums}" +
    ".podium-w .podium-tag{display:inline-block;margin-left:6px;padding:0 6px;font-size:.85em;" +
    "border:1px solid currentColor;border-radius:4px;color:var(--podium-alert,var(--pd-alert))}" +
    ".podium-w .podium-won{font-weight:600}" +
    ".podium-w .podium-error{color:var(--podium-alert,var(--pd-alert))}" +
    "@media (max-width:480px){.podium-w{padding:8px;font-size:14px}.podium-w td,.podium-w th{padding:3px 3px}" +
    ".podium-w .podium-wide{display:none}}";
  var STATUS = {dropped: "Dropped", disqualified: "Disqualified"};

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  function nameOf(who) { return who ? (who.name || who.player_id) : ""; }

  /* A player's name with a tag when they left the event. */
  function person(who, cls) {
    var span = el("span", nameOf(who), cls);
    if (who && who.status && who.status !== "active") {
      span.appendChild(el("span", STATUS[who.status] ||
        who.status.charAt(0).toUpperCase() + who.status.slice(1), "podium-tag"));
    }
    return span;
  }

  /* A table: caption, column headers (scope=col), rows whose first cell is a header
   * (scope=row). ``cols``: [[label, className]]; a row's cells are text or nodes. */
  function grid(caption, cols, rows, cls) {
    var table = el("table", null, cls);
    table.appendChild(el("caption", caption));
    var head = el("thead"), tr = el("tr");
    cols.forEach(function (c) {
      var th = el("th", c[0], c[1]);
      th.setAttribute("scope", "col");
      tr.appendChild(th);
    });
    head.appendChild(tr);
    table.appendChild(head);
    var body = el("tbody");
    rows.forEach(function (cells) {
      var row = el("tr");
      cells.forEach(function (cell, i) {
        var td = el(i === 0 ? "th" : "td", null, cols[i][1]);
        if (i === 0) td.setAttribute("scope", "row");
        if (cell && cell.nodeType) td.appendChild(cell);
        else td.textContent = cell === null || cell === undefined ? "" : String(cell);
        row.appendChild(td);
      });
      body.appendChild(row);
    });
    table.appendChild(body);
    return table;
  }

  function clockText(endsAt) {
    if (!endsAt) return "";
    var left = Math.round((Date.parse(endsAt) - Date.now()) / 1000);
    if (isNaN(left)) return "";
    if (left <= 0) return "Time!";
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s + " left";
  }

  function when(iso) {
    var t = Date.parse(iso);
    return isNaN(t) ? "" : new Date(t).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
  }

  function matchResult(m) {
    if (m.result) return m.result;
    if (m.status === "reported") return "awaiting confirmation";
    if (m.status === "waiting") return "";
    return "playing";
  }

  function matchRows(matches, first) {
    return matches.map(function (m, i) {
      return [first(m, i), m.a ? person(m.a, m.winner === "a" ? "podium-won" : null) : "to be decided",
              m.b ? person(m.b, m.winner === "b" ? "podium-won" : null) : "to be decided",
              matchResult(m)];
    });
  }

  function renderMatches(box, round, caption) {
    var rows = matchRows(round.matches, function (m) { return m.table === null ? "" : m.table; });
    if (round.bye) rows.push(["", person(round.bye), "Bye", "Bye (+" + round.bye.points + " pts)"]);
    box.appendChild(grid(caption, [["Table", "podium-num"], ["Player"], ["Opponent"], ["Result"]],
                         rows, "podium-round"));
  }

  function renderTables(box, round, caption) {
    var pods = round.kind === "ffa";
    round.tables.forEach(function (t) {
      var rows = t.seats.map(function (s) {
        return pods ? [s.seat, person(s)] :
          [s.seat, person(s), s.vp === null ? "" : s.vp, s.gw === null ? "" : s.gw];
      });
      var title = pods ? "Pod " + t.table + " (places)" :
        round.kind === "final" ? caption : caption + ", table " + t.table;
      if (!pods && !t.reported) title += " (playing)";
      box.appendChild(grid(title, pods ? [["Place", "podium-num"], ["Player"]] :
        [["Seat", "podium-num"], ["Player"], ["VP", "podium-num"], ["GW", "podium-num"]],
        rows, "podium-round"));
    });
    if (round.sitting_out && round.sitting_out.length) {
      box.appendChild(el("p", "Sitting out: " + round.sitting_out.join(", "), "podium-note"));
    }
  }

  function targetName(target) {
    // T2-7: round 2, table 7; R3-12: Swiss round 3, table 12; C2-1: a top-cut match; F
    if (target === "F") return "Final table";
    if (target.charAt(0) === "C") return "Match " + target;
    return "Table " + target.split("-")[1];
  }

  function renderExtensions(box, round) {
    // Extra time a judge gave one table or match (V:EKN 2.8, 3.3.3), with its own clock.
    if (!round.in_play) return;
    (round.extensions || []).forEach(function (e) {
      var line = el("p", targetName(e.target) + ": +" + e.minutes + " min ", "podium-note");
      if (e.ends_at) {
        var clock = el("span", clockText(e.ends_at), "podium-clock");
        clock.setAttribute("data-ends-at", e.ends_at);
        line.appendChild(clock);
      }
      box.appendChild(line);
    });
  }

  function renderRound(box, round) {
    var caption = round.kind === "final" ? "Final table" :
      round.kind === "ffa" ? "Pods" : "Round " + round.number;
    if (round.tables) renderTables(box, round, caption);
    else renderMatches(box, round, caption + " pairings");
    renderExtensions(box, round);
  }

  function renderBracket(box, bracket) {
    var rows = [];
    bracket.rounds.forEach(function (r) {
      matchRows(r.matches, function () { return r.name; }).forEach(function (row) { rows.push(row); });
    });
    box.appendChild(grid("Top " + bracket.size + " bracket",
                         [["Stage"], ["Player"], ["Opponent"], ["Result"]], rows, "podium-bracket"));
  }

  function renderStandings(box, standings) {
    var cols, rows;
    if (standings.scoring === "free-for-all") {
      cols = [["#", "podium-num"], ["Player"], ["Pod", "podium-num"], ["Place", "podium-num"]];
      rows = standings.rows.map(function (r) { return [r.rank, person(r), r.pod, r.place]; });
    } else if (standings.scoring === "vtes-tables") {
      cols = [["#", "podium-num"], ["Player"], ["GW", "podium-num"], ["VP", "podium-num"],
              ["TP", "podium-num podium-wide"]];
      rows = standings.rows.map(function (r) { return [r.rank, person(r), r.gw, r.vp, r.tp]; });
    } else {
      cols = [["#", "podium-num"], ["Player"], ["Points", "podium-num"], ["W" + DASH + "L" + DASH + "D"]];
      rows = standings.rows.map(function (r) {
        return [r.rank, person(r), r.points,
                r.record + (r.byes ? " (" + r.byes + (r.byes > 1 ? " byes)" : " bye)") : "")];
      });
    }
    box.appendChild(grid("Standings", cols, rows, "podium-standings"));
  }

  function renderFinal(box, data) {
    var fin = data.final_standings;
    if (fin.winner) box.appendChild(el("p", "Winner: " + nameOf(fin.winner), "podium-winner"));
    box.appendChild(grid("Final standings", [["Place", "podium-num"], ["Player"], ["Result"]],
      fin.rows.map(function (r) { return [r.place, person(r), r.summary]; }), "podium-final"));
    if (data.bracket) renderBracket(box, data.bracket);
    else if (data.round && data.round.kind === "final") renderRound(box, data.round);
  }

  /* The store's data-theme; in the iframe page (data-podium-frame) its ?theme=. */
  function themeOf(root) {
    var theme = root.getAttribute("data-theme");
    if (!theme && root.hasAttribute("data-podium-frame")) {
      var m = /[?&]theme=(light|dark)\b/.exec(location.search);
      theme = m && m[1];
    }
    return theme === "light" || theme === "dark" ? theme : "auto";
  }

  function render(root, data) {
    var box = el("section", null, "podium-w");
    box.setAttribute("data-status", data.status);
    box.setAttribute("data-phase", data.phase.kind);
    box.setAttribute("data-theme", themeOf(root));
    box.setAttribute("aria-label", data.name + ": live results");
    box.appendChild(el("h3", data.name));
    var phase = el("p", null, "podium-phase");
    phase.appendChild(el("span", data.phase.kind === "finished" ? "Final standings" : data.phase.label,
                         "podium-phase-name"));
    var round = data.round;
    if (round && round.in_play && round.ends_at) {
      var clock = el("span", clockText(round.ends_at), "podium-clock");
      clock.setAttribute("data-ends-at", round.ends_at);
      clock.setAttribute("role", "timer");
      phase.appendChild(clock);
    } else if (data.phase.kind === "deck-building" && data.phase.until) {
      phase.appendChild(el("span", "until " + when(data.phase.until), "podium-note"));
    }
    box.appendChild(phase);
    if (data.final_standings) {
      renderFinal(box, data);
    } else {
      if (data.phase.kind === "registration") {
        box.appendChild(el("p", data.players + (data.players === 1 ? " player" : " players") +
                            " registered so far.", "podium-note"));
      } else if (!round) {
        box.appendChild(el("p", data.players + " players. Pairings appear here when round 1 starts.",
                           "podium-note"));
      }
      if (data.bracket) {
        renderBracket(box, data.bracket);
        if (round) renderExtensions(box, round);
      } else if (round) renderRound(box, round);
      if (data.standings && data.standings.rows.length) renderStandings(box, data.standings);
    }
    root.replaceChildren(box);
  }

  function mount(root) {
    var tid = root.getAttribute("data-podium-tournament");
    if (!/^t[0-9a-f]{12}$/.test(tid || "")) {
      root.textContent = "Podium widget: unknown tournament id.";
      return;
    }
    var every = Math.max(1, Number(root.getAttribute("data-refresh")) || 15) * 1000;
    var url = base + "/tournaments/" + tid + "/live";
    // The public change feed tells when to read again (Server-Sent Events; EventSource
    // resumes with Last-Event-ID by itself); polling stays as the fallback, slower while
    // the stream is open.
    var streaming = false, pending = null, shown = null;
    function soon() {
      if (!pending) pending = setTimeout(function () { pending = null; load(); }, 150);
    }
    if (window.EventSource) {
      var source = new EventSource(base + "/tournaments/" + tid + "/feed/stream");
      source.onopen = function () { streaming = true; };
      source.onerror = function () { streaming = source.readyState === 1; };
      ["phase", "round.paired", "round.seated", "seating.changed", "result.confirmed",
       "standings.updated", "clock", "announcement"].forEach(function (name) {
        source.addEventListener(name, soon);
      });
    }
    function load() {
      return fetch(url, {cache: "no-cache", credentials: "omit"}).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.text();
      }).then(function (text) {
        if (text === shown) return;          // unchanged: the page keeps what it shows
        render(root, JSON.parse(text));
        shown = text;
      }).catch(function (err) {
        shown = null;
        var note = root.querySelector(".podium-error") || root.appendChild(el("p", null, "podium-error"));
        note.textContent = "Live results unavailable (" + err.message + "); retrying.";
      });
    }
    function refresh() {
      load().then(function () { setTimeout(refresh, streaming ? Math.max(every, 60000) : every); });
    }
    refresh();
    setInterval(function () {
      var clocks = root.querySelectorAll(".podium-clock");
      for (var i = 0; i < clocks.length; i++) {
        clocks[i].textContent = clockText(clocks[i].getAttribute("data-ends-at"));
      }
    }, 1000);
  }

  function start() {
    if (!document.getElementById("podium-widget-style")) {
      var style = el("style", STYLE);
      style.id = "podium-widget-style";
      document.head.appendChild(style);
    }
    var roots = document.querySelectorAll("[data-podium-tournament]");
    for (var i = 0; i < roots.length; i++) {
      if (!roots[i].getAttribute("data-podium-mounted")) {
        roots[i].setAttribute("data-podium-mounted", "1");
        mount(roots[i]);
      }
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
