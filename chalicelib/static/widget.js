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
 * Everything is written with textContent: names never become markup.
 *
 * Languages: every word comes from widget-locales/<lang>.json (the API inlines them where
 * this script says PODIUM_MESSAGES); the reader's language (navigator.languages) unless
 * the store sets data-lang="de" on the element (the iframe page: ?lang=de); numbers and
 * times through Intl for that language. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/widget\.js(?:[?#].*)?$/, "") : "/v1";
  var DASH = "\u2013";
  var MESSAGES = {}/*PODIUM_MESSAGES*/;
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
    "padding:10px 14px;max-width:960px;overflow-wrap:break-word;word-break:normal;hyphens:manual}" +
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
    ".podium-w .podium-num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}" +
    ".podium-w .podium-nowrap,.podium-w thead th,.podium-w .podium-clock{white-space:nowrap}" +
    ".podium-w .podium-tag{display:inline-block;margin-left:6px;padding:0 6px;font-size:.85em;" +
    "border:1px solid currentColor;border-radius:4px;color:var(--podium-alert,var(--pd-alert))}" +
    ".podium-w .podium-won{font-weight:600}" +
    ".podium-w .podium-error{color:var(--podium-alert,var(--pd-alert))}" +
    "@media (max-width:480px){.podium-w{padding:8px;font-size:14px}.podium-w td,.podium-w th{padding:3px 3px}" +
    ".podium-w .podium-wide{display:none}}";
  var LANG = "en", M = MESSAGES.en || {}, PLURAL = null;

  function pickLanguage(root) {
    var wanted = [root.getAttribute("data-lang") || ""];
    if (root.hasAttribute("data-podium-frame")) {
      var m = /[?&]lang=([A-Za-z-]+)/.exec(location.search);
      if (m) wanted.unshift(m[1]);
    }
    wanted = wanted.concat(navigator.languages || [navigator.language || "en"]);
    for (var i = 0; i < wanted.length; i++) {
      var tag = wanted[i];
      if (!tag) continue;
      if (MESSAGES[tag]) return tag;
      var base = tag.split("-")[0];
      if (base === "pt" && MESSAGES["pt-BR"]) return "pt-BR";
      if (MESSAGES[base]) return base;
    }
    return "en";
  }

  function useLanguage(tag) {
    LANG = tag;
    M = MESSAGES[tag] || MESSAGES.en || {};
    try { PLURAL = new Intl.PluralRules(tag); } catch (e) { PLURAL = null; }
  }

  function num(n) {
    try { return new Intl.NumberFormat(LANG).format(n); } catch (e) { return String(n); }
  }

  /* The message ``key`` with {name} filled ({count}: its plural form). */
  function t(key, vars) {
    vars = vars || {};
    var id = key;
    if (typeof vars.count === "number") {
      var form = key + "." + (PLURAL ? PLURAL.select(vars.count) : "other");
      id = M[form] !== undefined ? form : key + ".other";
    }
    var text = M[id] !== undefined ? M[id] : ((MESSAGES.en || {})[id] || key);
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      if (!(name in vars)) return all;
      return typeof vars[name] === "number" ? num(vars[name]) : String(vars[name]);
    });
  }

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
      var known = M[who.status] !== undefined;
      span.appendChild(el("span", known ? t(who.status) :
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
    if (left <= 0) return t("time_up");
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    return t("left", {time: (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s});
  }

  function when(iso) {
    var t = Date.parse(iso);
    return isNaN(t) ? "" : new Date(t).toLocaleTimeString(LANG, {hour: "2-digit", minute: "2-digit"});
  }

  /* A final result as "2–1" (a's games first), "2–0–1" with drawn games, or "draw". */
  function matchResult(m) {
    var s = m.score;
    if (m.status === "final" && s) {
      if (s.a === s.b) return t("draw");
      return num(s.a) + DASH + num(s.b) + (s.draws ? DASH + num(s.draws) : "");
    }
    if (m.result) return m.result;
    if (m.status === "reported") return t("awaiting");
    if (m.status === "waiting") return "";
    return t("playing");
  }

  function cutName(matches) {
    if (matches === 1) return t("cut_final");
    if (matches === 2) return t("cut_semifinals");
    if (matches === 4) return t("cut_quarterfinals");
    return t("cut_round_of", {n: 2 * matches});
  }

  function withByes(record, byes) {
    return byes ? record + " " + t("plus_byes", {count: byes}) : record;
  }

  function matchRows(matches, first) {
    return matches.map(function (m, i) {
      var result = el("span", matchResult(m), "podium-nowrap");
      return [first(m, i), m.a ? person(m.a, m.winner === "a" ? "podium-won" : null) : t("tbd"),
              m.b ? person(m.b, m.winner === "b" ? "podium-won" : null) : t("tbd"), result];
    });
  }

  function renderMatches(box, round, caption) {
    var rows = matchRows(round.matches, function (m) { return m.table === null ? "" : m.table; });
    if (round.bye) rows.push(["", person(round.bye), t("bye"), t("bye_points", {points: round.bye.points})]);
    box.appendChild(grid(caption, [[t("table"), "podium-num"], [t("player")], [t("opponent")], [t("result")]],
                         rows, "podium-round"));
  }

  function renderTables(box, round, caption) {
    var pods = round.kind === "ffa";
    round.tables.forEach(function (table) {
      var rows = table.seats.map(function (s) {
        return pods ? [num(s.seat), person(s)] :
          [num(s.seat), person(s), s.vp === null ? "" : num(s.vp), s.gw === null ? "" : num(s.gw)];
      });
      var title = pods ? t("pod_places", {n: table.table}) :
        round.kind === "final" ? caption : t("round_table", {round: caption, n: table.table});
      if (!pods && !table.reported) title = t("in_play_suffix", {caption: title});
      box.appendChild(grid(title, pods ? [[t("place"), "podium-num"], [t("player")]] :
        [[t("seat"), "podium-num"], [t("player")], [t("vp"), "podium-num"], [t("gw"), "podium-num"]],
        rows, "podium-round"));
    });
    if (round.sitting_out && round.sitting_out.length) {
      box.appendChild(el("p", t("sitting_out", {names: round.sitting_out.join(", ")}), "podium-note"));
    }
  }

  function targetName(target) {
    // T2-7: round 2, table 7; R3-12: Swiss round 3, table 12; C2-1: a top-cut match; F
    if (target === "F") return t("final_table");
    if (target.charAt(0) === "C") return t("match", {id: target});
    return t("table_n", {n: Number(target.split("-")[1])});
  }

  function renderExtensions(box, round) {
    // Extra time a judge gave one table or match (V:EKN 2.8, 3.3.3), with its own clock.
    if (!round.in_play) return;
    (round.extensions || []).forEach(function (e) {
      var line = el("p", t("plus_minutes", {target: targetName(e.target), minutes: e.minutes}) + " ",
                    "podium-note");
      if (e.ends_at) {
        var clock = el("span", clockText(e.ends_at), "podium-clock");
        clock.setAttribute("data-ends-at", e.ends_at);
        line.appendChild(clock);
      }
      box.appendChild(line);
    });
  }

  function renderRound(box, round) {
    var caption = round.kind === "final" ? t("final_table") :
      round.kind === "ffa" ? t("pods") : t("round_n", {n: round.number});
    if (round.tables) renderTables(box, round, caption);
    else renderMatches(box, round, t("pairings", {n: round.number}));
    renderExtensions(box, round);
  }

  function renderBracket(box, bracket) {
    var rows = [];
    bracket.rounds.forEach(function (r) {
      var name = cutName(r.matches.length);
      matchRows(r.matches, function () { return name; }).forEach(function (row) { rows.push(row); });
    });
    box.appendChild(grid(t("bracket", {n: bracket.size}),
                         [[t("stage")], [t("player")], [t("opponent")], [t("result")]], rows, "podium-bracket"));
  }

  function renderStandings(box, standings) {
    var cols, rows;
    if (standings.scoring === "free-for-all") {
      cols = [[t("rank"), "podium-num"], [t("player")], [t("pod"), "podium-num"], [t("place"), "podium-num"]];
      rows = standings.rows.map(function (r) { return [num(r.rank), person(r), num(r.pod), num(r.place)]; });
    } else if (standings.scoring === "vtes-tables") {
      cols = [[t("rank"), "podium-num"], [t("player")], [t("gw"), "podium-num"], [t("vp"), "podium-num"],
              [t("tp"), "podium-num podium-wide"]];
      rows = standings.rows.map(function (r) { return [num(r.rank), person(r), num(r.gw), num(r.vp), num(r.tp)]; });
    } else {
      cols = [[t("rank"), "podium-num"], [t("player")], [t("points"), "podium-num"], [t("record"), "podium-nowrap"]];
      rows = standings.rows.map(function (r) {
        return [num(r.rank), person(r), num(r.points), withByes(r.record, r.byes)];
      });
    }
    var after = standings.after_round;
    var caption = !after ? t("standings") :
      t(standings.partial ? "standings_during" : "standings_after", {n: after});
    box.appendChild(grid(caption, cols, rows, "podium-standings"));
  }

  /* A final place in words: "Champion, 6 pts, 2–0–0 + bye", "final table, 3 VP"; the
   * record never breaks across lines (a line may break after an en dash). */
  function summary(r) {
    var parts = [], record = null;
    if (r.title === "champion" || r.title === "finalist") parts.push(t(r.title));
    else if (r.title === "top") parts.push(t("top", {n: r.top}));
    if (r.title === "final-table") parts = [t("final_vp", {vp: r.final_vp})];
    else if (r.gw !== undefined) parts.push(t("gw_vp", {gw: r.gw, vp: r.vp}));
    else if (r.points !== undefined) {
      parts.push(t("pts", {points: r.points}));
      record = withByes(r.record, r.byes);
    } else if (r.pod !== undefined) parts.push(t("pod_place", {place: r.pod_place, pod: r.pod}));
    if (!parts.length) return r.summary || "";
    var span = el("span", parts.join(", ") + (record ? ", " : ""));
    if (record) span.appendChild(el("span", record, "podium-nowrap"));
    return span;
  }

  /* What a person calls the moment, from the phase and the current round. */
  function phaseName(data) {
    var kind = data.phase.kind, round = data.round;
    if (kind === "finished") return t("phase_finished");
    if (kind === "registration") return t("phase_registration");
    if (kind === "deck-building") return t("phase_deck");
    if (kind === "product") return M["product_" + data.format] !== undefined ? t("product_" + data.format) : t("product");
    if (!round) return data.phase.label;
    if (kind === "top-cut") return t("phase_top_cut", {name: cutName((round.matches || []).length || 1)});
    if (kind === "final") return t(round.in_play ? "phase_final_play" : "phase_final_done");
    if (round.kind === "ffa") return t("phase_pods");
    return t(round.in_play ? "phase_round_play" : "phase_round_done",
             {n: round.number, of: round.of ? t("of", {of: round.of}) : ""});
  }

  function renderFinal(box, data) {
    var fin = data.final_standings;
    if (fin.winner) box.appendChild(el("p", t("winner", {name: nameOf(fin.winner)}), "podium-winner"));
    box.appendChild(grid(t("final_standings"), [[t("place"), "podium-num"], [t("player")], [t("result")]],
      fin.rows.map(function (r) { return [num(r.place), person(r), summary(r)]; }), "podium-final"));
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
    box.setAttribute("aria-label", t("live", {name: data.name}));
    box.setAttribute("lang", LANG);
    box.appendChild(el("h3", data.name));
    var phase = el("p", null, "podium-phase");
    phase.appendChild(el("span", phaseName(data), "podium-phase-name"));
    var round = data.round;
    if (round && round.in_play && round.ends_at) {
      var clock = el("span", clockText(round.ends_at), "podium-clock");
      clock.setAttribute("data-ends-at", round.ends_at);
      clock.setAttribute("role", "timer");
      phase.appendChild(clock);
    } else if (data.phase.kind === "deck-building" && data.phase.until) {
      phase.appendChild(el("span", t("until", {time: when(data.phase.until)}), "podium-note"));
    }
    box.appendChild(phase);
    if (data.final_standings) {
      renderFinal(box, data);
    } else {
      if (data.phase.kind === "registration") {
        box.appendChild(el("p", t("registered", {count: data.players}), "podium-note"));
      } else if (!round) {
        box.appendChild(el("p", t("waiting_round", {count: data.players}), "podium-note"));
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
    var lang = pickLanguage(root);
    useLanguage(lang);
    var tid = root.getAttribute("data-podium-tournament");
    if (!/^t[0-9a-f]{12}$/.test(tid || "")) {
      root.textContent = t("unknown");
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
        useLanguage(lang);
        render(root, JSON.parse(text));
        shown = text;
      }).catch(function (err) {
        shown = null;
        var note = root.querySelector(".podium-error") || root.appendChild(el("p", null, "podium-error"));
        useLanguage(lang);
        note.textContent = t("unavailable", {error: err.message});
      });
    }
    function refresh() {
      load().then(function () { setTimeout(refresh, streaming ? Math.max(every, 60000) : every); });
    }
    refresh();
    setInterval(function () {
      useLanguage(lang);
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
