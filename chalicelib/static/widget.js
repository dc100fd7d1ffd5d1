/* Podium live widget. Paste where it should appear:
 *   <div data-podium-tournament="t0123456789ab" data-refresh="15"></div>
 *   <script src="https://<id>.execute-api.<region>.amazonaws.com/api/v1/widget.js" async></script>
 * (the stack's ApiBaseURL output + "/widget.js"; locally http://127.0.0.1:8000/v1/widget.js)
 * Shows the current seating or pairings, the round's clock and the standings, and
 * refreshes itself (the browser revalidates with the ETag: unchanged data costs a 304).
 * Everything is written with textContent: names never become markup. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/widget\.js(?:[?#].*)?$/, "") : "/v1";
  var STYLE = ".podium-w{font:14px/1.4 system-ui,sans-serif;border:1px solid #ccc;border-radius:6px;" +
    "padding:8px 12px;max-width:640px}.podium-w h3{margin:4px 0 8px;font-size:16px}" +
    ".podium-w h4{margin:10px 0 4px;font-size:14px}.podium-w table{border-collapse:collapse;width:100%}" +
    ".podium-w td,.podium-w th{padding:2px 6px;text-align:left;border-bottom:1px solid #eee}" +
    ".podium-w .podium-clock{font-variant-numeric:tabular-nums;font-weight:bold}" +
    ".podium-w .podium-error{color:#a00}";

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  function row(cells, header) {
    var tr = el("tr");
    cells.forEach(function (c) { tr.appendChild(el(header ? "th" : "td", c)); });
    return tr;
  }

  function name(who) { return who ? (who.name || who.player_id) : "-"; }

  function clockText(round) {
    if (!round || !round.ends_at) return "";
    var left = Math.round((Date.parse(round.ends_at) - Date.now()) / 1000);
    if (isNaN(left)) return "";
    if (left <= 0) return "Time!";
    var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (s < 10 ? "0" : "") + s;
  }

  function roundTitle(round) {
    if (round.kind === "final") return "Final table";
    if (round.kind === "top-cut") return "Top cut, round " + round.number;
    if (round.kind === "ffa") return "Free-for-all pods";
    return "Round " + round.number;
  }

  function renderRound(box, round) {
    var head = el("h4", roundTitle(round) + " ");
    var clock = el("span", clockText(round), "podium-clock");
    clock.setAttribute("data-ends-at", round.ends_at || "");
    head.appendChild(clock);
    box.appendChild(head);
    var table = el("table", null, "podium-round");
    if (round.kind === "ffa") {
      table.appendChild(row(["Pod", "Place", "Player"], true));
      round.tables.forEach(function (t) {
        t.seats.forEach(function (s) { table.appendChild(row([t.table, s.seat, name(s)])); });
      });
    } else if (round.tables) {
      table.appendChild(row(["Table", "Seat", "Player", "VP"], true));
      round.tables.forEach(function (t) {
        t.seats.forEach(function (s) {
          table.appendChild(row([t.table, s.seat, name(s), s.vp === null ? "" : s.vp]));
        });
      });
      if (round.sitting_out && round.sitting_out.length) {
        box.appendChild(el("p", "Sitting out: " + round.sitting_out.join(", ")));
      }
    } else {
      table.appendChild(row(["Table", "Player", "Opponent", "Result"], true));
      round.matches.forEach(function (m) {
        var score = m.score ? JSON.stringify(m.score).replace(/[{}"\[\]]/g, "") : "";
        table.appendChild(row([m.table === null || m.table === undefined ? "" : m.table,
                               name(m.a), m.b ? name(m.b) : "bye", score]));
      });
      if (round.bye) box.appendChild(el("p", "Bye: " + name(round.bye)));
    }
    box.appendChild(table);
  }

  function renderStandings(box, standings) {
    box.appendChild(el("h4", "Standings"));
    var table = el("table", null, "podium-standings");
    if (standings.scoring === "free-for-all") {
      table.appendChild(row(["#", "Player", "Pod", "Place", "Outlasted"], true));
      standings.rows.forEach(function (r) {
        table.appendChild(row([r.rank, r.name || r.player_id, r.pod, r.place, r.outlasted]));
      });
    } else if (standings.scoring === "vtes-tables") {
      table.appendChild(row(["#", "Player", "GW", "VP", "TP"], true));
      standings.rows.forEach(function (r) {
        table.appendChild(row([r.rank, r.name || r.player_id, r.gw, r.vp, r.tp]));
      });
    } else {
      table.appendChild(row(["#", "Player", "Points", "W-L-D"], true));
      standings.rows.forEach(function (r) {
        table.appendChild(row([r.rank, r.name || r.player_id, r.points,
                               r.wins + "-" + r.losses + "-" + r.draws]));
      });
    }
    box.appendChild(table);
  }

  function render(root, data) {
    var box = el("div", null, "podium-w");
    box.setAttribute("data-status", data.status);
    box.appendChild(el("h3", data.name));
    if (data.round) renderRound(box, data.round);
    else box.appendChild(el("p", data.status === "registration" ?
      "Registration is open: " + data.players + " players so far." : "No round yet."));
    if (data.standings && data.standings.rows.length) renderStandings(box, data.standings);
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
    function refresh() {
      fetch(url, {cache: "no-cache", credentials: "omit"}).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return r.json();
      }).then(function (data) {
        render(root, data);
      }).catch(function (err) {
        var note = root.querySelector(".podium-error") || root.appendChild(el("p", null, "podium-error"));
        note.textContent = "Live results unavailable (" + err.message + "); retrying.";
      }).then(function () { setTimeout(refresh, every); });
    }
    refresh();
    setInterval(function () {
      var clocks = root.querySelectorAll(".podium-clock");
      for (var i = 0; i < clocks.length; i++) {
        clocks[i].textContent = clockText({ends_at: clocks[i].getAttribute("data-ends-at")});
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
